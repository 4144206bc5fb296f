/// One live entry as the time index keeps it: the entry's fields and, for a timed entry, its
/// window as the `Timeline` lays it. Strings that repeat (the type, the device of the order
/// key, the set of tags) are indices into the index's name tables.
public struct TimeRow: Sendable, Equatable {
    public var id: EventID
    public var at: LocalInstant
    /// The order key of the log event: its stamp, and the device as an index into the names.
    public var stamp: Stamp
    public var device: UInt32
    public var type: UInt32
    /// Empty: no note.
    public var note: String
    public var isTimed: Bool
    /// The entry's own end (`Entry.end`).
    public var ownEnd: LocalInstant?
    /// The window's end as the timeline lays it (nil while it runs).
    public var windowEnd: LocalInstant?
    public var endedByNext: Bool
    /// 0: none.
    public var goalSeconds: Int64
    /// True when an event after the log event set one of the entry's fields (an edit, a stop):
    /// only the full fold, which knows each field's order key, may change such a row.
    public var touched: Bool
    /// The entry's tags, as a number into the tag sets (`TimeRows.tagSets`; 0: no tags).
    public var tagSet: UInt32

    public init(
        id: EventID, at: LocalInstant, stamp: Stamp, device: UInt32, type: UInt32, note: String, isTimed: Bool,
        ownEnd: LocalInstant?, windowEnd: LocalInstant?, endedByNext: Bool, goalSeconds: Int64, touched: Bool,
        tagSet: UInt32 = 0
    ) {
        (self.id, self.at, self.stamp, self.device, self.type, self.note) = (id, at, stamp, device, type, note)
        (self.isTimed, self.ownEnd, self.windowEnd, self.endedByNext) = (isTimed, ownEnd, windowEnd, endedByNext)
        (self.goalSeconds, self.touched, self.tagSet) = (goalSeconds, touched, tagSet)
    }

    /// The entry, with its strings from the name tables.
    public func entry(types: [String], devices: [String], tagSets: [[String]]) -> Entry {
        Entry(
            id: id, type: types[Int(type)], at: at, note: note.isEmpty ? nil : note, isDeleted: false,
            created: OrderKey(stamp: stamp, device: devices[Int(device)], id: id), isTimed: isTimed, end: ownEnd,
            goalSeconds: goalSeconds > 0 ? goalSeconds : nil, tags: tagSets[Int(tagSet)])
    }

    /// The timeline's order (rule 1 of `Timeline`): start, then the order key, whose device is
    /// compared by its rank among the device names (`TimeRows.ranks`).
    public static func precedes(_ a: TimeRow, _ b: TimeRow, deviceRank: [Int]) -> Bool {
        Key.precedes(a.key, b.key, deviceRank: deviceRank)
    }

    /// What the timeline orders rows by.
    public var key: Key { Key(seconds: at.seconds, stamp: stamp, device: device, id: id) }

    /// A row's place in the timeline: its start, then its order key.
    public struct Key: Sendable, Equatable {
        public var seconds: Int64
        public var stamp: Stamp
        public var device: UInt32
        public var id: EventID

        public init(seconds: Int64, stamp: Stamp, device: UInt32, id: EventID) {
            (self.seconds, self.stamp, self.device, self.id) = (seconds, stamp, device, id)
        }

        /// `TimeRow.precedes` on keys.
        public static func precedes(_ a: Key, _ b: Key, deviceRank: [Int]) -> Bool {
            if a.seconds != b.seconds { return a.seconds < b.seconds }
            if a.stamp != b.stamp { return a.stamp < b.stamp }
            if a.device != b.device { return deviceRank[Int(a.device)] < deviceRank[Int(b.device)] }
            return a.id < b.id
        }
    }

    /// The window's end, at a given `next` start (rule 2 of `Timeline`): nil when the row runs.
    public static func window(start: LocalInstant, ownEnd: LocalInstant?, next: LocalInstant?) -> (
        end: LocalInstant?, endedByNext: Bool
    ) {
        var end = ownEnd
        var endedByNext = false
        if let next, end.map({ next.seconds < $0.seconds }) ?? true { (end, endedByNext) = (next, true) }
        // An end before the start (edits that crossed): an empty window.
        if let ending = end, ending.seconds < start.seconds { end = start }
        return (end, endedByNext)
    }
}

/// The rows of a time index: every live entry, oldest first in the timeline's order (start,
/// then the order key), with the name tables their indices point into.
public struct TimeRows: Sendable, Equatable {
    public var rows: [TimeRow]
    public var types: [String]
    public var devices: [String]
    /// The sets of tags rows carry, each in `Tags.precedes` order; the first is the empty set.
    public var tagSets: [[String]]

    public init(rows: [TimeRow], types: [String], devices: [String], tagSets: [[String]] = [[]]) {
        (self.rows, self.types, self.devices, self.tagSets) = (rows, types, devices, tagSets)
    }
}

