import ArgumentParser
import LedgerCore
import LedgerEnvironment
import LedgerOutput
import LedgerVault
import LedgerWidget

struct TaskCurrent: OutcomeCommand {
    static let configuration = CommandConfiguration(
        commandName: "current", abstract: "The task whose timer runs (current_task.json's content with --json).")

    @Flag(help: "current_task.json's shape: id, title, startTime, vaultName (and path); null when none runs.")
    var json = false

    @OptionGroup var options: VaultOptions

    func execute() throws -> (interval: Timeline.Interval?, vaultName: String) {
        let vault = try VaultOptions.open(explicit: options.vault)
        return (try vault.tasks.running(), vault.vaultName)
    }

    func render(_ current: (interval: Timeline.Interval?, vaultName: String)) {
        guard let interval = current.interval, let task = interval.entry.task else {
            return emit(json ? "null" : "no task is running")
        }
        if json {
            let file = CurrentTaskFile(task: task, since: interval.start.seconds, vaultName: current.vaultName)
            emit(JSONText.object(file.members.map { ($0.0, $0.1) }))
        } else {
            let now = CommandClock.nowSeconds
            emit(
                "\(DisplayText.escaped(task.title)) (\(DisplayText.escaped(task.path))) for \(formatDuration(interval.seconds(now: now))), since \(Render.clock(interval.start))"
            )
        }
    }
}
