import CLibGit2

extension Repository {
    /// Brings the working tree and index copies of `paths` from `baseline` (the tree they are
    /// believed to match; nil = empty) to `tree`. Every other path is left alone.
    ///
    /// Safe mode (the default) never overwrites or removes a file whose content differs from
    /// `baseline`, such as a note the user is editing: it then changes nothing at all and throws
    /// `GitError` with code `.conflict` listing those paths. `force` overwrites them.
    /// `dryRun` only checks.
    package func checkout(
        tree: ObjectID, baseline: ObjectID?, paths: [String], force: Bool = false, dryRun: Bool = false
    ) throws {
        guard !paths.isEmpty else { return }
        var target: OpaquePointer?
        var baselineTree: OpaquePointer?
        defer {
            git_tree_free(target)
            git_tree_free(baselineTree)
        }
        var targetOID = tree.raw
        try check(git_tree_lookup(&target, pointer, &targetOID), "git_tree_lookup")
        if var oid = baseline?.raw { try check(git_tree_lookup(&baselineTree, pointer, &oid), "git_tree_lookup") }

        var options = git_checkout_options()
        try check(
            git_checkout_options_init(&options, UInt32(GIT_CHECKOUT_OPTIONS_VERSION)), "git_checkout_options_init")
        var strategy = force ? GIT_CHECKOUT_FORCE.rawValue : GIT_CHECKOUT_SAFE.rawValue
        strategy |= GIT_CHECKOUT_DISABLE_PATHSPEC_MATCH.rawValue
        if dryRun { strategy |= GIT_CHECKOUT_DRY_RUN.rawValue }
        options.checkout_strategy = strategy
        options.baseline = baselineTree
        final class Conflicts { var paths: [String] = [] }
        let conflicts = Conflicts()
        options.notify_flags = GIT_CHECKOUT_NOTIFY_CONFLICT.rawValue
        options.notify_payload = Unmanaged.passUnretained(conflicts).toOpaque()
        options.notify_cb = { _, path, _, _, _, payload in
            if let path {
                Unmanaged<Conflicts>.fromOpaque(payload!).takeUnretainedValue().paths.append(String(cString: path))
            }
            return 0
        }
        let rc = withExtendedLifetime(conflicts) {
            withStringArray(paths) { pathspec in
                options.paths = pathspec
                return git_checkout_tree(pointer, target, &options)
            }
        }
        if rc < 0 {
            if !conflicts.paths.isEmpty {
                throw GitError(
                    code: .conflict, message: conflicts.paths.joined(separator: "\n"), function: "git_checkout_tree",
                    rawCode: rc)
            }
            try check(rc, "git_checkout_tree")
        }
    }
}

extension Repository {
    /// Writes HEAD's whole tree into the working tree and index, overwriting what is there;
    /// for a fresh clone made with `checkout: false`.
    package func checkoutHead() throws {
        var options = git_checkout_options()
        try check(
            git_checkout_options_init(&options, UInt32(GIT_CHECKOUT_OPTIONS_VERSION)), "git_checkout_options_init")
        options.checkout_strategy = GIT_CHECKOUT_FORCE.rawValue
        try check(git_checkout_head(pointer, &options), "git_checkout_head")
    }
}
