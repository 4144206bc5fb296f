import Foundation
import TestSupport
import Testing

/// Timers on the command line: start, switch, stop, resume, window edits, goals, and every
/// refusal (one line, exit 1, no commit).
@Suite("Timers on the command line")
struct TimerCLITests {
    /// 2030-01-01T12:00:00Z, 13:00 in Berlin.
    static let env = ["ALOG_NOW": "2030-01-01T12:00:00Z", "TZ": "Europe/Berlin"]

    static func run(_ arguments: [String], _ vault: String, _ home: TemporaryDirectory) throws -> ProcessResult {
        try alog(arguments + ["--vault", vault], home: home.path, environment: env)
    }

    static func object(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    static func makeVault(_ home: TemporaryDirectory) throws -> String {
        let vault = home.sub("vault")
        #expect(try run(["init"], vault, home).succeeded)
        #expect(try run(["types", "add", "reading", "--icon", "📖"], vault, home).succeeded)
        return vault
    }

    @Test(
        "undo takes back a stop (the timer runs again, its note as before) and a switch (the stopped timer runs again)")
    func undoStopAndSwitch() throws {
        let home = TemporaryDirectory()
        let vault = try Self.makeVault(home)
        func running() throws -> [String: Any]? {
            try Self.object(try Self.run(["status", "--json"], vault, home).stdout)["running"] as? [String: Any]
        }
        let reading = try Self.run(["start", "reading", "--at", "11:00"], vault, home).stdout
            .trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(try Self.run(["stop", "--at", "11:30", "--note", "ch. 3"], vault, home).succeeded)
        #expect(try running() == nil)
        let undone = try Self.run(["undo"], vault, home)
        #expect(
            undone.stdout.contains("took back the stop of reading timer \(reading): it runs again"), "\(undone.stdout)")
        #expect(try running()?["entry"] as? String == reading)
        let shown = try Self.object(try Self.run(["show", reading, "--json"], vault, home).stdout)
        #expect(shown["note"] == nil, "the stop's note went with it: \(shown)")

        // A switch is one action: undoing it deletes the new timer and the old one runs again.
        let exercise = try Self.run(["switch", "exercise", "--at", "11:45"], vault, home).stdout
            .trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(try running()?["entry"] as? String == exercise)
        let switchUndone = try Self.run(["undo"], vault, home)
        #expect(switchUndone.stdout.contains("deleted timer \(exercise)"), "\(switchUndone.stdout)")
        #expect(switchUndone.stdout.contains("took back the stop of reading timer \(reading): it runs again"))
        #expect(try running()?["entry"] as? String == reading)
        // Undo again reaches the action before (the undone stop is not undone twice): the start.
        #expect(try Self.run(["undo"], vault, home).stdout.contains("deleted timer \(reading)"))
        #expect(try running() == nil)
        // Every undo is a new event; the new lines are format version 3 where they take an end away.
        #expect(try git("fsck", "--strict", in: vault).succeeded)
        let lines = try git("log", "-p", "--format=", in: vault).stdout
        #expect(lines.contains(#""kind":"edit""#) && lines.contains(#""end":null"#) && lines.contains(#""v":3"#))
    }

    @Test("a goal past midnight: the timer's goal shows its date; a daily goal is not reached today")
    func goalsPastMidnight() throws {
        let home = TemporaryDirectory()
        let vault = home.sub("vault")
        let late = ["ALOG_NOW": "2030-01-01T22:30:00Z", "TZ": "UTC"]
        func run(_ arguments: [String]) throws -> ProcessResult {
            try alog(arguments + ["--vault", vault], home: home.path, environment: late)
        }
        #expect(try run(["init"]).succeeded)
        #expect(try run(["goals", "set", "exercise", "3h"]).succeeded)
        #expect(try run(["start", "exercise", "--at", "22:00", "--goal", "2h"]).succeeded)
        let status = try run(["status"]).stdout
        #expect(status.contains("1h 30m left, at 00:00 2030-01-02"), "\(status)")
        #expect(status.contains("not reached today even if the timer keeps running"), "\(status)")
        let json = try Self.object(try run(["status", "--json"]).stdout)
        let goals = try #require(json["goals"] as? [[String: Any]])
        #expect(goals.first?["reachedAt"] == nil, "\(goals)")
        #expect(goals.first?["reachableToday"] as? Bool == false, "\(goals)")
    }

