import Foundation
import TestSupport
import Testing

@Suite("alog clone, remote and sync on the command line", .serialized)
struct SyncCLITests {
    func object(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test("clone, remote and sync --json report what happened; errors exit non-zero with the fix")
    func commandLine() throws {
        let dir = TemporaryDirectory()
        let remote = try makeBareRemote(dir)
        let laptop = dir.sub("laptop")
        #expect(try alog(["init"], vault: laptop).succeeded)
        let missing = try alog(["sync"], vault: laptop)
        #expect(missing.status != 0)
        #expect(missing.stderr.contains("alog remote add origin URL"))
        #expect(try alog(["remote", "add", "origin", remote], vault: laptop).succeeded)
        let listed = try alog(["remote", "list", "--json"], vault: laptop)
        let remotes = try #require(
            try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: String]])
        #expect(remotes == [["name": "origin", "url": remote]])
        #expect(try alog(["log", "wake", "--at", "yesterday 07:00"], vault: laptop).succeeded)
        let first = try object(try alog(["sync", "--json"], vault: laptop).stdout)
        #expect(first["action"] as? String == "pushed")
        #expect(first["eventsSent"] as? Int == 1)

        let desktop = dir.sub("desktop")
        let cloned = try alog(["clone", remote, "--json"], vault: desktop)
        #expect(cloned.succeeded, "\(cloned.stderr)")
        #expect(try object(cloned.stdout)["eventsReceived"] as? Int == 1)
        let again = try alog(["clone", remote], vault: desktop)
        #expect(again.status != 0)
        #expect(again.stderr.contains("not empty"))

        #expect(try alog(["log", "meal", "--at", "yesterday 08:00"], vault: desktop).succeeded)
        #expect(try alog(["sync"], vault: desktop).succeeded)
        #expect(try alog(["log", "exercise", "--at", "yesterday 09:00"], vault: laptop).succeeded)
        let merged = try alog(["sync", "--json"], vault: laptop)
        let report = try object(merged.stdout)
        #expect(report["action"] as? String == "merged")
        #expect(report["eventsReceived"] as? Int == 1)
        #expect(report["pushed"] as? Bool == true)
        let status = try #require(report["status"] as? [String: Any])
        let lastKnown = try #require(status["lastKnownActivities"] as? [String: Int])
        #expect(Set(lastKnown.keys) == ["wake", "meal", "exercise"])

        let human = try alog(["sync"], vault: desktop)
        #expect(human.stdout.contains("Synced with origin"))
        #expect(human.stdout.contains("events received 1, sent 0"))
        let unknown = try alog(["sync", "backup"], vault: desktop)
        #expect(unknown.status != 0)
        #expect(unknown.stderr.contains("no remote named 'backup'"))
        #expect(try alog(["remote", "remove", "origin"], vault: desktop).succeeded)
        #expect(try alog(["remote", "list"], vault: desktop).stdout.contains("no remotes"))
    }

    @Test(
        "a sync killed after moving the branch is finished by the next command: notes and events land, git status is clean",
        arguments: ["sync.after-ref", "sync.after-notes"])
    func killedMidIntegration(point: String) throws {
        let dir = TemporaryDirectory()
        let remote = try makeBareRemote(dir)
        let laptop = dir.sub("laptop")
        #expect(try alog(["init"], vault: laptop).succeeded)
        try writeFile(laptop + "/Notes/plan.md", "one\ntwo\n")
        try commitAll(laptop, "a note")
        #expect(try alog(["remote", "add", "origin", remote], vault: laptop).succeeded)
        #expect(try alog(["sync"], vault: laptop).succeeded)
        let desktop = dir.sub("desktop")
        #expect(try alog(["clone", remote], vault: desktop).succeeded)
        try writeFile(desktop + "/Notes/plan.md", "one\ntwo\nthree\n")
        try writeFile(desktop + "/Notes/new.md", "fresh\n")
        try commitAll(desktop, "notes from the desktop")
        #expect(try alog(["log", "meal", "--at", "yesterday 08:00"], vault: desktop).succeeded)
        #expect(try alog(["sync"], vault: desktop).succeeded)

        let killed = try runAlog(
            ["sync"], vault: laptop, now: "2030-01-01T00:00:00Z", environment: ["ALOG_FAULT": point])
        #expect(killed.status == 9, "the sync was killed by SIGKILL at \(point)")
        let next = try alog(["history", "--json"], vault: laptop)
        #expect(next.succeeded, "\(next.stderr)")
        #expect(next.stdout.contains("\"meal\""))
        #expect(try readFile(laptop + "/Notes/plan.md") == "one\ntwo\nthree\n")
        #expect(try readFile(laptop + "/Notes/new.md") == "fresh\n")
        #expect(try git("status", "--porcelain", in: laptop).stdout.isEmpty)
        #expect(try git("fsck", "--strict", in: laptop).succeeded)
        #expect(!FileManager.default.fileExists(atPath: laptop + "/.git/alog/branch-intent"))
        #expect(try alog(["log", "wake", "--at", "yesterday 09:00"], vault: laptop).succeeded)
        #expect(try alog(["sync"], vault: laptop).succeeded)
        #expect(try eventIDCounts(desktop).count + 1 == (try eventIDCounts(laptop).count))
    }

    @Test("a sync that fails at the transport leaves the widget's queued taps queued and commits nothing")
    func transportFailureKeepsQueue() throws {
        let dir = TemporaryDirectory()
        let laptop = dir.sub("laptop")
        #expect(try alog(["init"], vault: laptop).succeeded)
        let notARepository = dir.sub("plain")
        try FileManager.default.createDirectory(atPath: notARepository, withIntermediateDirectories: true)
        let failing = [
            dir.sub("missing.git"), "git://127.0.0.1:\(freeLoopbackPort())/vault.git",
            "http://127.0.0.1:\(freeLoopbackPort())/vault.git", notARepository,
        ]
        #expect(try alog(["widget", "tap", "meal", "--at", "-5m"], vault: laptop).succeeded)
        let head = try git("rev-parse", "HEAD", in: laptop).stdout
        for url in failing {
            _ = try alog(["remote", "remove", "origin"], vault: laptop)
            #expect(try alog(["remote", "add", "origin", url], vault: laptop).succeeded)
            let sync = try alog(["sync"], vault: laptop)
            #expect(sync.status == 1, "\(url): \(sync.stdout)")
            #expect(sync.stderr.contains("Nothing was changed"), "\(url): \(sync.stderr)")
            #expect(try git("rev-parse", "HEAD", in: laptop).stdout == head, "\(url): a commit was made")
            let pending = try object(try alog(["widget", "pending", "--json"], vault: laptop).stdout)
            #expect(pending["waiting"] as? Int == 1, "\(url): the tap left the queue")
        }
        #expect(try git("status", "--porcelain", in: laptop).stdout.isEmpty)
        // A remote that answers: the tap is committed and sent in the same sync.
        let remote = try makeBareRemote(dir)
        _ = try alog(["remote", "remove", "origin"], vault: laptop)
        #expect(try alog(["remote", "add", "origin", remote], vault: laptop).succeeded)
        let sent = try object(try alog(["sync", "--json"], vault: laptop).stdout)
        #expect(sent["eventsSent"] as? Int == 1)
        #expect(try git("log", "-1", "--format=%s", "main", in: remote).stdout.contains("widget tap"))
        #expect(try object(try alog(["widget", "pending", "--json"], vault: laptop).stdout)["waiting"] as? Int == 0)
    }
}
