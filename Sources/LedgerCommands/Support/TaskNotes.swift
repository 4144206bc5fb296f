import LedgerCore
import LedgerFastPath
public import LedgerNotes
import LedgerOutput
import LedgerSystem
import LedgerVault

/// The task notes reader of this process: `alog-notes` installs one (LedgerTaskNotes, which
/// reads YAML with Yams), tests too. In `alog-full` there is none, so Foundation stays out of
/// its start-up: a task command there hands its whole command line to `alog-notes`.
public enum TaskNotes {
    /// Set once, at the start of the process, before any command runs.
    nonisolated(unsafe) public static var reader: (any TaskNotesReading)?

    /// The reader, or (in `alog-full`) the process replaced by `alog-notes` with the same
    /// command line.
    static func required() -> any TaskNotesReading {
        if let reader { return reader }
        FullCLI.exec(Array(CommandLine.arguments.dropFirst()), program: "alog-notes", variable: "ALOG_NOTES")
    }

    /// The task note `name` names in `vault`, its working copy, and that copy with its status
    /// set to `status` (nil when it already says so).
    static func noteChange(_ name: String, in vault: Vault, status: EffortStatus) throws -> (TaskNote, NoteChange?) {
        let task = try required().task(named: name, vault: vault.root)
        return (task, try noteChange(task, in: vault, status: status))
    }

    /// The largest task note alog rewrites (notes are text; its lines are not limited).
    static let noteLimits = FileSystem.InputLimits(maxBytes: 16 << 20, maxLineBytes: nil)

    /// `task`'s working copy with its status set to `status`; nil when it already says so.
    static func noteChange(_ task: TaskNote, in vault: Vault, status: EffortStatus) throws -> NoteChange? {
        let full = vault.root + "/" + task.path
        let read: [UInt8]?
        do {
            read = try FileSystem.readInput(full, limits: noteLimits)
        } catch {
            throw TaskError.unreadableNote(path: task.path, line: nil, reason: error.reason)
        }
        guard let before = read else { throw TaskError.noteNotFound(task.path) }
        let after: [UInt8]
        do {
            after = try FrontmatterEdit.setting(TaskNote.statusKey, to: status.wikilink, in: before)
        } catch {
            let line: Int? =
                switch error {
                case .unreadableLine(let line, _): line
                case .duplicateKey(_, let lines): lines.first
                case .unclosedFrontmatter: 1
                }
            throw TaskError.unreadableNote(path: task.path, line: line, reason: error.description)
        }
        return after == before ? nil : NoteChange(path: task.path, before: before, after: after)
    }

    /// Stops a task timer whose note is gone (said as a warning), before a task command reads
    /// the vault's tasks.
    static func stopOrphan(_ vault: Vault, at: LocalInstant) throws {
        guard let (orphan, appended) = try vault.tasks.stopOrphan(at: at), let task = orphan.entry.task else { return }
        appended.warnings.forEach(Terminal.warn)
        Terminal.warn(
            "the note of task \(DisplayText.quoted(task.title)) (\(task.path)) is gone (deleted or renamed): "
                + "its timer was stopped at \(Render.clock(at)); 'alog task start NOTE' binds a timer to the note again"
        )
    }
}
