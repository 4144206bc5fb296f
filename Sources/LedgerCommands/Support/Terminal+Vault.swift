import LedgerCore
import LedgerMessages
import LedgerNotes
import LedgerOutput
import LedgerVault

extension Terminal {
    /// A notice of the library (the work stands) as a warning on stderr.
    static func warn(_ notice: Notice) { warn(notice.sentence) }

    /// Reports what committing the widget's queue did: a note on a terminal, warnings always.
    static func reportDrain(_ report: VaultWidgetDrain.DrainOutcome) { Housekeeping.sayOnTerminal(.drained(report)) }

    /// What the day notes did: entries their typed lines logged, changed lines edited, removed
    /// lines deleted (each with how to bring it back), and lines that could not be read.
    static func reportDayNotes(_ report: DayNotesReport) { Housekeeping.sayOnTerminal(.dayNotes(report)) }

    /// Reports damaged lines met while loading (they were skipped).
    static func reportLineIssues(_ vault: Vault) {
        Housekeeping.lineIssues(of: vault).forEach(Housekeeping.sayOnTerminal)
    }
}
