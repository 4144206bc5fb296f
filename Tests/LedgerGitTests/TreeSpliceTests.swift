import LedgerGit
import TestSupport
import Testing

/// `Repository.splicedTree` (a tree's files replaced or added on its bytes) against
/// `TreeBuilder`, which it stands in for: the same tree id for every generated tree and edit,
/// and nil (the builder's turn) where it does not apply.
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
