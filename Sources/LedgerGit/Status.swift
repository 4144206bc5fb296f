import CLibGit2

extension Repository {
    /// The working tree's paths that differ from HEAD — staged, changed or untracked, but not
    /// ignored — as `git status` lists them (untracked folders recursed), sorted.
    public func changedPaths() throws -> [String] {
        var options = git_status_options()
        try check(git_status_options_init(&options, 1), "git_status_options_init")
        options.show = GIT_STATUS_SHOW_INDEX_AND_WORKDIR
        options.flags = GIT_STATUS_OPT_INCLUDE_UNTRACKED.rawValue | GIT_STATUS_OPT_RECURSE_UNTRACKED_DIRS.rawValue
        var list: OpaquePointer?
        try check(git_status_list_new(&list, pointer, &options), "git_status_list_new")
        defer { git_status_list_free(list) }
        var paths: Set<String> = []
        for index in 0..<git_status_list_entrycount(list) {
            guard let entry = git_status_byindex(list, index)?.pointee else { continue }
            for delta in [entry.head_to_index, entry.index_to_workdir] {
                guard let file = delta?.pointee, let path = file.new_file.path ?? file.old_file.path else { continue }
                paths.insert(String(cString: path))
            }
        }
        return paths.sorted()
    }
}
