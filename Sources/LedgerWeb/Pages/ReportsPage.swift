import LedgerCore

/// Reports: a week or a month by type or group, and by day, as bars (inline SVG) with the
/// numbers in a table beside them; `report --json` gives both.
enum ReportsPage {
    static func render(rows report: JSONValue, days: JSONValue, period: String, by: String, colors: [String: String])
        -> String
    {
        let from = CivilDate.parse(Instant.date(report["from"].string))?.date
        let to = CivilDate.parse(Instant.date(report["to"].string))?.date
        var html = "<h1>Reports <span class=\"sub\">\(esc(report["label"].string ?? ""))</span></h1>"
        html += "<nav class=\"paging\" aria-label=\"Periods\">"
        if let from {
            let previous = period == "month" ? from.adding(days: -1).isoMonth : from.adding(days: -7).iso
            html += "<a href=\"/reports?period=\(period)&date=\(previous)&by=\(by)\" rel=\"prev\">← Previous</a> "
        }
        for (value, title) in [("week", "Week"), ("month", "Month")] {
            let current = value == period ? " aria-current=\"page\"" : ""
            html += "<a href=\"/reports?period=\(value)&by=\(by)\"\(current)>This \(title.lowercased())</a> "
        }
        if let to {
            let next = period == "month" ? to.isoMonth : to.iso
            html += "<a href=\"/reports?period=\(period)&date=\(next)&by=\(by)\" rel=\"next\">Next →</a>"
        }
        html += "</nav>"
        html += "<p class=\"switch\">Rows by "
        html += ["type", "group"].map { value in
            value == by
                ? "<strong>\(value)</strong>"
                : "<a href=\"/reports?period=\(period)&date=\(from.map { period == "month" ? $0.isoMonth : $0.iso } ?? "")&by=\(value)\">\(value)</a>"
        }.joined(separator: " · ")
        html += "</p>"
        let total = report["total"]
        html +=
            "<p class=\"big\">\(esc(formatDuration(Int64(total["seconds"].int ?? 0)))) <span class=\"sub\">tracked, \(total["count"].int ?? 0) entries</span></p>"
        html += "<section aria-labelledby=\"rows-h\"><h2 id=\"rows-h\">By \(esc(by))</h2>"
        html += Charts.bars(report["rows"].array, colors: colors, label: "Time by \(by)")
        html += table(report["rows"].array, key: by)
        html += "</section><section aria-labelledby=\"days-h\"><h2 id=\"days-h\">By day</h2>"
        html += Charts.columns(days, label: "Time by day")
        return html + "</section>"
    }

    private static func table(_ rows: [JSONValue], key: String) -> String {
        guard !rows.isEmpty else { return "<p class=\"sub\">Nothing in this period.</p>" }
        var html =
            "<div class=\"scroll\"><table><thead><tr><th scope=\"col\">\(esc(key.prefix(1).uppercased() + key.dropFirst()))</th><th scope=\"col\">Time</th><th scope=\"col\">Entries</th></tr></thead><tbody>"
        for row in rows {
            let running = row["running"].bool ? " <span class=\"sub\">(running)</span>" : ""
            html += "<tr><th scope=\"row\">\(esc(row["key"].string ?? ""))</th>"
            // `—`: entries but no time, as the terminal's table marks it.
            let seconds = row["seconds"].int ?? 0
            let time = seconds == 0 && !row["running"].bool ? "—" : esc(formatDuration(Int64(seconds)))
            html += "<td>\(time)\(running)</td><td>\(row["count"].int ?? 0)</td></tr>"
        }
        return html + "</tbody></table></div>"
    }
}

