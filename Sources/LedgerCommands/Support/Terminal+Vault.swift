import LedgerMessages
import LedgerOutput
import LedgerVault

extension Terminal {
    /// A notice of the library (the work stands) as a warning on stderr.
    static func warn(_ notice: Notice) { warn(notice.sentence) }

    /// Reports what committing the widget's queue did: a note on a terminal, warnings always.
    static func reportDrain(_ report: VaultWidgetDrain.DrainOutcome) {
        if report.committed > 0, stderrIsTTY {
            note("committed \(report.committed) widget tap\(report.committed == 1 ? "" : "s") from the queue")
        }
        for aside in report.savedAside { warn("unreadable widget queue text was saved aside in \(aside)") }
        report.warnings.forEach(warn)
        let stuck = report.failures.count + report.invalid
        if stuck > 0 {
            let first = report.failures.first.map { ": \($0.reason)" } ?? ""
            warn(
                "\(stuck) widget item\(stuck == 1 ? "" : "s") could not be committed and stay\(stuck == 1 ? "s" : "") queued\(first); see 'alog widget pending'"
            )
        }
    }

    /// Reports damaged lines met while loading (they were skipped).
    static func reportLineIssues(_ vault: Vault) {
        for issue in vault.lineIssues.prefix(20) { warn("skipped damaged event line \(issue)") }
        if vault.lineIssues.count > 20 { warn("… and \(vault.lineIssues.count - 20) more; run 'alog verify'") }
    }
}
