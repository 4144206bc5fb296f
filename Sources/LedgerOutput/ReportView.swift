package import LedgerCore
package import LedgerReports

/// `alog report` as a table, JSON or CSV: the same numbers in each.
package enum ReportView {
    /// Time as reports count it: hours and minutes from an hour on (`27h 30m`, `3h`; the
    /// seconds stay in the total), seconds below it where they are not whole minutes (`7s`,
    /// `12m 30s`, `45m`), as `formatTrackedDuration` writes them; nothing at all is `0s`.
    package static func hours(_ seconds: Int64) -> String {
        let total = max(0, seconds)
        guard total >= 3600 else { return formatTrackedDuration(total) }
        let minutes = total / 60
        let (h, m) = (minutes / 60, minutes % 60)
        return m == 0 ? "\(h)h" : "\(h)h \(m)m"
    }

    /// The range as the reader's days (their day start counted): `2026-11-23 to 2026-11-29`.
    static func dates(_ range: ReportRange, calendar: LocalCalendar) -> String {
        let first = calendar.date(of: range.from)
        let last = calendar.date(of: max(range.from, range.to - 1))
        return first == last ? first.iso : "\(first.iso) to \(last.iso)"
    }

    package static func table(_ rollup: Rollup, types: [String: ActivityTypeDefinition], calendar: LocalCalendar)
        -> String
    {
        let dates = dates(rollup.range, calendar: calendar)
        let title =
            "\(Terminal.bold("Report")) for \(rollup.range.label)"
            + (rollup.range.label.contains(dates) ? "" : " (\(dates))")
            + ", by \(rollup.grouping.rawValue)"
        guard !rollup.rows.isEmpty else { return title + "\n" + Terminal.dim("nothing recorded in this range") }
        let showTime = rollup.total.seconds > 0 || rollup.rows.contains(where: \.running)
        let showCount = rollup.rows.contains { $0.count > 0 }
        func label(_ row: Rollup.Row) -> String {
            rollup.grouping == .type ? Render.label(row.key, types) : DisplayText.escaped(row.key)
        }
        let width = max(5, rollup.rows.map { Terminal.displayWidth(label($0)) }.max() ?? 0)
        let timeWidth = max(4, (rollup.rows + [rollup.total]).map { hours($0.seconds).count }.max() ?? 0)
        let countWidth = max(5, String(rollup.total.count).count)
        let largest = max(1, rollup.rows.map { showTime ? $0.seconds : Int64($0.count) }.max() ?? 1)
        let barWidth = 20
        func line(_ name: String, _ row: Rollup.Row, bar: Bool) -> String {
            var text = Terminal.pad(name, width)
            if showTime {
                // A row of instants only has no time: a dash, not "0s".
                let time = row.seconds == 0 && !row.running && row.count > 0 ? "—" : hours(row.seconds)
                text += "  " + Terminal.padLeft(time, timeWidth)
            }
            if showCount {
                text += "  " + Terminal.padLeft(String(row.count), countWidth)
            }
            if bar {
                let value = showTime ? row.seconds : Int64(row.count)
                let cells = Int((value * Int64(barWidth) + largest - 1) / largest)
                if cells > 0 { text += "  " + String(repeating: "█", count: cells) }
            }
            if row.running, bar { text += " " + Terminal.dim("(running)") }
            return text
        }
        var header = Terminal.pad("", width)
        if showTime { header += "  " + Terminal.padLeft("time", timeWidth) }
        if showCount { header += "  " + Terminal.padLeft("count", countWidth) }
        var lines = [title, Terminal.dim(header)]
        lines += rollup.rows.map { line(label($0), $0, bar: true) }
        lines.append(Terminal.bold(line("total", rollup.total, bar: false)))
        return lines.joined(separator: "\n")
    }

    /// The range's start and end in `zone`, as `from` and `to` (ISO 8601 with the offset).
    package static func bounds(_ rollup: Rollup, zone: any TimeZoneRules) -> (from: String, to: String) {
        (zone.localInstant(at: rollup.range.from).iso8601, zone.localInstant(at: rollup.range.to).iso8601)
    }

    /// `{"from", "to", "label", "by", "rows": [{"key", "seconds", "count", "running"?}], "total"}`.
    package static func json(_ rollup: Rollup, zone: any TimeZoneRules) -> String {
        func row(_ row: Rollup.Row) -> String {
            JSONText.object([
                ("key", JSONText.string(row.key)), ("seconds", String(row.seconds)), ("count", String(row.count)),
                ("running", row.running ? "true" : nil),
            ])
        }
        let (from, to) = bounds(rollup, zone: zone)
        return JSONText.object([
            ("from", JSONText.string(from)), ("to", JSONText.string(to)),
            ("label", JSONText.string(rollup.range.label)),
            ("by", JSONText.string(rollup.grouping.rawValue)),
            ("rows", JSONText.array(rollup.rows.map(row))),
            (
                "total",
                JSONText.object([("seconds", String(rollup.total.seconds)), ("count", String(rollup.total.count))])
            ),
        ])
    }

    /// `key,seconds,count,running` (RFC 4180 quoting), a line per row, then `total,…`.
    package static func csv(_ rollup: Rollup) -> String {
        var lines = ["key,seconds,count,running"]
        lines += rollup.rows.map { "\(CSVText.field($0.key)),\($0.seconds),\($0.count),\($0.running)" }
        lines.append("total,\(rollup.total.seconds),\(rollup.total.count),\(rollup.total.running)")
        return lines.joined(separator: "\r\n")
    }
}
