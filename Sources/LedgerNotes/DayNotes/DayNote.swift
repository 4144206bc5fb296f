public import LedgerCore

/// Day notes: one Markdown note per day, its frontmatter's `alog_` keys and its region of
/// entry lines written from the ledger, and read back into events.
public enum DayNote {
    /// The note's path in the vault: `Activities/2026-11-23.md` by default.
    public static func path(for date: CivilDate, folder: String = "Activities") -> String {
        (folder.isEmpty ? "" : folder + "/") + date.iso + ".md"
    }
}
