import Foundation
import LedgerCore
import LedgerEnvironment
import LedgerSystem
import TestSupport
import Testing

/// Zones read from the system's zoneinfo (`ZoneinfoRules`, `NamedZones`): what lets one process
/// answer in several zones at once — a server's `report --tz`, a test's invocation — without
/// setting the process's `TZ`. Checked against outside oracles: Python's `zoneinfo` (the same
/// TZif files, its own reader) and GNU date (glibc) for POSIX TZ strings.
@Suite("Time zones read from zoneinfo agree with Python's zoneinfo and glibc")
struct ZoneTests {
    static let zones = [
        "Europe/Berlin", "America/New_York", "Asia/Tokyo", "Australia/Lord_Howe", "America/Sao_Paulo",
        "Pacific/Chatham", "Africa/Casablanca", "Europe/Dublin", "Asia/Kolkata", "America/St_Johns", "UTC",
        "Antarctica/Troll", "Pacific/Apia", "Europe/Moscow",
    ]

    @Test("offsets at random instants 1890–2200 and around every transition equal Python's zoneinfo")
    func agreesWithPython() throws {
        var rng = SplitMix(state: 0x7A_0E)
        var cases: [(zone: String, seconds: Int64)] = []
        for zone in Self.zones {
            for _ in 0..<300 { cases.append((zone, Int64.random(in: -2_500_000_000...7_260_000_000, using: &rng))) }
        }
        // Around each transition Python finds, 1970–2060 (a day's step, then halving to the
        // second): one second before, at, and after, and half an hour before.
        let script = """
            import sys, zoneinfo, datetime
            zone = zoneinfo.ZoneInfo(sys.argv[1])
            utc = datetime.timezone.utc
            off = lambda t: datetime.datetime.fromtimestamp(t, utc).astimezone(zone).utcoffset()
            for t in range(0, 2_840_000_000, 86_400):
                if off(t) != off(t + 86_400):
                    low, high = t, t + 86_400
                    while high - low > 1:
                        middle = (low + high) // 2
                        if off(middle) == off(low): low = middle
                        else: high = middle
                    print(high)
            """
        for zone in ["Europe/Berlin", "Australia/Lord_Howe", "Africa/Casablanca", "America/Sao_Paulo"] {
            let found = try runProcess("/usr/bin/python3", ["-c", script, zone])
            #expect(found.succeeded, "\(found.stderr)")
            for line in found.stdout.split(separator: "\n") {
                let t = Int64(line)!
                for delta: Int64 in [-1801, -1800, -1, 0, 1] { cases.append((zone, t + delta)) }
            }
        }
        let input = cases.map { "\($0.zone) \($0.seconds)" }.joined(separator: "\n")
        let directory = TemporaryDirectory("zones")
        try input.write(toFile: directory.sub("cases"), atomically: true, encoding: .utf8)
        let oracle = try runProcess(
            "/usr/bin/python3",
            [
                "-c",
                """
                import sys, zoneinfo, datetime
                utc = datetime.timezone.utc
                for line in open(sys.argv[1]):
                    zone, t = line.split()
                    d = datetime.datetime.fromtimestamp(int(t), utc).astimezone(zoneinfo.ZoneInfo(zone))
                    print(int(d.utcoffset().total_seconds()))
                """, directory.sub("cases"),
            ])
        #expect(oracle.succeeded, "\(oracle.stderr)")
        let expected = oracle.stdout.split(separator: "\n").map { Int32($0)! }
        #expect(expected.count == cases.count)
        var wrong = 0
        for (index, (zone, seconds)) in cases.enumerated() where index < expected.count {
            let rules = try #require(NamedZones.rules(zone) ?? ZoneinfoRules(posix: "UTC0"))
            if rules.offset(atUTC: seconds) != expected[index] {
                wrong += 1
                if wrong <= 5 {
                    Issue.record("\(zone) at \(seconds): \(rules.offset(atUTC: seconds)) ≠ \(expected[index])")
                }
            }
        }
        #expect(wrong == 0, "\(wrong) of \(cases.count) offsets differ")
    }

    @Test("POSIX TZ strings agree with glibc (GNU date) every 6 hours of two years, around the changes")
    func posixStringsAgreeWithGlibc() throws {
        let directory = TemporaryDirectory("posix")
        for tz in [
            "CET-1CEST,M3.5.0,M10.5.0/3", "EST5EDT,M3.2.0,M11.1.0", "<+1030>-10:30<+11>-11,M10.1.0,M4.1.0",
            "AEST-10AEDT,M10.1.0,M4.1.0/3", "<-03>3", "IST-5:30", "XXX3YYY,J60/1,J300/25", "ZZZ-2WWW,0/0,200/-1",
        ] {
            let rules = try #require(ZoneinfoRules(posix: tz), "\(tz)")
            let instants = stride(from: Int64(1_735_689_600), to: 1_798_761_600, by: 21_600).map { $0 + 1799 }
            try instants.map { "@\($0)" }.joined(separator: "\n").write(
                toFile: directory.sub("at"), atomically: true, encoding: .utf8)
            let date = try runProcess("/usr/bin/date", ["-f", directory.sub("at"), "+%z"], environment: ["TZ": tz])
            #expect(date.succeeded, "\(date.stderr)")
            let offsets: [Int32] = date.stdout.split(separator: "\n").map { text in
                let sign: Int32 = text.hasPrefix("-") ? -1 : 1
                let digits = Array(text.dropFirst())
                return sign * (Int32(String(digits[0..<2]))! * 3600 + Int32(String(digits[2..<4]))! * 60)
            }
            #expect(offsets.count == instants.count, "\(tz)")
            let wrong = zip(instants, offsets).filter { rules.offset(atUTC: $0) != $1 }
            #expect(wrong.isEmpty, "\(tz): \(wrong.count) differ, first at \(wrong.first.map { "\($0)" } ?? "")")
        }
        #expect(ZoneinfoRules(posix: "not a zone") == nil)
        #expect(ZoneinfoRules(posix: "CET-1CEST,M13.5.0,M10.5.0") == nil)
        #expect(ZoneinfoRules(tzif: Array("TZif2 but short".utf8)) == nil)
    }

    @Test("an invocation reads its own TZ, and report --tz changes only its own zone, never the process's")
    func invocationZones() throws {
        let winter: Int64 = 1_767_225_600  // 2026-01-01T00:00:00Z
        let before = SystemTimeZone().offset(atUTC: winter)
        let berlin = Invocation(environment: ["TZ": "Europe/Berlin"], workingDirectory: "/")
        let tokyo = Invocation(environment: ["TZ": "Asia/Tokyo"], workingDirectory: "/")
        let offsets = concurrently(2) { index in
            (index == 0 ? berlin : tokyo).run { (0..<1000).map { _ in SystemTimeZone().offset(atUTC: winter) } }
        }
        #expect(Set(offsets[0]) == [3600] && Set(offsets[1]) == [32_400])
        berlin.zoneOverride.withLock { $0 = "America/New_York" }
        #expect(berlin.run { SystemTimeZone().offset(atUTC: winter) } == -18_000)
        #expect(SystemTimeZone().offset(atUTC: winter) == before, "the process's zone is untouched")
    }
}
