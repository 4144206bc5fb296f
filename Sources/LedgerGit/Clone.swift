import CLibGit2

extension Repository {
    /// Clones `url` into `path` (which must not exist or be empty) and, when `checkout` is
    /// true, checks out the remote's default branch (else call `checkoutHead()` once the
    /// content has been vetted). An empty remote gives a repository with an unborn branch.
    package static func clone(
        url: String, into path: String, checkout: Bool = true, options: TransferOptions = TransferOptions()
    ) throws -> Repository {
        _ = LibGit2.ready
        let context = TransferContext(options)
        return try withExtendedLifetime(context) {
            var cloneOptions = git_clone_options()
            try check(
                git_clone_options_init(&cloneOptions, UInt32(GIT_CLONE_OPTIONS_VERSION)), "git_clone_options_init")
            context.fill(&cloneOptions.fetch_opts.callbacks)
            cloneOptions.fetch_opts.download_tags = GIT_REMOTE_DOWNLOAD_TAGS_NONE
            cloneOptions.checkout_opts.checkout_strategy =
                checkout ? GIT_CHECKOUT_SAFE.rawValue : GIT_CHECKOUT_NONE.rawValue
            var repo: OpaquePointer?
            let rc = git_clone(&repo, url, path, &cloneOptions)
            if rc < 0 { throw context.error(rc, "git_clone") }
            return Repository(pointer: repo!)
        }
    }
}
