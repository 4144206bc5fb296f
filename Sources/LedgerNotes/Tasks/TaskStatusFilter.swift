/// Which tasks a listing shows (`--status`).
public enum TaskStatusFilter: String, CaseIterable, Hashable, Sendable {
    /// Being worked on: Doing.
    case doing
    /// Open and not being worked on: Draft, Backlog, Analysis, To Do, and Waiting (parked
    /// after a start). Neither Doing, Done nor Trashed; a status alog does not know is not
    /// counted.
    case todo
    /// Finished: Done. (Trashed is not done: it shows under `all` only.)
    case done
    /// Every task, whatever its status (Trashed and unknown values included).
    case all

    /// True when a task with `status` is shown.
    public func includes(_ status: EffortStatus) -> Bool {
        switch self {
        case .doing: status == .doing
        case .todo: [.draft, .backlog, .analysis, .toDo, .waiting].contains(status)
        case .done: status == .done
        case .all: true
        }
    }
}
