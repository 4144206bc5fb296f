import LedgerCommands
import LedgerCore
import LedgerOutput
import LedgerReports

/// Reports: a day, week, month, year or the days between two dates, by type, group or tag, and
/// by day, as bars (inline SVG) with the numbers in a table beside them; `report`'s rollup gives
/// both. `?tag=` (several: all of them) keeps only the entries with those tags.
enum ReportsPage {
    /// How many types the "By day" columns stack one by one (the rest are one "other" part).
    static let stackedTypes = 8

    /// The range a Reports page shows: a day, week, month or year holding `date` (default:
    /// the current one), or the days `from` to `to` (both shown; `to` default today).
    struct Span {
        var period = "week"
        var date: String?
        var from: String?
        var to: String?

        init(_ value: (String) -> String?) {
            func given(_ name: String) -> String? { value(name).flatMap { $0.isEmpty ? nil : $0 } }
            (date, from, to) = (given("date"), given("from"), given("to"))
            if from != nil {
                period = "custom"
            } else if let asked = given("period"), ["day", "week", "month", "year"].contains(asked) {
                period = asked
            }
        }

        /// `report`'s range words; `upToNow` leaves out the end of a custom range (a range
        /// that ends after today is refused as a time ahead of now).
        func range(upToNow: Bool = false) -> RangeWords {
            guard let from else {
                return RangeWords(
                    range: date, day: period == "day", week: period == "week", month: period == "month",
                    year: period == "year")
            }
            let end = to.flatMap { CivilDate.parse($0)?.date }.map { $0.adding(days: 1).iso } ?? to
            return RangeWords(from: from, to: upToNow ? nil : end)
        }

        /// The values asked for, for cutting a long one in a refusal.
        var words: [String] { [date, from, to].compactMap { $0 } }

        /// The query naming this range (for the links that keep it).
        var query: String {
            let encoded = HistoryPage.percentEncoded
            if let from { return "from=\(encoded(from))" + (to.map { "&to=\(encoded($0))" } ?? "") }
            return "period=\(period)" + (date.map { "&date=\(encoded($0))" } ?? "")
        }
    }

    static func render(
        rows report: ReportSheet, days: ReportSheet, stacks: [(type: String, days: ReportSheet)], span: Span,
        by: String, colors: [String: String], tags: [String] = []
    ) -> String {
        // The tags asked for, kept by every link of the page.
        let tagQuery = TagFilter.query(tags)
        let from = CivilDate.parse(Instant.date(report.fromISO))?.date
        let to = CivilDate.parse(Instant.date(report.toISO))?.date
        var html = "<h1>Reports <span class=\"sub\">\(esc(report.rollup.range.label))</span></h1>"
        html += "<nav class=\"paging\" aria-label=\"Periods\">"
        if let from, let to {
            let (previous, next) = neighbours(span, from: from, to: to)
            html += "<a href=\"/reports?\(previous)&by=\(by)\(tagQuery)\" rel=\"prev\">← Previous</a> "
            for (value, title) in [
                ("day", "Today"), ("week", "This week"), ("month", "This month"), ("year", "This year"),
            ] {
                let current = value == span.period && span.date == nil ? " aria-current=\"page\"" : ""
                html += "<a href=\"/reports?period=\(value)&by=\(by)\(tagQuery)\"\(current)>\(title)</a> "
            }
            html += "<a href=\"/reports?\(next)&by=\(by)\(tagQuery)\" rel=\"next\">Next →</a>"
        }
        html += "</nav>"
        let hiddenTags = tags.map { "<input type=\"hidden\" name=\"tag\" value=\"\(esc($0))\">" }.joined()
        html +=
            "<form class=\"filter\" method=\"get\" action=\"/reports\"><input type=\"hidden\" name=\"by\" value=\"\(by)\">"
            + hiddenTags
        html += "<label>From <input type=\"date\" name=\"from\" value=\"\(esc(span.from ?? ""))\" required></label> "
        html += "<label>To <input type=\"date\" name=\"to\" value=\"\(esc(span.to ?? ""))\"></label> "
        html += "<button type=\"submit\">Show these days</button></form>"
        // The tag filter: one field per tag asked for (all must match), one more to add a tag.
        html +=
            "<form class=\"filter\" method=\"get\" action=\"/reports\"><input type=\"hidden\" name=\"by\" value=\"\(by)\">"
        for (name, value) in [("period", span.from == nil ? span.period : nil), ("date", span.date)]
            + [("from", span.from), ("to", span.to)]
        {
            if let value { html += "<input type=\"hidden\" name=\"\(name)\" value=\"\(esc(value))\">" }
        }
        html += TagFilter.fields(tags) + "<button type=\"submit\">Only these tags</button></form>"
        html += "<p class=\"switch\">Rows by "
        html += ["type", "group", "tag"].map { value in
            value == by
                ? "<strong>\(value)</strong>"
                : "<a href=\"/reports?\(esc(span.query))&by=\(value)\(esc(tagQuery))\">\(value)</a>"
        }.joined(separator: " · ")
        html += "</p>"
        let total = report.rollup.total
        html +=
            "<p class=\"big\">\(esc(hours(total.seconds))) <span class=\"sub\">tracked, \(total.count) entries</span></p>"
        html += "<section aria-labelledby=\"rows-h\"><h2 id=\"rows-h\">By \(esc(by))</h2>"
        html += Charts.bars(report.rollup.rows, colors: colors, label: "Time by \(by)")
        html += table(report.rollup.rows, key: by)
        html += "</section><section aria-labelledby=\"days-h\"><h2 id=\"days-h\">By day</h2>"
        html += Charts.stacked(days, stacks: stacks, colors: colors, label: "Time by day, by type")
        return html + "</section>"
    }

