import CLibGit2

/// Builds a new tree object from an optional base tree. Owns its `git_treebuilder` handle.
package final class TreeBuilder {
    private let builder: OpaquePointer
    private let repository: Repository

    package init(repository: Repository, base: ObjectID?) throws {
        self.repository = repository
        var baseTree: OpaquePointer?
        if var oid = base?.raw {
            try check(git_tree_lookup(&baseTree, repository.pointer, &oid), "git_tree_lookup")
        }
        defer { git_tree_free(baseTree) }
        var handle: OpaquePointer?
        try check(git_treebuilder_new(&handle, repository.pointer, baseTree), "git_treebuilder_new")
        builder = handle!
    }

    deinit { git_treebuilder_free(builder) }

    /// Adds or replaces an entry. `fileMode` 0o100644 for a file, 0o040000 for a tree.
    package func insert(_ name: String, id: ObjectID, fileMode: UInt32) throws {
        var oid = id.raw
        try check(
            git_treebuilder_insert(nil, builder, name, &oid, git_filemode_t(rawValue: fileMode)),
            "git_treebuilder_insert")
    }

    /// Removes an entry if present.
    package func remove(_ name: String) throws {
        let rc = git_treebuilder_remove(builder, name)
        if rc == GIT_ENOTFOUND.rawValue { return }
        try check(rc, "git_treebuilder_remove")
    }

    /// The entry currently named `name`, if any.
    package func entry(_ name: String) -> TreeEntry? {
        git_treebuilder_get(builder, name).map { Repository.makeEntry($0) }
    }

    /// True when the tree being built has no entries.
    package var isEmpty: Bool { git_treebuilder_entrycount(builder) == 0 }

    /// Writes the tree and returns its id.
    package func write() throws -> ObjectID {
        var oid = git_oid()
        try checkObjectWrite("git_treebuilder_write") { git_treebuilder_write(&oid, builder) }
        return ObjectID(oid)
    }
}

package let fileModeBlob: UInt32 = 0o100644
package let fileModeTree: UInt32 = 0o040000
package let fileModeSymlink: UInt32 = 0o120000

/// One change to a tree: the file at `path` (components, e.g. `["a", "b", "c.txt"]`) becomes
/// the blob `id` with `fileMode`, or is removed when `id` is nil.
package struct TreeEdit: Sendable {
    package var path: [String]
    package var id: ObjectID?
    package var fileMode: UInt32

    package init(path: [String], id: ObjectID?, fileMode: UInt32 = fileModeBlob) {
        self.path = path
        self.id = id
        self.fileMode = fileMode
    }
}

extension Repository {
    /// Returns a new root tree equal to `root` except that each file in `files` is set to its
    /// blob. Only the trees on those paths are rewritten, each once; every other subtree is
    /// shared with `root`.
    package func replacingFiles(_ files: [(path: [String], blob: ObjectID)], in root: ObjectID?) throws -> ObjectID {
        try editingTree(root, files.map { TreeEdit(path: $0.path, id: $0.blob) })
    }

    /// Applies `edits` to `root` (nil = the empty tree) and returns the new root tree. Trees
    /// left empty by removals disappear, as git does not record empty directories. Only the
    /// trees on the edited paths are rewritten.
    package func editingTree(_ root: ObjectID?, _ edits: [TreeEdit]) throws -> ObjectID {
        try editedSubtree(root, edits) ?? TreeBuilder(repository: self, base: nil).write()
    }

    private func editedSubtree(_ root: ObjectID?, _ edits: [TreeEdit]) throws -> ObjectID? {
        // Files of this tree itself set to blobs: on the tree's bytes (`splicedTree`).
        if let root, let spliced = try splicedTree(root, edits) { return spliced }
        let builder = try TreeBuilder(repository: self, base: root)
        var subdirectories: [String: [TreeEdit]] = [:]
        var order: [String] = []
        for edit in edits {
            precondition(!edit.path.isEmpty, "empty path")
            if edit.path.count == 1 {
                if let id = edit.id {
                    try builder.insert(edit.path[0], id: id, fileMode: edit.fileMode)
                } else {
                    try builder.remove(edit.path[0])
                }
            } else {
                if subdirectories[edit.path[0]] == nil { order.append(edit.path[0]) }
                var nested = edit
                nested.path.removeFirst()
                subdirectories[edit.path[0], default: []].append(nested)
            }
        }
        for name in order {
            let existing = builder.entry(name)
            let subtree = existing?.kind == .tree ? existing?.id : nil
            if let newSubtree = try editedSubtree(subtree, subdirectories[name]!) {
                try builder.insert(name, id: newSubtree, fileMode: fileModeTree)
            } else {
                try builder.remove(name)
            }
        }
        return builder.isEmpty ? nil : try builder.write()
    }
}
