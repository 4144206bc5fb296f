import Crypto
import Foundation
import TestSupport
import Testing

/// `alog gc` and the packing after a sync: loose objects go into one pack, every object stays
/// readable, git finds nothing wrong, and nothing else changes.
@Suite("Packing the vault's loose objects")
struct PackTests {
    static func looseCount(_ vault: String) throws -> (loose: Int, packed: Int) {
        let counts = try git("count-objects", "-v", in: vault).stdout.split(separator: "\n").reduce(
            into: [String: Int]()
        ) { fields, line in
            let parts = line.split(separator: ":").map { $0.trimmingCharacters(in: .whitespaces) }
            if parts.count == 2, let value = Int(parts[1]) { fields[parts[0]] = value }
        }
        return (counts["count"] ?? -1, counts["in-pack"] ?? -1)
    }

    @Test("alog gc packs every loose object: git counts none left, fsck is clean, history is the same, logs go on")
    func packsEverything() throws {
        let dir = TemporaryDirectory()
        let vault = dir.sub("vault")
        #expect(try alog(["init"], vault: vault).succeeded)
        for (index, type) in ["wake", "meal", "exercise", "meal", "sleep"].enumerated() {
            #expect(try alog(["log", type, "--at", "2029-12-31T0\(index + 1):00:00Z"], vault: vault).succeeded)
        }
        // A note of the user's, committed with git: its objects are packed too, untouched.
        try writeFile(vault + "/note.md", "my note\n")
        _ = try git("add", "note.md", in: vault)
        #expect(try git("-c", "user.name=U", "-c", "user.email=u@x", "commit", "-qm", "note", in: vault).succeeded)
        let before = try Self.looseCount(vault)
        #expect(before.loose > 20 && before.packed == 0)
        let history = try alog(["history", "--json"], vault: vault).stdout
        let head = try git("rev-parse", "HEAD", in: vault).stdout

        let packed = try alog(["gc"], vault: vault)
        #expect(packed.succeeded, "\(packed.stderr)")
        #expect(packed.stdout == "packed \(before.loose) loose objects\n")
        #expect(try Self.looseCount(vault) == (0, before.loose))
        // The emptied fan-out folders went too, as git's prune-packed removes them.
        let fanOuts = try FileManager.default.contentsOfDirectory(atPath: vault + "/.git/objects").filter {
            $0.count == 2
        }
        #expect(fanOuts.isEmpty, "\(fanOuts)")
        #expect(try git("fsck", "--strict", "--no-dangling", in: vault).succeeded)
        #expect(try git("rev-parse", "HEAD", in: vault).stdout == head)
        #expect(try git("status", "--porcelain", in: vault).stdout.isEmpty)
        #expect(try git("show", "HEAD:note.md", in: vault).stdout == "my note\n")
        #expect(try alog(["history", "--json"], vault: vault).stdout == history)
        #expect(try alog(["verify"], vault: vault).succeeded)
        #expect(try alog(["gc"], vault: vault).stdout == "no loose objects: nothing to do\n")

        // The next logs write loose objects again beside the pack.
        #expect(try alog(["log", "meal", "--at", "2029-12-31T09:00:00Z"], vault: vault).succeeded)
        #expect(try alog(["log", "wake", "--at", "2029-12-31T10:00:00Z", "--note", "later"], vault: vault).succeeded)
        #expect(try Self.looseCount(vault).loose > 0)
        #expect(try alog(["gc"], vault: vault).succeeded)
        #expect(try Self.looseCount(vault).loose == 0)
        #expect(try git("fsck", "--strict", "--no-dangling", in: vault).succeeded)
        #expect(try git("count-objects", "-v", in: vault).stdout.contains("packs: 2"))
        #expect(try alog(["verify"], vault: vault).succeeded)
    }

    /// Writes loose blobs until `count` of them sit in `objects/17/`, the folder git's
    /// `gc --auto` (and alog's) counts to estimate the whole.
    static func fillSampleFolder(_ vault: String, count: Int) throws {
        var found = 0
        var n = 0
        while found < count {
            n += 1
            let content = "filler \(n)\n"
            let digest = Insecure.SHA1.hash(data: Data("blob \(content.utf8.count)\0\(content)".utf8))
            guard Array(digest)[0] == 0x17 else { continue }
            let file = vault + "/../filler"
            try writeFile(file, content)
            _ = try git("hash-object", "-w", file, in: vault)
            found += 1
        }
    }

