import Foundation
import LedgerCore
import LedgerWidget
import TestSupport
import Testing

@Suite("Widget queue digest")
struct QueueDigestTests {
    @Test("taps and status bars believe the digest only for the queue file it describes")
    func digestFollowsTheFile() throws {
        let home = TemporaryDirectory()
        let (vault, widget) = try makeVault(home)
        let queuePath = widget + "PendingActivities.json"
        // Another widget's write: compact, and with a time far ahead that the view must not show.
        try writeQueue(
            widget,
            "[{\"activityType\": \"meal\", \"activityTime\": \(testNow - 600)},"
                + "{\"activityType\": \"sleep\", \"activityTime\": \(testNow + 86_400)}]")
        #expect(try alog(["widget", "tap", "wake", "--at", "-2m"], vault: vault).stdout.contains("(3 waiting"))
        #expect(FileManager.default.fileExists(atPath: widget + "queue.digest"))
        #expect(try alog(["widget", "tap", "meal", "--at", "-1m"], vault: vault).stdout.contains("(4 waiting"))
        #expect(try alog(["widget", "status"], vault: vault).stdout == "Awake 2m · Meal 1m · 4 queued\n")

        // Rewritten in place to the same size (same inode; only the file times and the last
        // item's text tell): the last item is now a wake.
        let text = try readFile(queuePath)
        let edited = text.replacingOccurrences(
            of: "\"meal\", \"activityTime\": \(testNow - 60)", with: "\"wake\", \"activityTime\": \(testNow - 60)")
        #expect(edited.utf8.count == text.utf8.count && edited != text)
        let handle = try #require(FileHandle(forWritingAtPath: queuePath))
        handle.write(Data(edited.utf8))
        try handle.close()
        #expect(try alog(["widget", "status"], vault: vault).stdout == "Awake 1m · Meal 10m · 4 queued\n")

        #expect(try alog(["widget", "tap", "exercise", "--at", "-30s"], vault: vault).stdout.contains("(5 waiting"))
        #expect(
            try readFile(queuePath)
                == """
                [
                  {"activityType": "meal", "activityTime": \(testNow - 600)},
                  {"activityType": "sleep", "activityTime": \(testNow + 86_400)},
                  {"activityType": "wake", "activityTime": \(testNow - 120)},
                  {"activityType": "wake", "activityTime": \(testNow - 60)},
                  {"activityType": "exercise", "activityTime": \(testNow - 30)}
                ]

                """)
        #expect(try alog(["widget", "status"], vault: vault).stdout == "Awake 1m · Meal 10m · 5 queued\n")

        // Replaced by another writer with fewer items: counted again from the file.
        try writeQueue(widget, "[\n  {\"activityType\": \"meal\", \"activityTime\": \(testNow - 300)}\n]\n")
        #expect(try alog(["widget", "status"], vault: vault).stdout == "Awake 5h · Meal 5m · 1 queued\n")
        #expect(try alog(["widget", "tap", "meal", "--at", "-1m"], vault: vault).stdout.contains("(2 waiting"))
        #expect(try alog(["widget", "status"], vault: vault).stdout == "Awake 5h · Meal 1m · 2 queued\n")

        // A torn digest is no digest.
        try writeFile(widget + "queue.digest", String(try readFile(widget + "queue.digest").dropLast(5)))
        #expect(try alog(["widget", "tap", "wake", "--at", "-1m"], vault: vault).stdout.contains("(3 waiting"))
        #expect(try alog(["widget", "status"], vault: vault).stdout == "Awake 1m · Meal 1m · 3 queued\n")

        // The drain empties the queue, and the digest says so.
        _ = try alog(["status"], vault: vault)
        #expect(try readFile(queuePath) == "[]\n")
        #expect(try alog(["widget", "tap", "meal"], vault: vault).stdout.contains("(1 waiting"))
    }

    @Test("a tap splices its item in from the file's last bytes alone")
    func splicePoint() {
        func point(_ text: String) -> (Int, String)? {
            PendingQueue.splicePoint(tail: Array(text.utf8)).map {
                ($0.keep, String(decoding: $0.separator, as: UTF8.self))
            }
        }
        #expect(point("[]\n")! == (1, "\n  "))
        #expect(point("[ \n ]")! == (1, "\n  "))
        #expect(point("1},\n  {\"a\": 2}\n]\n")! == (14, ",\n  "))
        #expect(point("{\"a\": [1]}]")! == (10, ",\n  "))
        #expect(point("{\"a\": 1}\n]\nx") == nil, "text after the array")
        #expect(point("{\"a\": 1},") == nil, "no closing bracket")
        #expect(point("\"a\": 1 ]") == nil, "not after an element")
        #expect(point("]") == nil)
        #expect(point("   ") == nil)
    }
}
