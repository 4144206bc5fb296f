import Foundation
import LedgerCore
import LedgerGit
import TestSupport
import Testing

@testable import LedgerVault

@Suite("Hostile remotes are refused", .serialized)
struct HostileRemoteTests {
    /// A device that has synced one event, a plain clone to attack from, and the laptop's head.
    struct Scene {
        let dir = TemporaryDirectory()
        let remote: String
        let laptop: Vault
        let attacker: String
        let eventFile: String

        init() throws {
            remote = try makeBareRemote(dir)
            let (vault, _) = try Vault.initialize(at: dir.sub("laptop"))
            laptop = vault
            try laptop.addRemote(name: "origin", url: remote)
            _ = try laptop.log(type: "wake", at: at("2024-03-01T07:00:00Z"), note: "first")
            _ = try laptop.log(type: "meal", at: at("2024-03-01T12:00:00Z"), note: "second")
            _ = try laptop.syncing.sync()
            attacker = dir.sub("attacker")
            try plainClone(remote, into: attacker, in: dir)
            eventFile = try git("ls-files", ".alog/events", in: attacker).stdout
                .trimmingCharacters(in: .newlines)
        }

        func head() throws -> String { try git("rev-parse", "HEAD", in: laptop.root).stdout }

        /// Syncs and expects a refusal that leaves the laptop exactly as it was.
        func expectRefused(_ check: (SyncError) -> Bool) throws {
            let before = try head()
            let file = try readFile(laptop.root + "/" + eventFile)
            let history = try laptop.state().history.map(\.id)
            do {
                _ = try laptop.syncing.sync()
                Issue.record("the sync was not refused")
            } catch let error as SyncError {
                #expect(check(error), "\(error)")
            }
            #expect(try head() == before)
            #expect(try readFile(laptop.root + "/" + eventFile) == file)
            #expect(try laptop.state().history.map(\.id) == history)
            #expect(try git("status", "--porcelain", in: laptop.root).stdout == "")
        }
    }

    @Test("a remote whose history edits an event line")
    func editedLine() throws {
        let scene = try Scene()
        let path = scene.attacker + "/" + scene.eventFile
        try writeFile(path, try readFile(path).replacingOccurrences(of: "second", with: "forged"))
        try commitAll(scene.attacker, "tamper")
        try git("push", "-q", "origin", "main", in: scene.attacker)
        try scene.expectRefused {
            if case .eventsRewritten(_, let file, _) = $0 { return file == scene.eventFile }
            return false
        }
    }

    @Test("a remote whose history drops an event line")
    func droppedLine() throws {
        let scene = try Scene()
        let path = scene.attacker + "/" + scene.eventFile
        let lines = try readFile(path).split(separator: "\n")
        try writeFile(path, lines.dropFirst().joined(separator: "\n") + "\n")
        try commitAll(scene.attacker, "drop")
        try git("push", "-q", "origin", "main", in: scene.attacker)
        try scene.expectRefused {
            if case .eventsRewritten = $0 { return true }
            return false
        }
    }

    @Test("a remote whose branch was force-rewritten")
    func forcePushed() throws {
        let scene = try Scene()
        try git("reset", "-q", "--hard", "HEAD~1", in: scene.attacker)
        try writeFile(scene.attacker + "/other.md", "a different history\n")
        try commitAll(scene.attacker, "rewrite")
        try git("push", "-q", "--force", "origin", "main", in: scene.attacker)
        try scene.expectRefused {
            if case .historyRewritten = $0 { return true }
            return false
        }
    }

