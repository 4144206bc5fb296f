import ArgumentParser
import LedgerCore
import LedgerOutput
import LedgerVault

struct Audit: OutcomeCommand {
    static let configuration = CommandConfiguration(
        commandName: "audit",
        abstract: "Print the raw event log, oldest first, with the commit, device and author of each event.")

    @Flag(help: "Print a JSON array (documented in docs/cli.md).")
    var json = false

    @OptionGroup var options: VaultOptions

    func execute() throws -> [Vault.AuditRecord] { try AuditQuery().perform(in: options.access) }

    func render(_ records: [Vault.AuditRecord]) {
        if json {
            AuditQuery().json(records, write: emitPart)
        } else {
            records.forEach { emit(Render.auditLine($0)) }
        }
    }
}
