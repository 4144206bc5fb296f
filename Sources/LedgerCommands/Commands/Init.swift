import ArgumentParser
import LedgerEnvironment
import LedgerMessages
import LedgerOutput
import LedgerVault

struct Init: OutcomeCommand {
    static let configuration = CommandConfiguration(
        commandName: "init", abstract: "Create a vault, or adopt an existing git repository or folder of notes.",
        discussion: "Only the ledger's own folder (.alog/) is written and committed; your notes are left as they are."
    )

    @Flag(help: "In a folder inside another git repository: make a separate repository here instead of refusing.")
    var nested = false

    @OptionGroup var options: VaultOptions

    func execute() throws -> (vault: Vault, outcome: Vault.InitOutcome) {
        let (vault, outcome) = try Vault.initialize(
            at: options.location.path, nested: nested, notify: { Terminal.warn($0.sentence) })
        if !options.location.isDefault { DefaultVault.settle(vault.root) }
        return (vault, outcome)
    }

    func render(_ made: (vault: Vault, outcome: Vault.InitOutcome)) {
        emitLine(
            "\(made.outcome.rawValue) at \(made.vault.root) (device \(made.vault.device.id), \(made.vault.device.name))"
        )
    }
}
