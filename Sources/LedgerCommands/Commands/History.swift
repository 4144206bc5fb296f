import ArgumentParser
import LedgerCore
import LedgerEnvironment
import LedgerOutput
import LedgerSystem
import LedgerVault

struct History: InputChecked {
    static let configuration = CommandConfiguration(
        abstract: "List entries, newest first.",
        discussion: """
            On a terminal, without --limit, it shows a screenful and says how many more there are; \
            in a pipe (alog history | less) or with --json it lists them all.
            """)

    @Option(parsing: .unconditional, help: "Show at most N entries (1 or more; on a terminal: a screenful).")
    var limit: Int?

    @Option(parsing: .unconditional, help: "Only entries at or after TIME.")
    var since: String?

    @Flag(help: "Print a JSON array (documented in docs/cli.md).")
    var json = false

    @OptionGroup var options: VaultOptions

    func validate() throws {
        if let limit, limit < 1 {
            throw ValidationError(
                "--limit \(limit) would show no entries; give 1 or more, or leave --limit out to see them all")
        }
    }

    func checkedInput(_ time: TimeExpression) throws -> LocalInstant? {
        try since.map { try CommandClock.parseSince($0, time) }
    }

    func run() throws {
        let from = try checkedInput(CommandClock.expression)
        let vault = try options.open()
        let state = try vault.state()
        Terminal.reportLineIssues(vault)
        // On a terminal, a screenful (with one line to say what is left out), as a pager would.
        let screenful = limit == nil && !json && Terminal.stdoutIsTTY ? max(5, RawTerminal.size().rows - 2) : nil
        var entries = state.history(since: from?.seconds, limit: limit ?? screenful.map { $0 + 1 })
        let more = screenful.map { entries.count > $0 } ?? false
        if let screenful, more { entries = Array(entries.prefix(screenful)) }
        let types = Render.typeMap(state.allTypes)
        // Timed entries show their window as the timeline lays it (a timer left running ends
        // where the next one starts).
        let now = CommandClock.nowSeconds
        let timeline = entries.contains(where: \.isTimed) ? state.timeline : nil
        func window(_ entry: Entry) -> Render.Window? {
            timeline?.interval(of: entry.id).map { Render.Window($0, now: now) }
        }
        if json {
            emit(JSONText.array(entries.map { Render.entryJSON($0, types: types, window: window($0)) }))
        } else if entries.isEmpty, let since, state.history(since: nil, limit: 1).isEmpty == false {
            emit(Terminal.dim("no entries at or after \(since); 'alog history' without --since lists them all"))
        } else if entries.isEmpty {
            emit(Terminal.dim("no entries yet; log one with 'alog log wake'"))
        } else {
            let windows = entries.map(window)
            let width =
                zip(entries, windows).map { entry, window in
                    window.map { Terminal.displayWidth(Render.windowColumn($0, start: entry.at)) } ?? 0
                }.max() ?? 0
            for (entry, window) in zip(entries, windows) {
                emit(Render.entryLine(entry, types: types, window: window, windowWidth: width))
            }
            if more {
                let total = from == nil ? state.entryCounts.live : state.history(since: from?.seconds, limit: nil).count
                emit(
                    Terminal.dim(
                        "… the newest \(entries.count) of \(total) entries; --limit N or --since TIME for others, or 'alog history | less' for all"
                    ))
            }
        }
        finishSuccessfully()
    }
}
