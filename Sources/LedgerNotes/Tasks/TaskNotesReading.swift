/// How the CLI reads a vault's task notes. Reading YAML takes a library (Yams) that imports
/// Foundation, which `alog-full` must not link (its start-up, issue 26): LedgerTaskNotes
/// implements this, `alog-notes` installs it, and in `alog-full` the task commands hand their
/// command line to `alog-notes` instead.
public protocol TaskNotesReading: Sendable {
    /// Every task note of the vault at `vault` (sorted by path), and one line for each note
    /// that could not be read (`path:line: what is wrong`).
    func scan(vault: String) -> (tasks: [TaskNote], problems: [String])
    /// The task note `name` names: a vault-relative path, or a file name without `.md`.
    func task(named name: String, vault: String) throws -> TaskNote
}
