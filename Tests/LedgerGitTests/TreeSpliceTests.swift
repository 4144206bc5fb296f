import LedgerGit
import LedgerGitFiles
import TestSupport
import Testing

/// `Repository.splicedTree` (a tree's files replaced or added on its bytes) and `RawTree` (the
/// editor under it, which the front's `log` uses for every level of its path) against libgit2's
/// `TreeBuilder`, which they stand in for: the same tree id for every generated tree and edit,
/// and nil (the builder's turn, or `alog-full`'s for the front) where they do not apply.
@Suite("Trees edited on their bytes")
struct TreeSpliceTests {
    /// Names that sort around one another in git's order (a folder's as if it ended in `/`).
    static let names = [
        "a", "a.md", "a-b", "a_b", "a0", "ab", "b", "2026-11-25.md", "2026-11-25", "2026-11-26.md", "z", "Z", "foo",
        "foo.md", "foo-bar", "foo0", "x.jsonl",
    ]

    @Test("every generated tree and edit: the id TreeBuilder writes")
    func matchesTreeBuilder() throws {
        let dir = TemporaryDirectory()
        let repo = try Repository.create(at: dir.path, initialBranch: "main")
        var generator = SplitMix(state: 24)
        let blobs = try (0..<8).map { try repo.writeBlob(Array("blob \($0)\n".utf8)) }
        let folder = try {
            let builder = try TreeBuilder(repository: repo, base: nil)
            try builder.insert("inner.md", id: blobs[0], fileMode: fileModeBlob)
            return try builder.write()
        }()
        var spliced = 0
        for _ in 0..<300 {
            // A base tree of files and folders.
            let builder = try TreeBuilder(repository: repo, base: nil)
            var folders = Set<String>()
            for name in Self.names.shuffled(using: &generator).prefix(Int.random(in: 1...12, using: &generator)) {
                if Int.random(in: 0..<4, using: &generator) == 0 {
                    folders.insert(name)
                    try builder.insert(name, id: folder, fileMode: fileModeTree)
                } else {
                    let mode = Bool.random(using: &generator) ? fileModeBlob : 0o100755
                    try builder.insert(name, id: blobs.randomElement(using: &generator)!, fileMode: mode)
                }
            }
            let base = try builder.write()
            // Files set: some there already, some new.
            var edits: [TreeEdit] = []
            for name in Self.names.shuffled(using: &generator).prefix(Int.random(in: 1...3, using: &generator)) {
                let mode = Int.random(in: 0..<4, using: &generator) == 0 ? 0o100755 : fileModeBlob
                edits.append(TreeEdit(path: [name], id: blobs.randomElement(using: &generator)!, fileMode: mode))
            }
            let expected = try {
                let builder = try TreeBuilder(repository: repo, base: base)
                for edit in edits { try builder.insert(edit.path[0], id: edit.id!, fileMode: edit.fileMode) }
                return try builder.write()
            }()
            let result = try repo.splicedTree(base, edits)
            if edits.contains(where: { folders.contains($0.path[0]) }) {
                #expect(result == nil)
            } else {
                #expect(result == expected)
                spliced += 1
            }
            #expect(try repo.editingTree(base, edits) == expected)
        }
        #expect(spliced > 150)
    }

