import Foundation
import TestSupport
import Testing

/// Issue 47, the verbs a timewarrior or Watson user types: seconds, relative edits,
/// `lengthen`/`shorten`, `continue ID`, `split`/`join`, `gaps`, ranges that end in the future,
/// the other trackers' command names, and undo of `track` and of an import. Each verb is
/// events like any edit, so undo takes it back in one step and `git fsck` stays clean.
@Suite("timewarrior's and Watson's verbs")
struct TimewVerbsTests {
    /// 2026-11-28T12:00:00Z, a Saturday; the reader's zone is UTC.
    static let now = "2026-11-28T12:00:00Z"

    let home = TemporaryDirectory()
    var vault: String { home.sub("vault") }

    init() throws {
        #expect(try alog(["init", "--vault", home.sub("vault")], home: home.path).succeeded)
        #expect(try run(["types", "add", "reading"]).succeeded)
    }

    func run(_ arguments: [String], now: String = Self.now) throws -> ProcessResult {
        try alog(arguments + ["--vault", vault], home: home.path, environment: ["ALOG_NOW": now, "TZ": "UTC"])
    }

    /// The new entry's id, which a command prints alone when stdout is no terminal.
    func id(_ arguments: [String]) throws -> String {
        let result = try run(arguments)
        #expect(result.succeeded, "\(arguments): \(result.stderr)")
        return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func commits() throws -> Int {
        Int(try git("rev-list", "--count", "HEAD", in: vault).stdout.trimmingCharacters(in: .whitespacesAndNewlines))!
    }

    /// `history --json`, oldest first.
    func windows() throws -> [[String: Any]] {
        let list = try #require(try json(try run(["history", "--json"]).stdout) as? [[String: Any]])
        return list.reversed()
    }

    /// The windows as `start–end` in UTC clock times with seconds, oldest first.
    func shape() throws -> [String] {
        try windows().map { item in
            let start = (item["at"] as? String ?? "").dropFirst(11).prefix(8)
            let end = (item["end"] as? String).map { String($0.dropFirst(11).prefix(8)) } ?? "running"
            return "\(start)–\(end)"
        }
    }

    /// A refusal: exit 1, the message on stderr, nothing committed.
    func refused(_ arguments: [String], saying text: String, sourceLocation: SourceLocation = #_sourceLocation)
        throws
    {
        let before = try commits()
        let result = try run(arguments)
        #expect(result.status == 1, "\(arguments): \(result.stdout)", sourceLocation: sourceLocation)
        #expect(result.stderr.contains(text), "\(arguments): \(result.stderr)", sourceLocation: sourceLocation)
        #expect(try commits() == before, "\(arguments) wrote nothing", sourceLocation: sourceLocation)
    }

    @Test(
        "times take seconds (22:19:47); a 7-second timer shows as 7s, 12m 30s with its seconds, in history, report and status"
    )
    func seconds() throws {
        let short = try id(["track", "reading", "10:00", "-", "10:00:07"])
        let longer = try id(["track", "reading", "10:30:00", "-", "10:40"])
        #expect(try run(["edit", longer, "--end", "10:42:30"]).succeeded)
        #expect(try shape() == ["10:00:00–10:00:07", "10:30:00–10:42:30"])
        let history = try run(["history"]).stdout
        #expect(history.contains("\(short)  –10:00 (7s)"), "\(history)")
        #expect(history.contains("(12m 30s)"), "\(history)")
        let report = try run(["report", ":today"]).stdout
        #expect(report.contains("12m 37s"), "\(report)")
        #expect(!report.contains(" 0m"), "\(report)")
        let byType = try #require(try json(try run(["report", ":today", "--json"]).stdout) as? [String: Any])
        #expect((byType["total"] as? [String: Any])?["seconds"] as? Int == 757)
        // A timer running for 7 seconds says so.
        #expect(try run(["start", "reading", "--at", "11:59:53"]).succeeded)
        let status = try run(["status"]).stdout
        #expect(status.contains("▶ • reading") && status.contains("7s"), "\(status)")
        // A second that is not one is refused as a time.
        try refused(["stop", "--at", "11:59:60"], saying: "invalid time '11:59:60'")
    }

    @Test("edit --end +5m / --start -10m move the window; lengthen and shorten are the same; refusals write nothing")
    func relativeEdits() throws {
        let reading = try id(["track", "reading", "09:00", "-", "10:00"])
        let next = try id(["track", "exercise", "10:30", "-", "11:00"])
        #expect(try run(["edit", reading, "--end", "+5m"]).succeeded)
        #expect(try run(["edit", reading, "--start", "-10m"]).succeeded)
        #expect(try shape() == ["08:50:00–10:05:00", "10:30:00–11:00:00"])
        #expect(try run(["lengthen", reading, "10m"]).succeeded)
        #expect(try run(["shorten", reading, "1m30s"]).succeeded)
        #expect(try shape()[0] == "08:50:00–10:13:30")
        // `--at -10m` keeps its meaning: ten minutes ago.
        #expect(try run(["edit", next, "--at", "-100m"]).succeeded)
        #expect(try shape()[1] == "10:20:00–11:00:00")
        // Past the next timer: refused, unless --adjust trims it.
        try refused(["lengthen", reading, "10m"], saying: "overlaps entry \(next)")
        #expect(try run(["lengthen", reading, "10m", "--adjust"]).succeeded)
        #expect(try shape() == ["08:50:00–10:23:30", "10:23:30–11:00:00"])
        // Undo takes the adjusted lengthen back in one step, neighbour included.
        #expect(try run(["undo"]).succeeded)
        #expect(try shape() == ["08:50:00–10:13:30", "10:20:00–11:00:00"])
        // The end before the start, into the future, a running timer, an instant, a bad duration.
        try refused(["shorten", reading, "2h"], saying: "is before the start")
        try refused(["edit", next, "--end", "+2h"], saying: "in the future")
        let meal = try id(["log", "meal", "--at", "11:10"])
        try refused(["lengthen", meal, "5m"], saying: "is an instant, not a timer")
        let running = try id(["start", "reading", "--at", "11:30"])
        try refused(["lengthen", running, "5m"], saying: "is running, so it has no end to move")
        try refused(["shorten", running, "5x"], saying: "'5x' is not a duration")
        #expect(try git("fsck", "--strict", in: vault).succeeded)
    }

    @Test("continue ID resumes that timer (type, note, goal); continue alone the last stopped one")
    func continueChosen() throws {
        let reading = try id(["start", "reading", "--at", "09:00", "--note", "chapter 3", "--goal", "2h"])
        #expect(try run(["switch", "exercise", "--at", "10:00"]).succeeded)
        #expect(try run(["stop", "--at", "10:30"]).succeeded)
        let resumed = try id(["continue", String(reading.prefix(6)), "--at", "11:00"])
        let items = try windows()
        let last = try #require(items.last)
        #expect(last["id"] as? String == resumed)
        #expect(last["type"] as? String == "reading" && last["note"] as? String == "chapter 3")
        #expect(last["goalSeconds"] as? Int == 7200)
        #expect(try run(["stop", "--at", "11:20"]).succeeded)
        // Alone, as before: the most recently stopped timer (the reading just stopped).
        let again = try id(["continue", "--at", "11:30"])
        #expect(try windows().last?["type"] as? String == "reading" && again != resumed)
        try refused(["continue", reading], saying: "a timer is running")
        #expect(try run(["stop", "--at", "11:40"]).succeeded)
        let exercise = try #require(items.first { $0["type"] as? String == "exercise" }?["id"] as? String)
        #expect(try run(["delete", exercise]).succeeded)
        try refused(["continue", exercise], saying: "timer \(exercise) is deleted")
        let meal = try id(["log", "meal", "--at", "11:45"])
        try refused(["continue", meal], saying: "is an instant, not a timer")
    }

    @Test("split ID AT makes two windows and join ID ID one again; each undone in one step")
    func splitAndJoin() throws {
        let reading = try id(["track", "reading", "09:00", "-", "10:00", "--note", "book"])
        let before = try commits()
        let second = try id(["split", reading, "09:20:30"])
        #expect(try commits() == before + 1, "one commit")
        #expect(try shape() == ["09:00:00–09:20:30", "09:20:30–10:00:00"])
        #expect(try windows().allSatisfy { $0["note"] as? String == "book" && $0["type"] as? String == "reading" })
        #expect(try windows()[1]["id"] as? String == second)
        // Undo: the new timer goes, the first has its hour back.
        #expect(try run(["undo"]).succeeded)
        #expect(try shape() == ["09:00:00–10:00:00"])
        // Without AT: the middle, as timewarrior splits.
        let half = try id(["split", reading])
        #expect(try shape() == ["09:00:00–09:30:00", "09:30:00–10:00:00"])
        #expect(try run(["edit", half, "--note", "notes"]).succeeded)
        let joined = try run(["join", half, reading])
        #expect(joined.succeeded, "\(joined.stderr)")
        #expect(joined.stdout.contains("joined reading \(half) into \(reading)"), "\(joined.stdout)")
        #expect(try shape() == ["09:00:00–10:00:00"])
        #expect(try windows()[0]["note"] as? String == "book · notes")
        #expect(try run(["undo"]).succeeded)
        #expect(try shape() == ["09:00:00–09:30:00", "09:30:00–10:00:00"])
        #expect(try windows()[0]["note"] as? String == "book")

        // A running timer splits into a stopped part and a running one.
        let running = try id(["start", "reading", "--at", "11:00"])
        #expect(try run(["split", running, "11:30"]).succeeded)
        #expect(try shape().suffix(2) == ["11:00:00–11:30:00", "11:30:00–running"])
        #expect(try run(["undo"]).succeeded)
        #expect(try shape().last == "11:00:00–running")

        // Refused: outside the window, two types, the same timer twice, a timer between them.
        try refused(["split", reading, "09:45"], saying: "is not inside timer \(reading)")
        let exercise = try id(["track", "exercise", "10:00", "-", "10:30"])
        try refused(["join", reading, exercise], saying: "only timers of one type join")
        try refused(["join", reading, reading], saying: "give two different timers")
        try refused(["join", reading, running], saying: "overlaps entry \(half)")
        #expect(try git("fsck", "--strict", in: vault).succeeded)
        #expect(try git("status", "--porcelain", in: vault).stdout.isEmpty)
    }

    @Test("gaps: the untracked time between timers over a range, up to now, with --json")
    func gaps() throws {
        #expect(try run(["track", "reading", "09:00", "-", "10:00:07"]).succeeded)
        #expect(try run(["track", "exercise", "10:30", "-", "11:00"]).succeeded)
        #expect(try run(["start", "reading", "--at", "11:40"]).succeeded)
        let found = try #require(
            try json(try run(["gaps", "--from", "08:00", "--to", "13:00", "--json"]).stdout) as? [String: Any])
        let gaps = try #require(found["gaps"] as? [[String: Any]])
        #expect(gaps.map { $0["seconds"] as? Int } == [3600, 1793, 2400])
        #expect(gaps[1]["start"] as? String == "2026-11-28T10:00:07Z")
        #expect((found["total"] as? [String: Any])?["seconds"] as? Int == 7793)
        #expect(found["to"] as? String == "2026-11-28T12:00:00Z", "the range stops at now")
        let text = try run(["gaps"]).stdout
        #expect(text.contains("2026-11-28 10:00:07 – 2026-11-28 10:30  29m 53s"), "\(text)")
        #expect(try run(["gaps", ":yesterday"]).stdout.contains("2026-11-27 00:00 – 2026-11-28 00:00  1d"))
    }

    @Test("a range may end in the future, as timew takes it: report, history and export")
    func futureRanges() throws {
        #expect(try run(["track", "reading", "09:00", "-", "10:00"]).succeeded)
        for command in [["history", "--json"], ["export", "--format", "json"]] {
            let result = try run(command + ["--from", "2026-11-23", "--to", "2026-11-30"])
            #expect(result.succeeded, "\(command): \(result.stderr)")
            #expect(result.stdout.contains("2026-11-28T09:00:00Z"), "\(command): \(result.stdout)")
        }
        let report = try #require(
            try json(try run(["report", "--from", "2026-11-23", "--to", "2026-11-30", "--json"]).stdout)
                as? [String: Any])
        #expect(report["to"] as? String == "2026-11-30T00:00:00Z")
        #expect((report["total"] as? [String: Any])?["seconds"] as? Int == 3600)
        // A clock time later today bounds a range too.
        #expect(try run(["report", "--from", "08:00", "--to", "18:00"]).succeeded)
        // Recording stays refused in the future.
        try refused(["log", "meal", "--at", "18:00"], saying: "entries record what already happened")
    }

