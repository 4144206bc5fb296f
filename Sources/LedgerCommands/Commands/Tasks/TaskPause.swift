import ArgumentParser
import LedgerCore
import LedgerEnvironment
import LedgerOutput
import LedgerVault

struct TaskPause: InputChecked, OutcomeCommand {
    static let configuration = CommandConfiguration(
        commandName: "pause", abstract: "Stop the running task's timer; the note stays Doing ('task resume' goes on).")

    @Option(parsing: .unconditional, help: "When work paused (default: now).")
    var at: String?

    @OptionGroup var options: VaultOptions

    func checkedInput(_ time: TimeExpression) throws -> LocalInstant { try Stop.input(at: at, time) }

    func execute() throws -> Stopped {
        let instant = try checkedInput(CommandClock.expression)
        let vault = try VaultOptions.open(explicit: options.vault) { try $0.tasks.checkPause(at: instant) }
        let (paused, appended) = try vault.tasks.pause(at: instant)
        return Stopped(interval: paused, at: instant, warnings: appended.warnings)
    }

    func render(_ paused: Stopped) {
        paused.warnings.forEach(Terminal.warn)
        let title = paused.interval.entry.task.map { DisplayText.quoted($0.title) } ?? paused.interval.entry.type
        emit(
            "paused task \(title) at \(Render.clock(paused.at)) after \(formatDuration(paused.interval.seconds(now: paused.at.seconds)))"
        )
    }
}
