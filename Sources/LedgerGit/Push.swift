import CLibGit2

extension Repository {
    /// Uploads to remote `name` per `refspecs` (e.g. `refs/heads/main:refs/heads/main`, never
    /// forced). Throws `GitError` with code `.nonFastForward` when the server refused an update
    /// because the remote branch moved on (another device pushed first).
    package func push(remote name: String, refspecs: [String], options: TransferOptions = TransferOptions()) throws {
        let context = TransferContext(options)
        try withExtendedLifetime(context) {
            try withRemote(name) { remote in
                var pushOptions = git_push_options()
                try check(
                    git_push_options_init(&pushOptions, UInt32(GIT_PUSH_OPTIONS_VERSION)), "git_push_options_init")
                context.fill(&pushOptions.callbacks)
                let rc = withStringArray(refspecs) { specs in git_remote_push(remote, &specs, &pushOptions) }
                if rc < 0 {
                    let error = context.error(rc, "git_remote_push")
                    if error.code == .nonFastForward || error.message.contains("fast-forward") {
                        throw GitError(
                            code: .nonFastForward, message: error.message, function: "git_remote_push", rawCode: rc)
                    }
                    throw error
                }
            }
        }
        if let (reference, reason) = context.rejected.first {
            throw GitError(
                code: .nonFastForward, message: "the remote refused to update \(reference): \(reason)",
                function: "git_remote_push")
        }
    }
}
