public import LedgerCore

/// Day notes: one Markdown note per day, its frontmatter's `alog_` keys and its region of
/// entry lines written from the ledger, and read back into events.
///
/// ```markdown
/// ---
/// tags: [daily]
/// alog_date: 2026-11-23
/// alog_entries: 3
/// alog_count_meal: 1
/// alog_count_wake: 1
/// alog_count_work: 1
/// alog_minutes_work: 90
/// ---
/// Text of the user's, never changed.
/// %% alog:begin %%
/// - 07:00 wake ☀️ ^7k2m9q4x8c3p
/// - 09:00–10:30 work 💼 client call ^9a1b2c3d4e5f
/// - 12:30 meal 🍽️ pasta ^0m1n2p3q4r5s
/// %% alog:end %%
/// ```
///
/// The keys: `DayNoteFrontmatter`; a line: `DayNoteLine`; a note inside a line:
/// `DayNoteText`; a typed line's id: `DayNoteID`.
///
/// A command that changes a day's entries, and a sync, use it in this order:
/// 1. `read` the note (its bytes from the work tree) against the day's entries as the ledger
///    has them *before* the command changes anything;
/// 2. record `changes` (logs with their ids, edits, deletes) with the command's own events,
///    and report `problems` with the note's path;
/// 3. `render` over the reading with the day's entries after, and commit the note with the
///    events. A note with no bytes yet: `render(…, over: nil)`.
///
/// A sync that finds the note changed on both sides: `merge`, then steps 1 to 3 on the merged
/// note against the merged entries.
public enum DayNote {
    /// The note's path in the vault: `Activities/2026-11-23.md` by default.
    public static func path(for date: CivilDate, folder: String = "Activities") -> String {
        (folder.isEmpty ? "" : folder + "/") + date.iso + ".md"
    }
}
