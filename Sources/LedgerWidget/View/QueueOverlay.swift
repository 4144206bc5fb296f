package import LedgerCore

/// What the queue adds to the last-known cache, gathered item by item in queue order. The
/// status bar's view is the cache with this laid over it. Both ways of reading the queue make
/// it: the full read (`WidgetStore.view`) and the digest, which stores it so a status bar need
/// not read the queue.
package struct QueueOverlay: Sendable, Equatable {
    /// Elements in the array, readable or not.
    package var elements = 0
    /// Readable items not yet processed.
    package var pending = 0
    /// Green Streak actions already committed, kept in the file for their app.
    package var processed = 0
    /// Type → the latest time a queued add shows for it, and that item's position in the queue.
    package var latest: [String: (time: Int64, position: Int)] = [:]
    /// Pending `quick_remove`s: the type, the local date whose latest entry goes, the position.
    package var removals: [Removal] = []

    package struct Removal: Sendable, Equatable {
        package var type: String
        package var date: CivilDate
        package var position: Int
    }

    package init() {}

    /// Elements that are not items of either shape.
    package var invalid: Int { elements - pending - processed }
    /// Everything the vault has not taken yet: all elements but processed actions. This is the
    /// count every widget message gives (`QueueCounts.waiting`).
    package var waiting: Int { elements - processed }

    /// Counts one more element: `item` is nil for one that is not an item. A `shown` of false
    /// counts the item but leaves the view alone (an item known to fail, or one too far ahead).
    package mutating func add(_ item: PendingItem?, shown: Bool = true) {
        let position = elements
        elements += 1
        guard let item else { return }
        if case .action(let action) = item, action.processed {
            processed += 1
            return
        }
        pending += 1
        guard shown else { return }
        switch item {
        case .activity(let type, let seconds):
            offer(type, seconds, position)
        case .action(let action) where action.kind == .quickAdd:
            // Without an offset the tap's zone is not known here; reading it as UTC is close
            // enough for a view that the drain soon replaces with the vault's own answer.
            offer(action.taskID, action.timestamp.instant?.seconds ?? action.timestamp.localSeconds, position)
        case .action(let action):
            removals.append(Removal(type: action.taskID, date: action.date, position: position))
        }
    }

    /// False for a processed action (already committed).
    package static func isPending(_ item: PendingItem) -> Bool {
        if case .action(let action) = item { return !action.processed }
        return true
    }

    /// The time `item` would show for its type, if any (nil for removals and processed actions).
    package static func shownTime(of item: PendingItem) -> Int64? {
        switch item {
        case .activity(_, let seconds): return seconds
        case .action(let action):
            guard !action.processed, action.kind == .quickAdd else { return nil }
            return action.timestamp.instant?.seconds ?? action.timestamp.localSeconds
        }
    }

    private mutating func offer(_ type: String, _ time: Int64, _ position: Int) {
        if let current = latest[type], current.time >= time { return }
        latest[type] = (time, position)
    }

    /// The view of `cache` with this on top; nil when some queued time lies more than the
    /// view's tolerance after `now` (only the items themselves can say which time shows then).
    ///
    /// A pending `quick_remove` marks its type as going away when the entry the view shows for
    /// it is the one the drain will delete: the latest of that type, on the removal's local
    /// date, and already there when the removal was queued (a later add is not what it removes).
    package func view(over cache: [String: Int64], now: Int64, zone: any TimeZoneRules, failing: Int = 0) -> WidgetView?
    {
        var view = WidgetView(latest: cache, pendingCount: waiting)
        view.failingCount = invalid + failing
        var shownPosition: [String: Int] = [:]
        for (type, queued) in latest {
            guard queued.time <= now + WidgetView.futureTolerance else { return nil }
            if queued.time > view.latest[type] ?? Int64.min {
                view.latest[type] = queued.time
                shownPosition[type] = queued.position
            }
        }
        for removal in removals {
            guard let shown = view.latest[removal.type], removal.position > shownPosition[removal.type] ?? -1,
                zone.localInstant(at: shown).localDateAndTime.date == removal.date
            else { continue }
            view.removing.insert(removal.type)
        }
        return view
    }

    package static func == (lhs: QueueOverlay, rhs: QueueOverlay) -> Bool {
        lhs.elements == rhs.elements && lhs.pending == rhs.pending && lhs.processed == rhs.processed
            && lhs.removals == rhs.removals && lhs.latest.count == rhs.latest.count
            && lhs.latest.allSatisfy { type, value in
                rhs.latest[type].map { $0.time == value.time && $0.position == value.position } ?? false
            }
    }
}
