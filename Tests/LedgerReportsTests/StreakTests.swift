import LedgerCore
import LedgerReports
import Testing

@Suite("Streaks: days in a row with an entry")
struct StreakTests {
    @Test("today not logged yet keeps the streak; a gap ends it; the best run is remembered; local days count")
    func streaks() {
        let zone = TransitionZone.berlin
        let calendar = LocalCalendar(zone: zone)
        let now = seconds("2026-11-25T12:00:00Z")
        func at(_ text: String) -> Int64 { seconds(text) }
        let made = entries(
            timers: [("work", at("2026-11-24T22:30:00Z"), at("2026-11-24T23:30:00Z"))],  // 23:30 Berlin, the 24th
            instants: [
                ("wake", at("2026-11-24T06:00:00Z")), ("wake", at("2026-11-23T06:00:00Z")),
                ("wake", at("2026-11-22T06:00:00Z")),
                ("wake", at("2026-11-10T06:00:00Z")), ("wake", at("2026-11-11T06:00:00Z")),
                ("wake", at("2026-11-12T06:00:00Z")), ("wake", at("2026-11-13T06:00:00Z")),
                ("meal", at("2026-11-25T11:00:00Z")), ("meal", at("2026-11-25T11:30:00Z")),
                ("meal", at("2026-11-23T11:00:00Z")),
            ], zone: zone)
        let streaks = Streak.all(entries: made, calendar: calendar, now: now, order: ["wake", "meal"])
        #expect(streaks.map(\.type) == ["wake", "meal", "work"])
        #expect(streaks[0] == Streak(type: "wake", today: 0, current: 3, best: 4))
        #expect(streaks[1] == Streak(type: "meal", today: 2, current: 1, best: 1), "the 24th had no meal")
        #expect(streaks[2] == Streak(type: "work", today: 0, current: 1, best: 1))
        // The next day without a wake: the streak is over.
        let later = Streak.all(entries: made, calendar: calendar, now: seconds("2026-11-26T12:00:00Z"))
        #expect(later.first { $0.type == "wake" }?.current == 0)
    }
}