    @Test("a remote with a symbolic link out of the vault, or a .git path")
    func unsafePaths() throws {
        let scene = try Scene()
        try FileManager.default.createSymbolicLink(atPath: scene.attacker + "/escape", withDestinationPath: "../../..")
        try commitAll(scene.attacker, "link")
        try git("push", "-q", "origin", "main", in: scene.attacker)
        try scene.expectRefused {
            if case .unsafePath(_, let path, _) = $0 { return path == "escape" }
            return false
        }

        // A tree with a `.git` entry, built by hand (git's own tools allow it in a tree).
        let second = try Scene()
        let blob = try runProcess(
            "/bin/sh", ["-c", "echo '[core]' | git hash-object -w --stdin"], in: second.attacker
        ).stdout.trimmingCharacters(in: .newlines)
        let inner = try runProcess(
            "/bin/sh", ["-c", "printf '100644 blob \(blob)\\tconfig\\n' | git mktree"], in: second.attacker
        ).stdout.trimmingCharacters(in: .newlines)
        let headTree = try git("rev-parse", "HEAD^{tree}", in: second.attacker).stdout
            .trimmingCharacters(in: .newlines)
        let listing = try git("ls-tree", headTree, in: second.attacker).stdout
        let tree = try runProcess(
            "/bin/sh", ["-c", "printf '%s040000 tree \(inner)\\t.git\\n' \"$L\" | git mktree"], in: second.attacker,
            environment: ["L": listing]
        ).stdout.trimmingCharacters(in: .newlines)
        let commit = try git("commit-tree", tree, "-p", "HEAD", "-m", "evil", in: second.attacker).stdout
            .trimmingCharacters(in: .newlines)
        try git("push", "-q", "origin", "\(commit):refs/heads/main", in: second.attacker)
        try second.expectRefused {
            if case .unsafePath(_, let path, _) = $0 { return path.hasPrefix(".git/") }
            return false
        }
    }

    @Test("unsafe path and link rules")
    func pathRules() {
        #expect(IncomingCheck.unsafeReason("notes/a.md") == nil)
        #expect(IncomingCheck.unsafeReason("../x") != nil)
        #expect(IncomingCheck.unsafeReason("a/./b") != nil)
        #expect(IncomingCheck.unsafeReason("a/.GIT/config") != nil)
        #expect(IncomingCheck.unsafeReason(".git. /hooks/x") != nil)
        #expect(IncomingCheck.unsafeLinkReason("../b", at: "a/link") == nil)
        #expect(IncomingCheck.unsafeLinkReason("../../b", at: "a/link") != nil)
        #expect(IncomingCheck.unsafeLinkReason("/etc/passwd", at: "link") != nil)
    }
}

@Suite("Clock skew", .serialized)
struct ClockSkewTests {
    @Test("devices 5 hours ahead and behind converge and keep causal order")
    func skew() throws {
        let dir = TemporaryDirectory()
        let remote = try makeBareRemote(dir)
        let now: Int64 = 1_709_290_800_000  // 2024-03-01T11:00:00Z
        // Each set-up commit dated by its own clock: 10 hours apart, they differ (made in the
        // same second they would be one object, and this test would pass by luck).
        let (ahead, _) = try Vault.initialize(at: dir.sub("ahead"), clock: { now + 5 * 3_600_000 })
        try ahead.addRemote(name: "origin", url: remote)
        let (behind, _) = try Vault.clone(url: remote, into: dir.sub("behind"), clock: { now - 5 * 3_600_000 })
        let setUps = try ["ahead", "behind"].map { try git("rev-parse", "HEAD", in: dir.sub($0)).stdout }
        #expect(setUps[0] != setUps[1])

        let meal = try ahead.log(type: "meal", at: at("2024-03-01T10:00:00Z"), note: "from ahead").events[0]
        _ = try ahead.syncing.sync()
        _ = try behind.syncing.sync()
        // Seen after the meal, so causally later, although this clock reads 10 hours earlier.
        let edit = try #require(
            try behind.edit(meal.id.description, changes: EntryChanges(note: "fixed behind")).appended)
        #expect(edit.events[0].stamp > meal.stamp)
        let sleep = try behind.log(type: "sleep", at: at("2024-03-01T10:30:00Z"), note: nil).events[0]
        #expect(sleep.stamp > edit.events[0].stamp)
        _ = try behind.syncing.sync()
        _ = try ahead.syncing.sync()
        // The ahead device's own older note does not win over the causally later edit.
        #expect(try ahead.state().entry(meal.id)?.note == "fixed behind")
        #expect(try ahead.state().history.map(\.id) == behind.state().history.map(\.id))
        #expect(try ahead.state().history.map(\.note) == behind.state().history.map(\.note))
        // The clone of the then empty remote took the shared history as it was: one root.
        let roots = try git("rev-list", "--max-parents=0", "HEAD", in: dir.sub("behind")).stdout
        #expect(roots.split(separator: "\n").count == 1, "\(roots)")
        let next = try ahead.log(type: "wake", at: at("2024-03-01T11:00:00Z"), note: nil).events[0]
        #expect(next.stamp > sleep.stamp)
    }
}
