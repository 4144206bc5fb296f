import Foundation
import TestSupport
import Testing

/// Time as a person meets it: entries recorded in one zone and read in another (real
/// zoneinfo), wall times that a daylight-saving switch skips or repeats, what `log` and
/// `start` say on a terminal, and entries a few minutes ahead of now.
@Suite("time zones and the clock on the command line", .tags(.process))
struct TimeZoneCLITests {
    /// Berlin 00:30 on 2026-11-23, New York 18:30 on 2026-11-22, Tokyo 08:30 on 2026-11-23.
    let now = "2026-11-22T23:30:00Z"

    func run(_ arguments: [String], vault: String, zone: String, now: String? = nil) throws -> ProcessResult {
        try runAlog(arguments, vault: vault, now: now ?? self.now, environment: ["TZ": zone])
    }

    /// A vault with a wake at 22:58 and a meal at 23:17 logged in Berlin, and an exercise at
    /// 18:00 logged in New York (23:00Z, the latest of the three).
    func travelledVault(_ home: TemporaryDirectory) throws -> String {
        let vault = home.sub("vault")
        #expect(try run(["init"], vault: vault, zone: "Europe/Berlin").succeeded)
        for (type, at, zone) in [
            ("wake", "2026-11-22T22:58", "Europe/Berlin"), ("meal", "2026-11-22T23:17", "Europe/Berlin"),
            ("exercise", "18:00", "America/New_York"),
        ] {
            let logged = try run(["log", type, "--at", at], vault: vault, zone: zone)
            #expect(logged.succeeded, "\(logged.stderr)")
        }
        return vault
    }

    /// The history lines without their id column (ids are random).
    func historyLines(_ vault: String, zone: String) throws -> [String] {
        let history = try run(["history"], vault: vault, zone: zone)
        #expect(history.succeeded, "\(history.stderr)")
        return history.stdout.split(separator: "\n").map {
            $0.split(separator: " ", omittingEmptySubsequences: true).enumerated()
                .filter { $0.offset != 4 }.map(\.element).joined(separator: " ")
        }
    }

