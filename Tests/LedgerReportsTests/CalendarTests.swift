import LedgerCore
import LedgerReports
import Testing

@Suite("The contribution calendar")
struct CalendarTests {
    @Test("whole weeks from a Monday to the Sunday after today; the seed's levels; days after today empty")
    func seedLevels() {
        let zone = TransitionZone.berlin
        let now = seconds("2026-11-25T12:00:00Z")  // a Wednesday
        var instants: [(String, Int64)] = []
        for (day, count) in [(23, 4), (24, 1), (25, 2), (10, 3)] {
            for n in 0..<count { instants.append(("meal", seconds("2026-11-\(day)T0\(n):00:00Z"))) }
        }
        instants.append(("wake", seconds("2026-11-24T06:00:00Z")))
        let made = entries(timers: [], instants: instants, zone: zone)
        let grid = ContributionCalendar(
            entries: made, timeline: Timeline(entries: made), calendar: LocalCalendar(zone: zone), now: now, weeks: 3,
            types: ["meal"])
        #expect(grid.days.count == 21)
        #expect(grid.days.first?.date == CivilDate(year: 2026, month: 11, day: 9), "a Monday")
        #expect(grid.days.last?.date == CivilDate(year: 2026, month: 11, day: 29), "the Sunday after today")
        #expect(grid.maxValue == 4)
        func day(_ n: Int) -> ContributionCalendar.Day { grid.days.first { $0.date.day == n }! }
        // min(4, ceil(4 × count / 4)): 4 → 4, 3 → 3, 2 → 2, 1 → 1 (the wake is left out).
        #expect([day(23).level, day(10).level, day(25).level, day(24).level] == [4, 3, 2, 1])
        #expect(day(24).value == 1)
        #expect(day(26).future && day(26).level == 0)
        #expect(grid.thresholds == [1, 2, 3, 4])
        let quantile = ContributionCalendar(
            entries: made, timeline: Timeline(entries: made), calendar: LocalCalendar(zone: zone), now: now, weeks: 3,
            levels: .quantile)
        #expect(quantile.days.filter { $0.value > 0 }.allSatisfy { (1...4).contains($0.level) })
    }

    @Test("by tracked time: a window over midnight is split between the days")
    func trackedTime() {
        let zone = TransitionZone.berlin
        let made = entries(
            timers: [("work", seconds("2026-11-24T22:00:00Z"), seconds("2026-11-25T01:00:00Z"))], zone: zone)
        let grid = ContributionCalendar(
            entries: made, timeline: Timeline(entries: made), calendar: LocalCalendar(zone: zone),
            now: seconds("2026-11-25T12:00:00Z"), weeks: 1, measure: .seconds)
        let values = grid.days.filter { $0.value > 0 }.map(\.value)
        #expect(values == [3600, 7200], "23:00–00:00 on the 24th, 00:00–02:00 on the 25th (Berlin)")
    }
}
