import CLibGit2

/// One file that differs between two trees.
public struct TreeChange: Sendable, Equatable {
    public enum Status: Sendable, Equatable {
        case added, deleted, modified, other
    }
    public var path: String
    public var status: Status
    /// The blob before (nil when added).
    public var oldID: ObjectID?
    /// The blob after (nil when deleted).
    public var newID: ObjectID?
    /// The git file modes before and after (0 when absent), e.g. 0o100644, 0o100755, 0o120000.
    public var oldMode: UInt32 = 0
    public var newMode: UInt32 = 0
}

extension Repository {
    /// The files that differ between two trees (nil = the empty tree), limited to `paths`
    /// (git pathspecs; empty = everything). Identical subtrees are skipped by id, so the cost
    /// grows with what changed, not with the size of the trees. No blob content is read.
    public func diffTrees(_ old: ObjectID?, _ new: ObjectID?, paths: [String] = []) throws -> [TreeChange] {
        var oldTree: OpaquePointer?
        var newTree: OpaquePointer?
        defer {
            git_tree_free(oldTree)
            git_tree_free(newTree)
        }
        if var oid = old?.raw { try check(git_tree_lookup(&oldTree, pointer, &oid), "git_tree_lookup") }
        if var oid = new?.raw { try check(git_tree_lookup(&newTree, pointer, &oid), "git_tree_lookup") }

        var options = git_diff_options()
        try check(git_diff_options_init(&options, UInt32(GIT_DIFF_OPTIONS_VERSION)), "git_diff_options_init")
        options.flags = GIT_DIFF_SKIP_BINARY_CHECK.rawValue

        var diff: OpaquePointer?
        try withStringArray(paths) { pathspec in
            options.pathspec = pathspec
            try check(git_diff_tree_to_tree(&diff, pointer, oldTree, newTree, &options), "git_diff_tree_to_tree")
        }
        defer { git_diff_free(diff) }

        let count = git_diff_num_deltas(diff)
        var changes: [TreeChange] = []
        changes.reserveCapacity(count)
        for index in 0..<count {
            guard let delta = git_diff_get_delta(diff, index)?.pointee else { continue }
            let status: TreeChange.Status =
                switch delta.status {
                case GIT_DELTA_ADDED: .added
                case GIT_DELTA_DELETED: .deleted
                case GIT_DELTA_MODIFIED: .modified
                default: .other
                }
            let path = String(cString: (delta.new_file.path ?? delta.old_file.path)!)
            changes.append(
                TreeChange(
                    path: path, status: status,
                    oldID: status == .added ? nil : ObjectID(delta.old_file.id),
                    newID: status == .deleted ? nil : ObjectID(delta.new_file.id),
                    oldMode: status == .added ? 0 : UInt32(delta.old_file.mode),
                    newMode: status == .deleted ? 0 : UInt32(delta.new_file.mode)))
        }
        return changes
    }
}