/// Sets of tags numbered in the order they are first met, the empty set first (number 0).
public struct TagSets: Sendable {
    public private(set) var sets: [[String]] = [[]]
    private var numbers: [[String]: UInt32] = [[]: 0]

    public init() {}

    /// Continues a numbering (`sets` from an index; its first must be the empty set).
    public init(_ sets: [[String]]) {
        self.sets = sets.isEmpty ? [[]] : sets
        for (number, set) in self.sets.enumerated() where numbers[set] == nil { numbers[set] = UInt32(number) }
    }

    /// The number of `tags` (in `Tags.precedes` order), added when new.
    public mutating func number(_ tags: [String]) -> UInt32 {
        if tags.isEmpty { return 0 }
        if let found = numbers[tags] { return found }
        sets.append(tags)
        numbers[tags] = UInt32(sets.count - 1)
        return UInt32(sets.count - 1)
    }
}

extension LedgerState {
    /// Every live entry as a `TimeRow`, in the timeline's order: what the time index holds.
    /// Plain entries are taken from the flat table without building an `Entry` each.
    public func timeRows() -> TimeRows {
        // Type numbers of the state's table, renumbered by current name (renamed types join).
        var types = Interner()
        let typeMap = typeNames.strings.map { types.index(of: catalog.resolve($0)) }
        var devices = self.devices
        var tagSets = TagSets()
        var rows: [TimeRow] = []
        rows.reserveCapacity(plainCount + tracked.count)
        for row in plain where !row.isMoved {
            rows.append(
                TimeRow(
                    id: row.id, at: row.at, stamp: row.stamp, device: row.device, type: typeMap[Int(row.type)],
                    note: row.note,
                    isTimed: false, ownEnd: nil, windowEnd: nil, endedByNext: false, goalSeconds: 0, touched: false))
        }
        let windows = timeline.byEntry
        for (id, record) in tracked {
            guard let entry = entry(id, record), !entry.isDeleted else { continue }
            let created = entry.created
            let touched = Self.touched(record, created: created)
            let window = windows[id]
            rows.append(
                TimeRow(
                    id: id, at: entry.at, stamp: created.stamp, device: devices.index(of: created.device),
                    type: types.index(of: entry.type), note: entry.note ?? "", isTimed: entry.isTimed,
                    ownEnd: entry.end, windowEnd: window?.end, endedByNext: window?.endedByNext ?? false,
                    goalSeconds: entry.goalSeconds ?? 0, touched: touched, tagSet: tagSets.number(entry.tags)))
        }
        // The order key compares devices by name: rank the (few) names once.
        let deviceRank = TimeRows.ranks(devices.strings)
        rows.sort { TimeRow.precedes($0, $1, deviceRank: deviceRank) }
        return TimeRows(rows: rows, types: types.strings, devices: devices.strings, tagSets: tagSets.sets)
    }

    /// True when an event after the log event set one of the entry's fields (`TimeRow.touched`).
    private static func touched(_ record: EntryRecord, created: OrderKey) -> Bool {
        let keys: [OrderKey?] = [record.type?.key, record.at?.key, record.note?.key]
        return record.visibility != nil || record.end != nil || keys.contains { $0 != created }
    }

    /// The live entry `id` as the time index keeps it, its window not laid out (nil: no such
    /// entry, or deleted), with its type, device and tags numbered by `type`, `device` and
    /// `tagSet`: what a change of a few entries needs, without building every row.
    public func timeRow(
        _ id: EventID, type: (String) -> UInt32, device: (String) -> UInt32, tagSet: ([String]) -> UInt32
    ) -> TimeRow? {
        guard let position = index[id] else { return nil }
        let entry: Entry
        var touched = false
        if position != Self.trackedMark {
            entry = self.entry(of: plain[Int(position)])
        } else {
            guard let record = tracked[id], let found = self.entry(id, record) else { return nil }
            entry = found
            touched = Self.touched(record, created: found.created)
        }
        guard !entry.isDeleted else { return nil }
        return TimeRow(
            id: id, at: entry.at, stamp: entry.created.stamp, device: device(entry.created.device),
            type: type(entry.type), note: entry.note ?? "", isTimed: entry.isTimed, ownEnd: entry.end,
            windowEnd: nil, endedByNext: false, goalSeconds: entry.goalSeconds ?? 0, touched: touched,
            tagSet: tagSet(entry.tags))
    }
}

extension TimeRows {
    /// Each name's position in the sorted names.
    public static func ranks(_ names: [String]) -> [Int] {
        var rank = [Int](repeating: 0, count: names.count)
        for (position, index) in names.indices.sorted(by: { names[$0] < names[$1] }).enumerated() {
            rank[index] = position
        }
        return rank
    }
}
