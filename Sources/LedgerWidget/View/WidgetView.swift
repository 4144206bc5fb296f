package import LedgerCore

/// What a widget or status bar shows, computed without the vault: the last-known activities
/// cache combined with the taps still queued (the optimistic view the iOS widgets show). Each type's time
/// is the later of the two.
package struct WidgetView: Sendable, Equatable {
    /// Type → unix seconds of its latest activity, queued taps included.
    package var latest: [String: Int64]
    /// Elements of the queue the vault has not taken yet (`QueueCounts.waiting`: everything
    /// but processed actions), the same number `tap`, `pending` and `drain` give.
    package var pendingCount: Int
    /// Of those, the ones that cannot be committed as they are (not items, or items the last
    /// drain could not commit); `alog widget pending` says why.
    package var failingCount = 0
    /// Types whose shown entry a queued `quick_remove` takes away (see `QueueOverlay.view`).
    package var removing: Set<String> = []
    /// The timer running at the vault's HEAD (from the cache's `running-timer`).
    package var timer: RunningTimer?
    /// The favorite types, `icon name` each, in the listing order (from the cache's `favorites`).
    package var favorites: [String] = []

    package init(latest: [String: Int64], pendingCount: Int = 0, timer: RunningTimer? = nil) {
        self.latest = latest
        self.pendingCount = pendingCount
        self.timer = timer
    }

    /// Combines the cache with the queue. Processed actions are already in the cache; items in
    /// `failing` (keys of items known not to commit) are counted but do not show; nor do times
    /// more than `tolerance` seconds after `now`.
    package init(
        lastKnown: [String: Int64], queue: [PendingItem?], failing: Set<String> = [], now: Int64,
        zone: any TimeZoneRules = FixedOffsetZone(offset: 0), tolerance: Int64 = futureTolerance
    ) {
        var overlay = QueueOverlay()
        var failed = 0
        for item in queue {
            let fails = item.map { failing.contains($0.key) && QueueOverlay.isPending($0) } ?? false
            if fails { failed += 1 }
            let shown = !fails && (item.flatMap(QueueOverlay.shownTime).map { $0 <= now + tolerance } ?? true)
            overlay.add(item, shown: shown)
        }
        self = overlay.view(over: lastKnown, now: now, zone: zone, failing: failed)!
    }

    /// How far ahead of `now` a queued time may lie and still show (a clock a little ahead).
    package static let futureTolerance: Int64 = 300

    /// The timers at one instant, as `alog status` words them.
    package struct Reading: Sendable, Equatable {
        package var date: Int64
        /// Awake since the latest wake, or asleep since the latest sleep (the later one).
        package var conscious: (state: Timers.ConsciousState, since: Int64)?
        package var mealSince: Int64?
        /// The latest activity of any type.
        package var anySince: (type: String, since: Int64)?
        /// The running timer; its elapsed time is `date - since`.
        package var timer: RunningTimer?
        /// A queued `quick_remove` takes away the entry `conscious` (its wake or sleep) or
        /// `mealSince` stands for.
        package var consciousRemoving = false
        package var mealRemoving = false

        package var consciousText: String? { conscious.map { formatDuration(date - $0.since) } }
        package var mealText: String? { mealSince.map { formatDuration(date - $0) } }
        package var anyText: String? { anySince.map { formatDuration(date - $0.since) } }
        /// `reading 1h 40m`
        package var timerText: String? { timer.map { "\($0.type) \(formatDuration($0.seconds(at: date)))" } }

        package static func == (lhs: Reading, rhs: Reading) -> Bool {
            lhs.date == rhs.date && lhs.conscious?.state == rhs.conscious?.state
                && lhs.conscious?.since == rhs.conscious?.since && lhs.mealSince == rhs.mealSince
                && lhs.anySince?.type == rhs.anySince?.type && lhs.anySince?.since == rhs.anySince?.since
                && lhs.timer == rhs.timer && lhs.consciousRemoving == rhs.consciousRemoving
                && lhs.mealRemoving == rhs.mealRemoving
        }
    }

    package func reading(at date: Int64) -> Reading {
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
        var reading = Reading(date: date, conscious: conscious, mealSince: latest["meal"], anySince: any, timer: timer)
        reading.consciousRemoving = conscious.map { removing.contains($0.0 == .awake ? "wake" : "sleep") } ?? false
        reading.mealRemoving = reading.mealSince != nil && removing.contains("meal")
        return reading
    }

    /// The precomputed timeline: one reading per minute from `now`, `count` of them (the iOS
    /// widget asks for 60, or 2 right after a tap so it can re-render at once).
    package func timeline(from now: Int64, count: Int) -> [Reading] {
        (0..<max(0, count)).map { reading(at: now + Int64($0) * 60) }
    }
}
