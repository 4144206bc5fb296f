import CLibGit2

/// Where HEAD points.
package struct Head: Sendable, Equatable {
    /// The branch HEAD names, e.g. `refs/heads/main`; nil when HEAD is detached.
    package var branch: String?
    /// The commit HEAD resolves to; nil on an unborn branch (a repository with no commit yet).
    package var commit: ObjectID?
}

extension Repository {
    /// Resolves HEAD without failing on an unborn branch.
    package func head() throws -> Head {
        var ref: OpaquePointer?
        try check(git_reference_lookup(&ref, pointer, "HEAD"), "git_reference_lookup")
        defer { git_reference_free(ref) }
        if git_reference_type(ref) == GIT_REFERENCE_SYMBOLIC {
            let branch = String(cString: git_reference_symbolic_target(ref))
            return Head(branch: branch, commit: try referenceTarget(branch))
        }
        return Head(branch: nil, commit: git_reference_target(ref).map { ObjectID($0) })
    }

    /// The commit a reference resolves to, or nil when it does not exist.
    package func referenceTarget(_ name: String) throws -> ObjectID? {
        var oid = git_oid()
        let rc = git_reference_name_to_id(&oid, pointer, name)
        if rc == GIT_ENOTFOUND.rawValue { return nil }
        try check(rc, "git_reference_name_to_id")
        return ObjectID(oid)
    }

    /// Moves (or creates) reference `name` to `new`, but only if it still points at `expected`
    /// (nil: only if it does not exist yet). Throws `GitError` with code `.modified` when another
    /// writer moved it meanwhile, so the caller can rebuild on top and retry.
    package func updateReference(_ name: String, to new: ObjectID, expecting expected: ObjectID?, message: String)
        throws
    {
        var newOID = new.raw
        var ref: OpaquePointer?
        defer { git_reference_free(ref) }
        if var expectedOID = expected?.raw {
            let rc = git_reference_create_matching(&ref, pointer, name, &newOID, 1, &expectedOID, message)
            if rc == GIT_EMODIFIED.rawValue || rc == GIT_ENOTFOUND.rawValue {
                throw GitError(
                    code: .modified, message: "\(name) no longer points at \(expected!.hex)",
                    function: "git_reference_create_matching", rawCode: rc)
            }
            try check(rc, "git_reference_create_matching")
        } else {
            let rc = git_reference_create(&ref, pointer, name, &newOID, 0, message)
            if rc == GIT_EEXISTS.rawValue {
                throw GitError(
                    code: .modified, message: "\(name) was created by another writer",
                    function: "git_reference_create", rawCode: rc)
            }
            try check(rc, "git_reference_create")
        }
    }
}

extension Repository {
    /// Deletes reference `name`; a missing reference is not an error.
    package func deleteReference(_ name: String) throws {
        var ref: OpaquePointer?
        let rc = git_reference_lookup(&ref, pointer, name)
        if rc == GIT_ENOTFOUND.rawValue { return }
        try check(rc, "git_reference_lookup")
        defer { git_reference_free(ref) }
        try check(git_reference_delete(ref), "git_reference_delete")
    }

    /// Points HEAD at branch `name` (e.g. `refs/heads/main`), which need not exist yet.
    package func setHead(branch name: String) throws {
        try check(git_repository_set_head(pointer, name), "git_repository_set_head")
    }
}

extension Repository {
    /// Points reference `name` at `target` unconditionally (creating it if needed); for
    /// bookkeeping references no other writer competes for.
    package func setReference(_ name: String, to target: ObjectID, message: String) throws {
        var oid = target.raw
        var ref: OpaquePointer?
        try check(git_reference_create(&ref, pointer, name, &oid, 1, message), "git_reference_create")
        git_reference_free(ref)
    }
}
