/// What reports, the calendar and streaks read of entries: when each live entry starts and its
/// type, and the timeline's windows, with types as numbers into `typeNames`. No notes, ids or
/// order keys, so a year of a million-entry vault is a few flat arrays (the time index fills
/// them straight from its records).
public struct Occurrences: Sendable, Equatable {
    public struct Start: Sendable, Equatable {
        public var type: UInt32
        public var at: Int64
        public var isTimed: Bool
        /// Numbers into `tagNames` (empty: untagged, or read from the time index, which keeps no tags).
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
    /// The tags the starts and windows name (filled from entries; the time index leaves it empty).
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
        var names: [String] = []
        var numbers: [String: UInt32] = [:]
        func number(_ type: String) -> UInt32 {
            if let found = numbers[type] { return found }
            names.append(type)
            numbers[type] = UInt32(names.count - 1)
            return UInt32(names.count - 1)
        }
        var tagNames: [String] = []
        var tagNumbers: [String: UInt32] = [:]
        func tagIndices(_ tags: [String]) -> [UInt32] {
            tags.map { tag in
                if let found = tagNumbers[tag] { return found }
                tagNames.append(tag)
                tagNumbers[tag] = UInt32(tagNames.count - 1)
                return UInt32(tagNames.count - 1)
            }
        }
        var starts: [Start] = []
        for entry in entries where !entry.isDeleted {
            starts.append(
                Start(
                    type: number(entry.type), at: entry.at.seconds, isTimed: entry.isTimed, tags: tagIndices(entry.tags)
                ))
        }
        let windows = timeline.intervals.map {
            Window(
                type: number($0.entry.type), start: $0.start.seconds, end: $0.end?.seconds,
                tags: tagIndices($0.entry.tags))
        }
        self.init(typeNames: names, starts: starts, windows: windows)
        self.tagNames = tagNames
    }

    /// Whether an occurrence's `tags` hold every one of `required` (names); none required: all.
    public func tagTest(_ required: Set<String>) -> ([UInt32]) -> Bool {
        guard !required.isEmpty else { return { _ in true } }
        let wanted = Set(tagNames.indices.filter { required.contains(tagNames[$0]) }.map(UInt32.init))
        guard wanted.count == required.count else { return { _ in false } }
        return { tags in wanted.isSubset(of: tags) }
    }

    /// Only the starts and windows that have every one of `tags` (none: all).
    public func keeping(tags: Set<String>) -> Occurrences {
        guard !tags.isEmpty else { return self }
        let test = tagTest(tags)
        var kept = Occurrences(
            typeNames: typeNames, starts: starts.filter { test($0.tags) }, windows: windows.filter { test($0.tags) })
        kept.tagNames = tagNames
        return kept
    }

    /// Each type number's answer to `keeps`.
    public func mask(_ keeps: (String) -> Bool) -> [Bool] { typeNames.map(keeps) }
}
