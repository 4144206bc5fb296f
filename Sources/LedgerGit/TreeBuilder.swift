import CLibGit2

/// Builds a new tree object from an optional base tree. Owns its `git_treebuilder` handle.
public final class TreeBuilder {
    private let builder: OpaquePointer
    private let repository: Repository

    public init(repository: Repository, base: ObjectID?) throws {
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
    public func insert(_ name: String, id: ObjectID, fileMode: UInt32) throws {
        var oid = id.raw
        try check(
            git_treebuilder_insert(nil, builder, name, &oid, git_filemode_t(rawValue: fileMode)),
            "git_treebuilder_insert")
    }

    /// Removes an entry if present.
    public func remove(_ name: String) throws {
        let rc = git_treebuilder_remove(builder, name)
        if rc == GIT_ENOTFOUND.rawValue { return }
        try check(rc, "git_treebuilder_remove")
    }

    /// The entry currently named `name`, if any.
    public func entry(_ name: String) -> TreeEntry? {
        git_treebuilder_get(builder, name).map { Repository.makeEntry($0) }
    }

    /// Writes the tree and returns its id.
    public func write() throws -> ObjectID {
        var oid = git_oid()
        try check(git_treebuilder_write(&oid, builder), "git_treebuilder_write")
        return ObjectID(oid)
    }
}

public let fileModeBlob: UInt32 = 0o100644
public let fileModeTree: UInt32 = 0o040000

extension Repository {
    /// Returns a new root tree equal to `root` except that each file in `files` (path
    /// components, e.g. `["a", "b", "c.txt"]`) is set to its blob. Only the trees on those
    /// paths are rewritten, each once; every other subtree is shared with `root`.
    public func replacingFiles(_ files: [(path: [String], blob: ObjectID)], in root: ObjectID?) throws -> ObjectID {
        let builder = try TreeBuilder(repository: self, base: root)
        var subdirectories: [String: [(path: [String], blob: ObjectID)]] = [:]
        var order: [String] = []
        for file in files {
            precondition(!file.path.isEmpty, "empty path")
            if file.path.count == 1 {
                try builder.insert(file.path[0], id: file.blob, fileMode: fileModeBlob)
            } else {
                if subdirectories[file.path[0]] == nil { order.append(file.path[0]) }
                subdirectories[file.path[0], default: []].append((Array(file.path.dropFirst()), file.blob))
            }
        }
        for name in order {
            let existing = builder.entry(name)
            let subtree = existing?.kind == .tree ? existing?.id : nil
            let newSubtree = try replacingFiles(subdirectories[name]!, in: subtree)
            try builder.insert(name, id: newSubtree, fileMode: fileModeTree)
        }
        return try builder.write()
    }
}
