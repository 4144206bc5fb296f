import Foundation
import LedgerCrypto
import LedgerGitFiles
import TestSupport
import Testing

/// git's formats as `LedgerGitFiles` writes them without libgit2, against outside witnesses:
/// `git hash-object`, `git mktree` and `git fsck --strict`.
@Suite("git's files without libgit2")
struct GitFilesTests {
    @Test("object ids are git's: blobs as git hash-object gives them")
    func blobIDs() throws {
        let home = TemporaryDirectory()
        for text in ["", "hello\n", String(repeating: "ä line\n", count: 3000)] {
            let file = home.sub("file")
            try writeFile(file, text)
            let git = try git("hash-object", file, in: home.path).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            #expect(ObjectHash.hex(ObjectHash.id(type: "blob", Array(text.utf8))) == git)
        }
        #expect(ObjectHash.bytes(hex: String(repeating: "ab", count: 20)) == [UInt8](repeating: 0xAB, count: 20))
        #expect(ObjectHash.bytes(hex: "xyz") == nil)
    }

    @Test("a tree edited on its bytes is the tree git mktree makes, in git's order, folders included")
    func rawTree() throws {
        let home = TemporaryDirectory()
        _ = try git("init", "-q", home.path, in: "/")
        let blob = [UInt8](repeating: 7, count: 20)
        let folder = [UInt8](repeating: 9, count: 20)
        var tree = RawTree([])
        // Names whose order differs as files and as folders ("a.b" sorts before "a/" but "a"
        // as a folder sorts after "a.b"), inserted out of order and then replaced.
        let entries: [(String, String, [UInt8])] = [
            ("a.b", "100644", blob), ("a", "40000", folder), ("a-c", "100644", blob),
            ("2026-11-26.jsonl", "100644", blob),
            ("2026-11-26.2.jsonl", "100644", blob), ("Z", "40000", folder), ("é", "100644", blob),
        ]
        for (name, mode, id) in entries.reversed() {
            tree = try #require(tree.setting(Array(name.utf8), mode: Array(mode.utf8), id: id))
        }
        let replaced = [UInt8](repeating: 3, count: 20)
        tree = try #require(tree.setting(Array("a.b".utf8), mode: Array("100644".utf8), id: replaced))
        #expect(tree.setting(Array("a".utf8), mode: Array("100644".utf8), id: blob) == nil, "a file where a folder is")
        #expect(tree.entries?.count == entries.count)
        // git's own tree for the same entries (ids as hex; mktree needs no objects with --missing).
        let listing =
            entries.map { name, mode, id in
                let kind = mode == "40000" ? "tree" : "blob"
                let hex = ObjectHash.hex(name == "a.b" ? replaced : id)
                return "\(mode == "40000" ? "040000" : mode) \(kind) \(hex)\t\(name)"
            }.joined(separator: "\n") + "\n"
        let input = home.sub("listing")
        try writeFile(input, listing)
        let made = try runProcess("/bin/sh", ["-c", "git mktree --missing < '\(input)'"], in: home.path)
        #expect(made.succeeded, "\(made.stderr)")
        #expect(
            ObjectHash.hex(ObjectHash.id(type: "tree", tree.bytes))
                == made.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    @Test("a commit object and a loose object written here pass git fsck --strict")
    func commitObject() throws {
        let home = TemporaryDirectory()
        _ = try git("init", "-q", home.path, in: "/")
        let objects = LooseObjectFile(directory: home.path + "/.git/objects/", syncs: false)
        let blob = try objects.write(Array("line\n".utf8), type: "blob")
        let tree = try objects.write(
            try #require(RawTree([]).setting(Array("f".utf8), mode: Array("100644".utf8), id: blob)).bytes, type: "tree"
        )
        for offset in [0, 60, -330, 345, -720] {
            let commit = try objects.write(
                CommitObject.encode(
                    tree: tree, parents: [], identity: "A Person <a@example.com>", seconds: 1_893_499_200,
                    offsetMinutes: offset, message: "alog: log meal\n\nAlog-Events: x"), type: "commit")
            let shown = try git("cat-file", "-p", ObjectHash.hex(commit), in: home.path).stdout
            #expect(
                shown.contains(
                    "author A Person <a@example.com> 1893499200 \(CommitObject.stamp(seconds: 0, offsetMinutes: offset).dropFirst(2))"
                ))
        }
        #expect(CommitObject.stamp(seconds: 5, offsetMinutes: -330) == "5 -0530")
        #expect(CommitObject.stamp(seconds: 5, offsetMinutes: 345) == "5 +0545")
        #expect(try git("fsck", "--strict", in: home.path).succeeded)
    }
    @Test(
        "a branch moved by name swap (no fsync) or by rename (fsync): git reads the new value and both reflog lines; no lock is left",
        arguments: [false, true])
    func branchMoved(syncs: Bool) throws {
        let home = TemporaryDirectory()
        _ = try git("init", "-q", "-b", "main", home.path, in: "/")
        _ = try git(
            "-c", "user.name=A", "-c", "user.email=a@x", "commit", "-q", "--allow-empty", "-m", "one", in: home.path)
        _ = try git(
            "-c", "user.name=A", "-c", "user.email=a@x", "commit", "-q", "--allow-empty", "-m", "two", in: home.path)
        let gitDirectory = home.path + "/.git/"
        func revision(_ name: String) throws -> String {
            try git("rev-parse", name, in: home.path).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        let (first, second) = (try revision("HEAD~1"), try revision("HEAD"))
        let update = LooseRefUpdate(gitDirectory: gitDirectory, branch: "refs/heads/main")
        var lockDuringSwap: String?
        try update.move(
            from: second, to: first, reflog: ("A <a@x>", "1893499200 +0000", "alog: back"), syncs: syncs
        ) { lockDuringSwap = try? readFile(gitDirectory + "refs/heads/main.lock") }
        #expect(try revision("main") == first)
        #expect(!FileManager.default.fileExists(atPath: gitDirectory + "refs/heads/main.lock"))
        // Swapped: between the swap and its removal the lock holds the old value (which the
        // repair after a crash recognises); renamed, the step is not taken.
        #expect(lockDuringSwap == (syncs ? nil : second + "\n"))
        for log in ["HEAD", "main"] {
            #expect(try git("reflog", "-1", "--format=%H %gs", log, in: home.path).stdout == "\(first) alog: back\n")
        }
        #expect(try git("fsck", "--strict", in: home.path).succeeded)
        // A stale expectation or a held lock changes nothing.
        #expect(throws: LooseRefUpdate.Refusal.moved) { try update.move(from: second, to: first, reflog: nil) }
        try writeFile(gitDirectory + "refs/heads/main.lock", "")
        #expect(throws: LooseRefUpdate.Refusal.locked) { try update.move(from: first, to: second, reflog: nil) }
        #expect(try revision("main") == first)
    }
}
