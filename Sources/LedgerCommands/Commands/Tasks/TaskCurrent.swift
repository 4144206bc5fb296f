import ArgumentParser
import LedgerCore
import LedgerEnvironment
import LedgerOutput
import LedgerVault

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
            let start = interval.start
            var iso = LocalInstant(seconds: start.seconds, offset: 0).iso8601
            if iso.hasSuffix("+00:00") { iso = String(iso.dropLast(6)) + "Z" }
            emit(
                JSONText.object([
                    ("id", JSONText.string(task.id)), ("title", JSONText.string(task.title)),
                    ("startTime", JSONText.string(iso)), ("vaultName", JSONText.string(current.vaultName)),
                    ("path", JSONText.string(task.path)),
                ]))
        } else {
            let now = CommandClock.nowSeconds
            emit(
                "\(DisplayText.escaped(task.title)) (\(DisplayText.escaped(task.path))) for \(formatDuration(interval.seconds(now: now))), since \(Render.clock(interval.start))"
            )
        }
    }
}
