import Foundation
import LedgerCore
import LedgerWidget
import TestSupport
import Testing

@Suite("Widget queue digest")
struct QueueDigestTests {
    @Test("taps and status bars believe the digest only for the queue files it describes")
    func digestFollowsTheFile() throws {
        let home = TemporaryDirectory()
        let (vault, widget) = try makeVault(home)
        let queuePath = widget + "PendingActivities.json"
        let logPath = widget + "queue.log"
        // Another widget's write: compact, and with a time far ahead that the view must not show.
        let written =
            "[{\"activityType\": \"meal\", \"activityTime\": \(testNow - 600)},"
            + "{\"activityType\": \"sleep\", \"activityTime\": \(testNow + 86_400)}]"
        try writeQueue(widget, written)
        #expect(try alog(["widget", "tap", "wake", "--at", "-2m"], vault: vault).stdout.contains("(3 waiting"))
        #expect(FileManager.default.fileExists(atPath: widget + "queue.digest"))
        #expect(try alog(["widget", "tap", "meal", "--at", "-1m"], vault: vault).stdout.contains("(4 waiting"))
        #expect(try alog(["widget", "status"], vault: vault).stdout == "Awake 2m · Meal 1m · 4 queued\n")
        // The taps went to the log; the other widget's file is as it wrote it.
        #expect(try readFile(queuePath) == written)
        #expect(try readFile(logPath) == logRecords([("wake", testNow - 120), ("meal", testNow - 60)]))

        // The array rewritten in place to the same size (same inode; only the file times and the
        // last bytes tell): its sleep is now 90 seconds ago.
        let edited = written.replacingOccurrences(of: "\(testNow + 86_400)", with: "\(testNow - 90)")
        #expect(edited.utf8.count == written.utf8.count && edited != written)
        let handle = try #require(FileHandle(forWritingAtPath: queuePath))
        handle.write(Data(edited.utf8))
        try handle.close()
        #expect(try alog(["widget", "status"], vault: vault).stdout == "Asleep 1m · Meal 1m · 4 queued\n")

        #expect(try alog(["widget", "tap", "exercise", "--at", "-30s"], vault: vault).stdout.contains("(5 waiting"))
        #expect(try readFile(queuePath) == edited, "a tap never rewrites the array")
        #expect(
            try readFile(logPath)
                == logRecords([("wake", testNow - 120), ("meal", testNow - 60), ("exercise", testNow - 30)]))
        #expect(try alog(["widget", "status"], vault: vault).stdout == "Asleep 1m · Meal 1m · 5 queued\n")

        // Replaced by another writer with fewer items: counted again from the files. The log's
        // taps are alog's, and stay.
        try writeQueue(widget, "[\n  {\"activityType\": \"meal\", \"activityTime\": \(testNow - 300)}\n]\n")
        #expect(try alog(["widget", "status"], vault: vault).stdout == "Awake 2m · Meal 1m · 4 queued\n")
        #expect(try alog(["widget", "tap", "sleep", "--at", "-1m"], vault: vault).stdout.contains("(5 waiting"))
        #expect(try alog(["widget", "status"], vault: vault).stdout == "Asleep 1m · Meal 1m · 5 queued\n")

        // The log grown behind the digest's back (a tap killed after its record, before the
        // digest): read in full, so the record counts.
        let killed = try alog(
            ["widget", "tap", "wake", "--at", "-20s"], vault: vault, environment: ["ALOG_FAULT": "tap.after-append"])
        #expect(killed.status == 9)
        #expect(try alog(["widget", "status"], vault: vault).stdout == "Awake 20s · Meal 1m · 6 queued\n")
        #expect(try alog(["widget", "tap", "meal", "--at", "-10s"], vault: vault).stdout.contains("(7 waiting"))

        // A torn digest is no digest.
        try writeFile(widget + "queue.digest", String(try readFile(widget + "queue.digest").dropLast(5)))
        #expect(try alog(["widget", "tap", "wake", "--at", "-5s"], vault: vault).stdout.contains("(8 waiting"))
        #expect(try alog(["widget", "status"], vault: vault).stdout == "Awake 5s · Meal 10s · 8 queued\n")

