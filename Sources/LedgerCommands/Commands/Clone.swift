import ArgumentParser
import LedgerCore
import LedgerEnvironment
import LedgerVault

struct Clone: OutcomeCommand {
    static let configuration = CommandConfiguration(
        commandName: "clone", abstract: "Set up this machine as a new device of an existing vault.",
        discussion: """
            URL may be a path, file://, git://, ssh:// (or user@host:path) or https://. The clone gets \
            its own device id; 'origin' becomes the remote 'alog sync' uses.
            """)

    @Argument(help: "The vault to clone.")
    var url: String

    @Flag(help: "Print JSON (documented in docs/cli.md).")
    var json = false

    @Option(
        name: .long,
        help:
            "The new vault's folder, which must be empty or absent. Default: $ALOG_VAULT, else 'alog config vault', else $XDG_DATA_HOME/alog/vault."
    )
    var vault: String?

    func validate() throws { try VaultOptions.checkExplicit(vault) }

    func execute() throws -> (vault: Vault, report: SyncOutcome) {
        let (vault, report) = try Vault.clone(
            url: url, into: VaultLocation(explicit: self.vault, lookingAround: false).path,
            progress: json ? nil : ProgressLine.reporter())
        DefaultVault.settle(vault.root)
        return (vault, report)
    }

    func render(_ cloned: (vault: Vault, report: SyncOutcome)) {
        let (vault, report) = cloned
        if json {
            emit(
                JSONText.object([
                    ("vault", JSONText.string(vault.root)),
                    ("device", JSONText.string(vault.device.id)),
                    ("deviceName", JSONText.string(vault.device.name)),
                    ("url", JSONText.string(report.url)),
                    ("branch", JSONText.string(report.branch)),
                    ("eventsReceived", String(report.eventsReceived)),
                ]))
        } else {
            emitLine(
                "cloned \(report.url) into \(vault.root): \(report.eventsReceived) events; this machine is device \(vault.device.id) (\(vault.device.name))"
            )
        }
    }
}
