import LedgerCore
import LedgerReports
import PropertyBased
import TestSupport
import Testing

/// A configured day start (`alog config day-start 04:00`) and week start (`week-start sunday`):
/// a late night counts to the day before, a DST day still has 23 or 25 hours from one day start
/// to the next, and no second is lost or counted twice.
@Suite("Reports: a day that starts at 04:00, a week that starts on Sunday")
struct DayStartTests {
    let berlin = LocalCalendar(zone: TransitionZone.berlin, dayStart: 4 * 3600)

    @Test("02:30 counts to the day before; 04:00 starts the day; the clock's own date is unchanged")
    func lateNight() {
        // 2026-11-05 02:30 and 04:00 in Berlin (+01:00).
        let early = seconds("2026-11-05T01:30:00Z")
        #expect(berlin.date(of: early) == CivilDate(year: 2026, month: 11, day: 4))
        #expect(berlin.date(of: seconds("2026-11-05T03:00:00Z")) == CivilDate(year: 2026, month: 11, day: 5))
        #expect(berlin.start(of: CivilDate(year: 2026, month: 11, day: 5)) == seconds("2026-11-05T03:00:00Z"))
        // A goal's time says the wall clock's date, not the counting day's.
        #expect(berlin.clock(early, now: seconds("2026-11-04T20:00:00Z")) == "02:30 2026-11-05")
    }

    @Test("the days holding the clock changes run from 04:00 to 04:00: 23 and 25 hours")
    func daylightSaving() {
        // The changes happen at 02:00/03:00 on the 29th and the 25th: with days starting at
        // 04:00, they fall in the days of the 28th and the 24th.
        for (date, hours) in [
            (CivilDate(year: 2026, month: 3, day: 28), 23), (CivilDate(year: 2026, month: 3, day: 29), 24),
            (CivilDate(year: 2026, month: 10, day: 24), 25), (CivilDate(year: 2026, month: 10, day: 25), 24),
        ] {
            let start = berlin.start(of: date)
            let end = berlin.start(of: date.adding(days: 1))
            #expect(end - start == Int64(hours) * 3600, "\(date.iso)")
            #expect(berlin.date(of: start) == date && berlin.date(of: end - 1) == date)
        }
    }

    @Test("a window split at day starts keeps every second, whatever the day start and zone")
    func splitConservesSeconds() async {
        await propertyCheck(
            input: Gen.int(in: 0...12), Gen.int(in: 0...59), Gen.int(in: 1_774_000_000...1_793_000_000),
            Gen.int(in: 0...400_000)
        ) { hours, minutes, start, length in
            for zone in [TransitionZone.berlin, TransitionZone.kathmandu, TransitionZone.lordHowe]
                as [any TimeZoneRules]
            {
                let dayStart = min(Int64(hours * 3600 + minutes * 60), 12 * 3600)
                let calendar = LocalCalendar(zone: zone, dayStart: dayStart)
                var total: Int64 = 0
                var last: CivilDate?
                calendar.days(from: Int64(start), to: Int64(start + length)) { date, seconds in
                    #expect(last.map { date > $0 } ?? true)
                    #expect(seconds >= 0 && seconds <= 25 * 3600)
                    last = date
                    total += seconds
                }
                #expect(total == Int64(length))
            }
        }
    }

    @Test("week start Sunday: :week, --by week keys and the calendar's rows start on a Sunday")
    func sundayWeeks() {
        let calendar = LocalCalendar(zone: TransitionZone.berlin, firstWeekday: 7)
        let wednesday = CivilDate(year: 2026, month: 11, day: 25)
        #expect(wednesday.weekday == 3)
        #expect(calendar.weekStart(of: wednesday) == CivilDate(year: 2026, month: 11, day: 22))
        #expect(
            calendar.weekStart(of: CivilDate(year: 2026, month: 11, day: 22))
                == CivilDate(year: 2026, month: 11, day: 22))
        #expect(
            LocalCalendar(zone: TransitionZone.berlin).weekStart(of: wednesday)
                == CivilDate(year: 2026, month: 11, day: 23))
        let now = seconds("2026-11-25T12:00:00Z")
        let week = ReportRange.named("week", now: now, calendar: calendar)!
        #expect(week.from == seconds("2026-11-21T23:00:00Z") && week.to == seconds("2026-11-28T23:00:00Z"))
        let made = entries(
            timers: [("work", seconds("2026-11-21T22:00:00Z"), seconds("2026-11-22T00:00:00Z"))],
            zone: TransitionZone.berlin)
        let byWeek = Rollup(
            entries: made, timeline: Timeline(entries: made),
            range: ReportRange.named("all", now: now, calendar: calendar)!,
            grouping: .week, now: now, calendar: calendar)
        // Saturday 23:00 to Sunday 01:00 local: an hour in each week, keyed by its Sunday.
        #expect(byWeek.rows.map(\.key) == ["2026-11-15", "2026-11-22"])
        #expect(byWeek.rows.map(\.seconds) == [3600, 3600])
        let grid = ContributionCalendar(
            entries: made, timeline: Timeline(entries: made), calendar: calendar, now: now, weeks: 2)
        #expect(grid.days.first?.date.weekday == 7 && grid.days.count == 14)
    }
}
