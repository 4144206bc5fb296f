public import LedgerCore

/// Why one note could not be found or read as a task, as data.
public enum TaskLookupError: Error, Hashable, Sendable {
    /// No note has this name (file name without `.md`) or vault path.
    case noSuchNote(String)
    /// Several notes have this file name: their vault paths, sorted. A path names one.
    case ambiguousNote(String, paths: [String])
    /// The path leads out of the vault (`..`, an absolute path elsewhere) or into a hidden
    /// folder.
    case outsideVault(String)
    /// A folder stands where the note belongs (`path`, vault-relative; `vault`, the vault's
    /// folder).
    case noteIsAFolder(path: String, vault: String)
    /// The note is there but has no `ems__Effort_status`.
    case notATask(path: String)
    /// The note cannot be read, or its frontmatter is damaged.
    case unreadable(TaskProblem)
}

extension TaskLookupError: CodedError {
    /// The stable code of each case.
    public var code: ErrorCode {
        switch self {
        case .noSuchNote: .noSuchNote
        case .ambiguousNote: .ambiguousNote
        case .outsideVault: .outsideVault
        case .notATask: .notATask
        case .noteIsAFolder: .noteIsFolder
        case .unreadable(let problem): problem.code
        }
    }
}

extension TaskLookupError: CustomStringConvertible {
    /// What went wrong and what to give instead.
    public var description: String {
        switch self {
        case .noSuchNote(let name):
            return
                "no note named \(DisplayText.escaped(name)) in the vault (give its file name without .md, or its path)"
        case .ambiguousNote(let name, let paths):
            let listed = paths.map { DisplayText.escaped($0) }.joined(separator: ", ")
            return "\(paths.count) notes are named \(DisplayText.escaped(name)): \(listed); give the path of one"
        case .outsideVault(let path):
            return "\(DisplayText.escaped(path)) is not a note path inside the vault"
        case .noteIsAFolder(let path, let vault):
            let full = (vault.hasSuffix("/") ? vault : vault + "/") + path
            return
                "\(DisplayText.escaped(path)) is a folder where the note belongs; move it away: mv \(DisplayText.shellWord(full)) \(DisplayText.shellWord(full + ".folder")), and put the note back"
        case .notATask(let path):
            return "\(DisplayText.escaped(path)) is not a task: its frontmatter has no \(taskKey)"
        case .unreadable(let problem):
            return problem.description
        }
    }

    private var taskKey: String { "ems__Effort_status" }
}
