import Foundation
import LedgerCrypto
import TestSupport
import Testing

@testable import LedgerGit
@testable import LedgerGitFiles

/// The index's extensions after a patch are the ones libgit2 1.5.1 writes when it stages the
/// same file (`index.c`): the cached tree invalidated on the path, the optional extensions it
/// does not read (the untracked cache) left out. The ones it reads and writes in its own form
/// (resolve-undo, conflict names) and the mandatory ones it refuses stay libgit2's.
@Suite("index patch: extensions as libgit2 writes them")
struct IndexPatchExtensionTests {
    let ledgerFile = IndexPatchTests().ledgerFile

    /// The extensions of the index of the repository at `root`, in order: each signature with
    /// its payload. The entries (version 2: 62 bytes and the name, NUL-padded to a multiple of
    /// 8) are measured by the names `git ls-files` lists.
    static func extensions(_ root: String) throws -> [(signature: String, payload: [UInt8])] {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: root + "/.git/index")))
        func number(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        try #require(number(4) == 2, "a version 2 index")
        let listed = try git("ls-files", "--stage", "-z", in: root).stdout.split(separator: "\u{0}")
        let names = listed.map { $0.split(separator: "\t", maxSplits: 1)[1] }
        var offset = names.reduce(12) { $0 + ((62 + $1.utf8.count + 8) & ~7) }
        var found: [(String, [UInt8])] = []
        while offset < bytes.count - 20 {
            let end = offset + 8 + number(offset + 4)
            found.append(
                (String(decoding: bytes[offset..<offset + 4], as: UTF8.self), Array(bytes[(offset + 8)..<end])))
            offset = end
        }
        return found
    }

    /// Adds an extension at the end of the index (after the others), with a new trailer.
    static func appendExtension(_ signature: String, _ payload: [UInt8], to path: String) throws {
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))).dropLast(20)
        bytes += Array(signature.utf8)
        withUnsafeBytes(of: UInt32(payload.count).bigEndian) { bytes += $0 }
        bytes += payload
        let trailer = SHA1.hash(Array(bytes))
        try Data(bytes + trailer).write(to: URL(fileURLWithPath: path))
    }

    /// The twins of `IndexPatchTests`, both with an untracked cache git has filled (a folder of
    /// user notes with an untracked file in it), then the ledger file's line appended in each.
    func makeTwins(_ dir: TemporaryDirectory) throws -> (ours: String, theirs: String) {
        let base = IndexPatchTests()
        let (ours, theirs) = try base.makeTwins(dir)
        try writeFile(ours + "/notes/untracked.md", "u\n")
        try git("config", "core.untrackedCache", "true", in: ours)
        try git("update-index", "--untracked-cache", in: ours)
        try git("status", "--porcelain", in: ours)
        try #require(try Self.extensions(ours).map(\.signature) == ["TREE", "UNTR"])
        // The same index (and untracked cache) in the twin.
        try FileManager.default.removeItem(atPath: theirs)
        try FileManager.default.copyItem(atPath: ours, toPath: theirs)
        _ = try base.appendLine(ours)
        _ = try base.appendLine(theirs)
        return (ours, theirs)
    }

    @Test("an untracked cache is left out, as libgit2 leaves it out; the cached tree is the one libgit2 writes")
    func untrackedCache() throws {
        let dir = TemporaryDirectory()
        let (ours, theirs) = try makeTwins(dir)
        let repo = try Repository.open(at: ours)
        let blob = try repo.writeBlob(Array(try readFile(ours + "/" + ledgerFile).utf8))
        #expect(IndexPatch(repository: repo).restage([(ledgerFile, blob)]), "the patch takes an index with UNTR")
        // The twin staged by libgit2 itself.
        try Repository.open(at: theirs).stageFiles([ledgerFile])
        let mine = try Self.extensions(ours)
        let libgit2s = try Self.extensions(theirs)
        #expect(libgit2s.map(\.signature) == ["TREE"], "libgit2 1.5.1 drops UNTR")
        #expect(mine.map(\.signature) == libgit2s.map(\.signature))
        #expect(mine.map(\.payload) == libgit2s.map(\.payload), "the same invalidated cached tree, byte for byte")
        #expect(try git("ls-files", "-s", in: ours).stdout == git("ls-files", "-s", in: theirs).stdout)
        #expect(try git("fsck", "--strict", in: ours).succeeded)
        // git status, with the untracked cache on, sees what is there: a file added since in a
        // folder the old cache knew, and the staged ledger line.
        for root in [ours, theirs] { try writeFile(root + "/notes/later.md", "l\n") }
        let status = try git("status", "--porcelain", "--untracked-files=all", in: ours).stdout
        #expect(status == (try git("status", "--porcelain", "--untracked-files=all", in: theirs).stdout))
        #expect(status.contains("M  \(ledgerFile)\n") && status.contains("?? notes/later.md\n"), "\(status)")
        #expect(status.contains("?? notes/untracked.md\n"), "\(status)")
        // git builds its cache again when it writes the index next.
        #expect(try git("update-index", "--untracked-cache", in: ours).succeeded)
        #expect(try Self.extensions(ours).map(\.signature).contains("UNTR"))
        #expect(try git("status", "--porcelain", "--untracked-files=all", in: ours).stdout == status)
    }

    @Test(
        "an optional extension libgit2 skips is left out; resolve-undo, conflict names and mandatory ones are libgit2's",
        arguments: ["ABCD", "REUC", "NAME", "link", "sdir"])
    func otherExtensions(signature: String) throws {
        let dir = TemporaryDirectory()
        let (ours, _) = try IndexPatchTests().makeTwins(dir)
        let index = ours + "/.git/index"
        // A resolve-undo record as git writes it (path, three modes, the ids of the non-zero
        // ones); the same bytes serve as an opaque payload for the others.
        let payload = Array("notes/gone.md\u{0}100644\u{0}0\u{0}0\u{0}".utf8) + [UInt8](repeating: 0xAB, count: 20)
        try Self.appendExtension(signature, payload, to: index)
        let before = try Data(contentsOf: URL(fileURLWithPath: index))
        let repo = try Repository.open(at: ours)
        let blob = try repo.writeBlob(Array(try IndexPatchTests().appendLine(ours).utf8))
        let patched = IndexPatch(repository: repo).restage([(ledgerFile, blob)])
        if signature == "ABCD" {
            #expect(patched)
            #expect(try Self.extensions(ours).map(\.signature) == ["TREE"])
            #expect(try git("fsck", "--strict", in: ours).succeeded)
        } else {
            #expect(!patched, "\(signature) is libgit2's to write (or refuse)")
            #expect(try Data(contentsOf: URL(fileURLWithPath: index)) == before, "nothing changed")
            #expect(!FileManager.default.fileExists(atPath: index + ".lock"))
        }
    }
}
