import CLibGit2

extension Repository {
    /// Brings the index entries of `paths` (relative to the working tree) in line with the files
    /// on disk, and nothing else: every other entry, staged or not, stays exactly as it was.
    public func stageFiles(_ paths: [String]) throws {
        var index: OpaquePointer?
        try check(git_repository_index(&index, pointer), "git_repository_index")
        defer { git_index_free(index) }
        try check(git_index_read(index, 0), "git_index_read")
        for path in paths {
            try check(git_index_add_bypath(index, path), "git_index_add_bypath")
        }
        try check(git_index_write(index), "git_index_write")
    }
}
