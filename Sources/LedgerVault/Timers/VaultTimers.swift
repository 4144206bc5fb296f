public import LedgerCore

extension Vault {
    /// The vault's duration timers: start, stop, resume, track, cancel, goals.
    public var timers: VaultTimers { VaultTimers(vault: self) }
}

/// Duration timers (docs/cli.md, "Timers"; the rule that keeps them on one line is `Timeline`),
/// a service over a `Vault`, whose commits and projections it uses. Each command has a check
/// that throws what it would refuse without writing anything, so the CLI can run it before the
/// widget's queue is committed.
public struct VaultTimers {
    public let vault: Vault

    /// The longest goal a timer may carry.
    public static let maxTimerGoal: Int64 = 7 * 86_400
    /// The longest daily goal.
    public static let maxDailyGoal: Int64 = 86_400

    /// What `start` will do.
    public struct StartPlan: Sendable {
        /// The running timer it stops at the new start (switching), if any.
        public var stops: Timeline.Interval?
        /// Neighbours it trims (`--adjust`): entry and its new end.
        public var trims: [(entry: Entry, end: LocalInstant)]
    }

    /// The timeline around `instant`: the summary's recent timers when they reach back that
    /// far (no window older than them can reach `instant`: the next start ends it), else the
    /// full state's.
    func timeline(around instant: Int64) throws -> Timeline {
        let summary = try vault.summary()
        guard let first = summary.recentTimers.first, first.at.seconds > instant else { return summary.timeline }
        return try vault.state().timeline
    }

    /// Throws what `start` would refuse; returns what it will do.
    public func checkStart(type: String, at: LocalInstant, goal: Int64?, adjust: Bool) throws -> StartPlan {
        try vault.checkLog(type: type)
        return try checkStartWindow(at: at, goal: goal, adjust: adjust)
    }

    /// `checkStart` without the type's check (a task's start may define its type).
    func checkStartWindow(at: LocalInstant, goal: Int64?, adjust: Bool) throws -> StartPlan {
        if let goal, !(1...Self.maxTimerGoal).contains(goal) {
            throw TimerError.goalOutOfRange(seconds: goal, limit: Self.maxTimerGoal)
        }
        let timeline = try timeline(around: at.seconds)
        var plan = StartPlan(stops: nil, trims: [])
        if let running = timeline.running, running.start.seconds <= at.seconds {
            plan.stops = running
        }
        // A start inside a stopped window (or at another timer's very start) overlaps it.
        for interval in timeline.intervals where interval.entry.id != plan.stops?.entry.id {
            guard let end = interval.end else { continue }
            // An empty window (a timer a later start cut to nothing) is in nobody's way.
            guard end.seconds > interval.start.seconds else { continue }
            let inside = interval.start.seconds < at.seconds && at.seconds < end.seconds
            let same = interval.start.seconds == at.seconds
            guard inside || same else { continue }
            guard adjust, inside else {
                throw TimerError.overlaps(
                    entry: interval.entry.id.description, type: interval.entry.type, start: interval.start, end: end)
            }
            plan.trims.append((interval.entry, at))
        }
        return plan
    }

    /// Starts a timer (stopping the running one at the same instant: switching) as one commit.
    public func start(
        type: String, at: LocalInstant, note: String?, goal: Int64?, adjust: Bool = false, task: TaskRef? = nil,
        tags: [String] = []
    )
        throws -> (started: Vault.Appended, plan: StartPlan)
    {
        let plan = try checkStart(type: type, at: at, goal: goal, adjust: adjust)
        let bodies = Self.startBodies(plan, type: type, at: at, note: note, goal: goal, task: task)
        let switched = plan.stops.map { " (stops \($0.entry.type))" } ?? ""
        let appended = try vault.append(
            bodies, message: "alog: start \(type) at \(at.iso8601)\(switched)", tags: tags)
        return (appended, plan)
    }

    /// A start's events: the running timer stopped (a switch), the trims, the start itself.
    static func startBodies(
        _ plan: StartPlan, type: String, at: LocalInstant, note: String?, goal: Int64?, task: TaskRef?
    ) -> [EventBody] {
        var bodies: [EventBody] = []
        if let running = plan.stops { bodies.append(.stopped(target: running.entry.id, at: at, note: nil)) }
        for trim in plan.trims { bodies.append(.edited(target: trim.entry.id, changes: EntryChanges(end: trim.end))) }
        let noteText = note.flatMap { $0.isEmpty ? nil : $0 }
        bodies.append(.started(type: type, at: at, note: noteText, goal: goal, task: task))
        return bodies
    }

