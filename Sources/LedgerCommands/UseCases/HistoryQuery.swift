import ArgumentParser
package import LedgerCore
import LedgerEnvironment
package import LedgerOutput
import LedgerReports
import LedgerSystem
package import LedgerVault

/// `history [RANGE] [--limit N] [--since TIME] [--before PLACE] [--after PLACE] [--skip N]
/// [--search TEXT] [--type T…] [--group G…] [--tag T…]`: entries, newest first, read from the
/// time index.
package struct HistoryQuery: ReadUseCase {
    package var limit: Int?
    package var since: String?
    package var range: RangeWords
    package var before: String?
    package var after: String?
    package var skip: Int?
    package var search: String?
    package var types: [String]
    package var groups: [String]
    package var tags: [String]
    /// A terminal's screenful: at most this many rows, and the count of those left out.
    package var screenful: Int?

    package init(
        limit: Int? = nil, since: String? = nil, range: RangeWords = RangeWords(), before: String? = nil,
        after: String? = nil, skip: Int? = nil, search: String? = nil, types: [String] = [], groups: [String] = [],
        tags: [String] = [], screenful: Int? = nil
    ) {
        (self.limit, self.since, self.range, self.before, self.after, self.skip, self.search) =
            (limit, since, range, before, after, skip, search)
        (self.types, self.groups, self.tags, self.screenful) = (types, groups, tags, screenful)
    }

    /// The options make sense together, or the usage refusal (the parser's `validate`).
    func checkedOptions() throws {
        try range.check()
        if since != nil, !range.isEmpty {
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
        if let resolved = try range.resolve(time) { return (resolved.from, resolved.to, types) }
        return (try since.map { try CommandClock.parseSince($0, time) }?.seconds, nil, types)
    }

    package func perform(in access: VaultAccess) throws -> HistoryPage {
        try checkedOptions()
        let (from, to, typed) = try checkedInput(CommandClock.expression)
        let tagged = Set(try InputCheck.tags(tags, plusRequired: false))
        let vault = try access.open()
        let summary = try vault.summary()
        let (definitions, kept) = (summary.allTypes, try InputCheck.knownTypes(typed, in: summary))
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
            return HistoryPage(
                index: index, rows: rows, types: Render.typeMap(definitions), cutFrom: cutFrom,
                vaultHasEntries: index.count > 0,
                filtered: from != nil || to != nil || before != nil || after != nil || skip != nil || search != nil
                    || !kept.isEmpty || !groups.isEmpty || !tagged.isEmpty,
                tasks: summary.taskBindings)
        }
        Housekeeping.lineIssues(of: vault).forEach(access.report)
        // A CLI process ends without freeing a large state piece by piece (no-op in a server).
        Invocation.keepUntilExit(vault)
        return listing
    }

    package func json(_ page: HistoryPage, write: ([UInt8]) -> Void) throws {
        guard !page.rows.isEmpty else { return write(Array("[]\n".utf8)) }
        try Self.writeJSON(page, write: write)
    }

    /// The rows as `--json` prints them: one array, written in parts as the rows are read.
    static func writeJSON(_ page: HistoryPage, write: ([UInt8]) -> Void) throws {
        let (now, types) = (CommandClock.nowSeconds, page.types)
        try stream(page, opening: "[", closing: "]\n", write: write) { entry, window, bytes in
            Render.appendEntryJSON(entry, types: types, window: window.map { Render.Window($0, now: now) }, to: &bytes)
        }
    }

    /// Writes the rows' texts (JSON items joined by commas when `opening` is `[`) in parts of
    /// about 256 KB, giving back the memory of the rows passed.
    static func stream(
        _ listing: HistoryPage, opening: String, closing: String, write: ([UInt8]) -> Void,
        _ text: (Entry, Timeline.Interval?, inout [UInt8]) -> Void
    ) throws {
        let separator: UInt8? = opening == "[" ? UInt8(ascii: ",") : nil
        var part = Array(opening.utf8)
        part.reserveCapacity(1 << 18 + 4096)
        var released = listing.rows.first.map { $0 + 1 } ?? 0
        for (position, number) in listing.rows.enumerated() {
            let (entry, window) = try listing.entryAndWindow(number)
            if position > 0, let separator { part.append(separator) }
            text(entry, window, &part)
            if part.count >= 1 << 18 {
                write(part)
                part.removeAll(keepingCapacity: true)
                // Rows are read newest first: the pages above this row are done with.
                listing.index.release((number + 1)..<max(number + 1, released))
                released = number + 1
            }
        }
        part += closing.utf8
        write(part)
    }
}

/// What `history` found: the rows of the time index to show (newest first), and what the
/// lines that explain an empty or cut list need. The entries are read from the index as
/// they are printed, so a list of a million entries is written as it is read.
package struct HistoryPage {
    package var index: TimeIndex
    package var rows: [Int]
    package var types: [String: ActivityTypeDefinition]
    /// The number of entries the list was cut from, when a screenful left some out.
    package var cutFrom: Int?
    /// True when the vault has entries at all (an empty list is then the filter's doing).
    package var vaultHasEntries: Bool
    package var filtered: Bool
    /// The task notes timers are bound to (the index does not keep them).
    package var tasks: [EventID: TaskRef] = [:]

    /// The entry of one row of the index and its window, with the task its timer is bound to.
    func entryAndWindow(_ number: Int) throws -> (Entry, Timeline.Interval?) {
        var (entry, window) = try index.entryAndWindow(number)
        if entry.isTimed, entry.task == nil { entry.task = tasks[entry.id] }
        return (entry, window)
    }

    /// The rows, read whole (a page's few), each as `history --json` lists it at `now`.
    package func listed(now: Int64) throws -> [Listed] {
        try rows.map { number in
            let (entry, window) = try entryAndWindow(number)
            return Listed(entry, window: window.map { Render.Window($0, now: now) }, types: types)
        }
    }
}

/// An entry as a list shows it: the entry, its window at the moment it was read (a timed one:
/// its end and length, or its length so far while it runs) and its type's icon.
package struct Listed: Sendable {
    package var entry: Entry
    package var window: Render.Window?
    package var icon: String

    package init(_ entry: Entry, window: Render.Window?, types: [String: ActivityTypeDefinition]) {
        (self.entry, self.window, icon) = (entry, window, Render.icon(entry.type, types))
    }
}
