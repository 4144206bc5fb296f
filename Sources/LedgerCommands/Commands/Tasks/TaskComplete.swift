import ArgumentParser
import LedgerCore
import LedgerEnvironment
import LedgerNotes
import LedgerOutput
import LedgerSystem
import LedgerVault

struct TaskComplete: InputChecked, OutcomeCommand {
    static let configuration = CommandConfiguration(
        commandName: "complete",
        abstract: "Stop a task's timer and set its note to Done (default: the running task).",
        aliases: ["done"])

    @Argument(help: "The task note (default: the one whose timer runs).")
    var note: String?

    @Option(parsing: .unconditional, help: "When work ended (default: now).")
    var at: String?

    @Flag(help: "Print the Obsidian Advanced URI that sets the same status (for a phone's Obsidian).")
    var printURI = false

    @OptionGroup var options: VaultOptions

    func checkedInput(_ time: TimeExpression) throws -> LocalInstant { try Stop.input(at: at, time) }

    struct Completed {
        var title: String
        var path: String
        var stopped: Timeline.Interval?
        var statusChanged: Bool
        var orphaned: Bool
        var vaultName: String
        var warnings: [Notice]
    }

    func execute() throws -> Completed {
        _ = TaskNotes.required()  // in alog-full: hands the command line to alog-notes
        let instant = try checkedInput(CommandClock.expression)
        // A named note is found, and its edit made, before anything is written.
        var found: (task: TaskNote, change: NoteChange?)?
        let vault = try VaultOptions.open(explicit: options.vault) { vault in
            if let note { found = try TaskNotes.noteChange(note, in: vault, status: .done) }
            if note == nil, try vault.tasks.running() == nil {
                throw TaskError.noTaskRunning(runningType: try vault.summary().timeline.running?.entry.type)
            }
            // A folder in the running task's note's place: refused before the timer is stopped.
            if note == nil, let task = try vault.tasks.running()?.entry.task,
                FileSystem.isDirectory(vault.root + "/" + task.path)
            {
                throw TaskError.noteIsFolder(path: task.path, title: task.title)
            }
        }
        let running = try vault.tasks.running()
        let name: String
        if let found {
            name = found.task.path
        } else {
            guard let task = running?.entry.task else {
                throw TaskError.noTaskRunning(runningType: try vault.summary().timeline.running?.entry.type)
            }
            // The running task's note is gone: its timer is stopped, as orphaned.
            if let (orphan, appended) = try vault.tasks.stopOrphan(at: instant) {
                return Completed(
                    title: task.title, path: task.path, stopped: orphan, statusChanged: false, orphaned: true,
                    vaultName: vault.vaultName, warnings: appended.warnings)
            }
            name = task.path
        }
        let (task, change) = try found ?? TaskNotes.noteChange(name, in: vault, status: .done)
        let (stopped, appended) = try vault.tasks.complete(task: task.path, at: instant, note: change)
        return Completed(
            title: task.title, path: task.path, stopped: stopped, statusChanged: change != nil, orphaned: false,
            vaultName: vault.vaultName, warnings: appended?.warnings ?? [])
    }

    func render(_ done: Completed) {
        done.warnings.forEach(Terminal.warn)
        if done.orphaned {
            Terminal.warn(
                "the note \(done.path) is gone (deleted or renamed): its timer was stopped; nothing was marked done")
        }
        var text = "completed task \(DisplayText.quoted(done.title))"
        if let stopped = done.stopped, let end = stopped.end {
            text += " at \(Render.clock(end)) after \(formatDuration(stopped.seconds(now: end.seconds)))"
        }
        if done.statusChanged { text += "; \(done.path) is now Done" }
        if !done.statusChanged, !done.orphaned { text += " (\(done.path) already said Done)" }
        if !done.orphaned { emit(text) }
        if printURI {
            emit(AdvancedURI.completion(vault: done.vaultName, filepath: done.path))
        }
    }
}
