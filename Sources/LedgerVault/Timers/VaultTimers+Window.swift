public import LedgerCore

extension VaultTimers {
    /// Where the timer `id` (started at `start`) ends as the timeline lays it, and the timer
    /// whose start ends it: nil when it runs (or is not a timer). A timer started before a later
    /// one (back-dated, or between two with `--adjust`) ends where that one starts.
    public func timerEnd(of id: EventID, startingAt start: Int64) throws -> (end: LocalInstant, next: Entry?)? {
        let timeline = try timeline(around: start)
        guard let index = timeline.intervals.firstIndex(where: { $0.entry.id == id }),
            let end = timeline.intervals[index].end
        else { return nil }
        let intervals = timeline.intervals
        let next = intervals[index].endedByNext && index + 1 < intervals.count ? intervals[index + 1].entry : nil
        return (end, next)
    }
}
