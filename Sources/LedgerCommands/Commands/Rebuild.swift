import ArgumentParser
import LedgerEnvironment
import LedgerMessages
import LedgerOutput
import LedgerSystem
import LedgerVault

struct Rebuild: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Fold every event again from the vault and rewrite the caches.")

    @OptionGroup var options: VaultOptions

    func run() throws {
        // Whatever in .git/alog/ cannot be read is replaced first: opening the vault reads it.
        try Vault.clearDamagedState(at: options.location.path).forEach { emitLine($0.sentence) }
        let vault = try options.open()
        let report = try vault.rebuild()
        Terminal.reportLineIssues(vault)
        let millis = Int((report.seconds * 1000).rounded())
        emit(
            "\(report.events) events, \(report.entries) entries (\(report.liveEntries) live), \(report.types) defined types, \(report.duplicates) duplicates, \(report.skippedLines.count) damaged lines skipped, in \(millis) ms"
        )
        // Ending now, the process exit frees the fold at once (not piece by piece).
        Invocation.keepUntilExit(vault)
    }
}
