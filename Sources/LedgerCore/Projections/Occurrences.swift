/// What reports, the calendar and streaks read of entries: when each live entry starts and its
/// type, and the timeline's windows, with types as numbers into `typeNames`. No notes, ids or
/// order keys, so a year of a million-entry vault is a few flat arrays (the time index fills
/// them straight from its records).
public struct Occurrences: Sendable, Equatable {
    public struct Start: Sendable, Equatable {
        public var type: UInt32
        public var at: Int64
        public var isTimed: Bool

        public init(type: UInt32, at: Int64, isTimed: Bool) { (self.type, self.at, self.isTimed) = (type, at, isTimed) }
    }

    public struct Window: Sendable, Equatable {
        public var type: UInt32
        public var start: Int64
        /// Nil while it runs.
        public var end: Int64?

        public init(type: UInt32, start: Int64, end: Int64?) { (self.type, self.start, self.end) = (type, start, end) }
    }

    public var typeNames: [String]
    /// Live entries (instants and timed), in any order.
    public var starts: [Start]
    /// The timeline's windows, oldest first.
    public var windows: [Window]

    public init(typeNames: [String], starts: [Start], windows: [Window]) {
        (self.typeNames, self.starts, self.windows) = (typeNames, starts, windows)
    }

    /// The live ones of `entries` (deleted ones are left out) and the windows of `timeline`.
    public init(entries: some Sequence<Entry>, timeline: Timeline) {
        var names: [String] = []
        var numbers: [String: UInt32] = [:]
        func number(_ type: String) -> UInt32 {
            if let found = numbers[type] { return found }
            names.append(type)
            numbers[type] = UInt32(names.count - 1)
            return UInt32(names.count - 1)
        }
        var starts: [Start] = []
        for entry in entries where !entry.isDeleted {
            starts.append(Start(type: number(entry.type), at: entry.at.seconds, isTimed: entry.isTimed))
        }
        let windows = timeline.intervals.map {
            Window(type: number($0.entry.type), start: $0.start.seconds, end: $0.end?.seconds)
        }
        self.init(typeNames: names, starts: starts, windows: windows)
    }

    /// Each type number's answer to `keeps`.
    public func mask(_ keeps: (String) -> Bool) -> [Bool] { typeNames.map(keeps) }
}