    @Test("RawTree on generated trees of files and folders, dotted and non-ASCII names: libgit2's ids")
    func rawTreeMatchesTreeBuilder() throws {
        let dir = TemporaryDirectory()
        let repo = try Repository.create(at: dir.path, initialBranch: "main")
        var generator = SplitMix(state: 46)
        let blobs = try (0..<8).map { try repo.writeBlob(Array("blob \($0)\n".utf8)) }
        let folders = try (0..<3).map { n in
            let builder = try TreeBuilder(repository: repo, base: nil)
            try builder.insert("inner-\(n).md", id: blobs[n], fileMode: fileModeBlob)
            return try builder.write()
        }
        func bytes(_ id: ObjectID) -> [UInt8] { id.bytes }
        func mode(_ mode: UInt32) -> [UInt8] { Array(String(mode, radix: 8).utf8) }
        let names = Self.names + [".alog", ".obsidian", "é.md", "2026-11-25.2.jsonl", "11"]
        var (edited, refused) = (0, 0)
        for _ in 0..<300 {
            // The same entries through both, in the same random order.
            let builder = try TreeBuilder(repository: repo, base: nil)
            var raw = RawTree([])
            var isFolder: [String: Bool] = [:]
            for name in names.shuffled(using: &generator).prefix(Int.random(in: 1...12, using: &generator)) {
                let folder = Int.random(in: 0..<3, using: &generator) == 0
                let (id, fileMode) =
                    folder
                    ? (folders.randomElement(using: &generator)!, fileModeTree)
                    : (
                        blobs.randomElement(using: &generator)!,
                        Bool.random(using: &generator) ? fileModeBlob : 0o100755
                    )
                try builder.insert(name, id: id, fileMode: fileMode)
                raw = try #require(raw.setting(Array(name.utf8), mode: mode(fileMode), id: bytes(id)))
                isFolder[name] = folder
            }
            let base = try builder.write()
            #expect(ObjectHash.hex(ObjectHash.id(type: "tree", raw.bytes)) == base.hex)
            // One entry set, as the front sets each level of its path: a file or a folder, new
            // or replacing one of its kind.
            let name = names.randomElement(using: &generator)!
            let folder = Bool.random(using: &generator)
            let (id, fileMode) =
                folder
                ? (folders.randomElement(using: &generator)!, fileModeTree)
                : (blobs.randomElement(using: &generator)!, fileModeBlob)
            let result = raw.setting(Array(name.utf8), mode: mode(fileMode), id: bytes(id))
            if let kind = isFolder[name], kind != folder {
                #expect(result == nil, "a file where a folder is, or the reverse: the front hands over")
                refused += 1
                continue
            }
            let expected = try TreeBuilder(repository: repo, base: base)
            try expected.insert(name, id: id, fileMode: fileMode)
            let edit = try #require(result)
            #expect(ObjectHash.hex(ObjectHash.id(type: "tree", edit.bytes)) == (try expected.write()).hex)
            edited += 1
        }
        #expect(edited > 200 && refused > 5)
        // Trees libgit2 would write otherwise are refused: a zero-padded folder mode, a group-
        // writable file mode, entries out of order.
        let blob = bytes(blobs[0])
        for tree in [
            Array("040000 a\0".utf8) + blob, Array("100664 a\0".utf8) + blob,
            Array("100644 b\0".utf8) + blob + Array("100644 a\0".utf8) + blob,
        ] {
            #expect(RawTree(tree).setting(Array("c".utf8), mode: mode(fileModeBlob), id: blob) == nil)
        }
    }

    @Test("not for it: a path with a folder, a removal, a name that is not plain, a mode")
    func refuses() throws {
        let dir = TemporaryDirectory()
        let repo = try Repository.create(at: dir.path, initialBranch: "main")
        let blob = try repo.writeBlob(Array("x\n".utf8))
        let base = try repo.replacingFiles([(["a.md"], blob)], in: nil)
        #expect(try repo.splicedTree(base, [TreeEdit(path: ["d", "a.md"], id: blob)]) == nil)
        #expect(try repo.splicedTree(base, [TreeEdit(path: ["a.md"], id: nil)]) == nil)
        #expect(try repo.splicedTree(base, [TreeEdit(path: [".git"], id: blob)]) == nil)
        #expect(try repo.splicedTree(base, [TreeEdit(path: ["é.md"], id: blob)]) == nil)
        #expect(try repo.splicedTree(base, [TreeEdit(path: ["l"], id: blob, fileMode: fileModeSymlink)]) == nil)
        #expect(try repo.splicedTree(base, [TreeEdit(path: ["b.md"], id: blob)]) != nil)
    }
}
