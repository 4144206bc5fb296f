import ArgumentParser
import LedgerCore
import LedgerEnvironment
import LedgerOutput
import LedgerReports
import LedgerSystem
import LedgerVault

struct History: InputChecked, OutcomeCommand {
    static let configuration = CommandConfiguration(
        commandName: "history", abstract: "List entries, newest first.",
        discussion: """
            On a terminal, without --limit, it shows a screenful and says how many more there are; \
            in a pipe (alog history | less) or with --json it lists them all.
            """)

    @Option(parsing: .unconditional, help: "Show at most N entries (1 or more; on a terminal: a screenful).")
    var limit: Int?

    @Option(parsing: .unconditional, help: "Only entries at or after TIME.")
    var since: String?

    @OptionGroup var span: RangeOptions

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Only entries older than PLACE: TIME,ID (an entry's start and id: the entries listed after it), a TIME, or a DATE (that day and older).",
            valueName: "place"))
    var before: String?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Only entries newer than PLACE (as for --before; a DATE: that day and newer); with --limit, the oldest N of them.",
            valueName: "place"))
    var after: String?

    @Option(parsing: .unconditional, help: "Leave out the first N entries the list would show.")
    var skip: Int?

    @Option(
        parsing: .unconditional,
        help: "Only entries whose type, tag or note holds TEXT (upper and lower case alike; +TAG as TAG).")
    var search: String?

    @Option(name: .customLong("type"), help: "Only this type (repeat for more).", completion: DynamicCompletion.types)
    var types: [String] = []

    @Option(name: .customLong("group"), help: "Only the types of this group (repeat for more).")
    var groups: [String] = []

    @Option(
        name: .customLong("tag"), help: "Only entries with this tag (repeat: with all of them).",
        completion: DynamicCompletion.tags)
    var tags: [String] = []

    @Flag(help: "Print a JSON array (documented in docs/cli.md).")
    var json = false

    @OptionGroup var options: VaultOptions

    /// The typed query of this command line (`screenful`: on a terminal, without --limit or
    /// --json, a screenful with one line to say what is left out, as a pager would).
    var query: HistoryQuery {
        HistoryQuery(
            limit: limit, since: since, range: span.words, before: before, after: after, skip: skip, search: search,
            types: types, groups: groups, tags: tags,
            screenful: limit == nil && !json && Terminal.stdoutIsTTY ? max(5, RawTerminal.size().rows - 2) : nil)
    }

    func validate() throws { try query.checkedOptions() }

    func checkedInput(_ time: TimeExpression) throws -> (from: Int64?, to: Int64?, types: Set<String>) {
        try query.checkedInput(time)
    }

    func execute() throws -> HistoryPage { try query.perform(in: options.access) }

    func render(_ listing: HistoryPage) throws {
        let now = CommandClock.nowSeconds
        let types = listing.types
        guard !listing.rows.isEmpty else {
            if json {
                emit("[]")
            } else if let since, listing.vaultHasEntries {
                emit(Terminal.dim("no entries at or after \(since); 'alog history' without --since lists them all"))
            } else if listing.filtered, listing.vaultHasEntries {
                emit(
                    Terminal.dim(
                        "no entries in this range or of these types or tags; 'alog history' without them lists them all"
                    ))
            } else {
                emit(Terminal.dim("no entries yet; log one with 'alog log wake'"))
            }
            return
        }
        // A damaged row met while printing is said as the vault says a damaged cache.
        do {
            if json { return try HistoryQuery.writeJSON(listing, write: emitPart) }
            // The window column is as wide as its widest row (one pass to measure, one to print).
            var width = 0
            for number in listing.rows {
                if case (let entry, let interval?) = try listing.index.entryAndWindow(number) {
                    width = max(
                        width,
                        Terminal.displayWidth(Render.windowColumn(Render.Window(interval, now: now), start: entry.at)))
                }
            }
            try HistoryQuery.stream(listing, opening: "", closing: "", write: emitPart) { entry, window, bytes in
                bytes +=
                    Render.entryLine(
                        entry, types: types, window: window.map { Render.Window($0, now: now) }, windowWidth: width
                    ).utf8
                bytes.append(UInt8(ascii: "\n"))
            }
        } catch {
            // Rows are checked as they are printed: one that fails its check ends the list, and
            // the index is dropped so that the next command builds it anew.
            listing.index.discard()
            throw VaultError.damagedStateFile(path: ".git/alog/time.idx", reason: "a record fails its check")
        }
        if let total = listing.cutFrom {
            emit(
                Terminal.dim(
                    "… the newest \(listing.rows.count) of \(total) entries; --limit N or --since TIME for others, or 'alog history | less' for all"
                ))
        }
    }

}
