import CLibGit2

extension Repository {
    /// Pushes `commit` to `reference` of another repository on this machine (a path or file://
    /// remote), as a true compare-and-swap: the reference moves only if it still points at
    /// `expected` (nil: only if it does not exist), else `GitError` with code `.nonFastForward`.
    ///
    /// libgit2's own local transport checks the remote reference when it connects but then
    /// overwrites it unconditionally, so two devices pushing at the same moment could drop one
    /// another's commits; this verb closes that window with the reference's lock file.
    package func pushToLocalRepository(
        at path: String, commit: ObjectID, reference: String, expecting expected: ObjectID?
    ) throws {
        let target = try Repository.open(at: path)
        var builder: OpaquePointer?
        try check(git_packbuilder_new(&builder, pointer), "git_packbuilder_new")
        defer { git_packbuilder_free(builder) }
        var walker: OpaquePointer?
        try check(git_revwalk_new(&walker, pointer), "git_revwalk_new")
        defer { git_revwalk_free(walker) }
        var start = commit.raw
        try check(git_revwalk_push(walker, &start), "git_revwalk_push")
        if var hidden = expected?.raw { try check(git_revwalk_hide(walker, &hidden), "git_revwalk_hide") }
        try check(git_packbuilder_insert_walk(builder, walker), "git_packbuilder_insert_walk")
        if git_packbuilder_object_count(builder) > 0 {
            try check(
                git_packbuilder_write(builder, target.gitDirectory + "objects/pack", 0, nil, nil),
                "git_packbuilder_write")
        }
        do {
            try target.updateReference(reference, to: commit, expecting: expected, message: "alog: push")
        } catch let error as GitError where error.code == .modified || error.code == .locked {
            throw GitError(
                code: .nonFastForward, message: "\(reference) moved on (or was being moved) at \(path) while we pushed",
                function: "git_reference_create_matching", rawCode: error.rawCode)
        }
    }
}
