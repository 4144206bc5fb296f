import ArgumentParser
import LedgerVault

struct Init: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Create a vault, or adopt an existing git repository or folder of notes.",
        discussion: "Only the ledger's own folder (.alog/) is written and committed; your notes are left as they are."
    )

    @OptionGroup var options: VaultOptions

    func run() throws {
        let (vault, outcome) = try Vault.initialize(at: options.location.path)
        emit("\(outcome.rawValue) at \(vault.root) (device \(vault.device.id), \(vault.device.name))")
    }
}
