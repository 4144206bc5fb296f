import Foundation
import LedgerCrypto
import TestSupport
import Testing

@testable import LedgerGit
@testable import LedgerGitFiles

/// The patch as LedgerGit calls it: on a repository's folders, with its ids.
extension IndexPatch {
    init(repository: Repository, claim: IndexLockClaim? = nil, record: String? = nil, clock: MovedClock? = nil) {
        self.init(
            gitDirectory: repository.gitDirectory, workingDirectory: repository.workingDirectory!, claim: claim?.path,
            record: record)
        if let clock { now = clock.now }
    }

    func restage(_ files: [(String, ObjectID)], whileLocked: () -> Void = {}) -> Bool {
        restage(files.map { (path: $0.0, blob: $0.1.bytes) }, whileLocked: whileLocked)
    }
}

/// The real time, moved on by a test: a spare is old enough to be reused (a tenth of a second)
/// without the test sleeping for it.
final class MovedClock: @unchecked Sendable {
    private let lock = NSLock()
    private var ahead: Int64 = 0

    func moveOn(milliseconds: Int64) { lock.withLock { ahead += milliseconds * 1_000_000 } }

    /// In nanoseconds since 1970, as `IndexPatch.now`.
    var now: @Sendable () -> Int64 {
        { [self] in
            var now = timespec()
            clock_gettime(CLOCK_REALTIME, &now)
            return Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec) + lock.withLock { ahead }
        }
    }
}

/// The in-place index update must leave exactly the index `git add` would: checked against
/// the git CLI on a twin of the same repository.
@Suite("index patch")
struct IndexPatchTests {
    let ledgerFile = ".alog/events/dev/2024/01/2024-01-02.jsonl"

    /// A repository committed by the git CLI (so its index has a cached-tree extension), with a
    /// staged and an unstaged change of the user, and its twin.
    func makeTwins(_ dir: TemporaryDirectory) throws -> (ours: String, theirs: String) {
        let ours = dir.sub("ours")
        try git("init", "-q", "-b", "main", ours, in: dir.path)
        try writeFile(ours + "/notes/a.md", "a\n")
        try writeFile(ours + "/z.md", "z\n")
        try writeFile(ours + "/.alog/events/dev/2024/01/2024-01-01.jsonl", "{\"one\":1}\n")
        try writeFile(ours + "/" + ledgerFile, "{\"two\":2}\n")
        try writeFile(ours + "/.alog/events/other/2024/01/2024-01-02.jsonl", "{\"three\":3}\n")
        try git("add", "-A", in: ours)
        try git("-c", "user.name=T", "-c", "user.email=t@example.com", "commit", "-qm", "start", in: ours)
        try writeFile(ours + "/notes/a.md", "a, staged\n")
        try git("add", "notes/a.md", in: ours)
        try writeFile(ours + "/z.md", "z, not staged\n")
        let theirs = dir.sub("theirs")
        try git("clone", "-q", ours, theirs, in: dir.path)
        // A clone has no user changes: copy the whole working copy, index included.
        try FileManager.default.removeItem(atPath: theirs)
        try FileManager.default.copyItem(atPath: ours, toPath: theirs)
        return (ours, theirs)
    }

    func appendLine(_ root: String) throws -> String {
        let text = try readFile(root + "/" + ledgerFile) + "{\"four\":4}\n"
        try writeFile(root + "/" + ledgerFile, text)
        return text
    }

    func witness(_ root: String) throws -> [String] {
        try [
            git("ls-files", "-s", in: root).stdout, git("write-tree", in: root).stdout,
            git("status", "--porcelain", in: root).stdout, git("diff", "--cached", in: root).stdout,
        ]
    }

    @Test("patching an entry leaves the index git add leaves: entries, cached tree, status")
    func sameAsGitAdd() throws {
        let dir = TemporaryDirectory()
        let (ours, theirs) = try makeTwins(dir)
        let repo = try Repository.open(at: ours)
        let blob = try repo.writeBlob(Array(try appendLine(ours).utf8))
        #expect(IndexPatch(repository: repo).restage([(ledgerFile, blob)]))
        _ = try appendLine(theirs)
        try git("add", ledgerFile, in: theirs)
        let mine = try witness(ours)
        #expect(mine == (try witness(theirs)))
        #expect(mine[2] == "M  .alog/events/dev/2024/01/2024-01-02.jsonl\nM  notes/a.md\n M z.md\n")
        // git reads the result without complaint and finds the entry's stat data current: only
        // the user's unstaged file needs an update.
        #expect(try git("update-index", "--refresh", in: ours).stdout == "z.md: needs update\n")
        #expect(!FileManager.default.fileExists(atPath: ours + "/.git/index.lock"))
    }

