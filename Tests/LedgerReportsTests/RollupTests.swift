import LedgerCore
import LedgerReports
import PropertyBased
import TestSupport
import Testing

/// A zone given by its offset changes (UTC instant, offset from then on), as zoneinfo has them.
struct TransitionZone: TimeZoneRules {
    var initial: Int32
    var changes: [(at: Int64, offset: Int32)]
    func offset(atUTC seconds: Int64) -> Int32 { changes.last { $0.at <= seconds }?.offset ?? initial }

    /// Europe/Berlin in 2026: summer time from 2026-03-29 01:00 UTC to 2026-10-25 01:00 UTC.
    static let berlin = TransitionZone(initial: 3600, changes: [(1_774_746_000, 7200), (1_792_890_000, 3600)])
    /// Asia/Kathmandu: +05:45 all year.
    static let kathmandu = TransitionZone(initial: 20_700, changes: [])
    /// Australia/Lord_Howe in 2026: +11:00 until 2026-04-05 02:00 local (2026-04-04 15:00 UTC),
    /// then +10:30 until 2026-10-04 02:00 local (2026-10-03 15:30 UTC): a 30-minute shift.
    static let lordHowe = TransitionZone(initial: 39_600, changes: [(1_775_314_800, 37_800), (1_790_955_000, 39_600)])
}

/// Entries for a rollup: timers (start, end; nil end runs) and instants.
func entries(timers: [(String, Int64, Int64?)], instants: [(String, Int64)] = [], zone: some TimeZoneRules) -> [Entry] {
    var rng = SplitMix(state: 7)
    var made: [Entry] = []
    for (index, timer) in timers.enumerated() {
        let id = EventID.random(using: &rng)
        made.append(
            Entry(
                id: id, type: timer.0, at: zone.localInstant(at: timer.1), note: nil, isDeleted: false,
                created: OrderKey(stamp: Stamp(millis: Int64(index)), device: "d", id: id), isTimed: true,
                end: timer.2.map { zone.localInstant(at: $0) }))
    }
    for (index, instant) in instants.enumerated() {
        let id = EventID.random(using: &rng)
        made.append(
            Entry(
                id: id, type: instant.0, at: zone.localInstant(at: instant.1), note: nil, isDeleted: false,
                created: OrderKey(stamp: Stamp(millis: Int64(1000 + index)), device: "d", id: id)))
    }
    return made
}

func rollup(
    _ made: [Entry], _ range: ReportRange, by grouping: Rollup.Grouping, zone: some TimeZoneRules,
    now: Int64 = 2_000_000_000,
    groups: [String: String] = [:], types: Set<String> = []
) -> Rollup {
    Rollup(
        entries: made, timeline: Timeline(entries: made), range: range, grouping: grouping, now: now,
        calendar: LocalCalendar(zone: zone), filter: TypeFilter(types: types, groupOf: groups))
}

func seconds(_ text: String) -> Int64 {
    // "2026-10-24T21:00:00Z" style, UTC.
    ISO8601.parse(text)!.instant!.seconds
}

@Suite("Reports: rollups on local days")
struct RollupTests {
    let all = ReportRange(from: 0, to: 4_000_000_000, label: "all")

    @Test("the day the clocks go back has 25 hours, the day they go forward 23, in Berlin")
    func daylightSaving() {
        let zone = TransitionZone.berlin
        let autumn = entries(
            timers: [("work", seconds("2026-10-24T21:00:00Z"), seconds("2026-10-26T00:00:00Z"))], zone: zone)
        let days = rollup(autumn, all, by: .day, zone: zone)
        #expect(days.rows.map(\.key) == ["2026-10-24", "2026-10-25", "2026-10-26"])
        #expect(days.rows.map(\.seconds) == [3600, 25 * 3600, 3600])
        #expect(days.total.seconds == 27 * 3600)
        #expect(days.rows.map(\.count) == [1, 0, 0], "the window counts once, where it starts")
        let spring = entries(
            timers: [("work", seconds("2026-03-28T23:00:00Z"), seconds("2026-03-29T22:00:00Z"))], zone: zone)
        let springDays = rollup(spring, all, by: .day, zone: zone)
        #expect(springDays.rows.map(\.key) == ["2026-03-29"])
        #expect(springDays.rows.map(\.seconds) == [23 * 3600], "midnight to midnight is 23 hours")
    }