    @Test("timewarrior's and Watson's command names point at the alog command that does it")
    func otherTrackersNames() throws {
        for (name, alogCommand) in [
            ("summary", "alog report"), ("retag", "alog untag ID OLD, then alog tag ID NEW"),
            ("day", "alog report :today"),
            ("aggregate", "alog report --by day"), ("frames", "alog history"), ("restart", "alog continue ID"),
            ("annotate", "alog edit ID --note"), ("add", "alog track"),
        ] {
            let result = try run([name])
            #expect(result.status == 64, "\(name)")
            #expect(result.stderr.contains("in alog: \(alogCommand)"), "\(name): \(result.stderr)")
        }
        let json = try run(["summary", "--json"])
        #expect(json.stderr.contains(#""code":"unknownCommand""#) && json.stderr.contains("alog report"))
        // The ones alog spells the same are commands.
        #expect(try run(["lengthen", "--help"]).succeeded)
        #expect(try run(["gaps"]).succeeded)
    }

    @Test("undo takes back a track in one step, and an import; importing the same data again brings it back")
    func undoTrackAndImport() throws {
        let running = try id(["start", "reading", "--at", "11:00"])
        let tracked = try id(["track", "reading", "09:00", "-", "10:00"])
        let undone = try run(["undo"])
        #expect(undone.stdout.contains("deleted timer \(tracked)"), "\(undone.stdout)")
        #expect(try shape() == ["11:00:00–running"], "the running timer is left alone")
        #expect(try run(["undo"]).stdout.contains("deleted timer \(running)"))

        let data = home.sub("tw/data/2026-11.data")
        try writeFile(
            data,
            "inc 20261127T090000Z - 20261127T100000Z # reading\ninc 20261127T110000Z - 20261127T113000Z # reading\n")
        #expect(try run(["import", "timewarrior", home.sub("tw")]).succeeded)
        #expect(try shape() == ["09:00:00–10:00:00", "11:00:00–11:30:00"])
        #expect(try run(["undo"]).succeeded)
        #expect(try shape() == [])
        let again = try #require(
            try json(try run(["import", "timewarrior", home.sub("tw"), "--json"]).stdout) as? [String: Any])
        #expect(again["restored"] as? Int == 2 && again["alreadyThere"] as? Int == 0, "\(again)")
        #expect(try shape() == ["09:00:00–10:00:00", "11:00:00–11:30:00"])
        // That import is undone in one step too, and a third brings them back again.
        #expect(try run(["undo"]).succeeded)
        #expect(try shape() == [])
        #expect(try run(["import", "timewarrior", home.sub("tw")]).stdout.contains("2 brought back"))
        #expect(try run(["import", "timewarrior", home.sub("tw")]).stdout.contains("2 already in the vault"))
        #expect(try git("fsck", "--strict", in: vault).succeeded)
    }
}
