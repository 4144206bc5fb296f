internal import LedgerCore
package import LedgerReports

/// `alog calendar`: the grid for a terminal (true colour, 256 colours, or plain characters),
/// the seed's JSON, and a standalone SVG.
package enum CalendarView {
    package enum Colors: Sendable { case trueColor, ansi256, none }

    /// What the terminal can show: none in a pipe or with NO_COLOR; true colour when
    /// `COLORTERM` says so; 256 colours otherwise.
    package static func colors(colorterm: String?) -> Colors {
        guard Terminal.useColor else { return .none }
        return colorterm == "truecolor" || colorterm == "24bit" ? .trueColor : .ansi256
    }

    static let plainLevels = ["·", "░", "▒", "▓", "█"]
    static let ansi256 = [255, 151, 77, 71, 22]

    static func cell(_ level: Int, _ colors: Colors, glyph: String = "■") -> String {
        switch colors {
        case .none: return glyph == "■" ? plainLevels[level] : glyph
        case .ansi256: return "\u{1B}[38;5;\(ansi256[level])m\(glyph)\u{1B}[0m"
        case .trueColor:
            let hex = ContributionCalendar.palette[level].dropFirst()
            let rgb = stride(from: 0, to: 6, by: 2).map { offset -> Int in
                let start = hex.index(hex.startIndex, offsetBy: offset)
                return Int(hex[start..<hex.index(start, offsetBy: 2)], radix: 16)!
            }
            return "\u{1B}[38;2;\(rgb[0]);\(rgb[1]);\(rgb[2])m\(glyph)\u{1B}[0m"
        }
    }

    static let monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    static let weekdayNames = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]

    /// The name of each row's weekday (rows start on the calendar's first day of the week),
    /// every other one shown as GitHub does.
    static func rowLabels(_ calendar: ContributionCalendar) -> [String] {
        let first = calendar.days.first?.date.weekday ?? 1
        return (0..<7).map { row in row % 2 == 0 ? weekdayNames[(first - 1 + row) % 7] : "" }
    }

    /// Weeks as columns, the days of the week as rows (Monday first unless configured), month names above the week a month starts
    /// in, today bracketed by the row's marker, a legend with each level's smallest value.
    package static func terminal(_ calendar: ContributionCalendar, colors: Colors) -> String {
        let weeks = stride(from: 0, to: calendar.days.count, by: 7).map { Array(calendar.days[$0..<$0 + 7]) }
        // A month's name over the week holding its 1st, when the columns it needs are free.
        var header = [Character](repeating: " ", count: 4 + weeks.count + 3)
        for (column, week) in weeks.enumerated() {
            guard let first = week.first(where: { $0.date.day == 1 && !$0.future }) else { continue }
            let name = Array(monthNames[first.date.month - 1])
            let span = (4 + column)..<(4 + column + name.count)
            guard header[(span.lowerBound - 1)..<span.upperBound].allSatisfy({ $0 == " " }) else { continue }
            for (offset, letter) in name.enumerated() { header[span.lowerBound + offset] = letter }
        }
        // No month starts in the grid: its first month's name over the first week.
        if header.allSatisfy({ $0 == " " }), let first = calendar.days.first {
            let name = Array(monthNames[first.date.month - 1])
            for (offset, letter) in name.enumerated() where 4 + offset < header.count { header[4 + offset] = letter }
        }
        var lines = [String(String(header).reversed().drop { $0 == " " }.reversed())]
        let labels = rowLabels(calendar)
        for row in 0..<7 {
            var line = labels[row].padding(4)
            for week in weeks {
                let day = week[row]
                // Today is a diamond in its level's colour (plain: a diamond).
                line += day.future ? " " : cell(day.level, colors, glyph: day.date == calendar.today ? "◆" : "■")
            }
            lines.append(line)
        }
        let unit = calendar.measure == .count ? "" : " (time)"
        let legend = (0...4).map { cell($0, colors) }.joined()
        let cuts = calendar.thresholds.enumerated().map { level, cut in
            "\(level + 1): " + (cut <= 1 ? "any" : "≥" + format(cut, calendar.measure))
        }
        lines.append("")
        lines.append("    less \(legend) more\(unit)   0: none, " + cuts.joined(separator: ", "))
        let total = calendar.days.reduce(Int64(0)) { $0 + $1.value }
        let active = calendar.days.filter { $0.value > 0 }.count
        lines.append(
            "    \(active) active day\(active == 1 ? "" : "s"), \(format(total, calendar.measure)) in total"
                + "; ◆ today")
        return lines.joined(separator: "\n")
    }

    static func format(_ value: Int64, _ measure: ContributionCalendar.Measure) -> String {
        measure == .count ? String(value) : ReportView.hours(value)
    }

    /// The seed's `contributionData`: `{"dates": [{"date", "count", "level"}], "maxCount",
    /// "palette": {"empty", "level1"…"level4"}}` (days after today left out).
    package static func json(_ calendar: ContributionCalendar) -> String {
        JSONText.object([
            (
                "dates",
                JSONText.array(
                    calendar.days.filter { !$0.future }.map {
                        JSONText.object([
                            ("date", JSONText.string($0.date.iso)), ("count", String($0.value)),
                            ("level", String($0.level)),
                        ])
                    })
            ),
            ("maxCount", String(calendar.maxValue)),
            ("measure", JSONText.string(calendar.measure.rawValue)),
            (
                "palette",
                JSONText.object(
                    zip(["empty", "level1", "level2", "level3", "level4"], ContributionCalendar.palette).map {
                        ($0, JSONText.string($1))
                    })
            ),
        ])
    }

    /// A standalone SVG (no fonts to fetch, no script): 12-pixel squares, month names, a title
    /// per day for a browser's tooltip.
    package static func svg(_ calendar: ContributionCalendar) -> String {
        let size = 12
        let gap = 3
        let weeks = calendar.days.count / 7
        let width = 30 + weeks * (size + gap)
        let height = 20 + 7 * (size + gap) + 10
        var parts = [
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(height)\" viewBox=\"0 0 \(width) \(height)\" font-family=\"sans-serif\" font-size=\"9\">"
        ]
        for (index, day) in calendar.days.enumerated() where !day.future {
            let x = 30 + index / 7 * (size + gap)
            let y = 20 + index % 7 * (size + gap)
            let value = format(day.value, calendar.measure)
            parts.append(
                "<rect x=\"\(x)\" y=\"\(y)\" width=\"\(size)\" height=\"\(size)\" rx=\"2\" fill=\"\(ContributionCalendar.palette[day.level])\"\(day.date == calendar.today ? " stroke=\"#000\"" : "")><title>\(day.date.iso): \(value)</title></rect>"
            )
            if day.date.day == 1 || index == 0 {
                parts.append("<text x=\"\(x)\" y=\"12\" fill=\"#555\">\(monthNames[day.date.month - 1])</text>")
            }
        }
        for (row, label) in rowLabels(calendar).enumerated().prefix(6) where !label.isEmpty {
            parts.append("<text x=\"0\" y=\"\(20 + row * (size + gap) + 9)\" fill=\"#555\">\(label)</text>")
        }
        parts.append("</svg>")
        return parts.joined(separator: "\n") + "\n"
    }
}

extension String {
    fileprivate func padding(_ width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
