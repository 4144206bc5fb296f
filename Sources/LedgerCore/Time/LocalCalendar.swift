/// Local days, weeks, months and years of a zone, as instants: the civil-day arithmetic that
/// goals, reports, calendars and streaks share. A local day runs from its midnight to the next
/// (23 or 25 hours across a daylight-saving change; where a zone skips midnight, from the first
/// instant of that date). Weeks start on Monday (ISO 8601).
public struct LocalCalendar: Sendable {
    public var zone: any TimeZoneRules

    public init(zone: any TimeZoneRules) { self.zone = zone }

    /// The local date of `instant`.
    public func date(of instant: Int64) -> CivilDate { zone.localInstant(at: instant).localDateAndTime.date }

    /// The first instant of `date`.
    public func start(of date: CivilDate) -> Int64 { zone.instant(forLocal: date.daysSinceEpoch * 86_400).seconds }

    /// The local day holding `instant`: from its first instant to the next day's.
    public func day(containing instant: Int64) -> (start: Int64, end: Int64) {
        let date = date(of: instant)
        return (start(of: date), start(of: date.adding(days: 1)))
    }

    /// `HH:MM` of `instant`, with its date after it when that is not `now`'s day
    /// (`00:30 2026-11-26`): how a goal's time is said.
    public func clock(_ instant: Int64, now: Int64) -> String {
        let local = zone.localInstant(at: instant)
        let day = local.localDateAndTime.date
        return local.localTime + (day != date(of: now) ? " " + day.iso : "")
    }

    /// `[start, end)` split at local midnights: each day it touches, oldest first, with the
    /// seconds of it that fall in that day (a day of a DST change has 23 or 25 hours). An empty
    /// span (`start == end`) is its one day with 0 seconds.
    public func days(from start: Int64, to end: Int64, _ body: (CivilDate, Int64) -> Void) {
        var start = start
        repeat {
            let date = date(of: start)
            let partEnd = min(end, self.start(of: date.adding(days: 1)))
            body(date, partEnd - start)
            start = partEnd
        } while start < end
    }

    /// The Monday of the week holding `date`.
    public static func weekStart(of date: CivilDate) -> CivilDate {
        // 1970-01-01 was a Thursday: days since the epoch + 3, modulo 7, is 0 on a Monday.
        let days = date.daysSinceEpoch
        let weekday = ((days + 3) % 7 + 7) % 7
        return CivilDate(daysSinceEpoch: days - weekday)
    }

    /// The first day of the month holding `date`.
    public static func monthStart(of date: CivilDate) -> CivilDate {
        CivilDate(year: date.year, month: date.month, day: 1)
    }

    /// The first day of the month after the one holding `date`.
    public static func nextMonthStart(of date: CivilDate) -> CivilDate {
        date.month == 12
            ? CivilDate(year: date.year + 1, month: 1, day: 1)
            : CivilDate(year: date.year, month: date.month + 1, day: 1)
    }
}

extension CivilDate {
    /// The date `days` later (earlier when negative).
    public func adding(days: Int64) -> CivilDate { CivilDate(daysSinceEpoch: daysSinceEpoch + days) }

    /// `YYYY-MM`.
    public var isoMonth: String { "\(pad(year, 4))-\(pad(month, 2))" }

    /// `YYYY-MM-DD`, or `YYYY-MM`, or `YYYY`, read strictly (nil for anything else or an
    /// invalid date); a month or year stands for its first day.
    public static func parse(_ text: String) -> (date: CivilDate, precision: Precision)? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count), parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) }),
            parts[0].count == 4, parts.dropFirst().allSatisfy({ $0.count == 2 }),
            let numbers = Optional(parts.compactMap { Int($0) }), numbers.count == parts.count
        else { return nil }
        let date = CivilDate(
            year: numbers[0], month: parts.count > 1 ? numbers[1] : 1, day: parts.count > 2 ? numbers[2] : 1)
        guard date.isValid else { return nil }
        return (date, parts.count == 3 ? .day : parts.count == 2 ? .month : .year)
    }

    public enum Precision: Sendable { case day, month, year }
}