    @Test("the replaced index is kept as the spare and written into by a later patch; never the live one")
    func spareRecycled() throws {
        let dir = TemporaryDirectory()
        let (ours, theirs) = try makeTwins(dir)
        let repo = try Repository.open(at: ours)
        let claim = IndexLockClaim(path: ours + "/.git/alog-claim")
        let clock = MovedClock()
        let spare = ours + "/.git/index.spare"
        func inode(_ path: String) throws -> Int {
            try FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as! Int
        }
        let first = try inode(ours + "/.git/index")
        #expect(
            IndexPatch(repository: repo, claim: claim, clock: clock).restage([
                (ledgerFile, try repo.writeBlob(Array(try appendLine(ours).utf8)))
            ]))
        #expect(try inode(spare) == first, "the index it replaced keeps a name")
        // Too soon after: a reader may still be reading it, so a new file is made.
        let second = try inode(ours + "/.git/index")
        #expect(
            IndexPatch(repository: repo, claim: claim, clock: clock).restage([
                (ledgerFile, try repo.writeBlob(Array(try appendLine(ours).utf8)))
            ]))
        #expect(try inode(ours + "/.git/index") != first)
        #expect(try inode(spare) == second)
        clock.moveOn(milliseconds: 150)
        let third = try inode(ours + "/.git/index")
        #expect(
            IndexPatch(repository: repo, claim: claim, clock: clock).restage([
                (ledgerFile, try repo.writeBlob(Array(try appendLine(ours).utf8)))
            ]))
        #expect(try inode(ours + "/.git/index") == second, "the spare became the index")
        #expect(try inode(spare) == third)
        for _ in 0..<3 { _ = try appendLine(theirs) }
        try git("add", ledgerFile, in: theirs)
        #expect(try witness(ours) == (try witness(theirs)))
        // A writer killed after naming the live index as the spare: it is never written into.
        clock.moveOn(milliseconds: 150)
        try FileManager.default.removeItem(atPath: spare)
        try FileManager.default.linkItem(atPath: ours + "/.git/index", toPath: spare)
        let live = try Data(contentsOf: URL(fileURLWithPath: ours + "/.git/index"))
        let liveInode = try inode(ours + "/.git/index")
        #expect(
            IndexPatch(repository: repo, claim: claim, clock: clock).restage([
                (ledgerFile, try repo.writeBlob(Array(try appendLine(ours).utf8)))
            ]))
        #expect(try inode(ours + "/.git/index") != liveInode)
        #expect(try Data(contentsOf: URL(fileURLWithPath: spare)) == live, "the old index was not written into")
        #expect(try git("fsck", "--strict", in: ours).succeeded)
        #expect(
            try git("status", "--porcelain", in: ours).stdout
                == "M  .alog/events/dev/2024/01/2024-01-02.jsonl\nM  notes/a.md\n M z.md\n")
    }

    @Test("anything but the plain case is left to libgit2, with the index untouched")
    func fallsBack() throws {
        let dir = TemporaryDirectory()
        let (ours, _) = try makeTwins(dir)
        let repo = try Repository.open(at: ours)
        let index = ours + "/.git/index"
        let before = try Data(contentsOf: URL(fileURLWithPath: index))
        let text = try appendLine(ours)
        let blob = try repo.writeBlob(Array(text.utf8))
        let patch = IndexPatch(repository: repo)
        // Not in the index yet: a new entry is libgit2's job.
        try writeFile(ours + "/.alog/new.jsonl", text)
        #expect(!patch.restage([(".alog/new.jsonl", blob)]))
        // The working file does not hold the blob the caller named.
        #expect(!patch.restage([(ledgerFile, try repo.writeBlob(Array("other\n".utf8)))]))
        // Another process holds the index lock: it is neither waited for nor removed.
        try writeFile(index + ".lock", "")
        #expect(!patch.restage([(ledgerFile, blob)]))
        #expect(FileManager.default.fileExists(atPath: index + ".lock"))
        try FileManager.default.removeItem(atPath: index + ".lock")
        #expect(try Data(contentsOf: URL(fileURLWithPath: index)) == before)
        // Index version 4 (prefix-compressed names) is not patched, but restaging still works.
        try git("update-index", "--index-version", "4", in: ours)
        #expect(!patch.restage([(ledgerFile, blob)]))
        let held = try #require(patch.lock())
        try repo.restageFiles(
            [(ledgerFile, blob)], holding: held, patch: patch, privateIndex: ours + "/.git/index.private")
        #expect(!FileManager.default.fileExists(atPath: index + ".lock"), "the lock became the index")
        #expect(try git("ls-files", "-s", ledgerFile, in: ours).stdout.contains(blob.hex))
        #expect(try git("diff", "--quiet", "--", ledgerFile, in: ours).succeeded)
    }

    @Test("a lock taken through a claim is recognised after a crash; any other lock is not")
    func claimedLock() throws {
        let dir = TemporaryDirectory()
        let (ours, theirs) = try makeTwins(dir)
        let repo = try Repository.open(at: ours)
        let lockPath = ours + "/.git/index.lock"
        let claim = IndexLockClaim(path: ours + "/.git/claim")
        let blob = try repo.writeBlob(Array(try appendLine(ours).utf8))
        // While the lock is held, it and the claim are one file; afterwards neither is left.
        var sameFile = false
        let patched = IndexPatch(repository: repo, claim: claim).restage([(ledgerFile, blob)]) {
            let lock = try? FileManager.default.attributesOfItem(atPath: lockPath)[.systemFileNumber] as? Int
            let mine = try? FileManager.default.attributesOfItem(atPath: claim.path)[.systemFileNumber] as? Int
            sameFile = lock != nil && lock == mine
        }
        #expect(patched)
        #expect(sameFile)
        #expect(!FileManager.default.fileExists(atPath: lockPath))
        #expect(!FileManager.default.fileExists(atPath: claim.path))
        _ = try appendLine(theirs)
        try git("add", ledgerFile, in: theirs)
        #expect(try witness(ours) == (try witness(theirs)))

        // A writer killed while holding the lock: the claim names it.
        try writeFile(claim.path, "DIRC")
        try FileManager.default.linkItem(atPath: claim.path, toPath: lockPath)
        #expect(repo.removeAbandonedIndexLock(claim: claim))
        #expect(!FileManager.default.fileExists(atPath: lockPath))
        #expect(!FileManager.default.fileExists(atPath: claim.path))

        // `git commit` holding the lock while a stale claim lies around: not ours, kept.
        try writeFile(claim.path, "DIRC")
        try writeFile(lockPath, "DIRC")
        #expect(!repo.removeAbandonedIndexLock(claim: claim))
        #expect(FileManager.default.fileExists(atPath: lockPath))
        #expect(!FileManager.default.fileExists(atPath: claim.path))
        // ... and a writer meanwhile does not take it either.
        #expect(!IndexPatch(repository: repo, claim: claim).restage([(ledgerFile, blob)]))
        #expect(try readFile(lockPath) == "DIRC")
    }

    @Test("with a record: the index alog last wrote is trusted by its stat data and trailer; any other is checked")
    func recordedIndex() throws {
        let dir = TemporaryDirectory()
        let (ours, theirs) = try makeTwins(dir)
        let repo = try Repository.open(at: ours)
        let record = ours + "/.git/index.written"
        let indexPath = ours + "/.git/index"
        // Two patches in a row with the record (the second trusts the first's index), then a
        // check against the twin (whose `git status` may write the index again), three times,
        // the last after git rewrote the index: each time the index `git add` leaves.
        func recordNamesIndex() throws {
            var st = stat()
            #expect(stat(indexPath, &st) == 0)
            let index = [UInt8](try Data(contentsOf: URL(fileURLWithPath: indexPath)))
            #expect(
                [UInt8](try Data(contentsOf: URL(fileURLWithPath: record)))
                    == IndexPatch.identity(st, trailer: index.suffix(20)))
        }
        for round in 0..<3 {
            if round == 2 {
                for root in [ours, theirs] {
                    try git("rm", "-q", "--cached", "z.md", in: root)
                    try git("add", "z.md", in: root)
                }
            }
            for _ in 0..<2 {
                let blob = try repo.writeBlob(Array(try appendLine(ours).utf8))
                #expect(IndexPatch(repository: repo, record: record).restage([(ledgerFile, blob)]))
                try recordNamesIndex()
                _ = try appendLine(theirs)
            }
            try git("add", ledgerFile, in: theirs)
            #expect(try witness(ours) == (try witness(theirs)))
        }
        // The index alog just wrote, changed in place (a bit of an entry's mtime): its ctime
        // and content no longer match the record, so the trailer is checked, fails, and
        // libgit2 gets the job.
        let blob = try repo.writeBlob(Array(try appendLine(ours).utf8))
        #expect(IndexPatch(repository: repo, record: record).restage([(ledgerFile, blob)]))
        try recordNamesIndex()
        var index = [UInt8](try Data(contentsOf: URL(fileURLWithPath: indexPath)))
        index[23] ^= 1
        let handle = try #require(FileHandle(forWritingAtPath: indexPath))
        try handle.write(contentsOf: index)
        try handle.close()
        #expect(!IndexPatch(repository: repo, record: record).restage([(ledgerFile, blob)]))
        // Had alog written that very file (a record made for it as it is now), it would be
        // trusted without the check: patched, with a trailer git accepts.
        var st = stat()
        #expect(stat(indexPath, &st) == 0)
        try Data(IndexPatch.identity(st, trailer: index.suffix(20))).write(to: URL(fileURLWithPath: record))
        #expect(IndexPatch(repository: repo, record: record).restage([(ledgerFile, blob)]))
        #expect(try git("ls-files", "-s", ledgerFile, in: ours).stdout.contains(blob.hex))
        #expect(try git("diff", "--quiet", "--", ledgerFile, in: ours).succeeded)
    }
    @Test("with a record and a claim, a recycled spare gets only the entries that changed; any other spare, all of it")
    func spareWrittenByDelta() throws {
        let dir = TemporaryDirectory()
        let (ours, theirs) = try makeTwins(dir)
        let repo = try Repository.open(at: ours)
        let claim = IndexLockClaim(path: ours + "/.git/alog-claim")
        let clock = MovedClock()
        let record = ours + "/.git/index.written"
        let indexPath = ours + "/.git/index"
        let spare = ours + "/.git/index.spare"
        func patch() throws {
            clock.moveOn(milliseconds: 150)
            let blob = try repo.writeBlob(Array(try appendLine(ours).utf8))
            let patch = IndexPatch(repository: repo, claim: claim, record: record, clock: clock)
            #expect(patch.restage([(ledgerFile, blob)]))
            _ = try appendLine(theirs)
        }
        // The first byte of the name of z.md's entry: an offset no patch of the ledger file's
        // entry writes (that entry and the tail after the entries are).
        func markerOffset() throws -> Int {
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: spare)))
            let name = Array("z.md\0".utf8)
            return try #require(bytes.indices.first { bytes[$0...].starts(with: name) })
        }
        // Five patches: the spare goes round, written by delta from the third on; each time
        // the index is the one `git add` leaves.
        for _ in 0..<5 {
            try patch()
            try git("add", ledgerFile, in: theirs)
            #expect(try witness(ours) == (try witness(theirs)))
            #expect(try git("fsck", "--strict", in: ours).succeeded)
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: record)).count > 89, "the record names the spare")
        // `git status` (in `witness`) may have written the index again: two patches in a row
        // make the spare one the record names.
        try patch()
        try patch()
        // A byte of the spare changed behind the patch's back, its modification time kept: the
        // patch trusts the spare (as it trusts the record) and leaves that byte, so the delta
        // is what was written. (No writer but alog's patch touches `.git/alog`.)
        var offset = try markerOffset()
        func tamper(keepingTime: Bool) throws {
            var st = stat()
            #expect(stat(spare, &st) == 0)
            let handle = try #require(FileHandle(forUpdatingAtPath: spare))
            try handle.seek(toOffset: UInt64(offset))
            try handle.write(contentsOf: Data([UInt8(ascii: "y")]))
            try handle.close()
            if keepingTime {
                var times = [st.st_atim, st.st_mtim]
                #expect(utimensat(AT_FDCWD, spare, &times, 0) == 0)
            }
        }
        try tamper(keepingTime: true)
        try patch()
        var live = [UInt8](try Data(contentsOf: URL(fileURLWithPath: indexPath)))
        #expect(live[offset] == UInt8(ascii: "y"))
        // The trailer was computed for the index as it should be: with the byte put back, it
        // is that index.
        live[offset] = UInt8(ascii: "z")
        let handle = try #require(FileHandle(forUpdatingAtPath: indexPath))
        try handle.write(contentsOf: Data(live))
        try handle.close()
        try git("add", ledgerFile, in: theirs)
        #expect(try witness(ours) == (try witness(theirs)))
        // The same change with the time moved on: not the recorded spare, so written whole.
        try patch()
        try patch()
        offset = try markerOffset()
        try tamper(keepingTime: false)
        try patch()
        try git("add", ledgerFile, in: theirs)
        #expect(try witness(ours) == (try witness(theirs)))
        #expect(try git("fsck", "--strict", in: ours).succeeded)
    }
    @Test(
        "the record keeps the hash state of the bytes before the changed entry; the next patch hashes from it, and a damaged state is dropped"
    )
    func hashesFromRecordedState() throws {
        let dir = TemporaryDirectory()
        let (ours, theirs) = try makeTwins(dir)
        // A ledger file far enough into the index that the state covers whole blocks.
        for root in [ours, theirs] {
            for day in 10..<30 { try writeFile(root + "/.alog/events/a\(day)/x.jsonl", "{}\n") }
            try git("add", ".alog", in: root)
        }
        let repo = try Repository.open(at: ours)
        let claim = IndexLockClaim(path: ours + "/.git/alog-claim")
        let clock = MovedClock()
        let record = ours + "/.git/index.written"
        let indexPath = ours + "/.git/index"
        // A line appended to each of `paths` (the ledger file by default) on both sides, and
        // restaged here by the patch.
        func patch(_ paths: [String] = [ledgerFile]) throws -> Bool {
            clock.moveOn(milliseconds: 150)
            var files: [(path: String, blob: [UInt8])] = []
            for path in paths {
                for root in [ours, theirs] {
                    try writeFile(root + "/" + path, try readFile(root + "/" + path) + "{\"more\":1}\n")
                }
                files.append((path, try repo.writeBlob(Array(try readFile(ours + "/" + path).utf8)).bytes))
            }
            return IndexPatch(repository: repo, claim: claim, record: record, clock: clock).restage(files)
        }
        func recordedDelta() throws -> IndexPatch.Delta {
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: record)))
            return try #require(IndexPatch.Delta(bytes[89...]))
        }
        // The trailer first: `git status` (in `witness`) may write the index again.
        func sameAsTwin() throws {
            let index = [UInt8](try Data(contentsOf: URL(fileURLWithPath: indexPath)))
            #expect(
                index.withUnsafeBytes { SHA1.hash(UnsafeRawBufferPointer(rebasing: $0.dropLast(20))) }
                    == Array(index.suffix(20)))
            #expect(try git("fsck", "--strict", in: ours).succeeded)
            try git("add", ".alog", in: theirs)
            #expect(try witness(ours) == (try witness(theirs)))
        }
        #expect(try patch())
        #expect(try patch())
        // The state is SHA-1's after the index's bytes up to the block boundary before the
        // ledger file's entry, as a hash of the file itself says.
        let index = [UInt8](try Data(contentsOf: URL(fileURLWithPath: indexPath)))
        let name = Array(ledgerFile.utf8) + [0]
        let entry = try #require(index.indices.first { index[$0...].starts(with: name) }) - 62
        let prefix = try #require(try recordedDelta().prefix)
        #expect(prefix.count == UInt64(entry & ~63) && prefix.count >= 1024)
        var hasher = SHA1()
        index.withUnsafeBytes { hasher.update(UnsafeRawBufferPointer(rebasing: $0[..<Int(prefix.count)])) }
        #expect(hasher.blockState.state == prefix)
        try sameAsTwin()
        // Two more patches in a row (the second hashes from the first's state): the index
        // `git add` leaves.
        #expect(try patch())
        #expect(try patch())
        try sameAsTwin()
        // A byte of the recorded state damaged: its check fails, the state is dropped, and the
        // patch hashes the whole file; the index stays right and the record gets a good state.
        #expect(try patch())
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: record)))
        bytes[bytes.count - 20] ^= 0x10
        try Data(bytes).write(to: URL(fileURLWithPath: record))
        #expect(IndexPatch.Delta(bytes[89...])?.prefix == nil)
        #expect(try patch())
        try sameAsTwin()
        #expect(try recordedDelta().prefix != nil)
        // An entry before the recorded state changes (the first file of the index): the state
        // covers bytes that differ now, so the whole prefix is hashed, and the record then
        // holds the state at that entry's block (the first, 0 bytes).
        let first = ".alog/events/a10/x.jsonl"
        #expect(try patch())
        #expect(try (recordedDelta().prefix?.count ?? 0) >= 1024)
        #expect(try patch([first]))
        try sameAsTwin()
        #expect(try recordedDelta().prefix?.count == 0)
        // Two files at once, one early and one late: the state stops at the earlier one.
        #expect(try patch([ledgerFile]))
        #expect(try patch([".alog/events/a20/x.jsonl", ledgerFile]))
        try sameAsTwin()
        let early = [UInt8](try Data(contentsOf: URL(fileURLWithPath: indexPath)))
        let earlyName = Array(".alog/events/a20/x.jsonl\0".utf8)
        let earlyEntry = try #require(early.indices.first { early[$0...].starts(with: earlyName) }) - 62
        #expect(try recordedDelta().prefix?.count == UInt64(earlyEntry & ~63))
        // git writes the index itself (a note of the user staged): the record no longer names
        // it, so its trailer is checked, and the state from that check is where the new trailer
        // starts.
        for root in [ours, theirs] { try git("add", "z.md", in: root) }
        #expect(try patch())
        try sameAsTwin()
        #expect(try patch())
        try sameAsTwin()
        // A state that is wrong yet passes the check (as only a forger makes it) is what the
        // next trailer is computed from: proof that the patch does not hash the prefix itself.
        #expect(try patch())
        bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: record)))
        var delta = try recordedDelta()
        delta.prefix?.h.0 ^= 1
        try Data(bytes[..<89] + delta.encoded).write(to: URL(fileURLWithPath: record))
        #expect(try patch())
        // (git checks an index's trailer only in fsck; libgit2 on every read.)
        #expect(try !git("fsck", in: ours).succeeded)
    }

    @Test("the record's delta reads back as written, with or without a hash state; anything else is no delta")
    func recordedDeltaRoundTrip() throws {
        let spare = IndexPatch.SpareIdentity(device: 7, inode: 9, size: 1_158_424, modified: 1_800_000_000_123_456_789)
        let trailer = [UInt8](repeating: 0xAB, count: 20)
        let state = SHA1.State(h: (0x0123_4567, 0x89AB_CDEF, 0xFEDC_BA98, 0x7654_3210, 0xF0E1_D2C3), count: 386_048)
        for prefix in [nil, state] {
            let encoded = IndexPatch.Delta(
                trailer: trailer, spare: spare, entriesEnd: 1_158_404, offsets: [386_092, 12], prefix: prefix
            ).encoded
            let read = try #require(IndexPatch.Delta(encoded[...]))
            #expect(read.trailer == trailer && read.spare == spare && read.entriesEnd == 1_158_404)
            #expect(read.offsets == [386_092, 12] && read.prefix == prefix)
            #expect(IndexPatch.Delta(encoded.dropLast(8)) == nil)
            #expect(IndexPatch.Delta(encoded.dropLast(1)) == nil)
        }
        // A state past the entries' end is not believed.
        let beyond = SHA1.State(h: state.h, count: 2_000_000)
        let encoded = IndexPatch.Delta(
            trailer: trailer, spare: spare, entriesEnd: 1_158_404, offsets: [386_092], prefix: beyond
        ).encoded
        #expect(IndexPatch.Delta(encoded[...])?.prefix == nil)
        // A record as written before states were kept, byte for byte: read, with no state.
        func field(_ value: UInt64) -> [UInt8] { (0..<8).map { UInt8(truncatingIfNeeded: value >> (56 - 8 * $0)) } }
        let old = trailer + [7, 9, 1_158_424, 1_800_000_000_123_456_789, 1_158_404, 1, 386_092].flatMap(field)
        let read = try #require(IndexPatch.Delta(old[...]))
        #expect(read.offsets == [386_092] && read.entriesEnd == 1_158_404 && read.prefix == nil)
        // Damaged or hostile fields: an offset count past the fields (huge, 2^63, the field
        // count itself) is no delta; a state whose length is not whole blocks, whose last word
        // has high bits, or whose check is wrong is dropped.
        for count in [UInt64.max, 1 << 63, 7] {
            let bytes = trailer + [7, 9, 1_158_424, 1, 1_158_404, count, 386_092].flatMap(field)
            #expect(IndexPatch.Delta(bytes[...]) == nil)
        }
        let good = Array(
            IndexPatch.Delta(trailer: trailer, spare: spare, entriesEnd: 1_158_404, offsets: [386_092], prefix: state)
                .encoded)
        let stateAt = good.count - 5 * 8
        for (slot, value) in [(3, UInt64(386_050)), (2, UInt64(1) << 40)] {
            var bytes = good
            bytes.replaceSubrange((stateAt + 8 * slot)..<(stateAt + 8 * slot + 8), with: field(value))
            bytes.replaceSubrange(
                (bytes.count - 8)..., with: bytes.dropLast(8).withUnsafeBytes { SHA1.hash($0) }.prefix(8))
            #expect(IndexPatch.Delta(bytes[...])?.prefix == nil, "slot \(slot)")
            #expect(IndexPatch.Delta(bytes[...])?.offsets == [386_092])
        }
        var wrongCheck = good
        wrongCheck[wrongCheck.count - 1] ^= 1
        #expect(IndexPatch.Delta(wrongCheck[...])?.prefix == nil)
    }

    @Test(
        "a file not in the index yet is added where git add puts it, cached tree and all; a file where a folder is, not"
    )
    func addsEntries() throws {
        let dir = TemporaryDirectory()
        let (ours, theirs) = try makeTwins(dir)
        let repo = try Repository.open(at: ours)
        let record = ours + "/.git/index.written"
        let claim = IndexLockClaim(path: ours + "/.git/alog-claim")
        let clock = MovedClock()
        // Before every entry, between two, after the last, and two at once.
        for group in [
            [".alog/a.jsonl"], [".alog/events/dev/2024/01/2024-01-03.jsonl"], ["zz/last.jsonl"],
            [".alog/events/dev/2024/01/2024-01-01.2.jsonl", ".alog/events/other/2024/01/2024-01-01.jsonl"],
        ] {
            var files: [(String, ObjectID)] = []
            for path in group {
                for root in [ours, theirs] { try writeFile(root + "/" + path, "{\"\(path)\":1}\n") }
                files.append((path, try repo.writeBlob(Array("{\"\(path)\":1}\n".utf8))))
            }
            let patch = IndexPatch(repository: repo, claim: claim, record: record, clock: clock)
            #expect(!patch.restage(files), "without adding, a new file is libgit2's")
            #expect(patch.restage(files.map { (path: $0.0, blob: $0.1.bytes) }, adding: true), "\(group)")
            _ = try git(["add"] + group, in: theirs)
            #expect(try witness(ours) == (try witness(theirs)), "\(group)")
            #expect(try git("update-index", "--refresh", in: ours).stdout == "z.md: needs update\n")
            // The patch after an insertion (its record has no delta) writes the whole file.
            clock.moveOn(milliseconds: 150)
            let blob = try repo.writeBlob(Array(try appendLine(ours).utf8))
            let next = IndexPatch(repository: repo, claim: claim, record: record, clock: clock)
            #expect(next.restage([(ledgerFile, blob)]))
            _ = try appendLine(theirs)
            try git("add", ledgerFile, in: theirs)
            #expect(try witness(ours) == (try witness(theirs)), "after \(group)")
        }
        // A file named like a folder of the index, or inside a file's name: left to libgit2.
        let before = try Data(contentsOf: URL(fileURLWithPath: ours + "/.git/index"))
        for path in ["notes", "z.md/inner.jsonl"] {
            let blob = try repo.writeBlob(Array("x\n".utf8))
            if path == "notes" {
                try FileManager.default.moveItem(atPath: ours + "/notes", toPath: ours + "/notes-moved")
            }
            if path.hasPrefix("z.md/") {
                try FileManager.default.moveItem(atPath: ours + "/z.md", toPath: ours + "/z-moved")
            }
            try writeFile(ours + "/" + path, "x\n")
            #expect(!IndexPatch(repository: repo).restage([(path: path, blob: blob.bytes)], adding: true), "\(path)")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: ours + "/.git/index")) == before)
    }
}
