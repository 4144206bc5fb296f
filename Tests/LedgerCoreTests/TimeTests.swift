import Testing

@testable import LedgerCore

/// A zone with a daylight-saving switch, to test local-time resolution without the system.
struct SwitchingZone: TimeZoneRules {
    var switchAt: Int64
    var before: Int32
    var after: Int32
    func offset(atUTC seconds: Int64) -> Int32 { seconds < switchAt ? before : after }
}

@Suite("Time parsing and formatting")
struct TimeTests {
    // 2024-03-01T10:00:00Z
    let now: Int64 = 1_709_287_200
    var utc: TimeExpression { TimeExpression(now: now, zone: FixedOffsetZone(offset: 0)) }

    @Test("civil dates round-trip across eras")
    func civil() {
        for days in stride(from: Int64(-800_000), through: 800_000, by: 997) {
            let date = CivilDate(daysSinceEpoch: days)
            #expect(date.daysSinceEpoch == days)
            #expect(date.isValid)
        }
        #expect(CivilDate(year: 2024, month: 2, day: 29).isValid)
        #expect(!CivilDate(year: 2023, month: 2, day: 29).isValid)
    }

    @Test("ISO 8601 forms")
    func iso() throws {
        #expect(
            ISO8601.parse("2024-03-01T07:30:00+01:00")?.instant == LocalInstant(seconds: 1_709_274_600, offset: 3600))
        #expect(ISO8601.parse("2024-03-01T07:30Z")?.instant == LocalInstant(seconds: 1_709_278_200, offset: 0))
        #expect(ISO8601.parse("2024-03-01 07:30:15.250-0530")?.instant?.offset == -19_800)
        #expect(ISO8601.parse("2024-03-01T07:30")?.offset == nil)
        #expect(ISO8601.parse("2024-02-30T07:30Z") == nil)
        #expect(ISO8601.parse("2024-03-01T24:00Z") == nil)
        #expect(ISO8601.parse("2024-03-01Z") == nil)
        #expect(LocalInstant(seconds: 1_709_274_600, offset: 3600).iso8601 == "2024-03-01T07:30:00+01:00")
        #expect(LocalInstant(seconds: 1_709_274_600, offset: -9000).iso8601 == "2024-03-01T04:00:00-02:30")
    }

    @Test("a clock time is today's; one later than now is refused with the fix, never taken as yesterday's")
    func clockTimes() throws {
        #expect(try utc.parse("07:30").seconds == now - 9000)
        // 23:00 today is ahead of 10:00 now (issue 28: 13:00 at 11:10 became a 22-hour timer).
        #expect {
            try utc.parse("23:00")
        } throws: { error in
            let text = "\(error)"
            return text.contains("13h from now") && text.contains("write 'yesterday 23:00'")
        }
        // Within the five minutes of clock difference allowed for every time, still today's.
        #expect(try utc.parse("10:04").seconds == now + 240)
        #expect(throws: TimeExpression.ParseError.self) { try utc.parse("10:06") }
        #expect(try utc.parse("yesterday 23:00").seconds == now - 11 * 3600)
        #expect(try utc.parse("yesterday 22:10").seconds == now - 86_400 + 12 * 3600 + 600)
        #expect(try utc.parse("today 9:05").seconds == now - 3300)
    }

    @Test("relative and explicit times")
    func relative() throws {
        #expect(try utc.parse("-15m").seconds == now - 900)
        #expect(try utc.parse("-1h30m").seconds == now - 5400)
        #expect(try utc.parse("2h ago").seconds == now - 7200)
        #expect(try utc.parse("now").seconds == now)
        #expect(try utc.parse("2024-03-01T08:00+02:00").seconds == now - 4 * 3600)
        #expect(throws: TimeExpression.ParseError.self) { try utc.parse("-15x") }
        #expect(throws: TimeExpression.ParseError.self) { try utc.parse("-30m1h") }
        #expect(throws: TimeExpression.ParseError.self) { try utc.parse("tomorrow") }
        #expect(throws: TimeExpression.ParseError.self) { try utc.parse("2024-03-02T10:00Z") }
        #expect(throws: TimeExpression.ParseError.self) { try utc.parse("") }
    }

    @Test("the offset in force at the entry's own instant is kept")
    func daylightSaving() throws {
        // Switch from +01:00 to +02:00 at 2024-03-01T05:00Z.
        let zone = SwitchingZone(switchAt: now - 5 * 3600, before: 3600, after: 7200)
        let expression = TimeExpression(now: now, zone: zone)
        let early = try expression.parse("2024-03-01T04:30")
        #expect(early.offset == 3600)
        #expect(early.iso8601 == "2024-03-01T04:30:00+01:00")
        let late = try expression.parse("09:00")
        #expect(late.offset == 7200)
        #expect(late.seconds == now - 3 * 3600)
    }

    /// Seconds since the epoch of a UTC reading.
    static func utcSeconds(_ text: String) -> Int64 { ISO8601.parse(text)!.instant!.seconds }

    /// Berlin's 2026 switches, as `SwitchingZone`s: +01:00 → +02:00 at 2026-03-29T01:00Z
    /// (02:00 to 03:00 is skipped), +02:00 → +01:00 at 2026-10-25T01:00Z (02:00 to 03:00 twice).
    static let spring = SwitchingZone(switchAt: utcSeconds("2026-03-29T01:00Z"), before: 3600, after: 7200)
    static let autumn = SwitchingZone(switchAt: utcSeconds("2026-10-25T01:00Z"), before: 7200, after: 3600)

    @Test("a wall time skipped by a switch is named as such: the gap, the times around it, an offset")
    func skippedWallTime() throws {
        let now = Self.utcSeconds("2026-03-29T12:00Z")
        let expression = TimeExpression(now: now, zone: Self.spring)
        let reason =
            "02:30 does not exist on 2026-03-29 in this time zone (clocks jumped from 02:00 to 03:00); use 01:59 or 03:00, or give an offset: 2026-03-29T02:30+01:00"
        for text in ["02:30", "today 02:30", "2026-03-29T02:30", "2026-03-29 02:30:00"] {
            #expect(throws: TimeExpression.ParseError(input: text, reason: reason)) { try expression.parse(text) }
        }
        #expect(throws: TimeExpression.ParseError.self) { try expression.parse("02:00") }
        let nextDay = TimeExpression(now: now + 86_400, zone: Self.spring)
        #expect(throws: TimeExpression.ParseError(input: "yesterday 02:30", reason: reason)) {
            try nextDay.parse("yesterday 02:30")
        }
        // Either side of the gap, and the same wall time with an explicit offset, are taken.
        #expect(try expression.parse("01:59").iso8601 == "2026-03-29T01:59:00+01:00")
        #expect(try expression.parse("03:00").iso8601 == "2026-03-29T03:00:00+02:00")
        #expect(try expression.parse("2026-03-29T02:30+01:00").seconds == Self.utcSeconds("2026-03-29T01:30Z"))
        // Days are still laid out around the gap (a day that starts in one starts where it ends).
        #expect(
            Self.spring.instant(forLocal: Self.utcSeconds("2026-03-29T02:30Z")).iso8601 == "2026-03-29T03:30:00+02:00")
        #expect(
            Self.spring.resolve(local: Self.utcSeconds("2026-03-29T02:30Z"))
                == .skipped(transition: Self.utcSeconds("2026-03-29T01:00Z"), offsetBefore: 3600, offsetAfter: 7200))
    }

    @Test("a wall time repeated by a switch means its first occurrence")
    func repeatedWallTime() throws {
        let now = Self.utcSeconds("2026-10-25T12:00Z")
        let expression = TimeExpression(now: now, zone: Self.autumn)
        for text in ["02:30", "today 02:30", "2026-10-25T02:30"] {
            let instant = try expression.parse(text)
            #expect(instant.seconds == Self.utcSeconds("2026-10-25T00:30Z"), "\(text)")
            #expect(instant.iso8601 == "2026-10-25T02:30:00+02:00")
        }
        #expect(try expression.parse("2026-10-25T02:30+01:00").seconds == Self.utcSeconds("2026-10-25T01:30Z"))
        #expect(try expression.parse("03:00").iso8601 == "2026-10-25T03:00:00+01:00")
        #expect(try expression.parse("01:59").iso8601 == "2026-10-25T01:59:00+02:00")
        // During the second pass too (documented: the first pass, as the issue asks).
        let secondPass = TimeExpression(now: Self.utcSeconds("2026-10-25T01:20Z"), zone: Self.autumn)
        #expect(try secondPass.parse("02:10").iso8601 == "2026-10-25T02:10:00+02:00")
        // A date alone is the start of its day, also where the clocks skip midnight.
        let midnightGap = SwitchingZone(switchAt: Self.utcSeconds("2026-09-06T04:00Z"), before: -14400, after: -10800)
        let santiago = TimeExpression(now: Self.utcSeconds("2026-09-07T12:00Z"), zone: midnightGap)
        #expect(try santiago.parse("2026-09-06").iso8601 == "2026-09-06T01:00:00-03:00")
        #expect(throws: TimeExpression.ParseError.self) { try santiago.parse("2026-09-06T00:30") }
        #expect(
            Self.autumn.resolve(local: Self.utcSeconds("2026-10-25T02:30Z"))
                == .ambiguous(
                    earlier: LocalInstant(seconds: Self.utcSeconds("2026-10-25T00:30Z"), offset: 7200),
                    later: LocalInstant(seconds: Self.utcSeconds("2026-10-25T01:30Z"), offset: 3600)))
    }

    @Test("an entry ahead of now (within the allowance) counts as just happened, never negative")
    func futureSince() {
        let at = LocalInstant(seconds: now + 180, offset: 0)
        let id = EventID(rawValue: 7)
        var summary = StatusSummary()
        summary.latest["meal"] = .init(id: id, at: at, created: OrderKey(stamp: .zero, device: "d", id: id))
        let timers = Timers(summary: summary, now: now)
        #expect(timers.sinceMeal?.seconds == 0)
        #expect(timers.sinceMeal?.text == "0s")
        #expect(timers.sinceAny?.seconds == 0)
    }

    static let durationCases: [(Int64, String)] = [
        (0, "0s"), (45, "45s"), (59, "59s"), (60, "1m"), (2700, "45m"), (3600, "1h"), (6000, "1h 40m"),
        (11_579, "3h 12m"), (187_205, "2d 4h"), (86_400, "1d"), (-30, "0s"), (720, "12m"),
    ]

    @Test("durations are compact", arguments: durationCases)
    func durations(seconds: Int64, text: String) {
        #expect(formatDuration(seconds) == text)
    }

    @Test("the hybrid logical clock moves past skewed stamps")
    func hlc() {
        let seen = Stamp(millis: 5_000, counter: 2)
        #expect(HybridLogicalClock.next(after: seen, wallMillis: 9_000) == Stamp(millis: 9_000, counter: 0))
        #expect(HybridLogicalClock.next(after: seen, wallMillis: 1_000) == Stamp(millis: 5_000, counter: 3))
        #expect(HybridLogicalClock.next(after: seen, wallMillis: 5_000) == Stamp(millis: 5_000, counter: 3))
    }
}
