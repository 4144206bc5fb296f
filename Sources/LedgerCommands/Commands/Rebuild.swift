import ArgumentParser
import LedgerEnvironment
import LedgerMessages
import LedgerOutput
import LedgerSystem
import LedgerVault

struct Rebuild: OutcomeCommand {
    static let configuration = CommandConfiguration(
        commandName: "rebuild", abstract: "Fold every event again from the vault and rewrite the caches.")

    @OptionGroup var options: VaultOptions

    func execute() throws -> (cleared: [RepairAction], rebuilt: Vault.RebuildOutcome) {
        // Whatever in .git/alog/ cannot be read is replaced first: opening the vault reads it.
        let cleared = try Vault.clearDamagedState(at: options.location.path)
        let vault = try options.open()
        let rebuilt = try vault.rebuild()
        Terminal.reportLineIssues(vault)
        // Ending now, the process exit frees the fold at once (not piece by piece).
        Invocation.keepUntilExit(vault)
        return (cleared, rebuilt)
    }

    func render(_ outcome: (cleared: [RepairAction], rebuilt: Vault.RebuildOutcome)) {
        outcome.cleared.forEach { emitLine($0.sentence) }
        let report = outcome.rebuilt
        let millis = Int((report.seconds * 1000).rounded())
        emit(
            "\(report.events) events, \(report.entries) entries (\(report.liveEntries) live), \(report.types) defined types, \(report.duplicates) duplicates, \(report.skippedLines.count) damaged lines skipped, in \(millis) ms"
        )
    }
}
