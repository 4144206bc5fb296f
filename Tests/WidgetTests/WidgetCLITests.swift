import Foundation
import TestSupport
import Testing

@Suite("alog widget")
struct WidgetCLITests {
    @Test("a tap queues without a commit, shows at once, and the next command commits it once")
    func tapThenDrain() throws {
        let home = TemporaryDirectory()
        let (vault, widget) = try makeVault(home)
        let headBefore = try git("rev-parse", "HEAD", in: vault).stdout
        let tap = try alog(["widget", "tap", "sleep", "--at", "-5m"], vault: vault)
        #expect(tap.succeeded, "\(tap.stderr)")
        #expect(tap.stdout.contains("queued sleep at 11:55"))
        #expect(try git("rev-parse", "HEAD", in: vault).stdout == headBefore, "a tap never commits")
        #expect(try readFile(widget + "queue.log") == logRecords([("sleep", testNow - 300)]))
        #expect(
            try readFile(widget + "queue.log")
                .hasSuffix(" {\"activityType\": \"sleep\", \"activityTime\": \(testNow - 300)}\n"))
        #expect(try alog(["widget", "status"], vault: vault).stdout == "Asleep 5m · Meal 45m · 1 queued\n")

        let status = try alog(["status", "--json"], vault: vault)
        #expect(status.succeeded, "\(status.stderr)")
        let summary = try jsonObject(status.stdout)
        #expect((summary["conscious"] as? [String: Any])?["state"] as? String == "asleep")
        #expect(try readFile(widget + "PendingActivities.json") == "[]\n")
        #expect(try readFile(widget + "queue.log") == "")
        #expect(
            try readFile(widget + "LastKnownActivities.json")
                == "{\"meal\": \(testNow - 2700), \"sleep\": \(testNow - 300), \"wake\": \(testNow - 5 * 3600)}\n")
        #expect(try loggedCounts(vault)["sleep 2030-01-01T11:55:00Z"] == 1)
        #expect(try git("log", "-1", "--format=%s", in: vault).stdout == "alog: log 1 widget tap from the queue\n")
        #expect(try git("fsck", "--strict", in: vault).succeeded)
        #expect(try git("status", "--porcelain", in: vault).stdout.isEmpty)
        #expect(try alog(["widget", "status"], vault: vault).stdout == "Asleep 5m · Meal 45m\n")
        _ = try alog(["status"], vault: vault)
        #expect(try loggedCounts(vault)["sleep 2030-01-01T11:55:00Z"] == 1, "committed once")
    }

    @Test("a sync refused before it starts, or failing at the transport, leaves the taps queued")
    func syncAndTheQueue() throws {
        let home = TemporaryDirectory()
        let (vault, _) = try makeVault(home)
        let headBefore = try git("rev-parse", "HEAD", in: vault).stdout
        #expect(try alog(["widget", "tap", "sleep", "--at", "-5m"], vault: vault).succeeded)
        let unknown = try alog(["sync", "nosuchremote"], vault: vault)
        #expect(unknown.status == 1)
        #expect(unknown.stderr.contains("no remote named 'nosuchremote'"), "\(unknown.stderr)")
        #expect(try git("rev-parse", "HEAD", in: vault).stdout == headBefore, "nothing committed")
        #expect(try alog(["widget", "status"], vault: vault).stdout.contains("1 queued"))
        // A remote that exists by name but cannot be reached: found out by the fetch, before
        // the drain; the tap stays queued and nothing is committed (docs/widget.md).
        #expect(try alog(["remote", "add", "origin", home.sub("gone.git")], vault: vault).succeeded)
        let unreachable = try alog(["sync"], vault: vault)
        #expect(unreachable.status == 1)
        #expect(unreachable.stderr.contains("Nothing was changed"), "\(unreachable.stderr)")
        #expect(try git("rev-parse", "HEAD", in: vault).stdout == headBefore, "nothing committed")
        #expect(try alog(["widget", "status"], vault: vault).stdout.contains("1 queued"))
        // The next command that opens the vault commits it, once.
        _ = try alog(["status"], vault: vault)
        #expect(try loggedCounts(vault)["sleep 2030-01-01T11:55:00Z"] == 1)
        #expect(!(try alog(["widget", "status"], vault: vault).stdout.contains("queued")))
    }

    @Test("bad taps are refused with the fix and write nothing")
    func badTaps() throws {
        let home = TemporaryDirectory()
        let (vault, widget) = try makeVault(home)
        let unknown = try alog(["widget", "tap", "swim"], vault: vault)
        #expect(unknown.status == 1)
        #expect(
            unknown.stderr.contains("unknown activity type 'swim'") && unknown.stderr.contains("alog types add swim"))
        let future = try alog(["widget", "tap", "meal", "--at", "2030-01-02T12:00:00Z"], vault: vault)
        #expect(future.status == 1 && future.stderr.contains("in the future"))
        #expect(!FileManager.default.fileExists(atPath: widget + "PendingActivities.json"))
        #expect(!FileManager.default.fileExists(atPath: widget + "queue.log"))
        let notVault = try alog(["widget", "tap", "meal"], vault: home.sub("nothing"))
        #expect(notVault.status != 0 && notVault.stderr.contains("not"))
        _ = try alog(["types", "add", "swim"], vault: vault)
        #expect(try alog(["widget", "tap", "swim"], vault: vault).succeeded, "a type known to the vault is accepted")
    }

    @Test("every timeline entry's texts equal what alog status prints at that instant")
    func timelineMatchesStatus() throws {
        let home = TemporaryDirectory()
        let (vault, _) = try makeVault(home)
        _ = try alog(["widget", "tap", "meal", "--at", "-20m"], vault: vault)
        _ = try alog(["history"], vault: vault)
        let timeline = try jsonObject(try alog(["widget", "timeline", "--json"], vault: vault).stdout)
        let entries = try #require(timeline["entries"] as? [[String: Any]])
        #expect(entries.count == 60)
        let quick = try jsonObject(try alog(["widget", "timeline", "--json", "--after-tap"], vault: vault).stdout)
        #expect((quick["entries"] as? [Any])?.count == 2)
        for index in [0, 1, 17, 59] {
            let entry = entries[index]
            let unix = try #require(entry["unix"] as? Int)
            #expect(unix == Int(testNow) + index * 60)
            let status = try jsonObject(try alog(["status", "--json"], vault: vault, now: Int64(unix)).stdout)
            let conscious = status["conscious"] as? [String: Any]
            let meal = status["meal"] as? [String: Any]
            #expect((entry["conscious"] as? [String: Any])?["text"] as? String == conscious?["text"] as? String)
            #expect((entry["conscious"] as? [String: Any])?["state"] as? String == conscious?["state"] as? String)
            #expect((entry["meal"] as? [String: Any])?["text"] as? String == meal?["text"] as? String)
        }
    }

    @Test("status bars read the vault's answer after any change: the vault wins over the cache")
    func vaultWins() throws {
        let home = TemporaryDirectory()
        let (vault, widget) = try makeVault(home)
        let id = try alog(["log", "meal", "--at", "11:50"], vault: vault).stdout.trimmingCharacters(in: .newlines)
        #expect(try alog(["widget", "status"], vault: vault).stdout == "Awake 5h · Meal 10m\n")
        // Someone hand-edits the cache; the next write replaces it with the vault's projection.
        try writeFile(widget + "LastKnownActivities.json", "{\"meal\": \(testNow - 60), \"sleep\": \(testNow - 30)}")
        #expect(try alog(["delete", id], vault: vault).succeeded)
        #expect(try alog(["widget", "status"], vault: vault).stdout == "Awake 5h · Meal 45m\n")
        let waybar = try jsonObject(try alog(["widget", "status", "--format", "waybar"], vault: vault).stdout)
        #expect(waybar["text"] as? String == "☀️ 5h  🍽️ 45m")
        #expect(waybar["class"] as? [String] == ["awake"])
        #expect(waybar["alt"] as? String == "awake")
        let i3 = try alog(["widget", "status", "--format", "i3blocks"], vault: vault).stdout
        #expect(i3 == "☀️ 5h  🍽️ 45m\n☀️ 5h\n#F5A623\n")
        let tmux = try alog(["widget", "status", "--format", "tmux"], vault: vault).stdout
        #expect(tmux == "#[fg=colour214]☀️ 5h#[default] 🍽️ 45m\n")
    }

    @Test("bad queue content: clear report, nothing lost, the rest committed")
    func badQueueContent() throws {
        let home = TemporaryDirectory()
        let (vault, widget) = try makeVault(home)
        let truncatedTail = "{\"activityType\": \"meal\", \"activ"
        try writeQueue(
            widget,
            """
            [
              {"activityType": "sleep", "activityTime": \(testNow - 3600), "source": "phone"},
              {"activityType": "sleep", "activityTime": \(testNow - 3600)},
              {"activityType": "swim", "activityTime": \(testNow - 1800)},
              {"activityType": "wake", "activityTime": \(testNow + 86400)},
              {"activityType": 12},
              {"id": "g1", "type": "quick_add", "taskId": "exercise", "date": "2030-01-01", "timestamp": "2030-01-01T11:00:00Z", "processed": false},
              \(truncatedTail)
            """)
        let drain = try alog(["widget", "drain", "--json"], vault: vault)
        #expect(drain.succeeded, "\(drain.stderr)")
        let report = try jsonObject(drain.stdout)
        #expect(report["committed"] as? Int == 2)
        #expect(report["duplicates"] as? Int == 1)
        #expect(report["invalid"] as? Int == 1)
        let failures = try #require(report["failures"] as? [[String: Any]])
        #expect(failures.count == 2)
        #expect(failures.contains { ($0["reason"] as? String)?.contains("unknown activity type 'swim'") == true })
        #expect(failures.contains { ($0["reason"] as? String)?.contains("in the future") == true })
        let saved = try #require((report["savedAside"] as? [String])?.first)
        #expect(saved.contains("line 8") && saved.contains("truncated"))
        let asideFile = try #require(
            try FileManager.default.contentsOfDirectory(atPath: widget).first { $0.contains(".damaged-") })
        #expect(try readFile(widget + asideFile).hasSuffix(truncatedTail), "the original text is kept whole")

        let counts = try loggedCounts(vault)
        #expect(counts["sleep 2030-01-01T11:00:00Z"] == 1)
        #expect(counts["exercise 2030-01-01T11:00:00Z"] == 1)
        #expect(counts.keys.allSatisfy { !$0.hasPrefix("swim") && !$0.hasPrefix("wake 2030-01-02") })

        let pending = try jsonObject(try alog(["widget", "pending", "--json"], vault: vault).stdout)
        let items = try #require(pending["items"] as? [[String: Any]])
        #expect(items.map { $0["status"] as? String } == ["failed", "failed", "invalid", "processed"])
        #expect(items[0]["detail"] as? String != nil)
        let human = try alog(["widget", "pending"], vault: vault).stdout
        #expect(human.contains("unknown activity type 'swim'") && human.contains("alog widget discard"))

        // Fix the cause: the item goes in with the next command; the future one waits.
        _ = try alog(["types", "add", "swim"], vault: vault)
        _ = try alog(["status"], vault: vault)
        #expect(try loggedCounts(vault)["swim 2030-01-01T11:30:00Z"] == 1)
        // Discard the future item and the invalid one by number.
        let numbers =
            try jsonObject(try alog(["widget", "pending", "--json"], vault: vault).stdout)["items"]
            as? [[String: Any]]
        #expect(numbers?.count == 3)
        let discarded = try alog(["widget", "discard", "1", "2"], vault: vault)
        #expect(discarded.succeeded)
        // Said as `pending` lists them, never as raw JSON.
        let said = discarded.stdout.split(separator: "\n").map(String.init)
        #expect(said.count == 2, "\(said)")
        #expect(
            said == [
                "discarded 1: wake  2030-01-02T12:00:00Z  activity",
                "discarded 2: line 3, unreadable: {\"activityType\": 12}",
            ])
        let left =
            try jsonObject(try alog(["widget", "pending", "--json"], vault: vault).stdout)["items"]
            as? [[String: Any]]
        #expect(left?.map { $0["status"] as? String } == ["processed"])
        // Processed actions are purged an hour after their timestamp.
        _ = try alog(["status"], vault: vault, now: testNow + 3 * 3600)
        #expect(try readFile(widget + "PendingActivities.json") == "[]\n")
    }

    @Test("quick_remove deletes that day's latest entry of the type, even one added in the same drain")
    func quickRemove() throws {
        let home = TemporaryDirectory()
        let (vault, widget) = try makeVault(home)
        _ = try alog(["log", "meal", "--at", "2030-01-01T08:00:00Z"], vault: vault)
        try writeQueue(
            widget,
            """
            [{"id": "r1", "type": "quick_remove", "taskId": "meal", "date": "2030-01-01", "timestamp": "2030-01-01T11:58:00Z", "processed": false},
             {"id": "a1", "type": "quick_add", "taskId": "meal", "date": "2030-01-01", "timestamp": "2030-01-01T11:59:00Z", "processed": false},
             {"id": "r2", "type": "quick_remove", "taskId": "meal", "date": "2030-01-01", "timestamp": "2030-01-01T11:59:30Z", "processed": false},
             {"id": "r3", "type": "quick_remove", "taskId": "meal", "date": "2029-12-31", "timestamp": "2030-01-01T11:59:40Z", "processed": false}]
            """)
        let history =
            try JSONSerialization.jsonObject(
                with: Data(try alog(["history", "--json"], vault: vault).stdout.utf8)) as? [[String: Any]]
        let meals = history?.filter { $0["type"] as? String == "meal" }.map { $0["at"] as? String }
        #expect(meals == ["2030-01-01T08:00:00Z"], "11:15 removed by r1, the 11:59 add removed by r2")
        let pending = try alog(["widget", "pending"], vault: vault).stdout
        #expect(pending.contains("no live meal entry on 2029-12-31 to remove"))
    }

    @Test("anything the front does not fully understand goes to the full CLI")
    func frontFallsBack() throws {
        let home = TemporaryDirectory()
        let (vault, _) = try makeVault(home)
        let help = try alog(["widget", "tap", "--help"], vault: vault)
        #expect(help.succeeded && help.stdout.contains("USAGE: alog widget tap"))
        let badFormat = try alog(["widget", "status", "--format", "xml"], vault: vault)
        #expect(badFormat.status != 0 && badFormat.stderr.contains("xml"))
        let full = try runProcess(
            productsDirectory + "/alog-full", ["widget", "status", "--format", "waybar", "--vault", vault],
            environment: ["TZ": "UTC", "ALOG_NOW": String(testNow)])
        #expect(full.stdout == (try alog(["widget", "status", "--format", "waybar"], vault: vault)).stdout)
    }
}
