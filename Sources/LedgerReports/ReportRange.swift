package import LedgerCore

/// The stretch of time a report covers, `[from, to)`, and how to name it.
package struct ReportRange: Sendable, Equatable {
    package var from: Int64
    package var to: Int64
    /// `this week`, `2026-11`, `2026-11-20 to 2026-11-25`: for the report's title.
    package var label: String

    package init(from: Int64, to: Int64, label: String) {
        (self.from, self.to, self.label) = (from, to, label)
    }

    /// A named range: `:today`, `:yesterday`, `:week`, `:lastweek`, `:month`, `:lastmonth`,
    /// `:year`, `:lastyear`, `:all` (also without the colon, as timewarrior takes them), for
    /// the calendar of `zone` at `now`.
    package static func named(_ word: String, now: Int64, calendar: LocalCalendar) -> ReportRange? {
        let name = word.hasPrefix(":") ? String(word.dropFirst()) : word
        let today = calendar.date(of: now)
        switch name.lowercased() {
        case "today", "day": return day(today, calendar, label: "today")
        case "yesterday": return day(today.adding(days: -1), calendar, label: "yesterday")
        case "week", "thisweek": return week(today, calendar, label: "this week")
        case "lastweek": return week(today.adding(days: -7), calendar, label: "last week")
        case "month", "thismonth": return month(today, calendar, label: "this month")
        case "lastmonth":
            return month(LocalCalendar.monthStart(of: today).adding(days: -1), calendar, label: "last month")
        case "year", "thisyear": return year(today.year, calendar, label: "this year")
        case "lastyear": return year(today.year - 1, calendar, label: "last year")
        case "all":
            return ReportRange(from: ValidTime.earliestSeconds, to: ValidTime.latestSeconds + 1, label: "all time")
        default: return nil
        }
    }

    /// The local day `date`.
    package static func day(_ date: CivilDate, _ calendar: LocalCalendar, label: String? = nil) -> ReportRange {
        ReportRange(
            from: calendar.start(of: date), to: calendar.start(of: date.adding(days: 1)), label: label ?? date.iso)
    }

    /// The week holding `date` (from the calendar's first day of the week, a Monday by default).
    package static func week(_ date: CivilDate, _ calendar: LocalCalendar, label: String? = nil) -> ReportRange {
        let monday = calendar.weekStart(of: date)
        let sunday = monday.adding(days: 6)
        return ReportRange(
            from: calendar.start(of: monday), to: calendar.start(of: monday.adding(days: 7)),
            label: label ?? "the week \(monday.iso) to \(sunday.iso)")
    }

    /// The month holding `date`.
    package static func month(_ date: CivilDate, _ calendar: LocalCalendar, label: String? = nil) -> ReportRange {
        let first = LocalCalendar.monthStart(of: date)
        return ReportRange(
            from: calendar.start(of: first), to: calendar.start(of: LocalCalendar.nextMonthStart(of: date)),
            label: label ?? first.isoMonth)
    }

    /// The year `year`.
    package static func year(_ year: Int, _ calendar: LocalCalendar, label: String? = nil) -> ReportRange {
        ReportRange(
            from: calendar.start(of: CivilDate(year: year, month: 1, day: 1)),
            to: calendar.start(of: CivilDate(year: year + 1, month: 1, day: 1)), label: label ?? String(year))
    }
}
