internal import LedgerCore

/// The frontmatter keys the ledger owns: flat `alog_` keys, so Dataview and the Tracker plugin
/// read them as numbers and dates.
///
/// ```yaml
/// alog_date: 2026-11-23
/// alog_entries: 4
/// alog_count_meal: 2
/// alog_count_work: 1
/// alog_minutes_work: 90
/// ```
///
/// `alog_count_<type>` for each type the day has, `alog_minutes_<type>` for each type with a
/// timer whose window ended: the minutes of its lines' windows (the note's own sum, counted
/// on the day the window starts; a running timer adds nothing until it stops), rounded to
/// the nearest minute. A type absent from the day has no key. The prefixes keep every key
/// apart whatever the type is called (`alog_count_date`, not `alog_date`).
enum DayNoteFrontmatter {
    static let prefix = "alog_"

    static func keys(date: CivilDate, entries: [DayNoteEntry]) -> [String] {
        var counts: [String: Int] = [:]
        var seconds: [String: Int64] = [:]
        for entry in entries {
            counts[entry.type, default: 0] += 1
            if let end = entry.end { seconds[entry.type, default: 0] += max(0, end.seconds - entry.start.seconds) }
        }
        var lines = ["alog_date: " + date.iso, "alog_entries: \(entries.count)"]
        for type in counts.keys.sorted() {
            lines.append("alog_count_\(type): \(counts[type]!)")
            if let total = seconds[type] { lines.append("alog_minutes_\(type): \((total + 30) / 60)") }
        }
        return lines
    }

    /// Whether a YAML line starts one of the ledger's keys.
    static func isLedgerKey(_ text: String) -> Bool {
        guard text.hasPrefix(prefix), let colon = text.firstIndex(of: ":") else { return false }
        return text[..<colon].unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "_" || $0 == "-"
        }
    }

    /// Whether a YAML line continues the key above it (an indented line or a list item).
    static func continuesKey(_ text: String) -> Bool {
        text.hasPrefix(" ") || text.hasPrefix("\t") || text == "-" || text.hasPrefix("- ")
    }
}