    /// The queries of the ranges before and after the one shown (`from` up to `to`, its end).
    static func neighbours(_ span: Span, from: CivilDate, to: CivilDate) -> (String, String) {
        switch span.period {
        case "day": return ("period=day&date=\(from.adding(days: -1).iso)", "period=day&date=\(to.iso)")
        case "month": return ("period=month&date=\(from.adding(days: -1).isoMonth)", "period=month&date=\(to.isoMonth)")
        case "year": return ("period=year&date=\(from.year - 1)", "period=year&date=\(to.year)")
        case "week": return ("period=week&date=\(from.adding(days: -7).iso)", "period=week&date=\(to.iso)")
        default:
            let length = max(1, to.daysSinceEpoch - from.daysSinceEpoch)
            return (
                "from=\(from.adding(days: -length).iso)&to=\(from.adding(days: -1).iso)",
                "from=\(to.iso)&to=\(to.adding(days: length - 1).iso)"
            )
        }
    }

    private static func table(_ rows: [Rollup.Row], key: String) -> String {
        guard !rows.isEmpty else { return "<p class=\"sub\">Nothing in this period.</p>" }
        var html =
            "<div class=\"scroll\" tabindex=\"0\" role=\"region\" aria-label=\"The numbers\"><table><thead><tr><th scope=\"col\">\(esc(key.prefix(1).uppercased() + key.dropFirst()))</th><th scope=\"col\">Time</th><th scope=\"col\">Entries</th></tr></thead><tbody>"
        for row in rows {
            let running = row.running ? " <span class=\"sub\">(running)</span>" : ""
            html += "<tr><th scope=\"row\">\(esc(row.key))</th>"
            // `—`: entries but no time, as the terminal's table marks it.
            let time = row.seconds == 0 && !row.running ? "—" : esc(hours(row.seconds))
            html += "<td>\(time)\(running)</td><td>\(row.count)</td></tr>"
        }
        return html + "</tbody></table></div>"
    }
}