    @Test("a zone at +05:45 and one with a 30-minute shift split at their own midnights")
    func oddOffsets() {
        let nepal = TransitionZone.kathmandu
        // 2026-11-24 23:00 to 2026-11-25 01:00 in Kathmandu.
        let late = entries(
            timers: [("reading", seconds("2026-11-24T17:15:00Z"), seconds("2026-11-24T19:15:00Z"))], zone: nepal)
        #expect(
            rollup(late, all, by: .day, zone: nepal).rows.map { [$0.key, String($0.seconds)] } == [
                ["2026-11-24", "3600"], ["2026-11-25", "3600"],
            ])
        // Lord Howe falls back 30 minutes on 2026-04-05: that day has 24.5 hours.
        let howe = TransitionZone.lordHowe
        let day = LocalCalendar(zone: howe)
        let date = CivilDate(year: 2026, month: 4, day: 5)
        #expect(day.start(of: date.adding(days: 1)) - day.start(of: date) == 24 * 3600 + 1800)
        let whole = entries(timers: [("sleep", day.start(of: date), day.start(of: date.adding(days: 1)))], zone: howe)
        #expect(rollup(whole, all, by: .day, zone: howe).rows.map(\.seconds) == [24 * 3600 + 1800])
    }

    @Test("an entry over three days, a month border and a trip across zones: every second once")
    func spans() {
        let zone = TransitionZone.berlin
        let start = seconds("2026-11-29T20:00:00Z")  // 21:00 on Sunday 29 November in Berlin
        let end = seconds("2026-12-01T03:00:00Z")  // 04:00 on Tuesday 1 December
        let long = entries(timers: [("trip", start, end)], zone: zone)
        let days = rollup(long, all, by: .day, zone: zone)
        #expect(days.rows.map(\.key) == ["2026-11-29", "2026-11-30", "2026-12-01"])
        let daySeconds: [Int64] = days.rows.map(\.seconds)
        #expect(daySeconds == [10_800, 86_400, 14_400])
        let months = rollup(long, all, by: .month, zone: zone)
        #expect(months.rows.map(\.key) == ["2026-11", "2026-12"])
        let monthSeconds: [Int64] = months.rows.map(\.seconds)
        #expect(monthSeconds == [97_200, 14_400])
        let weeks = rollup(long, all, by: .week, zone: zone)
        let weekKeys: [String] = weeks.rows.map(\.key)
        #expect(weekKeys == ["2026-11-23", "2026-11-30"], "weeks by their Monday")
        #expect(weeks.total.seconds == end - start)
        // Recorded in New York, read in Berlin: the reader's days.
        let travelled = [
            Entry(
                id: EventID(rawValue: 1), type: "flight", at: LocalInstant(seconds: start, offset: -5 * 3600),
                note: nil,
                isDeleted: false, created: OrderKey(stamp: Stamp(millis: 1), device: "d", id: EventID(rawValue: 1)),
                isTimed: true, end: LocalInstant(seconds: end, offset: 3600))
        ]
        let travelledDays: [Int64] = rollup(travelled, all, by: .day, zone: zone).rows.map(\.seconds)
        #expect(travelledDays == [10_800, 86_400, 14_400])
    }

    @Test("a range counts only the part of a window inside it; instants add counts; a running timer counts to now")
    func rangesAndCounts() {
        let zone = TransitionZone.berlin
        let calendar = LocalCalendar(zone: zone)
        let now = seconds("2026-11-25T10:00:00Z")
        let made = entries(
            timers: [
                ("work", seconds("2026-11-23T22:00:00Z"), seconds("2026-11-24T01:00:00Z")),  // 23:00–02:00 Berlin
                ("reading", seconds("2026-11-25T09:00:00Z"), nil),  // running since 10:00 Berlin
            ],
            instants: [("meal", seconds("2026-11-24T11:00:00Z")), ("meal", seconds("2026-11-22T11:00:00Z"))], zone: zone
        )
        let tuesday = ReportRange.day(CivilDate(year: 2026, month: 11, day: 24), calendar)
        let day = rollup(made, tuesday, by: .type, zone: zone, now: now)
        #expect(day.rows.map(\.key) == ["work", "meal"])
        let workSeconds: Int64 = day.rows.first?.seconds ?? -1
        #expect(workSeconds == 7200, "only 00:00–02:00 of the window")
        #expect(day.rows.last?.count == 1)
        #expect(day.total.count == 2)
        let week = rollup(
            made, ReportRange.named(":week", now: now, calendar: calendar)!, by: .type, zone: zone, now: now)
        #expect(week.rows.map(\.key) == ["work", "reading", "meal"])
        #expect(week.rows[1].seconds == 3600 && week.rows[1].running)
        #expect(week.rows.last?.count == 1, "Sunday's meal is last week's")
        #expect(week.range.from == seconds("2026-11-22T23:00:00Z"), "Monday 00:00 in Berlin")
        let lastWeek = rollup(
            made, ReportRange.named("lastweek", now: now, calendar: calendar)!, by: .day, zone: zone, now: now)
        #expect(lastWeek.rows.map(\.key) == ["2026-11-22"])
        let filtered = rollup(made, week.range, by: .type, zone: zone, now: now, types: ["meal"])
        #expect(filtered.rows.map(\.key) == ["meal"])
        let grouped = rollup(
            made, week.range, by: .group, zone: zone, now: now, groups: ["work": "job", "reading": "job"])
        #expect(grouped.rows.map(\.key) == ["job", Rollup.ungrouped])
        let jobSeconds: Int64 = grouped.rows.first?.seconds ?? -1
        #expect(jobSeconds == 14_400)
    }

    @Test("whatever the grouping, the rows add up to the total, and splitting at midnight keeps every second")
    func conservation() async {
        await propertyCheck(count: 200, input: Gen.int(in: 0...Int.max)) { seed in
            var rng = SplitMix(state: UInt64(seed))
            let zones: [any TimeZoneRules] = [TransitionZone.berlin, TransitionZone.kathmandu, TransitionZone.lordHowe]
            let zone = zones.randomElement(using: &rng)!
            let base = seconds("2026-01-01T00:00:00Z")
            var timers: [(String, Int64, Int64?)] = []
            for _ in 0..<Int.random(in: 0...12, using: &rng) {
                let start = base + Int64.random(in: 0...(365 * 86_400), using: &rng)
                let end: Int64? =
                    Bool.random(using: &rng) ? start + Int64.random(in: 0...(4 * 86_400), using: &rng) : nil
                timers.append((["a", "b", "c"].randomElement(using: &rng)!, start, end))
            }
            let instants = (0..<Int.random(in: 0...10, using: &rng)).map { _ in
                (["a", "b", "c"].randomElement(using: &rng)!, base + Int64.random(in: 0...(365 * 86_400), using: &rng))
            }
            func check(_ zone: some TimeZoneRules) {
                let made = entries(timers: timers, instants: instants, zone: zone)
                let from = base + Int64.random(in: 0...(200 * 86_400), using: &rng)
                let range = ReportRange(
                    from: from, to: from + Int64.random(in: 0...(200 * 86_400), using: &rng), label: "r")
                let now = base + Int64.random(in: 0...(400 * 86_400), using: &rng)
                let byType = rollup(made, range, by: .type, zone: zone, now: now)
                for grouping in Rollup.Grouping.allCases {
                    let result = rollup(made, range, by: grouping, zone: zone, now: now)
                    #expect(result.rows.reduce(0) { $0 + $1.seconds } == result.total.seconds)
                    #expect(result.rows.reduce(0) { $0 + $1.count } == result.total.count)
                    #expect(result.total.seconds == byType.total.seconds, "\(grouping) keeps every second")
                    #expect(result.total.count == byType.total.count)
                }
                // The total is the timeline's own count of seconds in the range.
                let timeline = Timeline(entries: made)
                #expect(
                    byType.total.seconds
                        == timeline.totals(from: range.from, to: range.to, now: now).values.reduce(0, +))
            }
            check(zone)
        }
    }
}
