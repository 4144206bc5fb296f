import LedgerCore
import LedgerMessages
import LedgerNotes
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

    /// What the day notes did: entries their typed lines logged, changed lines edited, removed
    /// lines deleted (each with how to bring it back), and lines that could not be read.
    static func reportDayNotes(_ report: DayNotesReport) {
        if !report.logged.isEmpty {
            note("logged \(report.logged.count) typed line\(report.logged.count == 1 ? "" : "s") of the day notes")
        }
        if !report.edited.isEmpty {
            note("recorded \(report.edited.count) changed line\(report.edited.count == 1 ? "" : "s") of the day notes")
        }
        for (id, line) in report.deleted {
            warn(
                "deleted entry \(id) (its line \(DisplayText.quoted(line)) was removed from its day note); "
                    + "'alog restore \(id)' brings it back")
        }
        for (path, problem) in report.problems { warn("\(path):\(problem.line): \(problem.message)") }
        report.skipped.forEach(warn)
    }

    /// Reports damaged lines met while loading (they were skipped).
    static func reportLineIssues(_ vault: Vault) {
        for issue in vault.lineIssues.prefix(20) { warn("skipped damaged event line \(issue)") }
        if vault.lineIssues.count > 20 { warn("… and \(vault.lineIssues.count - 20) more; run 'alog verify'") }
    }
}
