import Foundation
import LedgerCrypto
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
        #expect(packed.stdout == "packed \(before.loose) loose objects into one new pack\n")
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
        #expect(try alog(["gc"], vault: vault).stdout == "no loose objects and one pack: nothing to do\n")

        // The next logs write loose objects again beside the pack.
        #expect(try alog(["log", "meal", "--at", "2029-12-31T09:00:00Z"], vault: vault).succeeded)
        #expect(try alog(["log", "wake", "--at", "2029-12-31T10:00:00Z", "--note", "later"], vault: vault).succeeded)
        let newLoose = try Self.looseCount(vault).loose
        #expect(newLoose > 0)
        // As `git gc`: the new loose objects and the pack before go into one new pack.
        let again = try alog(["gc"], vault: vault)
        #expect(
            again.stdout == "packed \(newLoose) loose objects; merged 1 pack into one new pack\n", "\(again.stdout)")
        #expect(try Self.looseCount(vault) == (0, before.loose + newLoose))
        #expect(try git("fsck", "--strict", "--no-dangling", in: vault).succeeded)
        #expect(try git("count-objects", "-v", in: vault).stdout.contains("packs: 1"))
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
            let digest = SHA1.hash(Array("blob \(content.utf8.count)\0\(content)".utf8))
            guard Array(digest)[0] == 0x17 else { continue }
            let file = vault + "/../filler"
            try writeFile(file, content)
            _ = try git("hash-object", "-w", file, in: vault)
            found += 1
        }
    }

    /// Logs through the front until the new commit's id starts with 1 (one in sixteen), the
    /// logs on which it looks at `objects/17/`; false if none did in 300 logs.
    static func logUntilTheFrontLooks(_ vault: String, environment: [String: String] = [:]) throws -> Bool {
        for minute in 0..<300 {
            let logged = try runAlog(
                ["log", "meal", "--at", "2029-12-31T08:\(String(format: "%02d", minute % 60)):00Z"], vault: vault,
                now: "2030-01-01T00:00:00Z", environment: environment)
            #expect(logged.succeeded, "\(logged.stderr)")
            if try git("rev-parse", "HEAD", in: vault).stdout.hasPrefix("1") { return true }
        }
        return false
    }

    @Test(
        "past gc.auto, one of the front's logs starts alog gc --auto in the background; gc.auto 0 never",
        .tags(.process))
    func frontPacksInTheBackground() throws {
        let dir = TemporaryDirectory()
        let vault = dir.sub("vault")
        // The background `gc` the front starts goes through a witness: the test waits for that
        // run to end, and counts the runs.
        let gc = try FullCLIWitness(in: dir, command: "gc")
        #expect(try alog(["init"], vault: vault).succeeded)
        _ = try git("config", "gc.auto", "0", in: vault)
        #expect(try alog(["log", "wake", "--at", "2029-12-31T07:00:00Z"], vault: vault).succeeded)
        // 28 in objects/17: more than 6,700's share (27), as if ~7,000 objects were loose.
        try Self.fillSampleFolder(vault, count: 28)
        #expect(try Self.logUntilTheFrontLooks(vault, environment: gc.environment))
        #expect(try Self.looseCount(vault).packed == 0, "gc.auto 0: left loose")
        // git's default again (the changed configuration file makes alog-full write the tip anew).
        _ = try git("config", "--unset", "gc.auto", in: vault)
        // That first log is alog-full's, which does not look (were its commit's id to start
        // with 1, the loop below would stop at it and wait for a pack that never starts).
        #expect(try alog(["log", "wake", "--at", "2029-12-31T07:30:00Z"], vault: vault).succeeded)
        #expect(try Self.logUntilTheFrontLooks(vault, environment: gc.environment))
        #expect(gc.waitForRun() == 0, "the background gc ended well")
        // One run in all: the logs under gc.auto 0 started none.
        #expect(gc.runs == ["start", "end 0"])
        #expect(try Self.looseCount(vault).loose == 0, "the background gc packed them")
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
        #expect(
            quiet.stdout.hasSuffix(
                "not more than gc.auto (6700); 0 packs, not more than gc.autoPackLimit (50): nothing to do\n"),
            "\(quiet.stdout)")
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

        // Past gc.autoPackLimit packs, the sync merges small ones (which, is
        // `PackFileTests.geometricRollUp`'s), and every object stays.
        _ = try git("config", "gc.autoPackLimit", "2", in: vault)
        #expect(Self.packNames(vault).count == 1)
        _ = try Self.logIntoNewPack(vault, minute: 1)
        _ = try Self.logIntoNewPack(vault, minute: 2)
        let objects = try Self.objectIDs(vault)
        let merged = try JSONSerialization.jsonObject(
            with: Data(try alog(["sync", "--json"], vault: vault).stdout.utf8))
        let count = (merged as? [String: Any])?["packsMerged"] as? Int ?? 0
        #expect(count >= 2)
        #expect(Self.packNames(vault).count == 3 - count + 1)
        #expect(try Self.objectIDs(vault) == objects)
        #expect(try git("fsck", "--strict", "--no-dangling", in: vault).succeeded)
        #expect(try alog(["verify"], vault: vault).succeeded)
    }

    /// Every object git finds in the vault, loose or packed, each once.
    static func objectIDs(_ vault: String) throws -> Set<Substring> {
        Set(
            try git("cat-file", "--batch-all-objects", "--batch-check=%(objectname)", in: vault).stdout.split(
                separator: "\n"))
    }

    /// The names of the vault's packs (`pack-<id>`).
    static func packNames(_ vault: String) -> Set<String> {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: vault + "/.git/objects/pack")) ?? []
        return Set(names.filter { $0.hasSuffix(".pack") }.map { String($0.dropLast(".pack".count)) })
    }

    /// Logs one entry and packs what it added with `git repack -d` (an incremental pack, as a
    /// sync that receives something adds one); returns the new pack's name.
    static func logIntoNewPack(_ vault: String, minute: Int) throws -> String {
        let before = packNames(vault)
        #expect(
            try alog(["log", "meal", "--at", "2029-12-31T10:\(String(format: "%02d", minute)):00Z"], vault: vault)
                .succeeded)
        #expect(try git("repack", "-q", "-d", in: vault).succeeded)
        let added = packNames(vault).subtracting(before)
        #expect(added.count == 1)
        return added.first ?? ""
    }

    @Test(
        "past gc.autoPackLimit, gc --auto merges only the small packs (git's geometric choice); alog gc merges all; a kept pack and every object stay"
    )
    func mergesPacks() throws {
        let dir = TemporaryDirectory()
        let vault = dir.sub("vault")
        #expect(try alog(["init"], vault: vault).succeeded)
        for minute in 0..<30 {
            #expect(
                try alog(["log", "wake", "--at", "2029-12-31T08:\(String(format: "%02d", minute)):00Z"], vault: vault)
                    .succeeded)
        }
        #expect(try git("repack", "-q", "-d", in: vault).succeeded)
        let big = Self.packNames(vault)
        #expect(big.count == 1)
        let small = Set(try (0..<5).map { try Self.logIntoNewPack(vault, minute: $0) })
        let kept = try Self.logIntoNewPack(vault, minute: 10)
        try writeFile(vault + "/.git/objects/pack/\(kept).keep", "")
        // An object no commit reaches, stored loose: nothing is pruned.
        try writeFile(dir.sub("stray"), "a stray blob\n")
        let stray = try git("hash-object", "-w", dir.sub("stray"), in: vault).stdout.trimmingCharacters(
            in: .whitespacesAndNewlines)
        let objects = try Self.objectIDs(vault)
        let history = try alog(["history", "--json"], vault: vault).stdout
        // A multi-pack index, as git maintenance writes one: it would list packs that go.
        #expect(try git("multi-pack-index", "write", in: vault).succeeded)
        let midx = vault + "/.git/objects/pack/multi-pack-index"
        #expect(FileManager.default.fileExists(atPath: midx))

        _ = try git("config", "gc.autoPackLimit", "10", in: vault)
        let quiet = try alog(["gc", "--auto"], vault: vault)
        #expect(quiet.stdout.contains("6 packs, not more than gc.autoPackLimit (10): nothing to do"), "\(quiet.stdout)")
        _ = try git("config", "gc.autoPackLimit", "4", in: vault)
        let auto = try alog(["gc", "--auto"], vault: vault)
        #expect(auto.stdout == "packed 1 loose object; merged 5 packs into one new pack\n", "\(auto.stdout)")
        let afterAuto = Self.packNames(vault)
        #expect(afterAuto.count == 3)
        #expect(afterAuto.isSuperset(of: big.union([kept])), "the big pack and the kept one are untouched")
        #expect(afterAuto.isDisjoint(with: small))
        #expect(!FileManager.default.fileExists(atPath: midx), "removed with the packs it listed")
        #expect(try Self.objectIDs(vault) == objects)
        #expect(try git("cat-file", "-e", stray, in: vault).succeeded)
        #expect(try git("fsck", "--strict", "--no-dangling", in: vault).succeeded)
        #expect(try git("status", "--porcelain", in: vault).stdout.isEmpty)
        #expect(try alog(["history", "--json"], vault: vault).stdout == history)
        #expect(try alog(["verify"], vault: vault).succeeded)

        // A setting git cannot read as a number: a clear error naming it, and nothing packed.
        _ = try git("config", "gc.autoPackLimit", "several", in: vault)
        let unreadable = try alog(["gc", "--auto"], vault: vault)
        #expect(unreadable.status == 1)
        #expect(
            unreadable.stderr.contains(
                "git's configuration cannot be read (gc.autoPackLimit: failed to parse 'several' as an integer)"),
            "\(unreadable.stderr)")
        #expect(Self.packNames(vault) == afterAuto)
        _ = try git("config", "--unset", "gc.autoPackLimit", in: vault)

        // alog gc, as git gc: everything but the kept pack into one.
        let all = try alog(["gc"], vault: vault)
        #expect(all.stdout == "merged 2 packs into one new pack\n", "\(all.stdout)")
        let afterAll = Self.packNames(vault)
        #expect(afterAll.count == 2 && afterAll.contains(kept))
        #expect(try Self.objectIDs(vault) == objects)
        #expect(try git("fsck", "--strict", "--no-dangling", in: vault).succeeded)
        #expect(try alog(["history", "--json"], vault: vault).stdout == history)
        #expect(try alog(["log", "sleep", "--at", "2029-12-31T23:00:00Z"], vault: vault).succeeded)
        #expect(try alog(["verify"], vault: vault).succeeded)
    }
}
