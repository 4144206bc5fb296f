import CLibGit2

/// The kind of object a tree entry points at.
package enum ObjectKind: Sendable, Equatable {
    case blob
    case tree
    case commit
    case other

    init(_ type: git_object_t) {
        switch type {
        case GIT_OBJECT_BLOB: self = .blob
        case GIT_OBJECT_TREE: self = .tree
        case GIT_OBJECT_COMMIT: self = .commit
        default: self = .other
        }
    }
}

/// One entry of a tree object.
package struct TreeEntry: Sendable, Equatable {
    package var name: String
    package var id: ObjectID
    package var kind: ObjectKind
    /// The git file mode, e.g. 0o100644 for a file, 0o040000 for a tree.
    package var fileMode: UInt32
}

extension Repository {
    /// Lists a tree's entries in git's order.
    package func treeEntries(_ tree: ObjectID) throws -> [TreeEntry] {
        var oid = tree.raw
        var handle: OpaquePointer?
        try check(git_tree_lookup(&handle, pointer, &oid), "git_tree_lookup")
        defer { git_tree_free(handle) }
        let count = git_tree_entrycount(handle)
        var entries: [TreeEntry] = []
        entries.reserveCapacity(count)
        for index in 0..<count {
            guard let entry = git_tree_entry_byindex(handle, index) else { continue }
            entries.append(Self.makeEntry(entry))
        }
        return entries
    }

    /// The entry at a `/`-separated path below `tree`, or nil when there is none.
    package func treeEntry(atPath path: String, in tree: ObjectID) throws -> TreeEntry? {
        var oid = tree.raw
        var handle: OpaquePointer?
        try check(git_tree_lookup(&handle, pointer, &oid), "git_tree_lookup")
        defer { git_tree_free(handle) }
        var entry: OpaquePointer?
        let rc = git_tree_entry_bypath(&entry, handle, path)
        if rc == GIT_ENOTFOUND.rawValue { return nil }
        try check(rc, "git_tree_entry_bypath")
        defer { git_tree_entry_free(entry) }
        return Self.makeEntry(entry!)
    }

    static func makeEntry(_ entry: OpaquePointer) -> TreeEntry {
        TreeEntry(
            name: String(cString: git_tree_entry_name(entry)),
            id: ObjectID(git_tree_entry_id(entry)),
            kind: ObjectKind(git_tree_entry_type(entry)),
            fileMode: git_tree_entry_filemode(entry).rawValue)
    }
}
