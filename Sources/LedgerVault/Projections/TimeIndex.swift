public import LedgerCore
import LedgerStore
import LedgerSystem

/// Every live entry of the vault at one commit, in the timeline's order (oldest first), with
/// timed entries' windows laid out: what `history`, `report`, `calendar`, `streaks` and
/// `export` read, at a cost that grows with the rows they ask for. Read from the files in
/// `.git/alog/` (`TimeIndexFile`), or held in memory where they cannot be written.
public struct TimeIndex: @unchecked Sendable {
    enum Backing {
        case file(TimeIndexReader)
        case memory(TimeRows)
    }

    let backing: Backing
    /// The type names rows refer to by number.
    public let typeNames: [String]
    let deviceNames: [String]
    /// The sets of tags rows refer to by number (the first is the empty set).
    public let tagSets: [[String]]

    /// A record of the index failed its check (the vault builds the index again and retries).
    struct Damaged: Error {}

    init(_ backing: Backing) {
        self.backing = backing
        switch backing {
        case .file(let reader):
            (typeNames, deviceNames, tagSets) = (reader.names.types, reader.names.devices, reader.names.tagSets)
        case .memory(let rows): (typeNames, deviceNames, tagSets) = (rows.types, rows.devices, rows.tagSets)
        }
    }

    /// How many live entries there are.
    public var count: Int {
        switch backing {
        case .file(let reader): reader.count
        case .memory(let rows): rows.rows.count
        }
    }

    /// The start of row `number`, unix seconds.
    public func seconds(_ number: Int) -> Int64 {
        switch backing {
        case .file(let reader): reader.seconds(number)
        case .memory(let rows): rows.rows[number].at.seconds
        }
    }

    /// The last timed row before row `number` (`count`: before the end).
    func timedRow(before number: Int) -> Int? {
        switch backing {
        case .file(let reader): return reader.timedRow(before: number)
        case .memory(let rows): return rows.rows[..<min(number, rows.rows.count)].lastIndex(where: \.isTimed)
        }
    }

    /// Row `number`, checked.
    public func row(_ number: Int) throws -> TimeRow {
        switch backing {
        case .file(let reader):
            guard let row = reader.row(number) else { throw Damaged() }
            return row
        case .memory(let rows): return rows.rows[number]
        }
    }

    /// The entry of row `number`.
    public func entry(_ number: Int) throws -> Entry {
        try row(number).entry(types: typeNames, devices: deviceNames, tagSets: tagSets)
    }

    /// The entry of row `number` and, for a timed one, its window.
    public func entryAndWindow(_ number: Int) throws -> (Entry, Timeline.Interval?) {
        let row = try row(number)
        let entry = row.entry(types: typeNames, devices: deviceNames, tagSets: tagSets)
        return (
            entry, row.isTimed ? Timeline.Interval(entry: entry, end: row.windowEnd, endedByNext: row.endedByNext) : nil
        )
    }

    /// The first row starting at or after `seconds` (`count` when none does).
    public func firstRow(atOrAfter seconds: Int64) -> Int {
        var (low, high) = (0, count)
        while low < high {
            let middle = (low + high) / 2
            if self.seconds(middle) < seconds { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The rows starting in `[from, to)` (nil: unbounded).
    public func rows(from: Int64?, to: Int64?) -> Range<Int> {
        let low = from.map { firstRow(atOrAfter: $0) } ?? 0
        let high = to.map { firstRow(atOrAfter: $0) } ?? count
        return low..<max(low, high)
    }

    /// What a report, the calendar or streaks read of `[from, to)`: the starts of the rows in it
    /// and the windows that reach into it, with their types and tags, without building entries.
    public func occurrences(from: Int64, to: Int64) throws -> Occurrences {
        let rows = rows(from: from, to: to)
        var starts: [Occurrences.Start] = []
        starts.reserveCapacity(rows.count)
        var windows: [Occurrences.Window] = []
        let (tagNames, setTags) = numberedTags()
        func facts(_ number: Int) throws -> TimeIndexReader.Facts {
            switch backing {
            case .file(let reader):
                guard let facts = reader.facts(number) else { throw Damaged() }
                return facts
            case .memory(let table):
                let row = table.rows[number]
                return TimeIndexReader.Facts(
                    type: row.type, at: row.at.seconds, isTimed: row.isTimed, windowEnd: row.windowEnd?.seconds,
                    tagSet: row.tagSet)
            }
        }
        func window(_ row: TimeIndexReader.Facts) -> Occurrences.Window {
            Occurrences.Window(type: row.type, start: row.at, end: row.windowEnd, tags: setTags[Int(row.tagSet)])
        }
        if let before = timedRow(before: rows.lowerBound) {
            let row = try facts(before)
            guard row.isTimed else { throw Damaged() }
            windows.append(window(row))
        }
        for number in rows {
            let row = try facts(number)
            starts.append(
                Occurrences.Start(type: row.type, at: row.at, isTimed: row.isTimed, tags: setTags[Int(row.tagSet)]))
            if row.isTimed { windows.append(window(row)) }
        }
        var occurrences = Occurrences(typeNames: typeNames, starts: starts, windows: windows)
        occurrences.tagNames = tagNames
        return occurrences
    }

    /// The tags the index holds, each once, and each tag set as numbers into them.
    private func numberedTags() -> (names: [String], sets: [[UInt32]]) {
        var names = Interner()
        let sets = tagSets.map { set in set.map { names.index(of: $0) } }
        return (names.strings, sets)
    }

    /// Each tag set's answer to `keeps` (for filtering rows by their tags without building them).
    public func tagSetMask(_ keeps: ([String]) -> Bool) -> [Bool] { tagSets.map(keeps) }

    /// The tag set number of row `number`.
    public func tagSetNumber(_ number: Int) throws -> Int {
        try name(number, below: tagSets.count, file: { $0.tagSetNumber($1) }, memory: \.tagSet)
    }

    /// Each type number's answer to `keeps` (for filtering rows without building their strings).
    public func typeMask(_ keeps: (String) -> Bool) -> [Bool] { typeNames.map(keeps) }

    /// The type number of row `number`.
    public func typeNumber(_ number: Int) throws -> Int {
        try name(number, below: typeNames.count, file: { $0.typeNumber($1) }, memory: \.type)
    }

    /// A number row `number` names something by (its type, its tag set), checked against the
    /// names there are, without building the row (the row is checked when read).
    private func name(
        _ number: Int, below count: Int, file: (TimeIndexReader, Int) -> Int?, memory: KeyPath<TimeRow, UInt32>
    ) throws -> Int {
        switch backing {
        case .file(let reader):
            guard let found = file(reader, number), found < count else { throw Damaged() }
            return found
        case .memory(let rows): return Int(rows.rows[number][keyPath: memory])
        }
    }

    /// Removes the index's files (a record failed its check after the command began): the
    /// next command builds them again.
    public func discard() {
        if case .file(let reader) = backing {
            FileSystem.remove(reader.paths.index)
            FileSystem.remove(reader.paths.heap)
        }
    }

    /// Lets a long read give back the memory of the rows it has passed.
    public func release(_ numbers: Range<Int>) {
        if case .file(let reader) = backing { reader.releaseRecords(numbers) }
    }
}
