public import LedgerNotes

/// What a scan of a vault found: its tasks and the notes it could not read.
public struct TaskScan: Hashable, Sendable {
    /// The task notes, sorted by path (byte order of their UTF-8).
    public var tasks: [TaskNote]
    /// Notes that mention `ems__Effort_status` but cannot be read as tasks, and notes or
    /// folders that cannot be read at all, sorted by path.
    public var problems: [TaskProblem]

    public init(tasks: [TaskNote], problems: [TaskProblem]) {
        (self.tasks, self.problems) = (tasks, problems)
    }
}
