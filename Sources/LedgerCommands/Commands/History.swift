import ArgumentParser
import LedgerCore
import LedgerEnvironment
import LedgerOutput
import LedgerReports
import LedgerSystem
import LedgerVault

struct History: InputChecked, OutcomeCommand {
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

    @OptionGroup var span: RangeOptions

    @Option(name: .customLong("type"), help: "Only this type (repeat for more).", completion: DynamicCompletion.types)
    var types: [String] = []

    @Option(name: .customLong("group"), help: "Only the types of this group (repeat for more).")
    var groups: [String] = []

    @Flag(help: "Print a JSON array (documented in docs/cli.md).")
    var json = false

    @OptionGroup var options: VaultOptions

    func validate() throws {
        if since != nil, !span.isEmpty {
            throw ValidationError("give --since or a range (:week, --from …), not both")
        }
        if let limit, limit < 1 {
            throw ValidationError(
                "--limit \(limit) would show no entries; give 1 or more, or leave --limit out to see them all")
        }
    }

    /// Where the list starts and ends (`--since`, or a range), and the types asked for.
    func checkedInput(_ time: TimeExpression) throws -> (from: Int64?, to: Int64?, types: Set<String>) {
        let types = Set(try types.map(InputCheck.typeName))
        if let range = try span.resolve(time) { return (range.from, range.to, types) }
        return (try since.map { try CommandClock.parseSince($0, time) }?.seconds, nil, types)
    }

    /// What `history` found: the entries to show (newest first) with their windows, and what
    /// the lines that explain an empty or cut list need.
    struct Listing {
        var entries: [Entry]
        /// Each entry's window as the timeline lays it (nil: an instant).
        var windows: [Timeline.Interval?]
        var types: [String: ActivityTypeDefinition]
        /// The number of entries the list was cut from, when a screenful left some out.
        var cutFrom: Int?
        /// True when the vault has entries at all (an empty list is then the filter's doing).
        var vaultHasEntries: Bool
        var filtered: Bool
    }

    func execute() throws -> Listing {
        let (from, to, kept) = try checkedInput(CommandClock.expression)
        let vault = try options.open()
        let state = try vault.state()
        Terminal.reportLineIssues(vault)
        try InputCheck.requireKnown(kept, in: state)
        // On a terminal, a screenful (with one line to say what is left out), as a pager would.
        let screenful = limit == nil && !json && Terminal.stdoutIsTTY ? max(5, RawTerminal.size().rows - 2) : nil
        let wanted = limit ?? screenful.map { $0 + 1 }
        var entries: [Entry]
        var matching: Int?
        if to == nil, kept.isEmpty, groups.isEmpty {
            entries = state.history(since: from, limit: wanted)
        } else {
            let filter = TypeFilter(types: kept, groups: groups, definitions: state.allTypes)
            entries = state.history(since: from, limit: nil).filter { entry in
                (to.map { entry.at.seconds < $0 } ?? true) && filter.keeps(entry.type)
            }
            matching = entries.count
            if let wanted { entries = Array(entries.prefix(wanted)) }
        }
        var cutFrom: Int?
        if let screenful, entries.count > screenful {
            entries = Array(entries.prefix(screenful))
            cutFrom = matching ?? (from == nil ? state.entryCounts.live : state.history(since: from, limit: nil).count)
        }
        // Timed entries show their window as the timeline lays it (a timer left running ends
        // where the next one starts).
        let intervals = entries.contains(where: \.isTimed) ? state.timeline.byEntry : [:]
        // Ending now, the process exit frees the fold at once (not piece by piece).
        Invocation.keepUntilExit((vault, state))
        return Listing(
            entries: entries, windows: entries.map { intervals[$0.id] }, types: Render.typeMap(state.allTypes),
            cutFrom: cutFrom, vaultHasEntries: entries.isEmpty ? !state.history(since: nil, limit: 1).isEmpty : true,
            filtered: from != nil || to != nil || !kept.isEmpty || !groups.isEmpty)
    }

    func render(_ listing: Listing) {
        let now = CommandClock.nowSeconds
        let (entries, types) = (listing.entries, listing.types)
        let windows = listing.windows.map { $0.map { Render.Window($0, now: now) } }
        if json {
            emit(
                JSONText.array(
                    zip(entries, windows).map { Render.entryJSON($0, types: types, window: $1) }))
        } else if entries.isEmpty, let since, listing.vaultHasEntries {
            emit(Terminal.dim("no entries at or after \(since); 'alog history' without --since lists them all"))
        } else if entries.isEmpty, listing.filtered, listing.vaultHasEntries {
            emit(Terminal.dim("no entries in this range or of these types; 'alog history' without them lists them all"))
        } else if entries.isEmpty {
            emit(Terminal.dim("no entries yet; log one with 'alog log wake'"))
        } else {
            let width =
                zip(entries, windows).map { entry, window in
                    window.map { Terminal.displayWidth(Render.windowColumn($0, start: entry.at)) } ?? 0
                }.max() ?? 0
            for (entry, window) in zip(entries, windows) {
                emit(Render.entryLine(entry, types: types, window: window, windowWidth: width))
            }
            if let total = listing.cutFrom {
                emit(
                    Terminal.dim(
                        "… the newest \(entries.count) of \(total) entries; --limit N or --since TIME for others, or 'alog history | less' for all"
                    ))
            }
        }
    }
}
