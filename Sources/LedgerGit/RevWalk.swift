import CLibGit2

/// The order in which `walkCommits` visits history.
package enum WalkOrder: Sendable {
    /// Children before parents (newest first).
    case topological
    /// Parents before children (oldest first).
    case reverseTopological
}

extension Repository {
    /// Visits every commit reachable from `start` (excluding those reachable from `hiding`).
    /// Return false from `body` to stop early.
    package func walkCommits(
        from start: ObjectID, hiding: [ObjectID] = [], order: WalkOrder, _ body: (ObjectID) throws -> Bool
    ) throws {
        var walker: OpaquePointer?
        try check(git_revwalk_new(&walker, pointer), "git_revwalk_new")
        defer { git_revwalk_free(walker) }
        var mode = GIT_SORT_TOPOLOGICAL.rawValue
        if order == .reverseTopological { mode |= GIT_SORT_REVERSE.rawValue }
        try check(git_revwalk_sorting(walker, mode), "git_revwalk_sorting")
        var startOID = start.raw
        try check(git_revwalk_push(walker, &startOID), "git_revwalk_push")
        for hidden in hiding {
            var oid = hidden.raw
            try check(git_revwalk_hide(walker, &oid), "git_revwalk_hide")
        }
        var oid = git_oid()
        while true {
            let rc = git_revwalk_next(&oid, walker)
            if rc == GIT_ITEROVER.rawValue { return }
            try check(rc, "git_revwalk_next")
            if try !body(ObjectID(oid)) { return }
        }
    }

    /// True when `commit` has `ancestor` in its history (a commit is not its own descendant).
    package func isDescendant(_ commit: ObjectID, of ancestor: ObjectID) throws -> Bool {
        var a = commit.raw
        var b = ancestor.raw
        return try check(git_graph_descendant_of(pointer, &a, &b), "git_graph_descendant_of") == 1
    }
}
