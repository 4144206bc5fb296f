import LedgerCommands
import LedgerCore
import LedgerReports

/// Calendar: the contribution heat map (`calendar`'s grid: the seed's palette and levels),
/// weeks as columns, and each type's streaks (`streaks`).
enum CalendarPage {
    static func render(
        calendar: ContributionCalendar, streaks: FoundStreaks, types: TypeListing, type: String?, by: String
    ) -> String {
        var html = "<h1>Calendar</h1>"
        html += "<form class=\"filter\" method=\"get\" action=\"/calendar\"><label>Type <select name=\"type\">"
        html += TypeOptions.render(types, selected: type, every: true)
        html += "</select></label> <label>Count <select name=\"by\">"
        html += "<option value=\"count\"\(by == "count" ? " selected" : "")>entries</option>"
        html += "<option value=\"seconds\"\(by == "seconds" ? " selected" : "")>tracked time</option>"
        html += "</select></label> <button type=\"submit\">Show</button></form>"
        html += heatMap(calendar)
        html += "<section aria-labelledby=\"streaks-h\"><h2 id=\"streaks-h\">Streaks</h2>"
        let items = streaks.streaks
        if items.isEmpty {
            html += "<p class=\"sub\">No streaks yet.</p>"
        } else {
            html +=
                "<div class=\"scroll\" tabindex=\"0\" role=\"region\" aria-label=\"Streaks\"><table><thead><tr><th scope=\"col\">Type</th><th scope=\"col\">Today</th><th scope=\"col\">Current streak</th><th scope=\"col\">Best</th></tr></thead><tbody>"
            for item in items {
                html += "<tr><th scope=\"row\">\(esc(item.type))</th><td>\(item.today)</td>"
                html += "<td>\(days(item.current))</td><td>\(days(item.best))</td></tr>"
            }
            html += "</tbody></table></div>"
        }
        return html + "</section>"
    }

    private static func days(_ count: Int) -> String { count == 1 ? "1 day" : "\(count) days" }

    /// The grid: a column a week from its first day, a row a weekday, the cell's colour its
    /// level's in the palette, a title with its date and value.
    static func heatMap(_ calendar: ContributionCalendar) -> String {
        // The days up to today, as `calendar --json` lists them.
        let dates = calendar.days.filter { !$0.future }
        guard let first = dates.first?.date else { return "<p class=\"sub\">No days to show.</p>" }
        let fills = ContributionCalendar.palette
        let seconds = calendar.measure == .seconds
        let cell = 13
        let weeks = (dates.count + 6) / 7
        let (left, top) = (2, 18)
        let width = left + weeks * cell + 4
        let height = top + 7 * cell
        // The weekdays' names stay in view beside the grid, which scrolls on a phone; both are
        // drawn at their own size (13 px a day), never shrunk.
        var names =
            "<svg class=\"weekdays\" width=\"30\" height=\"\(height)\" viewBox=\"0 0 30 \(height)\" aria-hidden=\"true\">"
        let weekdayNames = ["Mon", "", "Wed", "", "Fri", "", ""]
        let firstWeekday = first.weekday
        for row in 0..<7 {
            let name = weekdayNames[(firstWeekday - 1 + row) % 7]
            if !name.isEmpty {
                names += "<text class=\"tick\" x=\"0\" y=\"\(top + row * cell + 10)\">\(name)</text>"
            }
        }
        names += "</svg>"
        var svg =
            "<svg class=\"chart calendar\" width=\"\(width)\" height=\"\(height)\" viewBox=\"0 0 \(width) \(height)\" role=\"img\" aria-label=\"Activity by day over \(weeks) weeks\">"
        var (lastMonth, lastLabel) = (0, -3)
        let monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        for (index, day) in dates.enumerated() {
            let (date, text) = (day.date, day.date.iso)
            let (column, row) = (index / 7, index % 7)
            let level = min(4, max(0, day.level))
            let count = day.value
            // A month's name above its first full week, unless the last name is too close.
            if row == 0, date.month != lastMonth, column - lastLabel >= 3 {
                (lastMonth, lastLabel) = (date.month, column)
                svg +=
                    "<text class=\"tick\" x=\"\(left + column * cell)\" y=\"12\">\(monthNames[date.month - 1])</text>"
            }
            let value = seconds ? formatDuration(count) : (count == 1 ? "1 entry" : "\(count) entries")
            // The last day is today (the grid ends with it), outlined as the terminal marks it.
            let today = index == dates.count - 1
            svg +=
                "<rect class=\"day l\(level)\(today ? " today" : "")\" x=\"\(left + column * cell)\" y=\"\(top + row * cell)\" width=\"\(cell - 3)\" height=\"\(cell - 3)\" rx=\"2\" fill=\"\(esc(fills[level]))\"><title>\(esc(text))\(today ? " (today)" : ""): \(esc(value))</title></rect>"
        }
        // The scale, below the grid (outside its scrolling region).
        var legend = "<p class=\"heat-legend\"><span class=\"sub\">Less</span> "
        legend +=
            "<svg width=\"\(5 * cell)\" height=\"\(cell)\" viewBox=\"0 0 \(5 * cell) \(cell)\" aria-hidden=\"true\">"
        for level in 0...4 {
            legend +=
                "<rect class=\"day l\(level)\" x=\"\(level * cell)\" y=\"1\" width=\"\(cell - 3)\" height=\"\(cell - 3)\" rx=\"2\" fill=\"\(esc(fills[level]))\"></rect>"
        }
        legend += "</svg> <span class=\"sub\">More</span></p>"
        let active = dates.filter { $0.value > 0 }.count
        // Scrolled to its end (today) on a narrow screen by the page's script.
        let days = active == 1 ? "day" : "days"
        return "<div class=\"heat\">\(names)"
            + Charts.scroll(svg + "</svg>", label: "The heat map", end: true) + "</div>" + legend
            + "<p class=\"sub\">\(active) active \(days) of the \(dates.count) shown; today is outlined.</p>"
    }
}
