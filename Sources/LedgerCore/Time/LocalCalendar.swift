/// Local days, weeks, months and years of a zone, as instants: the civil-day arithmetic that
/// goals, reports, calendars and streaks share. A local day runs from its start to the next
/// day's (23 or 25 hours across a daylight-saving change; where a zone skips that wall time,
/// from the first instant after the gap). A day starts at midnight unless `dayStart` says a
/// later wall time (04:00: a late night counts to the day before); weeks start on Monday (ISO
/// 8601) unless `firstWeekday` says another day.
public struct LocalCalendar: Sendable {
    public var zone: any TimeZoneRules
    /// Seconds after the local midnight at which a day starts (0 to 12 hours).
    public var dayStart: Int64
    /// The day weeks start on, numbered as ISO 8601 does: 1 Monday … 7 Sunday.
    public var firstWeekday: Int

    public init(zone: any TimeZoneRules, dayStart: Int64 = 0, firstWeekday: Int = 1) {
        precondition((0...43_200).contains(dayStart) && (1...7).contains(firstWeekday))
        (self.zone, self.dayStart, self.firstWeekday) = (zone, dayStart, firstWeekday)
    }

    /// The day `instant` counts to: its local date, or the date before when it falls before
    /// the day start.
    public func date(of instant: Int64) -> CivilDate {
        let (date, second) = zone.localInstant(at: instant).localDateAndTime
        return Int64(second) < dayStart ? date.adding(days: -1) : date
    }

    /// The first instant of `date` (its day start, on the local clock).
    public func start(of date: CivilDate) -> Int64 {
        zone.instant(forLocal: date.daysSinceEpoch * 86_400 + dayStart).seconds
    }

    /// The local day holding `instant`: from its first instant to the next day's.
    public func day(containing instant: Int64) -> (start: Int64, end: Int64) {
        let date = date(of: instant)
        return (start(of: date), start(of: date.adding(days: 1)))
    }

    /// `HH:MM` of `instant`, with its date after it when that is not `now`'s day
    /// (`00:30 2026-11-26`): how a goal's time is said.
    public func clock(_ instant: Int64, now: Int64) -> String {
        // A wall-clock date (from midnight), whatever the day start: the clock says it.
        let local = zone.localInstant(at: instant)
        let day = local.localDateAndTime.date
        return local.localTime + (day != zone.localInstant(at: now).localDateAndTime.date ? " " + day.iso : "")
    }

    /// `[start, end)` split at day starts (local midnights by default): each day it touches, oldest first, with the
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

    /// The first day of the week holding `date` (a Monday unless `firstWeekday` says otherwise).
    public func weekStart(of date: CivilDate) -> CivilDate {
        let days = date.daysSinceEpoch
        let back = (Int64(date.weekday - firstWeekday) + 7) % 7
        return CivilDate(daysSinceEpoch: days - back)
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
    /// The day of the week, numbered as ISO 8601 does: 1 Monday … 7 Sunday.
    public var weekday: Int {
        // 1970-01-01 was a Thursday (4).
        Int(((daysSinceEpoch + 3) % 7 + 7) % 7) + 1
    }

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

extension LocalCalendar {
    /// Local dates of instants read mostly in order (a report's or calendar's rows): the last
    /// day's bounds are kept, so each further instant of that day costs two comparisons
    /// instead of a look-up in the zone's rules.
    public struct Days {
        let calendar: LocalCalendar
        var from: Int64 = 0
        var to: Int64 = 0
        var last = CivilDate(daysSinceEpoch: 0)

        public init(_ calendar: LocalCalendar) { self.calendar = calendar }

        public mutating func date(of instant: Int64) -> CivilDate {
            if from <= instant, instant < to { return last }
            last = calendar.date(of: instant)
            (from, to) = (calendar.start(of: last), calendar.start(of: last.adding(days: 1)))
            // Bounds that do not hold the instant (a zone's oddity) are not kept.
            if !(from <= instant && instant < to) { (from, to) = (0, 0) }
            return last
        }
    }
}