    @Test("history and status show the viewer's wall clock; another zone's entry is marked; JSON keeps its offset")
    func viewerZone() throws {
        let home = TemporaryDirectory()
        let vault = try travelledVault(home)
        #expect(
            try historyLines(vault, zone: "Europe/Berlin") == [
                "00:00 2026-11-23 🏃 exercise (18:00 -05:00)",
                "23:17 2026-11-22 🍽️ meal",
                "22:58 2026-11-22 ☀️ wake",
            ])
        #expect(
            try historyLines(vault, zone: "Asia/Tokyo") == [
                "08:00 2026-11-23 🏃 exercise (18:00 -05:00)",
                "07:17 2026-11-23 🍽️ meal (23:17 +01:00)",
                "06:58 2026-11-23 ☀️ wake (22:58 +01:00)",
            ])
        #expect(
            try historyLines(vault, zone: "America/New_York") == [
                "18:00 2026-11-22 🏃 exercise",
                "17:17 2026-11-22 🍽️ meal (23:17 +01:00)",
                "16:58 2026-11-22 ☀️ wake (22:58 +01:00)",
            ])

        let status = try run(["status"], vault: vault, zone: "Asia/Tokyo")
        #expect(status.stdout.contains("since 06:58 2026-11-23 (22:58 +01:00)"), "\(status.stdout)")
        #expect(status.stdout.contains("exercise at 08:00 2026-11-23 (18:00 -05:00)"), "\(status.stdout)")

        // JSON is the same in every zone, with the offset each entry was recorded in.
        let berlin = try run(["history", "--json"], vault: vault, zone: "Europe/Berlin").stdout
        #expect(berlin == (try run(["history", "--json"], vault: vault, zone: "Asia/Tokyo").stdout))
        #expect(berlin.contains(#""at":"2026-11-22T18:00:00-05:00","date":"2026-11-22","time":"18:00""#), "\(berlin)")
    }

    @Test("the front's warm status reads the viewer's zone exactly as the full CLI does")
    func frontParity() throws {
        let home = TemporaryDirectory()
        let vault = try travelledVault(home)
        for zone in ["Asia/Tokyo", "America/New_York"] {
            for form in [["status"], ["status", "--json"]] {
                let full = try runProcess(
                    productsDirectory + "/alog-full", form + ["--vault", vault],
                    environment: ["TZ": zone, "ALOG_NOW": now, "HOME": home.path])
                let front = try runAlog(
                    form, vault: vault, now: now, environment: ["TZ": zone, "ALOG_FULL": "/bin/false"])
                #expect(front.succeeded, "the front handed \(form) over")
                #expect(front.stdout == full.stdout)
            }
        }
    }

    @Test("a wall time skipped by the spring switch is refused with the gap; a repeated one is its first occurrence")
    func daylightSaving() throws {
        let home = TemporaryDirectory()
        let vault = home.sub("vault")
        let spring = "2026-03-29T10:00:00Z"
        #expect(try run(["init"], vault: vault, zone: "Europe/Berlin", now: spring).succeeded)
        let commits = try git("rev-list", "--count", "HEAD", in: vault).stdout
        let message =
            "02:30 does not exist on 2026-03-29 in this time zone (clocks jumped from 02:00 to 03:00); use 01:59 or 03:00, or give an offset: 2026-03-29T02:30+01:00"
        for arguments in [
            ["log", "meal", "--at", "02:30"], ["log", "meal", "--at", "2026-03-29T02:30"],
            ["start", "reading", "--at", "today 02:30"], ["history", "--since", "02:30"],
        ] {
            let refused = try run(arguments, vault: vault, zone: "Europe/Berlin", now: spring)
            #expect(refused.status == 1, "\(arguments)")
            #expect(refused.stderr.contains(message), "\(refused.stderr)")
        }
        #expect(try git("rev-list", "--count", "HEAD", in: vault).stdout == commits, "nothing was committed")
        #expect(
            try run(
                ["log", "meal", "--at", "2026-03-29T02:30+01:00"], vault: vault, zone: "Europe/Berlin", now: spring
            ).succeeded)
        #expect(
            try run(["history"], vault: vault, zone: "Europe/Berlin", now: spring).stdout.hasPrefix("03:30  2026-03-29")
        )

        // Autumn: 02:30 happens twice; the first one (+02:00) is meant.
        let autumn = "2026-10-25T10:00:00Z"
        #expect(try run(["log", "wake", "--at", "02:30"], vault: vault, zone: "Europe/Berlin", now: autumn).succeeded)
        let history = try run(["history", "--json", "--limit", "1"], vault: vault, zone: "Europe/Berlin", now: autumn)
        #expect(history.stdout.contains(#""at":"2026-10-25T02:30:00+02:00""#), "\(history.stdout)")
    }

    /// Runs `alog ARGS` with its stdout on a terminal (`script` gives it a pseudo-terminal).
    func onTerminal(_ arguments: [String], vault: String, zone: String, now: String) throws -> String {
        let command = ([productsDirectory + "/alog"] + arguments + ["--vault", vault])
            .map { "'" + $0.replacingOccurrences(of: "'", with: #"'\''"#) + "'" }.joined(separator: " ")
        let result = try runProcess(
            "/usr/bin/script", ["-qec", command, "/dev/null"],
            environment: ["TZ": zone, "ALOG_NOW": now, "HOME": NSTemporaryDirectory(), "NO_COLOR": "1"])
        #expect(result.succeeded, "\(result.stdout) \(result.stderr)")
        return result.stdout.replacingOccurrences(of: "\r", with: "")
    }

    @Test(
        "log and start say what they recorded on a terminal, and print the bare id into a pipe",
        .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script")))
    func confirmation() throws {
        let home = TemporaryDirectory()
        let vault = home.sub("vault")
        let now = "2026-11-22T12:00:00Z"
        #expect(try run(["init"], vault: vault, zone: "Europe/Berlin", now: now).succeeded)
        #expect(try run(["types", "add", "reading"], vault: vault, zone: "Europe/Berlin", now: now).succeeded)
        func latestID() throws -> String {
            let history = try run(["history", "--json", "--limit", "1"], vault: vault, zone: "UTC", now: now)
            let entries = try JSONSerialization.jsonObject(with: Data(history.stdout.utf8)) as? [[String: Any]]
            return entries?.first?["id"] as? String ?? "?"
        }

        var shown = try onTerminal(
            ["log", "wake", "--at", "2026-11-19T07:00"], vault: vault, zone: "Europe/Berlin", now: now)
        #expect(shown == "wake at 07:00 on 2026-11-19 · id \(try latestID())\n")
        // Yesterday's 23:40 (a bare 23:40 is ahead of 13:00 in Berlin, and refused).
        shown = try onTerminal(
            ["log", "meal", "--at", "yesterday 23:40"], vault: vault, zone: "Europe/Berlin", now: now)
        #expect(shown == "meal at 23:40 yesterday (2026-11-21) · id \(try latestID())\n")
        shown = try onTerminal(["log", "wake", "--at", "07:15"], vault: vault, zone: "Europe/Berlin", now: now)
        #expect(shown == "wake at 07:15 today · id \(try latestID())\n")
        shown = try onTerminal(["start", "reading", "--at", "12:30"], vault: vault, zone: "Europe/Berlin", now: now)
        #expect(shown == "started reading at 12:30 today · id \(try latestID())\n")

        // Into a pipe: the bare id, for scripts.
        let piped = try run(["log", "meal", "--at", "-5m"], vault: vault, zone: "Europe/Berlin", now: now)
        #expect(piped.stdout == (try latestID()) + "\n")
        let started = try run(["start", "exercise", "--at", "-1m"], vault: vault, zone: "Europe/Berlin", now: now)
        #expect(started.stdout == (try latestID()) + "\n")
    }

    @Test(
        "a start before a later timer's says where it ends, on the terminal and in the note beside a piped id",
        .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script")))
    func startThatEnds() throws {
        let home = TemporaryDirectory()
        let vault = home.sub("vault")
        let now = "2026-11-22T12:00:00Z"
        func run(_ arguments: [String]) throws -> ProcessResult {
            try self.run(arguments, vault: vault, zone: "UTC", now: now)
        }
        #expect(try run(["init"]).succeeded)
        #expect(try run(["types", "add", "reading"]).succeeded)
        let reading = try run(["start", "reading", "--at", "2026-11-22T09:00:00Z"]).stdout
            .trimmingCharacters(in: .whitespacesAndNewlines)
        var shown = try onTerminal(
            ["start", "meal", "--at", "2026-11-22T08:00:00Z"], vault: vault, zone: "UTC", now: now)
        let meal = shown.split(separator: " ").last.map(String.init)?.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(shown == "started meal at 08:00 today, ending at 09:00 where reading starts · id \(meal ?? "?")\n")
        // Into a pipe: the bare id on stdout; the note on the terminal's stderr says the same.
        let out = home.sub("id")
        let command =
            ([productsDirectory + "/alog", "start", "wake", "--at", "2026-11-22T07:00:00Z", "--vault", vault])
            .map { "'" + $0 + "'" }.joined(separator: " ") + " > '\(out)'"
        let noted = try runProcess(
            "/usr/bin/script", ["-qec", command, "/dev/null"],
            environment: ["TZ": "UTC", "ALOG_NOW": now, "HOME": home.path, "NO_COLOR": "1"])
        let id = try String(contentsOfFile: out, encoding: .utf8)
        #expect(id.count == 13 && id.hasSuffix("\n"), "\(id)")
        #expect(
            noted.stdout.replacingOccurrences(of: "\r", with: "").contains(
                "started wake at 07:00 today, ending at 08:00 where meal starts · id \(id.dropLast())"),
            "\(noted.stdout)")
        // --adjust: the start trims the stopped timer it falls into and ends where the next starts.
        #expect(try run(["stop", "--at", "2026-11-22T09:30:00Z"]).succeeded)
        #expect(try run(["start", "exercise", "--at", "2026-11-22T11:00:00Z"]).succeeded)
        shown = try onTerminal(
            ["start", "sleep", "--at", "2026-11-22T09:15:00Z", "--adjust"], vault: vault, zone: "UTC", now: now)
        #expect(
            shown.hasPrefix("started sleep at 09:15 today, ending at 11:00 where exercise starts · id "), "\(shown)")
        #expect(shown.hasSuffix("; trimmed reading \(reading) to end at 09:15\n"), "\(shown)")
        // A start that runs says nothing more.
        shown = try onTerminal(["start", "meal", "--at", "2026-11-22T11:30:00Z"], vault: vault, zone: "UTC", now: now)
        #expect(shown.hasPrefix("started meal at 11:30 today · id "), "\(shown)")
    }

    @Test("entries a few minutes ahead of now count as just happened: no negative seconds anywhere")
    func futureEntries() throws {
        let home = TemporaryDirectory()
        let vault = home.sub("vault")
        let now = "2026-11-22T12:00:00Z"
        #expect(try run(["init"], vault: vault, zone: "UTC", now: now).succeeded)
        #expect(try run(["types", "add", "reading"], vault: vault, zone: "UTC", now: now).succeeded)
        for arguments in [
            ["log", "meal", "--at", "2026-11-22T12:03:00Z"], ["log", "wake", "--at", "2026-11-22T12:02:00Z"],
            ["start", "reading", "--at", "2026-11-22T12:04:00Z"],
        ] {
            let logged = try run(arguments, vault: vault, zone: "UTC", now: now)
            #expect(logged.succeeded, "\(logged.stderr)")
        }
        let json = try run(["status", "--json"], vault: vault, zone: "UTC", now: now).stdout
        #expect(!json.contains("\"seconds\":-"), "\(json)")
        #expect(
            json.contains(#""meal":{"type":"meal","since":"2026-11-22T12:03:00Z","seconds":0,"text":"0s""#), "\(json)")
        #expect(json.contains(#""since":"2026-11-22T12:04:00Z","seconds":0,"text":"0s""#), "\(json)")
        let human = try run(["status"], vault: vault, zone: "UTC", now: now).stdout
        #expect(human.contains("0s ago"), "\(human)")
        let history = try run(["history", "--json"], vault: vault, zone: "UTC", now: now).stdout
        #expect(!history.contains("\"seconds\":-"), "\(history)")
    }
}
