public import LedgerCore

/// What the task commands refuse (`alog task …`, `alog open`), as data; LedgerMessages says it.
public enum TaskError: Error, Equatable {
    /// The path cannot name a user's note: outside the vault, inside `.git` or the ledger, not
    /// Markdown.
    case notePathRefused(path: String, reason: String)
    /// No note at that path, or no note with that file name.
    case noteNotFound(String)
    /// Several notes have that file name.
    case ambiguousNote(String, candidates: [String])
    /// The note has no `ems__Effort_status` in its frontmatter.
    case notATask(path: String)
    /// The note's frontmatter cannot be read or edited (line in the file, what is wrong).
    case unreadableNote(path: String, line: Int?, reason: String)
    /// `task pause` or `task complete` without a note while no task's timer runs.
    case noTaskRunning(runningType: String?)
    /// `task resume` with no paused task.
    case noPausedTask
    /// `task resume` of a task whose note says it is done.
    case taskDone(path: String)
    /// `task start` of a task already running.
    case taskAlreadyRunning(path: String, since: LocalInstant)
    /// `task complete` while the running task's note path holds a folder: refused before its
    /// timer is stopped (the timer keeps running).
    case noteIsFolder(path: String, title: String)
    /// A task link (`alog open exocortex://task/start?…`) whose start would rewrite time or a
    /// finished task without a word: refused; `alog task start … --at` does it on purpose.
    case linkStartRefused(path: String, startTime: LocalInstant, reason: LinkStartProblem)

    /// Why a task link's start is refused.
    public enum LinkStartProblem: Equatable, Sendable {
        /// The start lies more than `TaskError.linkStartReach` seconds back.
        case moreThanADayBack
        /// The start lies before the task's timer last stopped (then).
        case beforeLastStop(LocalInstant)
        /// The note says the task is done.
        case taskDone
    }

    /// How far back a task link may start its timer: a day.
    public static let linkStartReach: Int64 = 86_400
}

extension TaskError: CodedError {
    /// The stable code of each case (docs/cli.md, "Error codes").
    public var code: ErrorCode {
        switch self {
        case .notePathRefused: .notePathRefused
        case .noteNotFound: .noteNotFound
        case .ambiguousNote: .ambiguousNote
        case .notATask: .notATask
        case .unreadableNote: .unreadableNote
        case .noTaskRunning: .noTaskRunning
        case .noPausedTask: .noPausedTask
        case .taskDone: .taskDone
        case .taskAlreadyRunning: .taskAlreadyRunning
        case .noteIsFolder: .noteIsFolder
        case .linkStartRefused: .taskLinkStartRefused
        }
    }
}
