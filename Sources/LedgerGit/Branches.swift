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

extension Repository {
    /// The branch HEAD was on before the latest checkout that left one (git's `@{-1}` when it
    /// names a branch): the newest "checkout: moving from X to …" of HEAD's reflog whose X is
    /// a local branch that still exists, as a full name. Nil when there is none.
    package func branchCheckedOutBefore() throws -> String? {
        var reflog: OpaquePointer?
        try check(git_reflog_read(&reflog, pointer, "HEAD"), "git_reflog_read")
        defer { git_reflog_free(reflog) }
        let prefix = "checkout: moving from "
        for index in 0..<git_reflog_entrycount(reflog) {
            guard let entry = git_reflog_entry_byindex(reflog, index), let text = git_reflog_entry_message(entry)
            else { continue }
            let message = String(cString: text)
            guard message.hasPrefix(prefix) else { continue }
            let rest = message.dropFirst(prefix.count)
            guard let to = rest.firstRange(of: " to ") else { continue }
            let name = "refs/heads/" + rest[..<to.lowerBound]
            if case .some(.some) = try? referenceTarget(name) { return name }
        }
        return nil
    }
}
