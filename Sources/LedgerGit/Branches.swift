import CLibGit2

extension Repository {
    /// The local branches (`refs/heads/…`, full names) and the commits they are on; a branch
    /// that does not resolve to a commit (a symbolic one, say) is left out.
    package func localBranches() throws -> [(name: String, commit: ObjectID)] {
        var iterator: OpaquePointer?
        try check(git_branch_iterator_new(&iterator, pointer, GIT_BRANCH_LOCAL), "git_branch_iterator_new")
        defer { git_branch_iterator_free(iterator) }
        var branches: [(name: String, commit: ObjectID)] = []
        while true {
            var reference: OpaquePointer?
            var type = GIT_BRANCH_LOCAL
            let rc = git_branch_next(&reference, &type, iterator)
            if rc == GIT_ITEROVER.rawValue { break }
            try check(rc, "git_branch_next")
            defer { git_reference_free(reference) }
            guard git_reference_type(reference) == GIT_REFERENCE_DIRECT, let target = git_reference_target(reference)
            else { continue }
            branches.append((String(cString: git_reference_name(reference)), ObjectID(target)))
        }
        return branches.sorted { $0.name < $1.name }
    }
}
