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

    func validate() throws {
        if since != nil, !span.isEmpty {
            throw ValidationError("give --since or a range (:week, --from …), not both")
        }
        if let limit, limit < 1 {
            throw ValidationError(
                "--limit \(limit) would show no entries; give 1 or more, or leave --limit out to see them all")
        }
        if let skip, skip < 0 {
            throw ValidationError("--skip \(skip) is negative; give 0 or more entries to leave out")
        }
    }

    /// The place `--before` or `--after` names: `TIME,ID`, a `TIME` or a `DATE` (for `--before`,
    /// the end of that day; for `--after`, its start). A time ahead of now is a place too.
    static func place(_ text: String, option: String, _ time: TimeExpression) throws -> TimeCursor {
        var id: EventID?
        var when = Substring(text)
        if let comma = text.lastIndex(of: ",") {
            guard let named = EventID(text[text.index(after: comma)...]) else {
                throw ValidationError(
                    "--\(option) \(DisplayText.quoted(text)): the part after the comma is not an entry's id; give TIME,ID as a History page's link has it, a TIME or a DATE"
                )
            }
            (id, when) = (named, text[..<comma])
        }
        if id == nil, let (date, precision) = CivilDate.parse(text), precision == .day {
            let calendar = UserCalendar.current(zone: time.zone)
            return TimeCursor(seconds: calendar.start(of: option == "before" ? date.adding(days: 1) : date))
        }
        var anyTime = time
        anyTime.futureTolerance = Int64(Int32.max)
        return TimeCursor(seconds: try anyTime.parse(String(when)).seconds, id: id)
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
        let tagged = Set(try InputCheck.tags(tags, plusRequired: false))
        let vault = try options.open()
        let summary = try vault.summary()
        let (definitions, kept) = (summary.allTypes, try InputCheck.knownTypes(typed, in: summary))
        // On a terminal, a screenful (with one line to say what is left out), as a pager would.
        let screenful = limit == nil && !json && Terminal.stdoutIsTTY ? max(5, RawTerminal.size().rows - 2) : nil
        let wanted = limit ?? screenful.map { $0 + 1 }
        let filter = TypeFilter(types: kept, groups: groups, definitions: definitions)
        let time = CommandClock.expression
        let before = try before.map { try Self.place($0, option: "before", time) }
        let after = try after.map { try Self.place($0, option: "after", time) }
        let listing = try vault.readTimeIndex { index in
            var span = index.rows(from: from, to: to)
            if let before {
                span = span.lowerBound..<max(span.lowerBound, min(span.upperBound, try index.split(at: before).below))
            }
            if let after {
                span = min(span.upperBound, max(span.lowerBound, try index.split(at: after).above))..<span.upperBound
            }
            // `--search`: a type whose name, or a tag set one of whose tags, holds the text keeps
            // all its rows; the others are kept by their notes (read only for rows the type and
            // tag filters keep). Tags are matched without a leading `+` (`+deep` finds `deep`).
            let needle = search.map { $0.lowercased() }
            let keep = kept.isEmpty && groups.isEmpty ? nil : index.typeMask(filter.keeps)
            let withTags = tagged.isEmpty ? nil : index.tagSetMask { Set($0).isSuperset(of: tagged) }
            let named = needle.map { needle in index.typeMask { $0.lowercased().contains(needle) } }
            let namedTags = needle.map { needle in
                let name = needle.hasPrefix("+") ? String(needle.dropFirst()) : needle
                return index.tagSetMask { $0.contains { $0.lowercased().contains(name) } }
            }
            let filtering = keep != nil || needle != nil || withTags != nil
            var rows: [Int] = []
            var matching = 0
            // `--after`: the entries next to the place are its oldest, so the list is read
            // oldest first and turned around at the end. `--skip` without a filter is a jump.
            let backwards = after == nil
            var (walk, skipping) = (span, skip ?? 0)
            if !filtering, skipping > 0 {
                let left = span.count - min(skipping, span.count)
                walk =
                    backwards ? span.lowerBound..<(span.lowerBound + left) : (span.upperBound - left)..<span.upperBound
                skipping = 0
            }
            for number in stride(
                from: backwards ? walk.upperBound - 1 : walk.lowerBound,
                through: backwards ? walk.lowerBound : walk.upperBound - 1, by: backwards ? -1 : 1)
            {
                if filtering {
                    let type = try index.typeNumber(number)
                    if let keep, !keep[type] { continue }
                    let tagSet = withTags != nil || namedTags != nil ? try index.tagSetNumber(number) : 0
                    if let withTags, !withTags[tagSet] { continue }
                    if let needle, let named, let namedTags, !named[type], !namedTags[tagSet],
                        !(try index.row(number).note.lowercased().contains(needle))
                    {
                        continue
                    }
                }
                if skipping > 0 {
                    skipping -= 1
                    continue
                }
                matching += 1
                if let wanted, rows.count >= wanted {
                    // A cut screenful says how many match: count on, without keeping them.
                    if !filtering || screenful == nil { break } else { continue }
                }
                rows.append(number)
            }
            var cutFrom: Int?
            if let screenful, rows.count > screenful {
                rows.removeLast(rows.count - screenful)
                cutFrom = filtering ? matching : span.count
            }
            if !backwards { rows.reverse() }
            return Listing(
                index: index, rows: rows, types: Render.typeMap(definitions), cutFrom: cutFrom,
                vaultHasEntries: index.count > 0,
                filtered: from != nil || to != nil || before != nil || after != nil || skip != nil || search != nil
                    || !kept.isEmpty || !groups.isEmpty || !tagged.isEmpty,
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
                        "no entries in this range or of these types or tags; 'alog history' without them lists them all"
                    ))
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
