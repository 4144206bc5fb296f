import Foundation
import TestSupport
import Testing

/// Every queued item is committed exactly once, whatever kills the drain and whoever drains.
@Suite("Widget drain: exactly once", .tags(.process))
struct ExactlyOnceTests {
    /// Queues `count` meal taps a minute apart, from `first` minutes before now.
    func tapMeals(_ vault: String, count: Int, first: Int = 200) throws -> [String] {
        var keys: [String] = []
        for index in 0..<count {
            let seconds = testNow - Int64((first - index) * 60)
            let tap = try alog(["widget", "tap", "meal", "--at", isoUTC(seconds)], vault: vault)
            #expect(tap.succeeded, "\(tap.stderr)")
            keys.append("meal " + isoUTC(seconds))
        }
        return keys
    }

    func isoUTC(_ seconds: Int64) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: Date(timeIntervalSince1970: TimeInterval(seconds)))
    }

    /// The vault holds each key once, the queue is empty and no drain is left half done.
    func expectExactlyOnce(_ vault: String, _ keys: [String], _ context: String) throws {
        let counts = try loggedCounts(vault)
        for key in keys { #expect(counts[key] == 1, "\(key) committed \(counts[key] ?? 0) times (\(context))") }
        let widget = vault + "/.git/alog/widget/"
        #expect(try readFile(widget + "PendingActivities.json") == "[]\n", "\(context)")
        #expect(!FileManager.default.fileExists(atPath: widget + "drain.journal"), "\(context)")
        #expect(try git("fsck", "--strict", in: vault).succeeded)
        #expect(try git("status", "--porcelain", in: vault).stdout.isEmpty, "\(context)")
    }

    @Test(
        "killed at each step of a drain, the next command commits every item once",
        arguments: [
            "drain.after-journal", "commit.before-ref", "commit.in-ref", "commit.after-ref", "index.in-lock",
            "drain.after-commit", "drain.after-trim",
        ])
    func faultPoints(point: String) throws {
        let home = TemporaryDirectory()
        let (vault, _) = try makeVault(home)
        let keys = try tapMeals(vault, count: 3)
        let killed = try alog(["status"], vault: vault, environment: ["ALOG_FAULT": point])
        #expect(killed.status == 9, "the process was killed by SIGKILL at \(point)")
        #expect(try alog(["status"], vault: vault).succeeded)
        try expectExactlyOnce(vault, keys, point)
        // A tap after recovery still goes in once.
        let more = try tapMeals(vault, count: 1, first: 10)
        _ = try alog(["history"], vault: vault)
        try expectExactlyOnce(vault, keys + more, point + ", then one more")
    }

    @Test("killed inside a tap, or between the queue's two files, every item is committed once and no torn record")
    func queueLogKills() throws {
        let home = TemporaryDirectory()
        let (vault, widget) = try makeVault(home)
        // Two items another program wrote, in the array file; alog's taps go to the log.
        let external = [testNow - 500 * 60, testNow - 499 * 60]
        try writeQueue(
            widget,
            "[" + external.map { "{\"activityType\": \"meal\", \"activityTime\": \($0)}" }.joined(separator: ",") + "]")
        var keys = external.map { "meal " + isoUTC($0) }
        keys += try tapMeals(vault, count: 2, first: 400)

        // Killed inside its write: half a record, never reported; it is not an item, and the
        // next tap cuts it off before appending.
        let torn = try alog(
            ["widget", "tap", "meal", "--at", isoUTC(testNow - 300 * 60)], vault: vault,
            environment: ["ALOG_FAULT": "append.half-written"])
        #expect(torn.status == 9)
        #expect(try !readFile(widget + "queue.log").hasSuffix("\n"), "half a record was left")
        let pending = try jsonObject(try alog(["widget", "pending", "--json"], vault: vault).stdout)
        #expect(pending["waiting"] as? Int == 4, "\(pending)")
        #expect(try alog(["widget", "status"], vault: vault).stdout.hasSuffix(" · 4 queued\n"))
        keys += try tapMeals(vault, count: 1, first: 200)
        #expect(
            try readFile(widget + "queue.log")
                == logRecords([400, 399, 200].map { ("meal", testNow - Int64($0 * 60)) }))

        // Killed after its record, before the digest: the record is whole, so it is queued.
        let late = try alog(
            ["widget", "tap", "meal", "--at", isoUTC(testNow - 150 * 60)], vault: vault,
            environment: ["ALOG_FAULT": "tap.after-append"])
        #expect(late.status == 9)
        keys.append("meal " + isoUTC(testNow - 150 * 60))
        #expect(
            try alog(["widget", "tap", "meal", "--at", isoUTC(testNow - 100 * 60)], vault: vault).stdout.contains(
                "(7 waiting"))
        keys.append("meal " + isoUTC(testNow - 100 * 60))

        // A drain killed after trimming the array, before the log: the next one trims the log.
        let drain = try alog(["widget", "drain"], vault: vault, environment: ["ALOG_FAULT": "queue.between-files"])
        #expect(drain.status == 9)
        #expect(try readFile(widget + "PendingActivities.json") == "[]\n")
        #expect(try readFile(widget + "queue.log") != "", "the log was not trimmed yet")
        #expect(try alog(["status"], vault: vault).succeeded)
        try expectExactlyOnce(vault, keys, "kills inside taps and between the files")
        #expect(try readFile(widget + "queue.log") == "")
        #expect(try !FileManager.default.contentsOfDirectory(atPath: widget).contains { $0.contains("damaged") })
    }

    @Test("kill -9 at random moments of real drains loses nothing and duplicates nothing")
    func randomKills() throws {
        let home = TemporaryDirectory()
        let (vault, _) = try makeVault(home)
        var generator = SplitMix(state: 7)
        var keys: [String] = []
        for round in 0..<12 {
            keys += try tapMeals(vault, count: 2, first: 600 - round * 3)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: productsDirectory + "/alog")
            process.arguments = ["widget", "drain", "--vault", vault]
            process.environment = ["TZ": "UTC", "ALOG_NOW": String(testNow), "HOME": NSTemporaryDirectory()]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            usleep(UInt32.random(in: 0...40_000, using: &generator))
            kill(process.processIdentifier, SIGKILL)
            while process.isRunning { usleep(1000) }
        }
        #expect(try alog(["widget", "drain"], vault: vault).succeeded)
        try expectExactlyOnce(vault, keys, "after 12 random kills")
    }

    @Test("two processes draining at once, while taps keep arriving, commit each item once")
    func concurrentDrains() throws {
        let home = TemporaryDirectory()
        let (vault, _) = try makeVault(home)
        var keys = try tapMeals(vault, count: 20, first: 300)
        nonisolated(unsafe) var results: [ProcessResult?] = [nil, nil]
        let group = DispatchGroup()
        for index in 0..<2 {
            group.enter()
            DispatchQueue.global().async {
                results[index] = try? alog(["widget", "drain"], vault: vault)
                group.leave()
            }
        }
        keys += try tapMeals(vault, count: 5, first: 100)
        group.wait()
        #expect(results.allSatisfy { $0?.succeeded == true })
        _ = try alog(["status"], vault: vault)
        try expectExactlyOnce(vault, keys, "concurrent drains")
    }

    @Test("a branch lock of another git process is left alone: the drain waits, nothing is committed twice")
    func foreignBranchLock() throws {
        let home = TemporaryDirectory()
        let (vault, _) = try makeVault(home)
        let keys = try tapMeals(vault, count: 2)
        let head = try git("rev-parse", "HEAD", in: vault).stdout
        let lockFile = vault + "/.git/refs/heads/main.lock"
        // Another git process in the middle of moving the branch, with a different commit.
        try writeFile(lockFile, String(repeating: "f", count: 40) + "\n")
        let blocked = try alog(["log", "wake", "--at", "06:00"], vault: vault)
        #expect(blocked.status != 0)
        #expect(blocked.stderr.contains("main.lock exists"), "\(blocked.stderr)")
        #expect(blocked.stderr.contains("remove that file"), "\(blocked.stderr)")
        #expect(try git("rev-parse", "HEAD", in: vault).stdout == head, "nothing was committed")
        #expect(FileManager.default.fileExists(atPath: lockFile), "a lock we did not write is never removed")
        try FileManager.default.removeItem(atPath: lockFile)
        #expect(try alog(["status"], vault: vault).succeeded)
        try expectExactlyOnce(vault, keys, "after a foreign lock went away")
    }

    @Test("a drain removes the temporary files of killed writers, and no one else's")
    func abandonedTemporaries() throws {
        let home = TemporaryDirectory()
        let (vault, _) = try makeVault(home)
        let keys = try tapMeals(vault, count: 1)
        let finished = Process()
        finished.executableURL = URL(fileURLWithPath: "/bin/true")
        try finished.run()
        finished.waitUntilExit()
        let widget = vault + "/.git/alog/widget/"
        let dead = widget + "PendingActivities.json.tmp-\(finished.processIdentifier)"
        let live = widget + "LastKnownActivities.json.tmp-\(getpid())"
        let notOurs = widget + "notes.tmp-backup"
        for path in [dead, live, notOurs] { try writeFile(path, "[\n") }
        #expect(try alog(["widget", "drain"], vault: vault).succeeded)
        #expect(!FileManager.default.fileExists(atPath: dead), "its writer is gone")
        #expect(FileManager.default.fileExists(atPath: live), "its writer is still running")
        #expect(FileManager.default.fileExists(atPath: notOurs), "not a name of ours")
        try FileManager.default.removeItem(atPath: live)
        try FileManager.default.removeItem(atPath: notOurs)
        try expectExactlyOnce(vault, keys, "after the sweep")
    }

    @Test("an index lock of another git process is left alone; the taps stay queued until it is gone")
    func foreignIndexLock() throws {
        let home = TemporaryDirectory()
        let (vault, _) = try makeVault(home)
        var keys = try tapMeals(vault, count: 2)
        #expect(try alog(["widget", "drain"], vault: vault).succeeded)
        // `git commit` waiting in its editor holds the index lock.
        let lockFile = vault + "/.git/index.lock"
        try writeFile(lockFile, "DIRC")
        keys += try tapMeals(vault, count: 1, first: 100)
        let drained = try alog(["widget", "drain"], vault: vault)
        #expect(!drained.succeeded, "nothing is committed while git holds the index: \(drained.stderr)")
        #expect(drained.stderr.contains(".git/index.lock"), "the refusal names the lock: \(drained.stderr)")
        #expect(try readFile(lockFile) == "DIRC", "a lock we did not take is never removed")
        try FileManager.default.removeItem(atPath: lockFile)
        #expect(try alog(["status"], vault: vault).succeeded)
        try expectExactlyOnce(vault, keys, "after a foreign index lock went away")
    }
}
