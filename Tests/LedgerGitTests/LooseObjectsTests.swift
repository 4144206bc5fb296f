import Foundation
import LedgerGitFiles
import TestSupport
import Testing

@testable import LedgerGit

/// Loose objects alog writes and reads itself (`LooseObjects`): uncompressed zlib streams that
/// git and libgit2 read as any other, the ids git gives, and `git fsck --strict` clean.
@Suite("Loose objects stored uncompressed")
struct LooseObjectsTests {
    func objectFile(_ root: String, _ id: ObjectID) -> String {
        root + "/.git/objects/" + id.hex.prefix(2) + "/" + id.hex.dropFirst(2)
    }

    func bytes(_ path: String) throws -> [UInt8] { [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))) }

    @Test("trees spliced while writing directly: stored, TreeBuilder's ids, read back, git fsck --strict clean")
    func splicedTreesAreStored() throws {
        let dir = TemporaryDirectory()
        let repo = try Repository.create(at: dir.path, initialBranch: "main")
        let blobs = try (0..<8).map { try repo.writeBlob(Array("note \($0)\n".utf8)) }
        // A folder like the day notes': 1,200 files.
        let builder = try TreeBuilder(repository: repo, base: nil)
        for day in 0..<1200 { try builder.insert("day-\(day).md", id: blobs[day % 8], fileMode: fileModeBlob) }
        let base = try builder.write()
        func edits(_ step: Int) -> [TreeEdit] {
            [
                TreeEdit(path: ["day-\(step * 97).md"], id: blobs[(step + 3) % 8]),
                TreeEdit(path: ["new-\(step).md"], id: blobs[step % 8], fileMode: 0o100755),
            ]
        }
        // Each step splices the tree the step before wrote (alog's own, read back), the first
        // libgit2's (compressed).
        var trees: [ObjectID] = []
        try repo.writingObjectsDirectly {
            var tree = base
            for step in 0..<5 {
                tree = try #require(try repo.splicedTree(tree, edits(step)))
                trees.append(tree)
            }
        }
        #expect(repo.looseObjects == nil)
        let loose = LooseObjects(directory: dir.path + "/.git/objects/", syncs: false)
        #expect(loose.readStored(base, type: "tree") == nil)
        var expected = base
        for step in 0..<5 {
            let replay = try TreeBuilder(repository: repo, base: expected)
            for edit in edits(step) { try replay.insert(edit.path[0], id: edit.id!, fileMode: edit.fileMode) }
            expected = try replay.write()
            #expect(expected == trees[step])
            let file = try bytes(objectFile(dir.path, trees[step]))
            #expect(Array(file.prefix(2)) == [0x78, 0x01])
            let content = try #require(loose.readStored(trees[step], type: "tree"))
            #expect(try git("cat-file", "-s", trees[step].hex, in: dir.path).stdout == "\(content.count)\n")
            #expect(loose.readStored(trees[step], type: "blob") == nil)
        }
        let listing = try git("ls-tree", trees[4].hex, in: dir.path)
        #expect(listing.succeeded && listing.stdout.split(separator: "\n").count == 1205)
        #expect(listing.stdout.contains("100755 blob \(blobs[4].hex)\tnew-4.md"))
        try expectFsckClean(dir.path)
    }

    @Test("zlib streams of stored blocks: zlib's Adler-32, blocks of 64 KiB, read back")
    func storedStreams() throws {
        #expect(LooseObjectFile.adler32(Array("Wikipedia".utf8)) == 0x11E6_0398)
        #expect(LooseObjectFile.adler32([]) == 1)
        #expect(LooseObjectFile.adler32([UInt8](repeating: 0xFF, count: 100_000)) == 0x149A_302C)
        var generator = SplitMix(state: 26)
        for size in [0, 1, 65_534, 65_535, 65_536, 200_000] {
            let raw = (0..<size).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let stream = LooseObjectFile.storedStream(raw)
            #expect(stream.count == 2 + 5 * max(1, (size + 65_534) / 65_535) + size + 4)
            #expect(LooseObjectFile.storedPayload(stream) == raw)
            #expect(LooseObjectFile.storedPayload(stream + [0]) == nil)
            #expect(LooseObjectFile.storedPayload(Array(stream.dropLast())) == nil)
        }
    }

    @Test("an object alog writes is git's: its id, read by git and libgit2, written again only touched")
    func writtenObjects() throws {
        let dir = TemporaryDirectory()
        let repo = try Repository.create(at: dir.path, initialBranch: "main")
        let loose = LooseObjects(directory: dir.path + "/.git/objects/", syncs: true)
        var generator = SplitMix(state: 11)
        // Three stored blocks.
        let content = (0..<150_000).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let id = try loose.write(content, type: "blob")
        try Data(content).write(to: URL(fileURLWithPath: dir.sub("content")))
        #expect(try git("hash-object", dir.sub("content"), in: dir.path).stdout == id.hex + "\n")
        #expect(try git("cat-file", "-s", id.hex, in: dir.path).stdout == "150000\n")
        #expect(try repo.readBlob(id) == content)
        #expect(loose.readStored(id, type: "blob") == content)
        let path = objectFile(dir.path, id)
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode == 0o444 & ~Int(currentUmask()))
        let file = try bytes(path)
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSince1970: 1000)], ofItemAtPath: path)
        #expect(try loose.write(content, type: "blob") == id)
        #expect(try bytes(path) == file)
        let touched = try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date
        #expect(touched.map { $0.timeIntervalSince1970 > 1000 } == true)
        // No temporary file is left behind.
        let folder = dir.path + "/.git/objects/" + id.hex.prefix(2)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == [String(id.hex.dropFirst(2))])
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: dir.path + "/.git/objects").allSatisfy {
                $0.count == 2 || $0 == "info" || $0 == "pack"
            })
        try expectFsckClean(dir.path)
        // A byte changed in the stored content: not taken (the id no longer matches).
        var damaged = file
        damaged[damaged.count / 2] ^= 0x20
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
        try Data(damaged).write(to: URL(fileURLWithPath: path))
        #expect(loose.readStored(id, type: "blob") == nil)
        // A compressed object (libgit2's): not this reader's.
        let other = try repo.writeBlob(Array("compressed\n".utf8))
        #expect(loose.readStored(other, type: "blob") == nil)
    }

    /// `git fsck --strict` finds nothing wrong (an unborn branch is only a notice).
    func expectFsckClean(_ root: String) throws {
        let fsck = try git("fsck", "--strict", "--no-dangling", in: root)
        #expect(fsck.succeeded)
        let problems = (fsck.stdout + fsck.stderr).split(separator: "\n").filter { !$0.hasPrefix("notice:") }
        #expect(problems.isEmpty, "\(problems)")
    }

    func currentUmask() -> mode_t {
        let mask = umask(0o022)
        umask(mask)
        return mask
    }
}