    /// The running timer `stop` would stop; throws what it would refuse.
    @discardableResult
    public func checkStop(at: LocalInstant) throws -> Timeline.Interval {
        guard let running = try vault.summary().timeline.running else { throw TimerError.nothingRunning }
        guard at.seconds >= running.start.seconds else {
            throw TimerError.stopBeforeStart(type: running.entry.type, since: running.start, at: at)
        }
        return running
    }

    /// Stops the running timer at `at`.
    public func stop(at: LocalInstant, note: String?) throws -> (stopped: Timeline.Interval, appended: Vault.Appended) {
        var running = try checkStop(at: at)
        let noteText = note.flatMap { $0.isEmpty ? nil : $0 }
        let appended = try vault.append(
            [.stopped(target: running.entry.id, at: at, note: noteText)],
            message: "alog: stop \(running.entry.type) at \(at.iso8601)")
        running.end = at
        return (running, appended)
    }

    /// The stopped timer `resume` would continue (the most recently stopped one, or the timer
    /// `prefix` names: `continue ID`); throws what it would refuse.
    @discardableResult
    public func checkResume(at: LocalInstant, entry prefix: String? = nil) throws -> Timeline.Interval {
        var timeline = try vault.summary().timeline
        if let running = timeline.running {
            throw TimerError.alreadyRunning(type: running.entry.type, since: running.start)
        }
        let chosen: Timeline.Interval
        if let prefix {
            let entry = try vault.resolveEntry(prefix)
            guard entry.isTimed else { throw TimerError.notTimed(entry: entry.id.description) }
            guard !entry.isDeleted else { throw TimerError.deletedTimer(entry: entry.id.description) }
            guard let interval = try vault.state().timeline.interval(of: entry.id) else {
                throw TimerError.nothingToResume
            }
            chosen = interval
        } else {
            if timeline.lastStopped == nil { timeline = try vault.state().timeline }
            guard let last = timeline.lastStopped else { throw TimerError.nothingToResume }
            chosen = last
        }
        _ = try checkStart(type: chosen.entry.type, at: at, goal: chosen.entry.goalSeconds, adjust: false)
        return chosen
    }

    /// Starts a new timer with the type, note and goal of the most recently stopped one, or
    /// of the timer `prefix` names.
    public func resume(at: LocalInstant, entry prefix: String? = nil) throws
        -> (resumed: Timeline.Interval, started: Vault.Appended)
    {
        let last = try checkResume(at: at, entry: prefix)
        // A task's timer resumes bound to the same task note, a tagged one with its tags.
        let (started, _) = try start(
            type: last.entry.type, at: at, note: last.entry.note, goal: last.entry.goalSeconds, task: last.entry.task,
            tags: last.entry.tags)
        return (last, started)
    }

    /// Throws what a window edit (`--start`/`--end`) of `entry` would refuse, and returns the
    /// neighbours `--adjust` trims (entry, its new start or end).
    public func checkWindow(of entry: Entry, start: LocalInstant?, end: LocalInstant?, adjust: Bool) throws
        -> [(entry: Entry, changes: EntryChanges)]
    {
        guard start != nil || end != nil else { return [] }
        if end != nil, !entry.isTimed { throw TimerError.notTimed(entry: entry.id.description) }
        guard entry.isTimed else { return [] }
        let timeline = try vault.state().timeline
        let current = timeline.interval(of: entry.id)
        let newStart = start ?? entry.at
        let newEnd = end ?? current?.end
        if let newEnd, newEnd.seconds < newStart.seconds {
            throw TimerError.endBeforeStart(start: newStart, end: newEnd)
        }
        return try Self.trims(for: entry.id, start: newStart, end: newEnd, in: timeline, adjust: adjust)
    }

