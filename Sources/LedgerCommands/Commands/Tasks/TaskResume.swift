import ArgumentParser
import LedgerCore
import LedgerEnvironment
import LedgerNotes
import LedgerOutput
import LedgerVault

struct TaskResume: InputChecked, OutcomeCommand {
    static let configuration = CommandConfiguration(
        commandName: "resume", abstract: "Start the paused task's timer again, bound to the same note.")

    @Option(parsing: .unconditional, help: "When work resumed (default: now).")
    var at: String?

    @OptionGroup var options: VaultOptions

    func checkedInput(_ time: TimeExpression) throws -> LocalInstant { try Stop.input(at: at, time) }

    struct Resumed {
        var task: TaskRef
        var id: EventID
        var instant: LocalInstant
        var warnings: [Notice]
    }

    func execute() throws -> Resumed {
        let reader = TaskNotes.required()
        let instant = try checkedInput(CommandClock.expression)
        var paused: TaskRef?
        let vault = try VaultOptions.open(explicit: options.vault) { vault in
            if let running = try vault.summary().timeline.running {
                throw TimerError.alreadyRunning(type: running.entry.type, since: running.start)
            }
            guard let task = try vault.tasks.lastPaused()?.entry.task else { throw TaskError.noPausedTask }
            // The note decides: gone, or done (on this device or another), is not resumed.
            let note: TaskNote
            do {
                note = try reader.task(named: task.path, vault: vault.root)
            } catch {
                throw TaskError.noteNotFound(task.path)
            }
            if note.status == .done { throw TaskError.taskDone(path: task.path) }
            paused = task
        }
        let task = paused!
        let (_, started) = try vault.tasks.resume(at: instant)
        return Resumed(task: task, id: started.entryID!, instant: instant, warnings: started.warnings)
    }

    func render(_ resumed: Resumed) {
        resumed.warnings.forEach(Terminal.warn)
        guard Terminal.stdoutIsTTY || Terminal.stderrIsTTY else { return emit(resumed.id.description) }
        Log.report(
            id: resumed.id,
            confirmation: Render.confirmation(
                "resumed task \(DisplayText.quoted(resumed.task.title))", at: resumed.instant, id: resumed.id,
                now: CommandClock.nowSeconds))
    }
}
