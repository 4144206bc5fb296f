import Foundation
import TestSupport
import Testing

/// Issue 18 item 15: every widget message counts the queue the same way (`QueueCounts`: all
/// elements but processed actions wait), and a queued quick_remove shows in the status bar.
@Suite("alog widget: one count of the queue")
struct QueueCountTests {
    func run(_ arguments: [String], _ vault: String) throws -> String {
        let result = try alog(arguments, vault: vault)
        #expect(result.succeeded, "\(arguments): \(result.stderr)")
        return result.stdout
    }

    @Test("drain, drain --json, pending, pending --json, a tap and the status bar give one number")
    func oneNumber() throws {
        let home = TemporaryDirectory()
        let (vault, widget) = try makeVault(home)
        try writeQueue(
            widget,
            """
            [{"id": "a1", "type": "quick_add", "taskId": "meal", "date": "2030-01-01", "timestamp": "2030-01-01T11:50:00Z", "processed": false},
             {"activityType": "wake", "activityTime": \(testNow - 1800)},
             {"activityType": "swim", "activityTime": \(testNow - 1200)},
             {"activityType": "meal", "activityTime": "soon"}]
            """)
        // Two events committed; left: a1 (processed, kept for its app), swim (failed), the
        // invalid element. Two wait, and every message says two.
        let drain = try run(["widget", "drain"], vault)
        #expect(
            drain.hasSuffix("committed 2 events; 2 items left in the queue, and 1 processed action kept for its app\n"))
        let pending = try run(["widget", "pending"], vault)
        #expect(
            pending.hasPrefix(
                "2 items in \(widget)PendingActivities.json (0 committed by the next alog command that opens the vault, 2 cannot be as they are), and 1 processed action kept for its app:\n"
            ))
        let pendingJSON = try jsonObject(try run(["widget", "pending", "--json"], vault))
        #expect(pendingJSON["waiting"] as? Int == 2 && pendingJSON["processed"] as? Int == 1)
        let rows = try #require(pendingJSON["items"] as? [[String: Any]])
        #expect(rows.count == 3, "every element is a row: the heading's 2 and the processed one")
        #expect(rows.filter { $0["status"] as? String != "processed" }.count == 2)
        let json = try jsonObject(try run(["widget", "drain", "--json"], vault))
        #expect(json["queued"] as? Int == 2, "the processed action is not queued")
        #expect(json["processed"] as? Int == 1)
        #expect(try run(["widget", "status"], vault) == "Awake 30m · Meal 10m · 2 queued\n")
        let waybar = try jsonObject(try run(["widget", "status", "--format", "waybar"], vault))
        #expect(waybar["text"] as? String == "☀️ 30m  🍽️ 10m  ⏳2")
        #expect(
            (waybar["tooltip"] as? String)?.hasSuffix(
                "2 queued; 2 cannot be committed as they are (see 'alog widget pending')") == true)
        let timeline = try jsonObject(try run(["widget", "timeline", "--json"], vault))
        #expect(timeline["pending"] as? Int == 2)
        // A tap counts the same way, through a full read and through the digest.
        #expect(try run(["widget", "tap", "meal", "--at", "-1m"], vault).hasSuffix("(3 waiting for the vault)\n"))
        #expect(try run(["widget", "tap", "meal", "--at", "-30s"], vault).hasSuffix("(4 waiting for the vault)\n"))
        #expect(try run(["widget", "status"], vault) == "Awake 30m · Meal 30s · 4 queued\n")
        #expect(try run(["widget", "pending"], vault).hasPrefix("4 items in "))
        #expect(
            try run(["widget", "drain"], vault).hasSuffix(
                "committed 2 events; 2 items left in the queue, and 1 processed action kept for its app\n"))
    }

    @Test("a queue holding only processed actions: nothing is waiting, and the rows are explained")
    func onlyProcessed() throws {
        let home = TemporaryDirectory()
        let (vault, widget) = try makeVault(home)
        try writeQueue(
            widget,
            """
            [{"id": "a1", "type": "quick_add", "taskId": "meal", "date": "2030-01-01", "timestamp": "2030-01-01T11:50:00Z", "processed": false}]
            """)
        #expect(
            try run(["widget", "drain"], vault).hasSuffix(
                "committed 1 event; 0 items left in the queue, and 1 processed action kept for its app\n"))
        let pending = try run(["widget", "pending"], vault).split(separator: "\n")
        #expect(
            pending.first
                == "Nothing is waiting; the queue \(widget)PendingActivities.json holds only 1 processed action kept for its app:"
        )
        #expect(pending.count == 2 && pending[1].contains("processed"))
        let json = try jsonObject(try run(["widget", "drain", "--json"], vault))
        #expect(json["queued"] as? Int == 0 && json["processed"] as? Int == 1 && json["committed"] as? Int == 0)
        #expect(try run(["widget", "status"], vault) == "Awake 5h · Meal 10m\n", "nothing queued")
        #expect(try run(["widget", "tap", "wake", "--at", "-1m"], vault).hasSuffix("(1 waiting for the vault)\n"))
    }

    @Test("a queued quick_remove shows the entry it takes away, until the drain removes it")
    func pendingRemoval() throws {
        let home = TemporaryDirectory()
        let (vault, widget) = try makeVault(home)
        let remove =
            #"{"id": "r1", "type": "quick_remove", "taskId": "meal", "date": "2030-01-01", "timestamp": "2030-01-01T11:58:00Z", "processed": false}"#
        try writeQueue(widget, "[\(remove)]")
        #expect(try run(["widget", "status"], vault) == "Awake 5h · Meal 45m (being removed) · 1 queued\n")
        let waybar = try jsonObject(try run(["widget", "status", "--format", "waybar"], vault))
        #expect(waybar["text"] as? String == "☀️ 5h  🍽️ 45m ✕  ⏳1")
        #expect(waybar["class"] as? [String] == ["awake", "pending", "removing"])
        #expect(
            (waybar["tooltip"] as? String)?.contains("Last meal 45m ago (11:15); a queued quick_remove takes it away")
                == true)
        #expect(try run(["widget", "status", "--format", "tmux"], vault).contains("🍽️ 45m ✕"))
        let timeline = try jsonObject(try run(["widget", "timeline", "--json"], vault))
        let meal = (timeline["entries"] as? [[String: Any]])?.first?["meal"] as? [String: Any]
        #expect(meal?["removing"] as? Bool == true)
        // Through the digest (a tap rewrote the queue): the same.
        _ = try run(["widget", "tap", "wake", "--at", "2030-01-01T07:30:00Z"], vault)
        #expect(try run(["widget", "status"], vault) == "Awake 4h 30m · Meal 45m (being removed) · 2 queued\n")
        // The tap is alog's, in queue.log: another program's rewrite of the array leaves it.
        _ = try run(["widget", "discard", "2"], vault)
        // A remove of another day, or a meal added after the remove, is not what goes.
        try writeQueue(
            widget,
            "[" + remove.replacingOccurrences(of: "2030-01-01\", \"timestamp", with: "2029-12-31\", \"timestamp") + "]")
        #expect(try run(["widget", "status"], vault) == "Awake 5h · Meal 45m · 1 queued\n")
        try writeQueue(
            widget,
            """
            [\(remove),
             {"id": "a1", "type": "quick_add", "taskId": "meal", "date": "2030-01-01", "timestamp": "2030-01-01T11:59:00Z", "processed": false}]
            """)
        #expect(try run(["widget", "status"], vault) == "Awake 5h · Meal 1m · 2 queued\n")
        _ = try run(["widget", "tap", "sleep", "--at", "2030-01-01T06:00:00Z"], vault)
        #expect(try run(["widget", "status"], vault) == "Awake 5h · Meal 1m · 3 queued\n", "the digest agrees")
        // The drain removes the 11:15 meal and logs the 11:59 one.
        _ = try run(["widget", "drain"], vault)
        #expect(try run(["widget", "status"], vault) == "Awake 5h · Meal 1m\n")
        try writeQueue(widget, "[\(remove.replacingOccurrences(of: "r1", with: "r2"))]")
        #expect(try run(["widget", "status"], vault) == "Awake 5h · Meal 1m (being removed) · 1 queued\n")
        _ = try run(["widget", "drain"], vault)
        #expect(try run(["widget", "status"], vault) == "Awake 5h\n", "both meals of the day are gone")
    }
}
