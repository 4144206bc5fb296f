/// Timed entries laid on one line: at most one timer runs at a time and no two windows overlap,
/// on every device, whatever order the events arrived in. The rule depends on the set of
/// events only:
///
/// 1. The live (not deleted) timed entries are ordered by their start instant, then by the
///    order key of the event that started them (hybrid clock stamp, device, id).
/// 2. An entry's window ends at its own end (a `stop`, or an edited end; an edit can also take
///    the end away, `undo` of a stop) or at the next
///    entry's start, whichever is earlier, and never before its own start. So when two devices
///    start timers while apart, the earlier timer ends where the later one starts; a timer
///    that starts at the same instant as the next one is empty.
/// 3. The last entry, if it has no end of its own, is running.
///
/// Both steps are functions of the entries' fields, which are themselves last-writer-wins
/// registers of the fold: any interleaving of the same events gives the same timeline.
public struct Timeline: Sendable, Equatable {
    public struct Interval: Sendable, Equatable {
        public var entry: Entry
        /// The entry's start, with the UTC offset in force then.
        public var start: LocalInstant { entry.at }
        /// Where the window ends, with the offset of that instant; nil while it runs.
        public var end: LocalInstant?
        /// True when the next timer's start cut the window short (rule 2).
        public var endedByNext: Bool

        public init(entry: Entry, end: LocalInstant?, endedByNext: Bool) {
            (self.entry, self.end, self.endedByNext) = (entry, end, endedByNext)
        }

        /// Elapsed seconds at `now` (the true elapsed time across zone and DST changes); never
        /// negative.
        public func seconds(now: Int64) -> Int64 {
            seconds(from: start.seconds, to: .max, now: now)
        }

        /// Seconds of the window inside `[from, to)`.
        public func seconds(from: Int64, to: Int64, now: Int64) -> Int64 {
            let end = self.end?.seconds ?? max(now, start.seconds)
            return max(0, min(end, to) - max(start.seconds, from))
        }
    }

    /// Oldest first.
    public private(set) var intervals: [Interval]

    /// `entries` may hold anything: instants and deleted entries are left out.
    public init(entries: some Sequence<Entry>) {
        // Sorted by their keys, not as whole entries: moving 100,000 entries (strings and
        // all) about in a sort took most of a report's time.
        let unsorted = entries.filter { $0.isTimed && !$0.isDeleted }
        let order = unsorted.indices.map {
            (seconds: unsorted[$0].at.seconds, created: unsorted[$0].created, index: $0)
        }
        .sorted { $0.seconds != $1.seconds ? $0.seconds < $1.seconds : $0.created < $1.created }
        let timed = order.map { unsorted[$0.index] }
        intervals = timed.indices.map { index in
            let entry = timed[index]
            let next = index + 1 < timed.count ? timed[index + 1].at : nil
            let (end, endedByNext) = TimeRow.window(start: entry.at, ownEnd: entry.end, next: next)
            return Interval(entry: entry, end: end, endedByNext: endedByNext)
        }
    }

    /// Rule 1's order.
    public static func startsFirst(_ a: Entry, _ b: Entry) -> Bool {
        if a.at.seconds != b.at.seconds { return a.at.seconds < b.at.seconds }
        return a.created < b.created
    }

    /// The running timer, if any (rule 3).
    public var running: Interval? {
        guard let last = intervals.last, last.end == nil else { return nil }
        return last
    }

    /// The most recently stopped timer (for `resume`).
    public var lastStopped: Interval? { intervals.last { $0.end != nil } }

    /// The interval of an entry.
    public func interval(of id: EventID) -> Interval? { intervals.first { $0.entry.id == id } }

    /// Every interval by its entry's id: for many lookups (a listing's windows), where
    /// `interval(of:)` would search the whole timeline for each.
    public var byEntry: [EventID: Interval] {
        Dictionary(intervals.map { ($0.entry.id, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// Seconds per type inside `[from, to)` (a local day, say).
    public func totals(from: Int64, to: Int64, now: Int64) -> [String: Int64] {
        var totals: [String: Int64] = [:]
        for interval in intervals {
            let seconds = interval.seconds(from: from, to: to, now: now)
            if seconds > 0 { totals[interval.entry.type, default: 0] += seconds }
        }
        return totals
    }
}