        // The drain empties both files, and the digest says so.
        _ = try alog(["status"], vault: vault)
        #expect(try readFile(queuePath) == "[]\n")
        #expect(try readFile(logPath) == "")
        #expect(try alog(["widget", "tap", "meal"], vault: vault).stdout.contains("(1 waiting"))
        #expect(try readFile(queuePath) == "[]\n")
        #expect(try readFile(logPath) == logRecords([("meal", testNow)]))
    }

    @Test("a tap on a long queue appends one record and rewrites neither file")
    func tapAppendsOnly() throws {
        let home = TemporaryDirectory()
        let (vault, widget) = try makeVault(home)
        let arrayPath = widget + "PendingActivities.json"
        let logPath = widget + "queue.log"
        let start = testNow - 3 * 86_400
        try writeQueue(
            widget,
            "[\n"
                + (0..<2000).map { "  {\"activityType\": \"meal\", \"activityTime\": \(start + Int64($0))}" }
                .joined(separator: ",\n") + "\n]\n")
        try writeFile(logPath, logRecords((0..<2000).map { ("wake", start + 5000 + Int64($0)) }))
        // Written by someone else: read in full once, and the digest made.
        #expect(try alog(["widget", "tap", "meal", "--at", "-2m"], vault: vault).stdout.contains("(4001 waiting"))
        func version(_ path: String) throws -> (inode: Int, modified: Date, text: String) {
            let attributes = try FileManager.default.attributesOfItem(atPath: path)
            return (
                try #require(attributes[.systemFileNumber] as? Int),
                try #require(attributes[.modificationDate] as? Date),
                try readFile(path)
            )
        }
        let array = try version(arrayPath)
        let log = try version(logPath)
        #expect(try alog(["widget", "tap", "sleep", "--at", "-1m"], vault: vault).stdout.contains("(4002 waiting"))
        let arrayAfter = try version(arrayPath)
        let logAfter = try version(logPath)
        #expect(
            arrayAfter.inode == array.inode && arrayAfter.modified == array.modified && arrayAfter.text == array.text)
        #expect(logAfter.inode == log.inode, "the log was appended to, not replaced")
        #expect(logAfter.text == log.text + logRecords([("sleep", testNow - 60)]))
        #expect(try alog(["widget", "status"], vault: vault).stdout == "Asleep 1m · Meal 2m · 4002 queued\n")
    }

    @Test("taps queued by an older alog (in the array file, with its digest) are counted and committed once")
    func upgradeFromArrayQueue() throws {
        let home = TemporaryDirectory()
        let (vault, widget) = try makeVault(home)
        // As alog before queue.log left them: its taps in the array, and a version-3 digest.
        try writeQueue(
            widget,
            """
            [
              {"activityType": "sleep", "activityTime": \(testNow - 3600)},
              {"activityType": "wake", "activityTime": \(testNow - 1800)}
            ]

            """)
        try writeFile(
            widget + "queue.digest",
            "alog-queue-digest-3 1234 118 1893499000000000000 1893499000000000000 42\n10 1\n2 2 0\n{\"sleep\": 1}\n{\"sleep\": 0}\n"
        )
        #expect(try alog(["widget", "status"], vault: vault).stdout == "Awake 30m · Meal 45m · 2 queued\n")
        #expect(try alog(["widget", "tap", "meal", "--at", "-1m"], vault: vault).stdout.contains("(3 waiting"))
        #expect(try alog(["widget", "status"], vault: vault).stdout == "Awake 30m · Meal 1m · 3 queued\n")
        let pending = try alog(["widget", "pending"], vault: vault).stdout
        #expect(
            pending.hasPrefix(
                "3 items in \(widget)PendingActivities.json and queue.log (committed by the next alog command that opens the vault):"
            ), "\(pending)")
        let rows = try #require(
            try jsonObject(try alog(["widget", "pending", "--json"], vault: vault).stdout)["items"] as? [[String: Any]])
        #expect(rows.map { $0["type"] as? String } == ["sleep", "wake", "meal"])
        #expect(
            rows.map { $0["file"] as? String } == ["PendingActivities.json", "PendingActivities.json", "queue.log"])
        #expect(try alog(["widget", "drain"], vault: vault).succeeded)
        let counts = try loggedCounts(vault)
        for key in ["sleep 2030-01-01T11:00:00Z", "wake 2030-01-01T11:30:00Z", "meal 2030-01-01T11:59:00Z"] {
            #expect(counts[key] == 1, "\(key): \(counts)")
        }
        #expect(try readFile(widget + "PendingActivities.json") == "[]\n")
        #expect(try readFile(widget + "queue.log") == "")
    }
}
