/// What reports, the calendar and streaks read of entries: when each live entry starts and its
/// type, and the timeline's windows, with types as numbers into `typeNames`. No notes, ids or
/// order keys, so a year of a million-entry vault is a few flat arrays (the time index fills
/// them straight from its records).
public struct Occurrences: Sendable, Equatable {
    public struct Start: Sendable, Equatable {
        public var type: UInt32
        public var at: Int64
        public var isTimed: Bool
        /// Numbers into `tagNames` (empty: untagged).
        public var tags: [UInt32]

        public init(type: UInt32, at: Int64, isTimed: Bool, tags: [UInt32] = []) {
            (self.type, self.at, self.isTimed, self.tags) = (type, at, isTimed, tags)
        }
    }

    public struct Window: Sendable, Equatable {
        public var type: UInt32
        public var start: Int64
        /// Nil while it runs.
        public var end: Int64?
        public var tags: [UInt32]

        public init(type: UInt32, start: Int64, end: Int64?, tags: [UInt32] = []) {
            (self.type, self.start, self.end, self.tags) = (type, start, end, tags)
        }
    }

    public var typeNames: [String]
    /// The tags the starts and windows name.
    public var tagNames: [String] = []
    /// Live entries (instants and timed), in any order.
    public var starts: [Start]
    /// The timeline's windows, oldest first.
    public var windows: [Window]

    public init(typeNames: [String], starts: [Start], windows: [Window]) {
        (self.typeNames, self.starts, self.windows) = (typeNames, starts, windows)
    }

    /// The live ones of `entries` (deleted ones are left out) and the windows of `timeline`.
    public init(entries: some Sequence<Entry>, timeline: Timeline) {
        var types = Names()
        var tags = Names()
        var starts: [Start] = []
        for entry in entries where !entry.isDeleted {
            starts.append(
                Start(
                    type: types.number(entry.type), at: entry.at.seconds, isTimed: entry.isTimed,
                    tags: entry.tags.map { tags.number($0) }))
        }
        let windows = timeline.intervals.map {
            Window(
                type: types.number($0.entry.type), start: $0.start.seconds, end: $0.end?.seconds,
                tags: $0.entry.tags.map { tags.number($0) })
        }
        self.init(typeNames: types.names, starts: starts, windows: windows)
        self.tagNames = tags.names
    }

    /// Names numbered in the order they are first met.
    private struct Names {
        var names: [String] = []
        var numbers: [String: UInt32] = [:]

        mutating func number(_ name: String) -> UInt32 {
            if let found = numbers[name] { return found }
            names.append(name)
            numbers[name] = UInt32(names.count - 1)
            return UInt32(names.count - 1)
        }
    }

    /// Only the starts and windows that have every one of `tags` (none: all).
    public func keeping(tags: Set<String>) -> Occurrences {
        guard !tags.isEmpty else { return self }
        let wanted = Set(tagNames.indices.filter { tags.contains(tagNames[$0]) }.map(UInt32.init))
        // A tag no occurrence has: none has them all.
        let test = { (held: [UInt32]) in wanted.count == tags.count && wanted.isSubset(of: held) }
        var kept = Occurrences(
            typeNames: typeNames, starts: starts.filter { test($0.tags) }, windows: windows.filter { test($0.tags) })
        kept.tagNames = tagNames
        return kept
    }

    /// Each type number's answer to `keeps`.
    public func mask(_ keeps: (String) -> Bool) -> [Bool] { typeNames.map(keeps) }
}