    /// What a window from `start` to `end` (nil: open) of entry `id` would overlap: the
    /// neighbours `adjust` trims (entry, its new start or end), or the refusal.
    static func trims(
        for id: EventID?, start newStart: LocalInstant, end newEnd: LocalInstant?, in timeline: Timeline, adjust: Bool
    )
        throws -> [(entry: Entry, changes: EntryChanges)]
    {
        var trims: [(Entry, EntryChanges)] = []
        for other in timeline.intervals where other.entry.id != id {
            let otherEnd = other.end?.seconds ?? Int64.max
            let mineEnd = newEnd?.seconds ?? Int64.max
            guard other.start.seconds < mineEnd, newStart.seconds < otherEnd else { continue }
            // Trimmable: the neighbour sticks out on one side only.
            if adjust, other.start.seconds < newStart.seconds, otherEnd <= mineEnd {
                trims.append((other.entry, EntryChanges(end: newStart)))
            } else if adjust, let newEnd, other.start.seconds >= newStart.seconds, otherEnd > newEnd.seconds {
                trims.append((other.entry, EntryChanges(at: newEnd)))
            } else {
                throw TimerError.overlaps(
                    entry: other.entry.id.description, type: other.entry.type, start: other.start, end: other.end)
            }
        }
        return trims
    }

    /// Throws what `track` would refuse; returns the neighbours `adjust` trims.
    public func checkTrack(type: String, from start: LocalInstant, to end: LocalInstant, adjust: Bool) throws
        -> [(entry: Entry, changes: EntryChanges)]
    {
        try vault.checkLog(type: type)
        guard end.seconds > start.seconds else { throw TimerError.endBeforeStart(start: start, end: end) }
        return try Self.trims(for: nil, start: start, end: end, in: try timeline(around: start.seconds), adjust: adjust)
    }

    /// Records a timer that already ran, from `start` to `end`, as one commit (timewarrior's
    /// `track`): its start and its stop, after any trims `adjust` asked for.
    public func track(
        type: String, from start: LocalInstant, to end: LocalInstant, note: String?, adjust: Bool, tags: [String] = []
    )
        throws -> (appended: Vault.Appended, trims: [(entry: Entry, changes: EntryChanges)])
    {
        let trims = try checkTrack(type: type, from: start, to: end, adjust: adjust)
        let id = EventID.random()
        var bodies = trims.map { EventBody.edited(target: $0.entry.id, changes: $0.changes) }
        bodies.append(.started(type: type, at: start, note: note.flatMap { $0.isEmpty ? nil : $0 }, goal: nil))
        bodies.append(.stopped(target: id, at: end, note: nil))
        var ids = bodies.map { _ in EventID.random() }
        ids[ids.count - 2] = id
        (bodies, ids) = Vault.tagging(bodies, ids: ids, tags: tags)
        let appended = try vault.append(
            bodies, ids: ids, message: "alog: track \(type) from \(start.iso8601) to \(end.iso8601)")
        return (appended, trims)
    }

    /// The running timer `cancel` would drop; throws what it would refuse.
    @discardableResult
    public func checkCancel() throws -> Timeline.Interval {
        guard let running = try vault.summary().timeline.running else { throw TimerError.nothingRunning }
        return running
    }

    /// Drops the running timer, as if it had never started: its entry is deleted (a new
    /// event; `restore` or `undo` brings it back).
    public func cancel() throws -> (cancelled: Timeline.Interval, appended: Vault.Appended) {
        let running = try checkCancel()
        let appended = try vault.append(
            [.deleted(target: running.entry.id)], message: "alog: cancel \(running.entry.type) (\(running.entry.id))")
        return (running, appended)
    }

    /// Sets (or, with 0, removes) the daily goal of `type`.
    public func setDailyGoal(type: String, seconds: Int64) throws -> Vault.Appended {
        try checkDailyGoal(type: type, seconds: seconds)
        let text = seconds == 0 ? "remove" : formatDuration(seconds)
        return try vault.append(
            [.goalSet(type: type, seconds: seconds)], message: "alog: daily goal of \(type): \(text)")
    }

    public func checkDailyGoal(type: String, seconds: Int64) throws {
        // A removed type's goal can still be taken away (it is no longer shown either way).
        if seconds == 0, try vault.summary().definition(named: type)?.archived == true { return }
        try vault.checkLog(type: type)
        if seconds != 0, !(1...Self.maxDailyGoal).contains(seconds) {
            throw TimerError.goalOutOfRange(seconds: seconds, limit: Self.maxDailyGoal)
        }
    }
}
