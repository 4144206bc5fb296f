import ArgumentParser
import LedgerCore
import LedgerEnvironment
import LedgerOutput
import LedgerSystem
import LedgerVault

struct History: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "List entries, newest first.")

    @Option(parsing: .unconditional, help: "Show at most N entries (1 or more).")
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

    func run() throws {
        let from = try since.map(CommandClock.parseSince)
        let vault = try options.open()
        let state = try vault.state()
        Terminal.reportLineIssues(vault)
        let entries = state.history(since: from?.seconds, limit: limit)
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
            entries.forEach { emit(Render.entryLine($0, types: types, window: window($0))) }
        }
        finishSuccessfully()
    }
}
