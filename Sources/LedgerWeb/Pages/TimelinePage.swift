import LedgerCommands
import LedgerCore
import LedgerOutput
import LedgerReports

/// Timeline: one day on a time axis, a lane for each type that day, timers' windows as bars
/// and instants as marks, with the previous and next day and a date to go to. Built from
/// `history --day DATE` (the day's rows of the time index), the few entries before the
/// day (a timer started the evening before reaches into it) and `report --day DATE`
/// (the day's date and each type's total for the legend).
enum TimelinePage {
    /// How many entries before the day are looked at for a window that reaches into it.
    static let lookBack = 20

    /// A window or an instant on the axis, in minutes since the day's midnight (0…1440).
    struct Mark {
        var listed: Listed
        var start: Int
        var end: Int?
    }

    /// Minutes from `day`'s midnight to an ISO instant as alog writes it, by its recorded date
    /// and clock time (as History shows them; negative before the day, 1440 or more after it).
    static func minutes(_ iso: String?, from day: CivilDate) -> Int? {
        guard let iso, iso.count >= 16, let date = CivilDate.parse(String(iso.prefix(10)))?.date,
            let hours = Int(iso.dropFirst(11).prefix(2)), let minutes = Int(iso.dropFirst(14).prefix(2))
        else { return nil }
        return Int(date.daysSinceEpoch - day.daysSinceEpoch) * 1440 + hours * 60 + minutes
    }

    /// The marks of the day: each of its entries, and the newest timer before it when its
    /// window reaches into the day; cut to the day.
    static func marks(day: CivilDate, entries: [Listed], before: [Listed]) -> [Mark] {
        var all = Array(entries.reversed())
        if let reaching = before.first(where: { $0.window != nil }) { all.insert(reaching, at: 0) }
        var marks: [Mark] = []
        for listed in all {
            guard let start = minutes(listed.entry.at.iso8601, from: day) else { continue }
            var end: Int?
            if let window = listed.window {
                end = window.end.flatMap { minutes($0.iso8601, from: day) } ?? start + Int(window.seconds) / 60
            }
            if start < 0, (end ?? 0) <= 0 { continue }
            marks.append(Mark(listed: listed, start: max(0, start), end: end.map { min(1440, $0) }))
        }
        return marks
    }

    static func render(
        report: ReportSheet, entries: [Listed], before: [Listed], colors: [String: String]
    ) -> String {
        let day = Instant.date(report.fromISO)
        guard let date = CivilDate.parse(day)?.date else { return "<h1>Timeline</h1>" }
        let marks = marks(day: date, entries: entries, before: before)
        var html = "<h1>Timeline <span class=\"sub\">\(esc(HistoryPage.heading(day)))</span></h1>"
        html += "<nav class=\"paging\" aria-label=\"Days\">"
        html += "<a href=\"/timeline?date=\(date.adding(days: -1).iso)\" rel=\"prev\">← Previous day</a> "
        html += "<a href=\"/timeline\">Today</a> "
        html += "<a href=\"/timeline?date=\(date.adding(days: 1).iso)\" rel=\"next\">Next day →</a></nav>"
        html += "<form class=\"filter\" method=\"get\" action=\"/timeline\"><label>Day "
        html +=
            "<input type=\"date\" name=\"date\" value=\"\(esc(day))\"></label> <button type=\"submit\">Go</button></form>"
        guard !marks.isEmpty else { return html + "<p class=\"sub\">Nothing on this day.</p>" }
        var lanes: [String] = []
        for mark in marks {
            let type = mark.listed.entry.type
            if !lanes.contains(type) { lanes.append(type) }
        }
        let (left, width, laneHeight, top) = (110, 1440 / 2, 30, 24)
        let height = top + lanes.count * laneHeight + 8
        var svg =
            "<svg class=\"chart timeline\" viewBox=\"0 0 \(left + width + 10) \(height)\" role=\"img\" aria-labelledby=\"timeline-title\" preserveAspectRatio=\"xMinYMin meet\">"
        svg += "<title id=\"timeline-title\">\(esc(day)): \(marks.count) entries on a time axis</title>"
        for hour in stride(from: 0, through: 24, by: 3) {
            let x = left + hour * 60 / 2
            svg += "<line class=\"grid\" x1=\"\(x)\" y1=\"\(top - 6)\" x2=\"\(x)\" y2=\"\(height - 8)\"></line>"
            svg +=
                "<text class=\"tick\" x=\"\(x)\" y=\"\(top - 10)\" text-anchor=\"middle\">\(hour < 10 ? "0" : "")\(hour):00</text>"
        }
        for (index, type) in lanes.enumerated() {
            let y = top + index * laneHeight
            svg += "<text class=\"label\" x=\"0\" y=\"\(y + 19)\">\(esc(String(type.prefix(14))))</text>"
        }
        for mark in marks {
            let (entry, window) = (mark.listed.entry, mark.listed.window)
            let type = entry.type
            let y = top + (lanes.firstIndex(of: type) ?? 0) * laneHeight
            let fill = colors[type].map { " fill=\"\(esc($0))\"" } ?? ""
            let x = left + mark.start / 2
            let when = entry.at.localTime
            let note = entry.note.map { " — \($0)" } ?? ""
            if let end = mark.end {
                let until = window?.end?.localTime ?? "now"
                let seconds = formatDuration(window?.seconds ?? 0)
                let text = "\(type) \(when)–\(until) (\(seconds))\(note)"
                svg += "<g><title>\(esc(text))</title>"
                svg +=
                    "<rect class=\"bar\" x=\"\(x)\" y=\"\(y + 5)\" width=\"\(max(2, (end - mark.start) / 2))\" height=\"20\" rx=\"3\"\(fill)></rect></g>"
            } else {
                svg += "<g><title>\(esc("\(type) \(when)\(note)"))</title>"
                svg += "<rect class=\"instant\" x=\"\(x - 1)\" y=\"\(y + 2)\" width=\"3\" height=\"26\"\(fill)></rect>"
                svg += "<circle class=\"instant\" cx=\"\(x)\" cy=\"\(y + 15)\" r=\"5\"\(fill)></circle></g>"
            }
        }
        html += Charts.scroll(svg + "</svg>", label: "The day's timeline")
        // The legend: each type's colour and the day's total, as the report counts it.
        html += "<ul class=\"legend\" aria-label=\"Types this day\">"
        var totals: [String: Rollup.Row] = [:]
        for row in report.rollup.rows { totals[row.key] = row }
        for type in lanes {
            let row = totals[type]
            let seconds = Int(row?.seconds ?? 0)
            let count = row?.count ?? 0
            let swatch = Charts.swatch(colors[type])
            var text = count == 1 ? "1 entry" : "\(count) entries"
            if seconds > 0 { text = "\(hours(seconds)), " + text }
            html += "<li>\(swatch) \(esc(type)) <span class=\"sub\">\(esc(text))</span></li>"
        }
        html += "</ul>"
        // The same entries as a list, for reading without the chart.
        html += "<h2>Entries</h2>" + EntryList.render(entries, empty: "No entries.", showDate: false)
        return html
    }
}
