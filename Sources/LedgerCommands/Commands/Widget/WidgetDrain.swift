import ArgumentParser
import LedgerCore
import LedgerOutput
import LedgerVault

struct WidgetDrain: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "drain",
        abstract: "Commit the queued taps now (every command that opens the vault does this first).")

    @Flag(help: "Print JSON (documented in docs/cli.md).")
    var json = false

    @OptionGroup var options: VaultOptions

    func run() throws {
        let vault = try options.open(drainingWidgetQueue: false)
        let report = try vault.drainWidgetQueue() ?? Vault.DrainReport()
        try vault.ensureWidgetCache()
        let queued = vault.widgetStore.snapshot().queue.elements.count
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
                    ("warnings", JSONText.array(report.warnings.map(JSONText.string))),
                    ("queued", String(queued)),
                ]))
            return
        }
        Terminal.reportDrain(report)
        emit(
            "committed \(report.committed) event\(report.committed == 1 ? "" : "s"); \(queued) item\(queued == 1 ? "" : "s") left in the queue"
        )
    }
}
