import Foundation
import TestSupport
import Testing

/// Issue 23, reports: `alog report` over real zones (the system's zoneinfo through TZ), with
/// the edge cases where peers lose or double time: daylight saving both ways, a window across
/// midnight, over three days and a month border, a zone at +05:45 and one with a 30-minute shift.
@Suite("alog report")
struct ReportTests {
    func run(_ arguments: [String], _ vault: String, _ home: TemporaryDirectory, now: String, zone: String)
        throws -> ProcessResult
    {
        try alog(arguments + ["--vault", vault], home: home.path, environment: ["ALOG_NOW": now, "TZ": zone])
    }

    func report(_ arguments: [String], _ vault: String, _ home: TemporaryDirectory, now: String, zone: String)
        throws -> [String: Any]
    {
        let result = try run(["report", "--json"] + arguments, vault, home, now: now, zone: zone)
        #expect(result.succeeded, "\(arguments): \(result.stderr)")
        return try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any] ?? [:]
    }

    func rows(_ object: [String: Any]) -> [String: Int] {
        Dictionary(
            uniqueKeysWithValues: (object["rows"] as? [[String: Any]] ?? []).map {
                ($0["key"] as? String ?? "?", $0["seconds"] as? Int ?? -1)
            })
    }

    func vault(_ home: TemporaryDirectory, now: String, zone: String, windows: [(String, String)]) throws -> String {
        let vault = home.sub("vault-\(zone.replacingOccurrences(of: "/", with: "-"))")
        #expect(try run(["init"], vault, home, now: now, zone: zone).succeeded)
        #expect(try run(["types", "add", "work", "--group", "job"], vault, home, now: now, zone: zone).succeeded)
        for (start, end) in windows {
            let tracked = try run(["track", "work", "--from", start, "--to", end], vault, home, now: now, zone: zone)
            #expect(tracked.succeeded, "\(start)–\(end): \(tracked.stderr)")
        }
        return vault
    }

    @Test("Berlin: the night the clocks go back is counted with its extra hour, the spring night without the lost one")
    func berlin() throws {
        let home = TemporaryDirectory()
        let zone = "Europe/Berlin"
        let now = "2026-11-25T12:00:00Z"
        let vault = try vault(
            home, now: now, zone: zone,
            windows: [
                ("2026-10-24T23:00:00+02:00", "2026-10-26T01:00:00+01:00"),  // 27 h over three days
                ("2026-03-28T23:00:00+01:00", "2026-03-30T00:00:00+02:00"),  // 24 h: the 29th has 23
            ])
        let october = try report(["--month", "2026-10", "--by", "day"], vault, home, now: now, zone: zone)
        #expect(rows(october) == ["2026-10-24": 3600, "2026-10-25": 25 * 3600, "2026-10-26": 3600])
        #expect((october["total"] as? [String: Any])?["seconds"] as? Int == 27 * 3600)
        let march = try report(["--month", "2026-03", "--by", "day"], vault, home, now: now, zone: zone)
        #expect(rows(march) == ["2026-03-28": 3600, "2026-03-29": 23 * 3600])
        #expect(try report(["--month", "2026-04"], vault, home, now: now, zone: zone)["rows"] as? [Any] != nil)
        let year = try report([":year", "--by", "month"], vault, home, now: now, zone: zone)
        #expect(rows(year) == ["2026-03": 24 * 3600, "2026-10": 27 * 3600])
        let group = try report([":year", "--by", "group"], vault, home, now: now, zone: zone)
        #expect(rows(group) == ["job": 51 * 3600])
        // The same data read in New York: its own days, the same total.
        let newYork = try report(
            [":all", "--by", "day", "--tz", "America/New_York"], vault, home, now: now, zone: zone)
        #expect((newYork["total"] as? [String: Any])?["seconds"] as? Int == 51 * 3600)
        #expect(rows(newYork)["2026-10-24"] == 7 * 3600, "17:00 to midnight in New York")
    }

    @Test("Kathmandu (+05:45) and Lord Howe (a 30-minute shift): their own midnights, no second lost")
    func oddZones() throws {
        let home = TemporaryDirectory()
        let now = "2026-11-25T12:00:00Z"
        let nepal = try vault(
            home, now: now, zone: "Asia/Kathmandu",
            windows: [("2026-11-24T23:00:00+05:45", "2026-11-25T01:30:00+05:45")])
        let days = try report([":week", "--by", "day"], nepal, home, now: now, zone: "Asia/Kathmandu")
        #expect(rows(days) == ["2026-11-24": 3600, "2026-11-25": 5400])
        let howe = try vault(
            home, now: now, zone: "Australia/Lord_Howe",
            windows: [("2026-04-05T00:00:00+11:00", "2026-04-06T00:00:00+10:30")])
        let april = try report(["--day", "2026-04-05"], howe, home, now: now, zone: "Australia/Lord_Howe")
        #expect(rows(april) == ["work": 24 * 3600 + 1800], "the day the clocks went back half an hour")
    }

    @Test("the table, the CSV and the refusals")
    func outputs() throws {
        let home = TemporaryDirectory()
        let zone = "Europe/Berlin"
        let now = "2026-11-25T12:00:00Z"  // 13:00, a Wednesday
        let vault = try vault(home, now: now, zone: zone, windows: [("yesterday 21:00", "01:00")])
        #expect(try run(["log", "meal", "--at", "12:00"], vault, home, now: now, zone: zone).succeeded)
        let table = try run(["report"], vault, home, now: now, zone: zone)
        #expect(table.succeeded)
        let lines = table.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "Report for this week (2026-11-23 to 2026-11-29), by type", "\(table.stdout)")
        #expect(lines.contains { $0.hasPrefix("• work") && $0.contains("4h") && $0.contains("█") }, "\(table.stdout)")
        #expect(lines.contains { $0.contains("meal") && $0.contains("—") }, "\(table.stdout)")
        #expect(lines.last?.hasPrefix("total") == true)
        let csv = try run(["report", "--by", "day", "--csv"], vault, home, now: now, zone: zone)
        #expect(
            csv.stdout
                == "key,seconds,count,running\r\n2026-11-24,10800,1,false\r\n2026-11-25,3600,1,false\r\ntotal,14400,2,false\n"
        )
        for (arguments, words) in [
            (["report", ":fortnight"], "is not a range"), (["report", "--by", "colour"], "--by 'colour'"),
            (["report", "--tz", "Mars/Olympus"], "not a time zone"),
            (["report", "--week", "2026-13-01"], "is not a date"),
            (["report", "--json", "--csv"], "not both"),
        ] {
            let refused = try run(arguments, vault, home, now: now, zone: zone)
            #expect(refused.status == 64, "\(arguments)")
            #expect(refused.stderr.contains(words), "\(arguments): \(refused.stderr)")
        }
        let unknown = try run(["report", "--type", "reading"], vault, home, now: now, zone: zone)
        #expect(unknown.status == 1)
        #expect(unknown.stderr.contains("unknown activity type 'reading'"), "\(unknown.stderr)")
    }

    @Test("history takes the same ranges, --type and --group")
    func historyRanges() throws {
        let home = TemporaryDirectory()
        let zone = "Europe/Berlin"
        let now = "2026-11-25T12:00:00Z"  // 13:00, a Wednesday
        let vault = try vault(home, now: now, zone: zone, windows: [("yesterday 21:00", "yesterday 23:00")])
        for at in ["yesterday 12:00", "12:00", "2026-11-20T08:00"] {
            #expect(try run(["log", "meal", "--at", at], vault, home, now: now, zone: zone).succeeded)
        }
        func ids(_ arguments: [String]) throws -> [String] {
            let result = try run(["history", "--json"] + arguments, vault, home, now: now, zone: zone)
            #expect(result.succeeded, "\(arguments): \(result.stderr)")
            let items = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]] ?? []
            return items.map { "\($0["type"]!) \(($0["time"] as? String) ?? "")" }
        }
        #expect(try ids([":today"]) == ["meal 12:00"])
        #expect(try ids([":yesterday"]) == ["work 21:00", "meal 12:00"])
        #expect(try ids([":week", "--type", "meal"]) == ["meal 12:00", "meal 12:00"])
        #expect(try ids([":lastweek"]) == ["meal 08:00"])
        #expect(try ids(["--group", "job"]) == ["work 21:00"])
        #expect(try ids(["--from", "2026-11-20", "--to", "2026-11-21"]) == ["meal 08:00"])
        #expect(try ids([":all", "--limit", "1"]).count == 1)
        let none = try run(["history", ":lastyear"], vault, home, now: now, zone: zone)
        #expect(none.stdout.contains("no entries in this range"), "not 'no entries yet': \(none.stdout)")
        let both = try run(["history", "--since", "-1d", ":week"], vault, home, now: now, zone: zone)
        #expect(both.status == 64)
    }

    @Test("streaks on the command line")
    func streaks() throws {
        let home = TemporaryDirectory()
        let zone = "Europe/Berlin"
        let now = "2026-11-25T12:00:00Z"
        let vault = try vault(home, now: now, zone: zone, windows: [])
        for at in ["2 days ago", "yesterday 07:00", "07:00"] {
            #expect(try run(["log", "wake", "--at", at], vault, home, now: now, zone: zone).succeeded)
        }
        let json = try run(["streaks", "--json"], vault, home, now: now, zone: zone)
        #expect(json.stdout == "[{\"type\":\"wake\",\"today\":1,\"current\":3,\"best\":3}]\n", "\(json.stdout)")
        let table = try run(["streaks"], vault, home, now: now, zone: zone).stdout
        #expect(table.contains("wake") && table.contains("(best)"), "\(table)")
    }

    @Test("calendar: a plain grid in a pipe, the seed's JSON, a standalone SVG, refusals")
    func calendar() throws {
        let home = TemporaryDirectory()
        let zone = "Europe/Berlin"
        let now = "2026-11-25T12:00:00Z"
        let vault = try vault(home, now: now, zone: zone, windows: [])
        for at in ["yesterday 07:00", "07:00", "08:00"] {
            #expect(try run(["log", "wake", "--at", at], vault, home, now: now, zone: zone).succeeded)
        }
        let grid = try run(["calendar"], vault, home, now: now, zone: zone)
        let lines = grid.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.count >= 10)
        #expect(lines.allSatisfy { $0.count <= 80 }, "fits 80 columns")
        #expect(lines[1].hasPrefix("Mon ") && lines[3].hasPrefix("Wed "))
        #expect(lines[3].hasSuffix("◆ ") || lines[3].hasSuffix("◆"), "today (a Wednesday) marked: \(lines[3])")
        #expect(!grid.stdout.contains("\u{1B}"), "no colour in a pipe")
        let json =
            try JSONSerialization.jsonObject(
                with: Data(
                    try run(["calendar", "--json", "--weeks", "2"], vault, home, now: now, zone: zone).stdout.utf8))
            as? [String: Any]
        let dates = json?["dates"] as? [[String: Any]] ?? []
        #expect(dates.count == 10, "Monday of last week to today")
        #expect(dates.last?["date"] as? String == "2026-11-25")
        #expect(dates.last?["count"] as? Int == 2 && dates.last?["level"] as? Int == 4)
        #expect(json?["maxCount"] as? Int == 2)
        #expect((json?["palette"] as? [String: String])?["level4"] == "#216E39")
        let svgPath = home.sub("year.svg")
        #expect(try run(["calendar", "--svg", svgPath], vault, home, now: now, zone: zone).succeeded)
        let svg = try readFile(svgPath)
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\"") && svg.hasSuffix("</svg>\n"))
        #expect(svg.contains("<title>2026-11-25: 2</title>"))
        #expect(!svg.contains("<script") && !svg.contains("http://fonts"))
        for (arguments, status) in [
            (["calendar", "--weeks", "0"], Int32(64)), (["calendar", "--levels", "x"], 64),
            (["calendar", "nosuch"], 1),
        ] {
            #expect(try run(arguments, vault, home, now: now, zone: zone).status == status, "\(arguments)")
        }
    }

    @Test(
        "config day-start 04:00 and week-start sunday: a late night counts to the day before, in reports, ranges, goals and the calendar"
    )
    func dayStart() throws {
        let home = TemporaryDirectory()
        let (now, zone) = ("2026-11-25T12:00:00+01:00", "Europe/Berlin")
        let vault = try vault(
            home, now: now, zone: zone,
            windows: [("2026-11-24T22:00", "2026-11-25T02:00"), ("2026-11-25T09:00", "2026-11-25T10:00")])
        #expect(
            rows(try report([":yesterday", "--by", "day"], vault, home, now: now, zone: zone)) == ["2026-11-24": 7200])
        for (value, problem) in [
            ("13:00", "from 00:00 to 12:00"), ("4am", "from 00:00 to 12:00"), ("someday", "a day of the week"),
        ] {
            let refused = try run(
                ["config", value == "someday" ? "week-start" : "day-start", value], vault, home, now: now, zone: zone)
            #expect(refused.status == 64 && refused.stderr.contains(problem), "\(value): \(refused.stderr)")
        }
        #expect(try run(["config", "day-start", "04:00"], vault, home, now: now, zone: zone).succeeded)
        #expect(try run(["config", "week-start", "sunday"], vault, home, now: now, zone: zone).succeeded)
        // 22:00 to 02:00 is all the 24th's now; today (from 04:00) holds 09:00 to 10:00.
        #expect(
            rows(try report([":yesterday", "--by", "day"], vault, home, now: now, zone: zone)) == ["2026-11-24": 14400])
        let today = try report([":today"], vault, home, now: now, zone: zone)
        #expect(today["from"] as? String == "2026-11-25T04:00:00+01:00" && rows(today) == ["work": 3600])
        let week = try report([":week", "--by", "week"], vault, home, now: now, zone: zone)
        #expect(week["from"] as? String == "2026-11-22T04:00:00+01:00" && rows(week) == ["2026-11-22": 18000])
        let history = try run(["history", ":today", "--json"], vault, home, now: now, zone: zone)
        #expect(history.stdout.components(separatedBy: "\"id\"").count == 2, "\(history.stdout)")
        // A daily goal's today starts at 04:00 too.
        #expect(try run(["goals", "set", "work", "2h"], vault, home, now: now, zone: zone).succeeded)
        let goals = try run(["goals", "--json"], vault, home, now: now, zone: zone)
        #expect(goals.stdout.contains("\"todaySeconds\":3600"), "\(goals.stdout)")
        let calendar = try run(["calendar", "--weeks", "2"], vault, home, now: now, zone: zone)
        #expect(
            calendar.stdout.split(separator: "\n").dropFirst().first?.hasPrefix("Sun") == true, "\(calendar.stdout)")
    }

}