    @Test("two undos of two changes of one field bring back the value before both")
    func undoTwiceOneField() throws {
        let home = TemporaryDirectory()
        let vault = try Self.makeVault(home)
        let reading = try Self.run(["start", "reading", "--at", "10:00", "--note", "first"], vault, home).stdout
            .trimmingCharacters(in: .whitespacesAndNewlines)
        func shown() throws -> [String: Any] {
            try #require(
                try Self.object(try Self.run(["show", reading, "--json"], vault, home).stdout)["entry"]
                    as? [String: Any])
        }
        #expect(try Self.run(["edit", reading, "--note", "a"], vault, home).succeeded)
        #expect(try Self.run(["edit", reading, "--note", "b"], vault, home).succeeded)
        #expect(try Self.run(["undo"], vault, home).succeeded)
        #expect(try shown()["note"] as? String == "a")
        let second = try Self.run(["undo"], vault, home)
        #expect(second.stdout.contains("put entry \(reading) back"), "\(second.stdout)")
        #expect(try shown()["note"] as? String == "first")

        // A stop, then a moved end: two undos, and the timer runs again.
        #expect(try Self.run(["stop", "--at", "10:30"], vault, home).succeeded)
        #expect(try Self.run(["edit", reading, "--end", "10:45"], vault, home).succeeded)
        #expect(try Self.run(["undo"], vault, home).succeeded)
        #expect(try shown()["end"] as? String == "2030-01-01T10:30:00+01:00")
        #expect(try Self.run(["undo"], vault, home).stdout.contains("it runs again"))
        #expect(try shown()["end"] == nil)

    }

    @Test("undo of an edit with --adjust puts the trimmed neighbour back too, in one step")
    func undoAdjust() throws {
        let home = TemporaryDirectory()
        let vault = try Self.makeVault(home)
        func window(_ id: String) throws -> String {
            let history = try #require(
                try JSONSerialization.jsonObject(
                    with: Data(try Self.run(["history", "--json"], vault, home).stdout.utf8))
                    as? [[String: Any]])
            let entry = history.first { $0["id"] as? String == id }
            return "\(entry?["at"] as? String ?? "?")–\(entry?["end"] as? String ?? "running")"
        }
        let reading = try Self.run(["start", "reading", "--at", "09:00"], vault, home).stdout
            .trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(try Self.run(["stop", "--at", "09:20"], vault, home).succeeded)
        let exercise = try Self.run(["start", "exercise", "--at", "09:30"], vault, home).stdout
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let before = (try window(reading), try window(exercise))
        #expect(try Self.run(["edit", exercise, "--start", "09:10", "--adjust"], vault, home).succeeded)
        #expect(try window(reading) == "2030-01-01T09:00:00+01:00–2030-01-01T09:10:00+01:00")
        let undone = try Self.run(["undo"], vault, home)
        #expect(undone.succeeded, "\(undone.stderr)")
        #expect(try window(reading) == before.0, "the trim is undone with the edit")
        #expect(try window(exercise) == before.1)
    }

    @Test("start, switch, stop and resume keep one timer running; status and history show the windows")
    func lifecycle() throws {
        let home = TemporaryDirectory()
        let vault = try Self.makeVault(home)
        let reading = try Self.run(
            ["start", "reading", "--at", "11:00", "--goal", "1h30m", "--note", "ch. 3"], vault, home)
        #expect(reading.succeeded, "\(reading.stderr)")
        let readingID = reading.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        var status = try Self.object(try Self.run(["status", "--json"], vault, home).stdout)
        var running = try #require(status["running"] as? [String: Any])
        #expect(running["entry"] as? String == readingID)
        #expect(running["type"] as? String == "reading")
        #expect(running["since"] as? String == "2030-01-01T11:00:00+01:00")
        #expect(running["seconds"] as? Int == 7200)
        #expect(running["text"] as? String == "2h")
        #expect(running["goalSeconds"] as? Int == 5400)
        #expect(running["goalAt"] as? String == "2030-01-01T12:30:00+01:00")

        // Switching: a start stops the running timer where it starts.
        let exercise = try Self.run(["switch", "exercise", "--at", "12:15"], vault, home)
        #expect(exercise.succeeded, "\(exercise.stderr)")
        let stop = try Self.run(["stop", "--at", "12:45", "--note", "run"], vault, home)
        #expect(stop.succeeded && stop.stdout.contains("after 30m"), "\(stop.stdout) \(stop.stderr)")
        status = try Self.object(try Self.run(["status", "--json"], vault, home).stdout)
        #expect(status["running"] is NSNull)

        let resumed = try Self.run(["resume", "--at", "12:50"], vault, home)
        #expect(resumed.succeeded, "\(resumed.stderr)")
        status = try Self.object(try Self.run(["status", "--json"], vault, home).stdout)
        running = try #require(status["running"] as? [String: Any])
        #expect(running["type"] as? String == "exercise")

        let history = try #require(
            try JSONSerialization.jsonObject(with: Data(try Self.run(["history", "--json"], vault, home).stdout.utf8))
                as? [[String: Any]])
        try #require(history.count == 3)
        #expect(history[0]["end"] == nil && history[0]["seconds"] as? Int == 600)
        #expect(history[1]["end"] as? String == "2030-01-01T12:45:00+01:00" && history[1]["seconds"] as? Int == 1800)
        #expect(history[2]["end"] as? String == "2030-01-01T12:15:00+01:00" && history[2]["seconds"] as? Int == 4500)
        #expect(history[2]["note"] as? String == "ch. 3")
        let text = try Self.run(["history"], vault, home).stdout
        #expect(text.contains("running (10m)") && text.contains("–12:45 (30m)") && text.contains("–12:15 (1h 15m)"))
        #expect(try Self.run(["status"], vault, home).stdout.contains("▶"))
        #expect(try git("fsck", "--strict", in: vault).succeeded)

        // show's entry is the history item: its window, in JSON and on its line.
        for (index, item) in history.enumerated() {
            let id = try #require(item["id"] as? String)
            let shown = try Self.object(try Self.run(["show", id, "--json"], vault, home).stdout)
            let entry = try #require(shown["entry"] as? [String: Any])
            #expect(entry["end"] as? String == item["end"] as? String, "\(index)")
            #expect(entry["seconds"] as? Int == item["seconds"] as? Int && entry["seconds"] != nil, "\(index)")
        }
        let shownRunning = try Self.run(["show", try #require(history[0]["id"] as? String)], vault, home).stdout
        #expect(shownRunning.split(separator: "\n").first?.contains("running (10m)") == true, "\(shownRunning)")
        let shownStopped = try Self.run(["show", readingID], vault, home).stdout
        #expect(shownStopped.split(separator: "\n").first?.contains("–12:15 (1h 15m)") == true, "\(shownStopped)")
    }

    @Test(
        "bad timer input is refused with one line, exit 1, no commit",
        arguments: [
            (["start", "nope"], "unknown activity type"),
            (["start", "reading", "--at", "2030-01-01T15:00:00+01:00"], "in the future"),
            (["start", "reading", "--goal", "-5m"], "cannot be negative"),
            (["start", "reading", "--goal", "400d"], "at most 7d"),
            (["start", "reading", "--goal", "soon"], "not a duration"),
            (["stop"], "no timer is running"),
            (["resume"], "no stopped timer to resume"),
            (["goals", "set", "reading", "25h"], "at most 1d"),
            (["goals", "set", "nope", "1h"], "unknown activity type"),
        ])
    func refusals(arguments: [String], message: String) throws {
        let home = TemporaryDirectory()
        let vault = try Self.makeVault(home)
        let before = try git("rev-parse", "HEAD", in: vault).stdout
        let result = try Self.run(arguments, vault, home)
        #expect(result.status == 1, "\(arguments): \(result.stderr)")
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(try git("rev-parse", "HEAD", in: vault).stdout == before)
    }

    @Test("windows that overlap are refused naming the entry; --adjust trims the neighbour")
    func overlaps() throws {
        let home = TemporaryDirectory()
        let vault = try Self.makeVault(home)
        let first = try Self.run(["start", "reading", "--at", "10:00"], vault, home).stdout
            .trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(try Self.run(["stop", "--at", "11:00"], vault, home).succeeded)
        let second = try Self.run(["start", "exercise", "--at", "11:30"], vault, home).stdout
            .trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(try Self.run(["stop", "--at", "12:00"], vault, home).succeeded)
        let before = try git("rev-parse", "HEAD", in: vault).stdout

        let inside = try Self.run(["start", "exercise", "--at", "10:30"], vault, home)
        #expect(inside.status == 1 && inside.stderr.contains("overlaps entry \(first)"), "\(inside.stderr)")
        let stretched = try Self.run(["edit", second, "--start", "10:45"], vault, home)
        #expect(stretched.status == 1 && stretched.stderr.contains("overlaps entry \(first)"), "\(stretched.stderr)")
        let backwards = try Self.run(["edit", second, "--end", "11:00"], vault, home)
        #expect(backwards.status == 1 && backwards.stderr.contains("before the start"), "\(backwards.stderr)")
        #expect(try git("rev-parse", "HEAD", in: vault).stdout == before)

        let adjusted = try Self.run(["edit", second, "--start", "10:45", "--adjust"], vault, home)
        #expect(adjusted.succeeded)
        // The confirmation shows the window as it now is.
        #expect(adjusted.stdout.contains("10:45") && adjusted.stdout.contains("–12:00 (1h 15m)"), "\(adjusted.stdout)")
        let history = try #require(
            try JSONSerialization.jsonObject(with: Data(try Self.run(["history", "--json"], vault, home).stdout.utf8))
                as? [[String: Any]])
        #expect(history.first { $0["id"] as? String == first }?["end"] as? String == "2030-01-01T10:45:00+01:00")
        #expect(history.first { $0["id"] as? String == second }?["seconds"] as? Int == 4500)
    }

    @Test("starts in quick succession, in the same second, switch each time")
    func sameSecond() throws {
        let home = TemporaryDirectory()
        let vault = try Self.makeVault(home)
        for type in ["reading", "exercise", "reading", "exercise"] {
            let result = try Self.run(["start", type], vault, home)
            #expect(result.succeeded, "\(type): \(result.stderr)")
        }
        let status = try Self.object(try Self.run(["status", "--json"], vault, home).stdout)
        #expect((status["running"] as? [String: Any])?["type"] as? String == "exercise")
        #expect(try Self.run(["stop"], vault, home).succeeded)
        #expect(try Self.run(["start", "reading"], vault, home).succeeded)
    }

    @Test("daily goals: today's total against the goal, and when the running timer reaches it")
    func goals() throws {
        let home = TemporaryDirectory()
        let vault = try Self.makeVault(home)
        #expect(try Self.run(["goals", "set", "reading", "2h"], vault, home).succeeded)
        #expect(try Self.run(["start", "reading", "--at", "09:00"], vault, home).succeeded)
        #expect(try Self.run(["stop", "--at", "09:30"], vault, home).succeeded)
        #expect(try Self.run(["start", "reading", "--at", "12:30"], vault, home).succeeded)
        let goals = try #require(
            try JSONSerialization.jsonObject(with: Data(try Self.run(["goals", "--json"], vault, home).stdout.utf8))
                as? [[String: Any]])
        #expect(goals.count == 1)
        #expect(goals[0]["todaySeconds"] as? Int == 3600)
        #expect(goals[0]["goalSeconds"] as? Int == 7200)
        #expect(goals[0]["reachedAt"] as? String == "2030-01-01T14:00:00+01:00")
        let status = try Self.object(try Self.run(["status", "--json"], vault, home).stdout)
        #expect((status["goals"] as? [[String: Any]])?.first?["text"] as? String == "1h of 2h")
        #expect(try Self.run(["goals", "set", "reading", "0"], vault, home).succeeded)
        #expect(try Self.run(["goals"], vault, home).stdout.contains("no daily goals"))
    }

    @Test("undo of goal changes and of a type's redefinition puts back the value before, one step at a time")
    func undoGoalsAndTypes() throws {
        let home = TemporaryDirectory()
        let vault = try Self.makeVault(home)
        func goalSeconds() throws -> Int? {
            let goals = try #require(
                try JSONSerialization.jsonObject(
                    with: Data(try Self.run(["goals", "--json"], vault, home).stdout.utf8))
                    as? [[String: Any]])
            return goals.first { $0["type"] as? String == "reading" }?["goalSeconds"] as? Int
        }
        #expect(try Self.run(["goals", "set", "reading", "2h"], vault, home).succeeded)
        #expect(try Self.run(["goals", "set", "reading", "3h"], vault, home).succeeded)
        #expect(try goalSeconds() == 3 * 3600)
        let first = try Self.run(["undo"], vault, home)
        #expect(first.stdout.contains("put the daily goal of reading back to 2h"), "\(first.stdout)")
        #expect(try goalSeconds() == 2 * 3600)
        let second = try Self.run(["undo"], vault, home)
        #expect(second.stdout.contains("removed the daily goal of reading again"), "\(second.stdout)")
        #expect(try goalSeconds() == nil)
        // The type was defined with its icon before any of this: a new colour, undone, is the old one again.
        #expect(try Self.run(["types", "add", "reading", "--color", "#00ff00"], vault, home).succeeded)
        let third = try Self.run(["undo"], vault, home)
        #expect(third.stdout.contains("put type reading back as it was (📖"), "\(third.stdout)")
    }
}
