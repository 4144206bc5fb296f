import CLibGit2

/// What a commit records.
package struct CommitInfo: Sendable, Equatable {
    package var id: ObjectID
    package var tree: ObjectID
    package var parents: [ObjectID]
    package var author: Signature
    package var committer: Signature
    package var message: String
}

extension Repository {
    /// Creates a commit object without moving any reference; move the branch afterwards with
    /// `updateReference(_:to:expecting:message:)` so the update can be a compare-and-swap.
    package func createCommit(
        tree: ObjectID, parents parentIDs: [ObjectID], author: Signature, committer: Signature,
        message: String
    ) throws -> ObjectID {
        var treeOID = tree.raw
        var treeHandle: OpaquePointer?
        try check(git_tree_lookup(&treeHandle, pointer, &treeOID), "git_tree_lookup")
        defer { git_tree_free(treeHandle) }

        var parents: [OpaquePointer?] = []
        defer { parents.forEach { git_commit_free($0) } }
        for parentID in parentIDs {
            var oid = parentID.raw
            var parent: OpaquePointer?
            try check(git_commit_lookup(&parent, pointer, &oid), "git_commit_lookup")
            parents.append(parent)
        }

        var result = git_oid()
        _ = try author.withGitSignature { authorSig in
            try committer.withGitSignature { committerSig in
                try checkObjectWrite("git_commit_create") {
                    git_commit_create(
                        &result, pointer, nil, authorSig, committerSig, nil, message, treeHandle, parents.count,
                        &parents)
                }
            }
        }
        return ObjectID(result)
    }

    /// Reads a commit.
    package func commit(_ id: ObjectID) throws -> CommitInfo {
        var oid = id.raw
        var handle: OpaquePointer?
        try check(git_commit_lookup(&handle, pointer, &oid), "git_commit_lookup")
        defer { git_commit_free(handle) }
        let parentCount = git_commit_parentcount(handle)
        var parents: [ObjectID] = []
        for index in 0..<parentCount {
            if let parent = git_commit_parent_id(handle, index) { parents.append(ObjectID(parent)) }
        }
        return CommitInfo(
            id: id,
            tree: ObjectID(git_commit_tree_id(handle)),
            parents: parents,
            author: Signature(git_commit_author(handle)),
            committer: Signature(git_commit_committer(handle)),
            message: git_commit_message(handle).map { String(cString: $0) } ?? "")
    }
}
