/// The timers of the Activities page header, at one instant.
public struct Timers: Hashable, Sendable {
    public enum ConsciousState: String, Sendable {
        case awake, asleep
    }

    public struct Since: Hashable, Sendable {
        public var type: String
        public var entryID: EventID
        public var at: LocalInstant
        /// Seconds from `at` to now; never negative: an entry up to the 5 minutes ahead that
        /// `--at` allows (another device's clock) counts as just happened.
        public var seconds: Int64
        public var text: String { formatDuration(seconds) }
    }

    /// Awake since the latest wake, or asleep since the latest sleep (whichever is later).
    public var conscious: (state: ConsciousState, since: Since)? {
        consciousSince.map { ($0.type == "sleep" ? .asleep : .awake, $0) }
    }
    public var consciousSince: Since?
    public var sinceMeal: Since?
    public var sinceAny: Since?

    public init(summary: StatusSummary, now: Int64) {
        func since(_ type: String) -> Since? {
            summary.latest[type].map {
                Since(type: type, entryID: $0.id, at: $0.at, seconds: max(0, now - $0.at.seconds))
            }
        }
        let wake = since("wake")
        let sleep = since("sleep")
        switch (wake, sleep) {
        case (let w?, let s?):
            let wakeLatest = summary.latest["wake"]!
            consciousSince = wakeLatest.isNewer(than: summary.latest["sleep"]!) ? w : s
        default: consciousSince = wake ?? sleep
        }
        sinceMeal = since("meal")
        var best: (String, StatusSummary.Latest)?
        for (type, latest) in summary.latest where best == nil || latest.isNewer(than: best!.1) {
            best = (type, latest)
        }
        sinceAny = best.map { Since(type: $0.0, entryID: $0.1.id, at: $0.1.at, seconds: max(0, now - $0.1.at.seconds)) }
    }
}
