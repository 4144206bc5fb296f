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

    /// What `history` found: the rows of the time index to show (newest first), and what the
    /// lines that explain an empty or cut list need. The entries are read from the index as
    /// they are printed, so a list of a million entries is written as it is read.
    struct Listing {
        var index: TimeIndex
        var rows: [Int]
        var types: [String: ActivityTypeDefinition]
        /// The number of entries the list was cut from, when a screenful left some out.
        var cutFrom: Int?
        /// True when the vault has entries at all (an empty list is then the filter's doing).
        var vaultHasEntries: Bool
        var filtered: Bool
        /// The task notes timers are bound to (the index does not keep them).
        var tasks: [EventID: TaskRef] = [:]
    }

    func execute() throws -> Listing {
        let (from, to, typed) = try checkedInput(CommandClock.expression)
        let vault = try options.open()
        let summary = try vault.summary()
        let (definitions, kept) = (summary.allTypes, try InputCheck.knownTypes(typed, in: summary))
        // On a terminal, a screenful (with one line to say what is left out), as a pager would.
        let screenful = limit == nil && !json && Terminal.stdoutIsTTY ? max(5, RawTerminal.size().rows - 2) : nil
        let wanted = limit ?? screenful.map { $0 + 1 }
        let filter = TypeFilter(types: kept, groups: groups, definitions: definitions)
        let listing = try vault.readTimeIndex { index in
            let span = index.rows(from: from, to: to)
            let keep = kept.isEmpty && groups.isEmpty ? nil : index.typeMask(filter.keeps)
            var rows: [Int] = []
            var matching = 0
            for number in span.reversed() {
                if let keep, !keep[try index.typeNumber(number)] { continue }
                matching += 1
                if let wanted, rows.count >= wanted {
                    // A cut screenful says how many match: count on, without keeping them.
                    if keep == nil || screenful == nil { break } else { continue }
                }
                rows.append(number)
            }
            var cutFrom: Int?
            if let screenful, rows.count > screenful {
                rows.removeLast(rows.count - screenful)
                cutFrom = keep == nil ? span.count : matching
            }
            return Listing(
                index: index, rows: rows, types: Render.typeMap(definitions), cutFrom: cutFrom,
                vaultHasEntries: index.count > 0,
                filtered: from != nil || to != nil || !kept.isEmpty || !groups.isEmpty,
                tasks: summary.taskBindings)
        }
        Terminal.reportLineIssues(vault)
        Invocation.keepUntilExit(vault)
        return listing
    }

    func render(_ listing: Listing) throws {
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
                        "no entries in this range or of these types; 'alog history' without them lists them all"))
            } else {
                emit(Terminal.dim("no entries yet; log one with 'alog log wake'"))
            }
            return
        }
        // A damaged row met while printing is said as the vault says a damaged cache.
        do {
            if json {
                try stream(listing, opening: "[", closing: "]\n") { entry, window, bytes in
                    Render.appendEntryJSON(
                        entry, types: types, window: window.map { Render.Window($0, now: now) }, to: &bytes)
                }
                return
            }
            // The window column is as wide as its widest row (one pass to measure, one to print).
            var width = 0
            for number in listing.rows {
                if case (let entry, let interval?) = try listing.index.entryAndWindow(number) {
                    width = max(
                        width,
                        Terminal.displayWidth(Render.windowColumn(Render.Window(interval, now: now), start: entry.at)))
                }
            }
            try stream(listing, opening: "", closing: "") { entry, window, bytes in
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

    /// Writes the rows' texts (JSON items joined by commas when `opening` is `[`) in parts of
    /// about 256 KB, giving back the memory of the rows passed.
    private func stream(
        _ listing: Listing, opening: String, closing: String,
        _ text: (Entry, Timeline.Interval?, inout [UInt8]) -> Void
    ) throws {
        let separator: UInt8? = opening == "[" ? UInt8(ascii: ",") : nil
        var part = Array(opening.utf8)
        part.reserveCapacity(1 << 18 + 4096)
        var released = listing.rows.first.map { $0 + 1 } ?? 0
        for (position, number) in listing.rows.enumerated() {
            var (entry, window) = try listing.index.entryAndWindow(number)
            if entry.isTimed, entry.task == nil { entry.task = listing.tasks[entry.id] }
            if position > 0, let separator { part.append(separator) }
            text(entry, window, &part)
            if part.count >= 1 << 18 {
                emitPart(part)
                part.removeAll(keepingCapacity: true)
                // Rows are read newest first: the pages above this row are done with.
                listing.index.release((number + 1)..<max(number + 1, released))
                released = number + 1
            }
        }
        part += closing.utf8
        emitPart(part)
    }
}
