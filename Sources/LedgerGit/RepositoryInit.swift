import CLibGit2

extension Repository {
    /// Creates a repository at `path` (creating missing directories) whose unborn HEAD points at
    /// `initialBranch`. libgit2 1.5.1's plain `git_repository_init` would always pick `master`.
    package static func create(at path: String, initialBranch: String = "main", bare: Bool = false) throws
        -> Repository
    {
        _ = LibGit2.ready
        var options = git_repository_init_options()
        try check(
            git_repository_init_options_init(&options, UInt32(GIT_REPOSITORY_INIT_OPTIONS_VERSION)),
            "git_repository_init_options_init")
        options.flags = GIT_REPOSITORY_INIT_MKPATH.rawValue
        if bare { options.flags |= GIT_REPOSITORY_INIT_BARE.rawValue }
        var repo: OpaquePointer?
        try initialBranch.withCString { branch in
            options.initial_head = branch
            try check(git_repository_init_ext(&repo, path, &options), "git_repository_init_ext")
        }
        return Repository(pointer: repo!)
    }
}
