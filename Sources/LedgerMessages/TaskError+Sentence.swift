import LedgerCore
import LedgerOutput
package import LedgerVault

/// The words of each `TaskError`.
extension TaskError {
    /// What the refusal says to a person: what is wrong, where, and how to fix it.
    package var sentence: String {
        switch self {
        case .notePathRefused(let path, let reason):
            "\(DisplayText.quotedPath(path)) cannot be a task note (\(reason)); name a Markdown note inside the vault"
        case .noteNotFound(let name):
            "no note \(DisplayText.quoted(name)) in the vault; give its path (Tasks/Fix bug.md) or its file name "
                + "without .md ('alog tasks --status all' lists them)"
        case .ambiguousNote(let name, let candidates):
            "several notes are called \(DisplayText.quoted(name)): "
                + candidates.map { DisplayText.quoted($0) }.joined(separator: ", ")
                + "; give the path of the one you mean"
        case .notATask(let path):
            "\(DisplayText.quotedPath(path)) is not a task: its frontmatter has no ems__Effort_status; "
                + "add 'ems__Effort_status: \"[[ems__EffortStatusToDo]]\"' to make it one"
        case .linkStartRefused(let path, let start, let reason):
            Self.linkStartSentence(path: path, start: start, reason: reason)
        case .noteIsFolder(let path, let title):
            "the note of the running task \(DisplayText.quoted(title)), \(DisplayText.quotedPath(path)), is a folder now, not a note; nothing was stopped or marked done, and its timer keeps running. Put the note back in the folder's place (move the folder away) and run 'alog task complete' again, or stop the timer without the note: alog stop"
        case .unreadableNote(let path, let line, let reason):
            "cannot read the frontmatter of \(DisplayText.quotedPath(path))"
                + (line.map { " (line \($0))" } ?? "") + ": \(reason); fix it in the note and try again"
        case .noTaskRunning(let type?):
            "the running timer (\(type)) is not a task's; stop it with 'alog stop', or name the task note"
        case .noTaskRunning(nil):
            "no task is running; start one with 'alog task start NOTE', or name the task note"
        case .noPausedTask:
            "no paused task to resume; start one with 'alog task start NOTE'"
        case .taskDone(let path):
            "\(DisplayText.quotedPath(path)) is done (its ems__Effort_status says so); 'alog task start' it to work on it again"
        case .taskAlreadyRunning(let path, let since):
            "\(DisplayText.quotedPath(path)) is already running (since \(Render.clock(since)) on \(Render.date(since))); 'alog task pause' or 'alog task complete' it"
        }
    }
}

extension TaskError {
    /// A refused task link's start: why, that nothing was written, and the command that does
    /// it on purpose.
    static func linkStartSentence(path: String, start: LocalInstant, reason: LinkStartProblem) -> String {
        let quoted = DisplayText.quotedPath(path)
        let when = "\(Render.clock(start)) on \(Render.date(start))"
        let onPurpose = "alog task start \(quoted) --at \(start.iso8601)"
        switch reason {
        case .moreThanADayBack:
            return
                "the link starts \(quoted) at \(when), more than a day ago: its timer would count all the time since. Nothing was written. To start it then on purpose: \(onPurpose); to start it now, make the link again"
        case .beforeLastStop(let stop):
            return
                "the link starts \(quoted) at \(when), before its timer last stopped (\(Render.clock(stop)) on \(Render.date(stop))): an old link opened again? Nothing was written. To start it then on purpose: \(onPurpose) (--adjust trims a window it falls into)"
        case .taskDone:
            return
                "the link starts \(quoted), whose note says it is done; a link does not reopen a finished task. Nothing was written. To work on it again on purpose: alog task start \(quoted) (--at TIME for an earlier start)"
        }
    }
}
