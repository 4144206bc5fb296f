import CLibGit2

extension Repository {
    /// The best common ancestor of two commits, or nil when their histories are unrelated.
    package func mergeBase(_ one: ObjectID, _ two: ObjectID) throws -> ObjectID? {
        var result = git_oid()
        var a = one.raw
        var b = two.raw
        let rc = git_merge_base(&result, pointer, &a, &b)
        if rc == GIT_ENOTFOUND.rawValue { return nil }
        try check(rc, "git_merge_base")
        return ObjectID(result)
    }
}