/// Bars and columns as inline SVG (no script, no style attribute: the page's CSP allows
/// neither from elsewhere).
enum Charts {
    /// Horizontal bars, one a row: its time (or its count when the rows have no time).
    static func bars(_ rows: [JSONValue], colors: [String: String], label: String) -> String {
        guard !rows.isEmpty else { return "" }
        let bySeconds = rows.contains { ($0["seconds"].int ?? 0) > 0 }
        let values = rows.map { bySeconds ? ($0["seconds"].int ?? 0) : ($0["count"].int ?? 0) }
        let top = max(1, values.max() ?? 1)
        let rowHeight = 28
        let height = rows.count * rowHeight + 4
        var svg =
            "<svg class=\"chart bars\" viewBox=\"0 0 640 \(height)\" role=\"img\" aria-label=\"\(esc(label))\" preserveAspectRatio=\"xMinYMin meet\">"
        for (index, row) in rows.enumerated() {
            let key = row["key"].string ?? ""
            let y = index * rowHeight
            let width = values[index] == 0 ? 0 : max(2, values[index] * 380 / top)
            let count = row["count"].int ?? 0
            let entries = count == 1 ? "1 entry" : "\(count) entries"
            // A row with entries but no time: `—`, as the terminal's table marks it.
            let text =
                !bySeconds ? entries : values[index] == 0 ? "— · \(entries)" : formatDuration(Int64(values[index]))
            let fill = colors[key].map { " fill=\"\(esc($0))\"" } ?? ""
            svg += "<g><title>\(esc(key)): \(esc(text))</title>"
            svg += "<text x=\"0\" y=\"\(y + 19)\" class=\"label\">\(esc(String(key.prefix(18))))</text>"
            svg +=
                "<rect class=\"bar\" x=\"150\" y=\"\(y + 5)\" width=\"\(width)\" height=\"18\" rx=\"3\"\(fill)></rect>"
            svg += "<text x=\"\(150 + width + 6)\" y=\"\(y + 19)\" class=\"value\">\(esc(text))</text></g>"
        }
        return "<div class=\"scroll\">" + svg + "</svg></div>"
    }

    /// Vertical columns, one for each day of the period (`report --by day`'s rows; a day
    /// without entries has none there).
    static func columns(_ report: JSONValue, label: String) -> String {
        guard !report["rows"].array.isEmpty,
            let from = CivilDate.parse(Instant.date(report["from"].string))?.date,
            let to = CivilDate.parse(Instant.date(report["to"].string))?.date, from < to
        else { return "<p class=\"sub\">Nothing in this period.</p>" }
        var byKey: [String: JSONValue] = [:]
        for row in report["rows"].array { byKey[row["key"].string ?? ""] = row }
        let days = (0..<min(366, to.daysSinceEpoch - from.daysSinceEpoch)).map { from.adding(days: $0).iso }
        let rows = days.map { day in byKey[day] ?? JSONValue(["key": day, "seconds": 0, "count": 0]) }
        let values = rows.map { $0["seconds"].int ?? 0 }
        let top = max(1, values.max() ?? 1)
        let step = min(64, max(12, 640 / rows.count))
        let width = step * rows.count
        var svg =
            "<svg class=\"chart columns\" viewBox=\"0 0 \(width) 180\" role=\"img\" aria-label=\"\(esc(label))\" preserveAspectRatio=\"xMinYMin meet\">"
        for (index, row) in rows.enumerated() {
            let key = row["key"].string ?? ""
            let height = values[index] * 140 / top
            let x = index * step
            let count = row["count"].int ?? 0
            let entries = count == 1 ? "1 entry" : "\(count) entries"
            svg += "<g><title>\(esc(key)): \(esc(formatDuration(Int64(values[index])))), \(entries)</title>"
            svg +=
                "<rect class=\"bar\" x=\"\(x + 2)\" y=\"\(150 - height)\" width=\"\(step - 4)\" height=\"\(max(height, 1))\" rx=\"2\"></rect>"
            if rows.count <= 14 || index % 5 == 0 {
                // A week's days as MM-DD; a month's as the day of the month, every fifth.
                let tick = rows.count <= 14 ? String(key.suffix(5)) : String(key.suffix(2))
                svg +=
                    "<text x=\"\(x + step / 2)\" y=\"170\" class=\"tick\" text-anchor=\"middle\">\(esc(tick))</text>"
            }
            svg += "</g>"
        }
        return "<div class=\"scroll\">" + svg + "</svg></div>"
    }
}
