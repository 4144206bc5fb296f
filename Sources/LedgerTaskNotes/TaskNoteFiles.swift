public import LedgerNotes

/// `TaskNotesReading` over the files of a vault: `TaskScanner` and `TaskNoteReader`.
public struct TaskNoteFiles: TaskNotesReading {
    public init() {}

    public func scan(vault: String) -> (tasks: [TaskNote], problems: [String]) {
        let scan = TaskScanner.scan(vault: vault)
        return (scan.tasks, scan.problems.map { "\($0.path)" + ($0.line.map { ":\($0)" } ?? "") + ": \($0.message)" })
    }

    public func task(named name: String, vault: String) throws -> TaskNote {
        try TaskScanner.task(named: name, vault: vault)
    }
}
