import ArgumentParser
import LedgerCore
import LedgerMessages
import LedgerOutput
import LedgerVault
import LedgerWidget

struct WidgetDrain: OutcomeCommand {
    static let configuration = CommandConfiguration(
        commandName: "drain",
        abstract: "Commit the queued taps now (every command that opens the vault does this first).")

    @Flag(help: "Print JSON (documented in docs/cli.md).")
    var json = false

    @OptionGroup var options: VaultOptions

    func execute() throws -> QueueDrained { try DrainQueueRequest().perform(in: options.access) }

    func render(_ drained: QueueDrained) {
        let (report, counts) = (drained.report, drained.counts)
        if json {
            report.warnings.forEach(Terminal.warn)
            emit(
                JSONText.object([
                    ("committed", String(report.committed)),
                    ("finishedInterrupted", report.finishedInterrupted ? "true" : "false"),
                    ("duplicates", String(report.duplicates)),
                    ("invalid", String(report.invalid)),
                    (
                        "failures",
                        JSONText.array(
                            report.failures.map {
                                JSONText.object([
                                    ("item", JSONText.string($0.item)), ("reason", JSONText.string($0.reason)),
                                ])
                            })
                    ),
                    ("savedAside", JSONText.array(report.savedAside.map(JSONText.string))),
                    ("warnings", JSONText.array(report.warnings.map { JSONText.string($0.sentence) })),
                    ("queued", String(counts.waiting)),
                    ("processed", String(counts.processed)),
                ]))
            return
        }
        Terminal.reportDrain(report)
        emit(drained.line)
    }
}