    /// Logs through the front until the new commit's id starts with 1 (one in sixteen), the
    /// logs on which it looks at `objects/17/`; false if none did in 300 logs.
    static func logUntilTheFrontLooks(_ vault: String) throws -> Bool {
        for minute in 0..<300 {
            let logged = try alog(
                ["log", "meal", "--at", "2029-12-31T08:\(String(format: "%02d", minute % 60)):00Z"], vault: vault)
            #expect(logged.succeeded, "\(logged.stderr)")
            if try git("rev-parse", "HEAD", in: vault).stdout.hasPrefix("1") { return true }
        }
        return false
    }

    @Test("past gc.auto, one of the front's logs starts alog gc --auto in the background; gc.auto 0 never")
    func frontPacksInTheBackground() throws {
        let dir = TemporaryDirectory()
        let vault = dir.sub("vault")
        #expect(try alog(["init"], vault: vault).succeeded)
        _ = try git("config", "gc.auto", "0", in: vault)
        #expect(try alog(["log", "wake", "--at", "2029-12-31T07:00:00Z"], vault: vault).succeeded)
        // 28 in objects/17: more than 6,700's share (27), as if ~7,000 objects were loose.
        try Self.fillSampleFolder(vault, count: 28)
        #expect(try Self.logUntilTheFrontLooks(vault))
        usleep(500_000)
        #expect(try Self.looseCount(vault).packed == 0, "gc.auto 0: left loose")
        // git's default again (the changed configuration file makes alog-full write the tip anew).
        _ = try git("config", "--unset", "gc.auto", in: vault)
        #expect(try Self.logUntilTheFrontLooks(vault))
        var loose = try Self.looseCount(vault).loose
        for _ in 0..<600 where loose > 0 {
            usleep(100_000)
            loose = try Self.looseCount(vault).loose
        }
        #expect(loose == 0, "the background gc packed them")
        #expect(try git("fsck", "--strict", "--no-dangling", in: vault).succeeded)
        #expect(try git("status", "--porcelain", in: vault).stdout.isEmpty)
        #expect(try alog(["verify"], vault: vault).succeeded)
    }

    @Test("after a sync, the loose objects are packed once more than gc.auto have gathered; gc.auto 0 never")
    func packsAfterSync() throws {
        let dir = TemporaryDirectory()
        let remote = try makeBareRemote(dir)
        let vault = dir.sub("vault")
        #expect(try alog(["init"], vault: vault).succeeded)
        #expect(try alog(["remote", "add", "origin", remote], vault: vault).succeeded)
        #expect(try alog(["log", "wake", "--at", "2029-12-31T07:00:00Z"], vault: vault).succeeded)
        // With git's default (6,700) a few hundred are not enough.
        try Self.fillSampleFolder(vault, count: 3)
        let quiet = try alog(["gc", "--auto"], vault: vault)
        #expect(quiet.stdout.hasSuffix("not more than gc.auto (6700): nothing to do\n"), "\(quiet.stdout)")
        let first = try JSONSerialization.jsonObject(
            with: Data(try alog(["sync", "--json"], vault: vault).stdout.utf8))
        #expect((first as? [String: Any])?["objectsPacked"] as? Int == 0)
        #expect(try Self.looseCount(vault).packed == 0)
        // gc.auto 0: never, however many.
        _ = try git("config", "gc.auto", "0", in: vault)
        #expect(try alog(["gc", "--auto"], vault: vault).stdout == "gc.auto is 0: never automatically\n")
        // gc.auto 256 (one object in objects/17): three are more.
        _ = try git("config", "gc.auto", "256", in: vault)
        #expect(try alog(["log", "meal", "--at", "2029-12-31T08:00:00Z"], vault: vault).succeeded)
        let loose = try Self.looseCount(vault).loose
        let synced = try alog(["sync"], vault: vault)
        #expect(synced.succeeded, "\(synced.stderr)")
        #expect(synced.stdout.contains("packed \(loose) loose git objects"), "\(synced.stdout)")
        #expect(try Self.looseCount(vault).loose == 0)
        #expect(try git("fsck", "--strict", "--no-dangling", in: vault).succeeded)
        #expect(try git("fsck", "--strict", in: remote).succeeded)
        #expect(try alog(["verify"], vault: vault).succeeded)
    }
}
