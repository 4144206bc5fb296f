import CLibGit2
import LedgerGitFiles

extension Repository {
    /// `edits`, each a file of this tree itself set to a blob, applied to the tree `base` on
    /// its bytes: an entry found by name gets its new id, a new one goes where git's order
    /// puts it, every other byte is kept. The tree `TreeBuilder` writes for the same edits,
    /// without parsing every entry into libgit2's structures, sorting and printing them again
    /// (for the day notes' folder of ~1,100 notes, ~3 M instructions on every commit). The
    /// bytes are edited by `RawTree`, the one tree editor the front's `log` uses as well, so
    /// both writers' trees come from one piece of code, and this test of it against libgit2's
    /// builder covers both (`TreeSpliceTests`). nil when this is not that simple case (a name
    /// that is not plain, a mode git would write otherwise, entries out of order, a file where
    /// a folder is): then `TreeBuilder` does it.
    package func splicedTree(_ base: ObjectID, _ edits: [TreeEdit]) throws -> ObjectID? {
        // Plain arrays, no tuples or dictionaries: their generic types cost the runtime more to
        // instantiate, once a process, than this whole edit of a small tree.
        var names: [[UInt8]] = []
        for edit in edits {
            guard edit.path.count == 1, edit.id != nil, edit.fileMode == fileModeBlob || edit.fileMode == 0o100755,
                Self.isPlainName(edit.path[0])
            else { return nil }
            let name = Array(edit.path[0].utf8)
            guard !names.contains(name) else { return nil }
            names.append(name)
        }
        guard !names.isEmpty else { return nil }
        var odb: OpaquePointer?
        try check(git_repository_odb(&odb, pointer), "git_repository_odb")
        defer { git_odb_free(odb) }
        // A tree alog wrote itself is read back without libgit2's inflate (`LooseObjects`).
        if let stored = looseObjects?.readStored(base, type: "tree") {
            return try stored.withUnsafeBufferPointer { try spliced($0, names, edits, odb: odb) }
        }
        var oid = base.raw
        var object: OpaquePointer?
        try check(git_odb_read(&object, odb, &oid), "git_odb_read")
        defer { git_odb_object_free(object) }
        guard git_odb_object_type(object) == GIT_OBJECT_TREE, let start = git_odb_object_data(object) else {
            return nil
        }
        let data = UnsafeRawBufferPointer(start: start, count: git_odb_object_size(object)).bindMemory(to: UInt8.self)
        return try spliced(data, names, edits, odb: odb)
    }

    /// `splicedTree` on the base tree's bytes `data`, edited by `RawTree` (the front's editor
    /// too); `names` are the edits' names.
    private func spliced(
        _ data: UnsafeBufferPointer<UInt8>, _ names: [[UInt8]], _ edits: [TreeEdit], odb: OpaquePointer?
    ) throws -> ObjectID? {
        var tree = RawTree(Array(data))
        for (number, name) in names.enumerated() {
            let mode = Array(String(edits[number].fileMode, radix: 8).utf8)
            let id = edits[number].id!.bytes
            // A folder of that name (which sorts as `name/`) is TreeBuilder's to replace.
            guard let edited = tree.setting(name, mode: mode, id: id) else { return nil }
            tree = edited
        }
        if let looseObjects { return try looseObjects.write(tree.bytes, type: "tree") }
        var written = git_oid()
        _ = try tree.bytes.withUnsafeBytes { raw in
            try checkObjectWrite("git_odb_write") {
                git_odb_write(&written, odb, raw.baseAddress, raw.count, GIT_OBJECT_TREE)
            }
        }
        return ObjectID(written)
    }

    /// A name `TreeBuilder` takes as it is: letters, digits, `.`, `-` and `_`, not starting
    /// with `.` (no `.git`, `..`, nor a name some file system reads as another).
    static func isPlainName(_ name: String) -> Bool {
        guard let first = name.utf8.first, first != UInt8(ascii: ".") else { return false }
        return name.utf8.allSatisfy { byte in
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
        }
    }
}
