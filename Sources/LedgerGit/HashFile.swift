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
        var oid = git_oid()
        try check(
            git_repository_hashfile(&oid, pointer, workingDirectory + path, GIT_OBJECT_BLOB, path),
            "git_repository_hashfile")
        return ObjectID(oid)
    }
}
