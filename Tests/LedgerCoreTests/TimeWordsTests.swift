import Testing

@testable import LedgerCore

/// Issue 28, item 5: the time words a timewarrior or Watson user types.
@Suite("Time words")
struct TimeWordsTests {
    // 2024-03-01T10:00:00Z
    let now: Int64 = 1_709_287_200
    let midnight: Int64 = 1_709_251_200
    var utc: TimeExpression { TimeExpression(now: now, zone: FixedOffsetZone(offset: 0)) }

    @Test("today and yesterday alone are the start of the day")
    func dayWords() throws {
        #expect(try utc.parse("today").seconds == midnight)
        #expect(try utc.parse("Yesterday").seconds == midnight - 86_400)
        #expect(try utc.parse("today 00:00").seconds == midnight)
        // In a zone whose clocks skip midnight, the first minute after the gap.
        let skipping = SwitchingZone(switchAt: midnight, before: 0, after: 3600)
        let zoned = TimeExpression(now: now, zone: skipping)
        #expect(try zoned.parse("today").seconds == midnight)
    }

    @Test("relative times with weeks, decimals and words")
    func relative() throws {
        #expect(try utc.parse("-1w").seconds == now - 604_800)
        #expect(try utc.parse("-7d").seconds == now - 604_800)
        #expect(try utc.parse("2 days ago").seconds == now - 172_800)
        #expect(try utc.parse("1 hour 30 minutes ago").seconds == now - 5400)
        #expect(try utc.parse("1.5h ago").seconds == now - 5400)
        #expect(try utc.parse("90 secs ago").seconds == now - 90)
        #expect(try utc.parse("1 week ago").seconds == now - 604_800)
        for bad in ["2 fortnights ago", "-1.h", "-h", "1.5.5h ago", "-2m1h", "ago"] {
            #expect(throws: TimeExpression.ParseError.self, "\(bad)") { try utc.parse(bad) }
        }
    }

    @Test("clock times with am/pm and four digits; 12am is midnight, 12pm noon")
    func clockForms() throws {
        #expect(try utc.parse("0730").seconds == midnight + 27_000)
        #expect(try utc.parse("7:30am").seconds == midnight + 27_000)
        #expect(try utc.parse("7:30 AM").seconds == midnight + 27_000)
        #expect(try utc.parse("12am").seconds == midnight)
        #expect(try utc.parse("yesterday 7:30pm").seconds == midnight - 86_400 + 70_200)
        #expect(try utc.parse("yesterday 12pm").seconds == midnight - 43_200)
        #expect(try utc.parse("today 9am").seconds == midnight + 32_400)
        // 7pm today is ahead of 10:00: refused, with the fix.
        #expect(throws: TimeExpression.ParseError.self) { try utc.parse("7pm") }
        for bad in ["13pm", "0am", "7:3pm", "2460", "07:60", "730"] {
            #expect(throws: TimeExpression.ParseError.self, "\(bad)") { try utc.parse(bad) }
        }
    }

    @Test("the error lists what is accepted")
    func errorText() {
        #expect {
            try utc.parse("next tuesday")
        } throws: { error in
            let text = "\(error)"
            return ["today", "2024-03-01", "-7d", "7pm", "7:30:15", "'2 days ago'", "-1w"].allSatisfy(text.contains)
        }
    }

    @Test("durations: decimals, weeks and words, as goals take them")
    func durations() {
        #expect(parseDuration("1.5h") == 5400)
        #expect(parseDuration("0.5d") == 43_200)
        #expect(parseDuration("1w") == 604_800)
        #expect(parseDuration("2 hours") == 7200)
        #expect(parseDuration("1h30m") == 5400)
        #expect(parseDuration("45m") == 2700)
        for bad in ["", "-1h", "1.h", ".5h", "1.5", "h", "1x"] {
            #expect(parseDuration(bad) == nil, "\(bad)")
        }
    }
}
