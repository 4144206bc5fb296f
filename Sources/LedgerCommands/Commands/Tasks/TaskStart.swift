import ArgumentParser
import LedgerCore
import LedgerEnvironment
import LedgerNotes
import LedgerOutput
import LedgerVault

struct TaskStart: InputChecked, OutcomeCommand {
    static let configuration = CommandConfiguration(
        commandName: "start",
        abstract: "Set a task note to Doing and start its timer; prints the new entry's id.")

    @Argument(help: "The task note: its path in the vault, or its file name without .md.")
    var note: String

    @Option(parsing: .unconditional, help: "When work started (default: now).")
    var at: String?

    @Option(help: "The timer's type (default: task, defined by the first task start).")
    var type: String?

    @Flag(help: "Trim a timer whose window the start falls into, instead of refusing.")
    var adjust = false

    @OptionGroup var options: VaultOptions

    func checkedInput(_ time: TimeExpression) throws -> (instant: LocalInstant, type: String) {
        (try Stop.input(at: at, time), try type.map(InputCheck.typeName) ?? VaultTasks.defaultType.name)
    }

    struct Started {
        var task: TaskNote
        var id: EventID
        var instant: LocalInstant
        var plan: VaultTasks.StartPlan
        var statusChanged: Bool
        var warnings: [Notice]
    }

    func execute() throws -> Started {
        let reader = TaskNotes.required()
        let (instant, type) = try checkedInput(CommandClock.expression)
        // The note is found and its edit made before anything is written (queued taps, notes).
        var found: (task: TaskNote, change: NoteChange?)?
        let vault = try VaultOptions.open(explicit: options.vault) { vault in
            let task = try reader.task(named: note, vault: vault.root)
            found = (task, try TaskNotes.noteChange(task, in: vault, status: .doing))
        }
        try TaskNotes.stopOrphan(vault, at: instant)
        let (task, change) = found!
        let (started, plan) = try vault.tasks.start(
            task: TaskRef(path: task.path, title: task.title), type: type, at: instant, adjust: adjust, note: change)
        return Started(
            task: task, id: started.events.last!.id, instant: instant, plan: plan, statusChanged: change != nil,
            warnings: started.warnings)
    }

    func render(_ started: Started) {
        started.warnings.forEach(Terminal.warn)
        guard Terminal.stdoutIsTTY || Terminal.stderrIsTTY else { return emit(started.id.description) }
        let now = CommandClock.nowSeconds
        var text = Render.confirmation(
            "started task \(DisplayText.quoted(started.task.title))", at: started.instant, id: started.id, now: now)
        if let stopped = started.plan.timer.stops {
            text += "; stopped \(stopped.entry.task.map { DisplayText.quoted($0.title) } ?? stopped.entry.type)"
            text += " after \(formatDuration(started.instant.seconds - stopped.start.seconds))"
        }
        if started.statusChanged { text += "; \(started.task.path) is now Doing" }
        if started.plan.definesType { text += " (type 'task' defined)" }
        Log.report(id: started.id, confirmation: text)
    }
}
