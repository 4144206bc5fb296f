import CLibGit2

extension Repository {
    /// Downloads from remote `name` the objects `refspecs` need and updates their destination
    /// references (e.g. `+refs/heads/main:refs/remotes/origin/main`). No tags are fetched. A
    /// source branch missing on the remote is not an error: its destination is left as it was.
    package func fetch(remote name: String, refspecs: [String], options: TransferOptions = TransferOptions()) throws {
        let context = TransferContext(options)
        try withExtendedLifetime(context) {
            try withRemote(name) { remote in
                var fetchOptions = git_fetch_options()
                try check(
                    git_fetch_options_init(&fetchOptions, UInt32(GIT_FETCH_OPTIONS_VERSION)), "git_fetch_options_init")
                context.fill(&fetchOptions.callbacks)
                fetchOptions.download_tags = GIT_REMOTE_DOWNLOAD_TAGS_NONE
                fetchOptions.prune = GIT_FETCH_NO_PRUNE
                let rc = withStringArray(refspecs) { specs in
                    git_remote_fetch(remote, &specs, &fetchOptions, "alog: fetch")
                }
                if rc < 0 { throw context.error(rc, "git_remote_fetch") }
            }
        }
    }
}
