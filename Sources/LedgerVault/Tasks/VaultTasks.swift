public import LedgerCore
import LedgerSystem

extension Vault {
    /// Timers bound to task notes (`alog task …`): start, pause, resume, complete, orphans.
    public var tasks: VaultTasks { VaultTasks(vault: self) }

    /// Throws when `path` cannot name a user's note the ledger may commit: it must be a
    /// Markdown note inside the work tree, outside `.git` and the ledger's own folder.
    func checkNotePath(_ path: String) throws {
        if let problem = TaskRef.pathProblem(path) { throw TaskError.notePathRefused(path: path, reason: problem) }
        let first = path.split(separator: "/").first.map(String.init) ?? ""
        if first == ".git" || VaultLayout.isLedgerPath(path) {
            throw TaskError.notePathRefused(path: path, reason: "inside \(first)/, which is not a note's place")
        }
    }
}

/// Task timers (docs/obsidian.md), a service over a `Vault` like `VaultTimers`, whose rules it
/// follows (one timer runs; a start stops the running one; `--at` back-dates). A task's timer
/// is a timer of the type `task` (defined by the first task start when the vault has no such
/// type) whose start event names the note; the note's status change goes into the same commit.
public struct VaultTasks {
    public let vault: Vault

    /// The type of a task's timer unless the command names another.
    public static let defaultType = ActivityTypeDefinition(name: "task", icon: "✅", group: "work", color: "#8e44ad")

    /// What `start` will do.
    public struct StartPlan: Sendable {
        public var timer: VaultTimers.StartPlan
        /// The timer's type as the vault names it (a former name read as the new one).
        public var type: String
        /// The type is defined by this start (the default type, not yet in the vault).
        public var definesType: Bool
    }

    /// The task timer running at HEAD, if one runs.
    public func running() throws -> Timeline.Interval? {
        guard let running = try vault.summary().timeline.running, running.entry.task != nil else { return nil }
        return running
    }

    /// Throws what `start` would refuse; returns what it will do.
    public func checkStart(task: TaskRef, type: String, at: LocalInstant, adjust: Bool) throws -> StartPlan {
        try vault.checkNotePath(task.path)
        let summary = try vault.summary()
        if let running = summary.timeline.running, running.entry.task?.path == task.path,
            running.start.seconds <= at.seconds
        {
            throw TaskError.taskAlreadyRunning(path: task.path, since: running.start)
        }
        // Only the default type is defined by a start; any other must be in use, as for `start`.
        let defines =
            summary.type(named: type) == nil && type == Self.defaultType.name
            && summary.definition(named: type)?.archived != true
        let resolved = defines ? type : try Vault.typeInUse(type, summary: summary).name
        let timer = try vault.timers.checkStartWindow(at: at, goal: nil, adjust: adjust)
        return StartPlan(timer: timer, type: resolved, definesType: defines)
    }

    /// Starts the task's timer (switching off the running one) and commits `note` (its status
    /// set to doing) with it, as one commit.
    public func start(task: TaskRef, type: String, at: LocalInstant, adjust: Bool, note: NoteChange?) throws
        -> (started: Vault.Appended, plan: StartPlan)
    {
        // The title a note gives is made one line of at most 500 characters, so the start reads back.
        let task = TaskRef(path: task.path, title: TaskRef.cleanTitle(task.title, fallback: task.id))
        let plan = try checkStart(task: task, type: type, at: at, adjust: adjust)
        var bodies: [EventBody] = plan.definesType ? [.typeDefined(Self.defaultType)] : []
        bodies += VaultTimers.startBodies(plan.timer, type: plan.type, at: at, note: nil, goal: nil, task: task)
        let switched = plan.timer.stops.map { " (stops \($0.entry.type))" } ?? ""
        let appended = try vault.append(
            bodies, message: "alog: start task \(task.path) at \(at.iso8601)\(switched)", notes: note.map { [$0] } ?? []
        )
        return (appended, plan)
    }

    /// The task timer `pause` would stop; throws what it would refuse.
    @discardableResult
    public func checkPause(at: LocalInstant) throws -> Timeline.Interval {
        let running = try vault.summary().timeline.running
        guard let running, running.entry.task != nil else {
            throw TaskError.noTaskRunning(runningType: running?.entry.type)
        }
        return try vault.timers.checkStop(at: at)
    }

    /// Stops the running task's timer; the note's status stays as it is (doing).
    public func pause(at: LocalInstant) throws -> (paused: Timeline.Interval, appended: Vault.Appended) {
        try checkPause(at: at)
        let (stopped, appended) = try vault.timers.stop(at: at, note: nil)
        return (stopped, appended)
    }

    /// When the timer of the task whose note is at `path` last stopped, if it ever did.
    public func lastStop(task path: String) throws -> LocalInstant? {
        try vault.state().timeline.intervals.last { $0.end != nil && $0.entry.task?.path == path }?.end
    }

    /// The most recently stopped task timer, if any.
    public func lastPaused() throws -> Timeline.Interval? {
        let recent = try vault.summary().timeline
        if let found = recent.intervals.last(where: { $0.end != nil && $0.entry.task != nil }) { return found }
        return try vault.state().timeline.intervals.last { $0.end != nil && $0.entry.task != nil }
    }

    /// Starts the paused task's timer again (bound to the same note); throws what it refuses.
    public func resume(at: LocalInstant) throws -> (resumed: Timeline.Interval, started: Vault.Appended) {
        if let running = try vault.summary().timeline.running {
            throw TimerError.alreadyRunning(type: running.entry.type, since: running.start)
        }
        guard let last = try lastPaused(), let task = last.entry.task else { throw TaskError.noPausedTask }
        let (started, _) = try start(task: task, type: last.entry.type, at: at, adjust: false, note: nil)
        return (last, started)
    }

    /// Completes a task: stops its timer when it runs (at `at`) and commits `note` (its status set
    /// to done) with that stop, as one commit. Returns the timer stopped, if one ran.
    public func complete(task path: String, at: LocalInstant, note: NoteChange?) throws
        -> (stopped: Timeline.Interval?, appended: Vault.Appended?)
    {
        try vault.checkNotePath(path)
        var running = try vault.summary().timeline.running
        if running?.entry.task?.path != path { running = nil }
        if running != nil { try vault.timers.checkStop(at: at) }
        var bodies: [EventBody] = []
        if let running { bodies.append(.stopped(target: running.entry.id, at: at, note: nil)) }
        guard !bodies.isEmpty || note != nil else { return (nil, nil) }
        let appended = try vault.append(
            bodies, message: "alog: complete task \(path) at \(at.iso8601)", notes: note.map { [$0] } ?? [])
        return (
            running.map {
                var stopped = $0; stopped.end = at; return stopped
            }, appended
        )
    }

    /// A task timer that runs while its note is gone from the working tree (deleted, or renamed
    /// outside alog): stopped at `at`, and returned. nil when there is none.
    public func stopOrphan(at: LocalInstant) throws -> (orphan: Timeline.Interval, appended: Vault.Appended)? {
        guard let running = try running(), let task = running.entry.task,
            !FileSystem.exists(vault.root + "/" + task.path)
        else { return nil }
        let at = at.seconds < running.start.seconds ? running.start : at
        let appended = try vault.append(
            [.stopped(target: running.entry.id, at: at, note: "task note \(task.path) is gone")],
            message: "alog: stop task \(task.path) (its note is gone)")
        var stopped = running
        stopped.end = at
        return (stopped, appended)
    }
}