/// Bars and columns as inline SVG (no script, no style attribute: the page's CSP allows
/// neither from elsewhere).
enum Charts {
    /// Horizontal bars, one a row: its time (or its count when the rows have no time).
    static func bars(_ rows: [Rollup.Row], colors: [String: String], label: String) -> String {
        guard !rows.isEmpty else { return "" }
        let bySeconds = rows.contains { $0.seconds > 0 }
        let values = rows.map { bySeconds ? Int($0.seconds) : $0.count }
        let top = max(1, values.max() ?? 1)
        // A row each: the name and the value are the page's text (they wrap and keep their size
        // at any width); only the bar is a drawing, stretched to the room between them.
        var html = "<ul class=\"chart bars\" aria-label=\"\(esc(label))\">"
        for (index, row) in rows.enumerated() {
            let key = row.key
            let width = values[index] == 0 ? 0 : max(1, values[index] * 100 / top)
            let count = row.count
            let entries = count == 1 ? "1 entry" : "\(count) entries"
            // A row with entries but no time: `—`, as the terminal's table marks it.
            let text =
                !bySeconds ? entries : values[index] == 0 ? "— · \(entries)" : hours(values[index])
            let fill = colors[key].map { " fill=\"\(esc($0))\"" } ?? ""
            html += "<li><span class=\"label\">\(esc(key))</span>"
            html +=
                "<svg class=\"bar-line\" viewBox=\"0 0 100 10\" preserveAspectRatio=\"none\" aria-hidden=\"true\"><rect class=\"bar\" width=\"\(width)\" height=\"10\"\(fill)></rect></svg>"
            html += "<span class=\"value\">\(esc(text))</span></li>"
        }
        return html + "</ul>"
    }

    /// The days of the period as columns, each stacked by type in the types' colours (the
    /// types after the first `stackedTypes` as one "other" part), on an axis of hours with
    /// gridlines, each day's total above its column, and a legend.
    static func stacked(
        _ report: ReportSheet, stacks: [(type: String, days: ReportSheet)], colors: [String: String], label: String
    ) -> String {
        guard !report.rollup.rows.isEmpty,
            let from = CivilDate.parse(Instant.date(report.fromISO))?.date,
            let to = CivilDate.parse(Instant.date(report.toISO))?.date, from < to
        else { return "<p class=\"sub\">Nothing in this period.</p>" }
        func byKey(_ report: ReportSheet) -> [String: Int] {
            var result: [String: Int] = [:]
            for row in report.rollup.rows { result[row.key] = Int(row.seconds) }
            return result
        }
        let totals = byKey(report)
        let parts = stacks.map { (type: $0.type, seconds: byKey($0.days)) }
        let days = (0..<min(366, Int(to.daysSinceEpoch - from.daysSinceEpoch))).map { from.adding(days: Int64($0)) }
        let top = max(3600, days.map { totals[$0.iso] ?? 0 }.max() ?? 0)
        // Gridlines a whole number of hours apart, at most five of them.
        let step = [1, 2, 3, 4, 6, 8, 12, 24, 48, 96].first { top <= $0 * 3600 * 5 } ?? 168
        let lines = (top + step * 3600 - 1) / (step * 3600)
        let scale = Double(140) / Double(lines * step * 3600)
        let (left, base) = (40, 170)
        let column = min(64, max(16, 600 / days.count))
        let width = left + column * days.count + 8
        let weekdays = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
        var svg =
            "<svg class=\"chart columns\" viewBox=\"0 0 \(width) 205\" role=\"img\" aria-label=\"\(esc(label))\" preserveAspectRatio=\"xMinYMin meet\">"
        for line in 0...lines {
            let y = base - Int(Double(line * step * 3600) * scale)
            svg += "<line class=\"grid\" x1=\"\(left)\" y1=\"\(y)\" x2=\"\(width - 4)\" y2=\"\(y)\"></line>"
            svg += "<text class=\"tick\" x=\"\(left - 6)\" y=\"\(y + 4)\" text-anchor=\"end\">\(line * step)h</text>"
        }
        for (index, day) in days.enumerated() {
            let x = left + index * column
            let total = totals[day.iso] ?? 0
            svg += "<g><title>\(esc(day.iso)): \(esc(hours(total)))</title>"
            var y = Double(base)
            var shown = 0
            for part in parts {
                let seconds = part.seconds[day.iso] ?? 0
                guard seconds > 0 else { continue }
                shown += seconds
                y = segment(
                    &svg, x: x, y: y, width: column, seconds: seconds, scale: scale, fill: colors[part.type],
                    title: "\(part.type): \(hours(seconds))")
            }
            if total > shown {
                _ = segment(
                    &svg, x: x, y: y, width: column, seconds: total - shown, scale: scale, fill: nil,
                    title: "other: \(hours(total - shown))", other: true)
            }
            svg += "</g>"
            if total > 0 {
                // The day's total above its column (turned upright where columns are narrow).
                let (cx, cy) = (x + column / 2, base - Int(Double(total) * scale) - 4)
                svg +=
                    days.count <= 14
                    ? "<text class=\"value\" x=\"\(cx)\" y=\"\(cy)\" text-anchor=\"middle\">\(esc(hours(total)))</text>"
                    : "<text class=\"value small\" x=\"\(cx + 3)\" y=\"\(cy)\" transform=\"rotate(-90 \(cx + 3) \(cy))\">\(esc(hours(total)))</text>"
            }
            if days.count <= 14 || index % 5 == 0 {
                let tick = days.count <= 14 ? "\(weekdays[day.weekday - 1]) \(day.day)" : "\(day.day)"
                svg +=
                    "<text class=\"tick\" x=\"\(x + column / 2)\" y=\"\(base + 16)\" text-anchor=\"middle\">\(tick)</text>"
            }
        }
        var legend = "<ul class=\"legend\" aria-label=\"Types in the columns\">"
        for part in parts where !part.seconds.isEmpty {
            legend += "<li>\(swatch(colors[part.type])) \(esc(part.type))</li>"
        }
        if days.contains(where: { day in (totals[day.iso] ?? 0) > parts.reduce(0) { $0 + ($1.seconds[day.iso] ?? 0) } })
        {
            legend += "<li>\(swatch(nil, other: true)) other</li>"
        }
        return scroll(svg + "</svg>", label: label) + legend + "</ul>"
    }

