import LedgerCore

/// What a widget or status bar shows, computed without the vault: the last-known activities
/// cache combined with the taps still queued (the optimistic view the iOS widgets show). Each type's time
/// is the later of the two.
public struct WidgetView: Sendable, Equatable {
    /// Type → unix seconds of its latest activity, queued taps included.
    public var latest: [String: Int64]
    /// Items still waiting to be committed.
    public var pendingCount: Int
    /// The timer running at the vault's HEAD (from the cache's `running-timer`).
    public var timer: RunningTimer?

    public init(latest: [String: Int64], pendingCount: Int = 0, timer: RunningTimer? = nil) {
        self.latest = latest
        self.pendingCount = pendingCount
        self.timer = timer
    }

    /// Combines the cache with the queue. Processed actions are already in the cache; removals
    /// and items in `failing` (keys of items known not to commit) do not show; nor do times
    /// more than `tolerance` seconds after `now`.
    public init(
        lastKnown: [String: Int64], queue: [PendingItem], failing: Set<String> = [], now: Int64,
        tolerance: Int64 = futureTolerance
    ) {
        self.init(latest: lastKnown)
        for item in queue where failing.isEmpty || !failing.contains(item.key) {
            include(item, now: now, tolerance: tolerance)
        }
    }

    /// How far ahead of `now` a queued time may lie and still show (a clock a little ahead).
    public static let futureTolerance: Int64 = 300

    /// Adds one queued item to the view (and to `pendingCount`, unless already processed).
    public mutating func include(_ item: PendingItem, now: Int64, tolerance: Int64 = futureTolerance) {
        let (pending, shown) = Self.contribution(of: item)
        if pending { pendingCount += 1 }
        if let time = shown, time <= now + tolerance, time > latest[item.type] ?? Int64.min { latest[item.type] = time }
    }

    /// What one queued item adds to the view: whether it is still pending, and the time it
    /// shows for its type (none for processed actions and removals).
    public static func contribution(of item: PendingItem) -> (pending: Bool, time: Int64?) {
        switch item {
        case .activity(_, let seconds):
            return (true, seconds)
        case .action(let action):
            if action.processed { return (false, nil) }
            guard action.kind == .quickAdd else { return (true, nil) }
            // Without an offset the tap's zone is not known here; reading it as UTC is close
            // enough for a view that the drain soon replaces with the vault's own answer.
            return (true, action.timestamp.instant?.seconds ?? action.timestamp.localSeconds)
        }
    }

    /// The timers at one instant, as `alog status` words them.
    public struct Reading: Sendable, Equatable {
        public var date: Int64
        /// Awake since the latest wake, or asleep since the latest sleep (the later one).
        public var conscious: (state: Timers.ConsciousState, since: Int64)?
        public var mealSince: Int64?
        /// The latest activity of any type.
        public var anySince: (type: String, since: Int64)?
        /// The running timer; its elapsed time is `date - since`.
        public var timer: RunningTimer?

        public var consciousText: String? { conscious.map { formatDuration(date - $0.since) } }
        public var mealText: String? { mealSince.map { formatDuration(date - $0) } }
        public var anyText: String? { anySince.map { formatDuration(date - $0.since) } }
        /// `reading 1h 40m`
        public var timerText: String? { timer.map { "\($0.type) \(formatDuration($0.seconds(at: date)))" } }

        public static func == (lhs: Reading, rhs: Reading) -> Bool {
            lhs.date == rhs.date && lhs.conscious?.state == rhs.conscious?.state
                && lhs.conscious?.since == rhs.conscious?.since && lhs.mealSince == rhs.mealSince
                && lhs.anySince?.type == rhs.anySince?.type && lhs.anySince?.since == rhs.anySince?.since
                && lhs.timer == rhs.timer
        }
    }

    public func reading(at date: Int64) -> Reading {
        var conscious: (Timers.ConsciousState, Int64)?
        switch (latest["wake"], latest["sleep"]) {
        case (let wake?, let sleep?): conscious = wake > sleep ? (.awake, wake) : (.asleep, sleep)
        case (let wake?, nil): conscious = (.awake, wake)
        case (nil, let sleep?): conscious = (.asleep, sleep)
        case (nil, nil): conscious = nil
        }
        var any: (String, Int64)?
        for (type, seconds) in latest where any == nil || seconds > any!.1 || (seconds == any!.1 && type < any!.0) {
            any = (type, seconds)
        }
        return Reading(date: date, conscious: conscious, mealSince: latest["meal"], anySince: any, timer: timer)
    }

    /// The precomputed timeline: one reading per minute from `now`, `count` of them (the iOS
    /// widget asks for 60, or 2 right after a tap so it can re-render at once).
    public func timeline(from now: Int64, count: Int) -> [Reading] {
        (0..<max(0, count)).map { reading(at: now + Int64($0) * 60) }
    }
}
