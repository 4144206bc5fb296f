import Foundation
import LedgerCore
import LedgerGit
import LedgerVault
import TestSupport
import Testing

@Suite("Batch append")
struct BatchAppendTests {
    func entries(_ count: Int, note: String? = nil) -> [(type: String, at: LocalInstant, note: String?)] {
        (0..<count).map { n in
            (
                ["meal", "wake", "sleep", "exercise"][n % 4],
                LocalInstant(seconds: 1_709_200_000 + Int64(n) * 60, offset: 0), note
            )
        }
    }

    func looseObjects(_ path: String) throws -> Int {
        let counts = try git("count-objects", "-v", in: path).stdout
        return Int(counts.split(separator: "\n").first { $0.hasPrefix("count:") }!.split(separator: " ").last!)!
    }

    @Test("appendEach leaves one commit per event, written as one pack, and git agrees")
    func oneCommitPerEvent() throws {
        let dir = TemporaryDirectory()
        let (vault, _) = try Vault.initialize(at: dir.path)
        vault.clock = { 1_709_287_200_000 }
        let looseBefore = try looseObjects(dir.path)
        // Long notes roll the day file over to new parts inside the batch.
        let appended = try vault.logEach(entries(120, note: String(repeating: "n", count: 400)))
        #expect(appended.count == 120)
        #expect(try git("rev-list", "--count", "HEAD", in: dir.path).stdout == "121\n")
        #expect(try git("rev-parse", "HEAD", in: dir.path).stdout == appended.last!.commit.hex + "\n")
        #expect(try looseObjects(dir.path) - looseBefore <= 2, "the chain's objects are in a pack, not loose")
        let subjects = try git("log", "--reverse", "--format=%s", "-120", in: dir.path).stdout.split(separator: "\n")
        #expect(subjects.first == "alog: log meal at 2024-02-29T09:46:40Z")
        for (index, result) in appended.enumerated() where index % 17 == 0 {
            let diff = try git("diff", "--numstat", result.commit.hex + "~1", result.commit.hex, in: dir.path).stdout
            #expect(diff.split(separator: "\n").count == 1, "commit \(index) touches one file")
            #expect(diff.hasPrefix("1\t0\t"), "commit \(index) adds exactly its one line: \(diff)")
            let message = try git("log", "-1", "--format=%B", result.commit.hex, in: dir.path).stdout
            #expect(message.contains("Alog-Events: \(result.events[0].id)"))
        }
        #expect(try git("ls-files", ".alog/events", in: dir.path).stdout.contains(".2.jsonl"))
        #expect(try git("fsck", "--strict", in: dir.path).succeeded)
        #expect(try git("status", "--porcelain", in: dir.path).stdout.isEmpty)
        #expect(try committedEvents(dir.path).count == 120)
        let reopened = try Vault.open(at: dir.path)
        #expect(try reopened.rebuild().entries == 120)
        #expect(try reopened.summary() == (try vault.summary()), "the caches the batch advanced equal a rebuild")
        #expect(try reopened.state().history.count == 120)
        #expect(try vault.verify().isClean)
        // A plain append afterwards writes loose objects again, on top of the chain.
        let single = try vault.log(type: "meal", at: at("2024-03-01T12:00:00Z"), note: nil)
        #expect(try git("rev-parse", "HEAD~1", in: dir.path).stdout == appended.last!.commit.hex + "\n")
        #expect(try vault.state().entry(single.events[0].id) != nil)
    }

    @Test("a branch moved by another writer mid-batch: the chain is rebuilt on top, nothing lost")
    func compareAndSwapRetry() throws {
        let dir = TemporaryDirectory()
        let (vault, _) = try Vault.initialize(at: dir.path)
        vault.clock = try intrudingClock(dir.path)
        let appended = try vault.logEach(entries(10))
        let log = try git("log", "--format=%s", in: dir.path).stdout.split(separator: "\n")
        #expect(log.count == 12)
        #expect(log[10] == "intruder")
        #expect(Set(try vault.state().history.map(\.id)) == Set(appended.map(\.events[0].id)))
        #expect(try git("fsck", "--strict", in: dir.path).succeeded)
    }

    @Test("an unknown type anywhere in the batch writes nothing")
    func unknownType() throws {
        let dir = TemporaryDirectory()
        let (vault, _) = try Vault.initialize(at: dir.path)
        let head = try git("rev-parse", "HEAD", in: dir.path).stdout
        var batch = entries(5)
        batch[3].type = "swim"
        #expect(throws: VaultError.self) { try vault.logEach(batch) }
        #expect(try git("rev-parse", "HEAD", in: dir.path).stdout == head)
        #expect(try git("status", "--porcelain", in: dir.path).stdout.isEmpty)
    }
}
