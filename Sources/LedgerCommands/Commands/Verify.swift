import ArgumentParser
import LedgerMessages
import LedgerVault

struct Verify: OutcomeCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Check the whole log: damaged lines, duplicate ids, event lines changed or removed in history.",
        discussion: "Exits non-zero when anything is wrong.")

    @OptionGroup var options: VaultOptions

    func execute() throws -> Vault.VerifyOutcome { try options.open(reportingRemovals: false).verify() }

    func render(_ report: Vault.VerifyOutcome) {
        for issue in report.malformedLines { emitLine("damaged line: \(issue)") }
        for (id, places) in report.duplicateIDs {
            emitLine("duplicate event id \(id): \(places.joined(separator: ", "))")
        }
        for rewrite in report.rewrites {
            emitLine("commit \(rewrite.commit.hex) changed history: \(rewrite.path): \(rewrite.detail)")
        }
        for finding in report.movedBack {
            emitLine(finding.sentence)
        }
        for rewrite in report.repairedRewrites {
            emitLine("commit \(rewrite.commit.hex) removed event lines from \(rewrite.path); written back since (ok)")
        }
        emitLine(
            "checked \(report.eventsChecked) event line\(report.eventsChecked == 1 ? "" : "s") in \(report.commitsChecked) commit\(report.commitsChecked == 1 ? "" : "s"): \(report.isClean ? "ok" : "PROBLEMS FOUND")"
        )
    }

    /// Non-zero when anything is wrong, so a script can check the ledger.
    func exitStatus(for report: Vault.VerifyOutcome) -> ExitCode { report.isClean ? .success : ExitCode(1) }
}
