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

extension VaultTimers {
    /// The start and end of entry `prefix` moved by signed seconds (`edit --end +5m`,
    /// `lengthen`, `shorten`), on the clock of `zone` at the new instants; nil for what is not
    /// moved. The end moved is the window's as the timeline lays it (a timer ended by the next
    /// one's start gets its own end). Refused: an end moved on an instant, or on a running
    /// timer (it has no end yet). What the new window may not do (end before its start,
    /// overlap) is `edit`'s check, which follows.
    public func movedWindow(of prefix: String, startBy: Int64?, endBy: Int64?, zone: any TimeZoneRules) throws
        -> (start: LocalInstant?, end: LocalInstant?)
    {
        let entry = try vault.resolveEntry(prefix)
        let start = startBy.map { zone.localInstant(at: entry.at.seconds + $0) }
        guard let endBy else { return (start, nil) }
        guard entry.isTimed else { throw TimerError.notTimed(entry: entry.id.description) }
        guard let end = try vault.state().timeline.interval(of: entry.id)?.end else {
            throw TimerError.noEndToMove(entry: entry.id.description, type: entry.type)
        }
        return (start, zone.localInstant(at: end.seconds + endBy))
    }
}