    /// One type's part of a column, from `y` up; the new top.
    private static func segment(
        _ svg: inout String, x: Int, y: Double, width: Int, seconds: Int, scale: Double, fill: String?, title: String,
        other: Bool = false
    ) -> Double {
        let height = max(1, Double(seconds) * scale)
        let paint = fill.map { " fill=\"\(esc($0))\"" } ?? ""
        svg +=
            "<rect class=\"\(other ? "bar other" : "bar")\" x=\"\(x + 2)\" y=\"\(Int((y - height).rounded()))\" width=\"\(width - 4)\" height=\"\(Int(height.rounded()))\"\(paint)><title>\(esc(title))</title></rect>"
        return y - height
    }

    /// A small square in a type's colour, for a legend.
    static func swatch(_ fill: String?, other: Bool = false) -> String {
        let paint = fill.map { " fill=\"\(esc($0))\"" } ?? ""
        return
            "<svg class=\"swatch\" viewBox=\"0 0 10 10\" aria-hidden=\"true\"><rect class=\"\(other ? "bar other" : "bar")\" width=\"10\" height=\"10\" rx=\"2\"\(paint)></rect></svg>"
    }

    /// A chart or table that may be wider than a phone, in a region that scrolls sideways and
    /// takes the keyboard's focus (so that the arrow keys scroll it).
    static func scroll(_ content: String, label: String, end: Bool = false) -> String {
        "<div class=\"scroll\(end ? " end" : "")\" tabindex=\"0\" role=\"region\" aria-label=\"\(esc(label))\">\(content)</div>"
    }
}

/// Hours and minutes, as the terminal's reports count time (`38h 59m`, not `1d 14h`).
func hours(_ seconds: Int) -> String { ReportView.hours(Int64(seconds)) }
func hours(_ seconds: Int64) -> String { ReportView.hours(seconds) }

/// A report as a page shows it: its rollup, and its range's start and end in the request's
/// zone, as `report --json` gives them (`from`, `to`), worked out inside the request's
/// invocation (the report's zone is the invocation's only there).
struct ReportSheet: Sendable {
    var rollup: Rollup
    var fromISO: String
    var toISO: String

    init(_ reported: Reported, at _: ReadMoment) {
        rollup = reported.rollup
        (fromISO, toISO) = ReportView.bounds(rollup, zone: reported.calendar.zone)
    }
}
