import CLibGit2

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension Repository {
    /// The blob id the working-tree file at `path` (relative to the working tree) would get if
    /// it were staged now, with the repository's filters applied; nil when there is no such file.
    package func hashWorkingFile(_ path: String) throws -> ObjectID? {
        guard let workingDirectory, access(workingDirectory + path, F_OK) == 0 else { return nil }
        // libgit2 reads a folder as a file and fails with "error reading file for hashing: Is
        // a directory", naming no path.
        var info = stat()
        if stat(workingDirectory + path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR {
            throw GitError(
                code: .other(GIT_EDIRECTORY.rawValue),
                message: "cannot hash '\(workingDirectory + path)': it is a directory",
                function: "git_repository_hashfile",
                rawCode: GIT_EDIRECTORY.rawValue, errorClass: Int32(bitPattern: GIT_ERROR_OS.rawValue))
        }
        var oid = git_oid()
        try check(
            git_repository_hashfile(&oid, pointer, workingDirectory + path, GIT_OBJECT_BLOB, path),
            "git_repository_hashfile")
        return ObjectID(oid)
    }
}
