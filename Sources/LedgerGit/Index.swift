import CLibGit2
import LedgerGitFiles

extension Repository {
    /// Brings the index entries of `paths` (relative to the working tree) in line with the files
    /// on disk, and nothing else: every other entry, staged or not, stays exactly as it was.
    package func stageFiles(_ paths: [String]) throws {
        var index: OpaquePointer?
        try check(git_repository_index(&index, pointer), "git_repository_index")
        defer { git_index_free(index) }
        try check(git_index_read(index, 0), "git_index_read")
        for path in paths {
            try check(git_index_add_bypath(index, path), "git_index_add_bypath")
        }
        try check(git_index_write(index), "git_index_write")
    }

    /// `stageFiles` for working files the caller has just written with the content of blobs
    /// already in the repository (a commit's files, say). When the index already lists them,
    /// their entries are patched in place (`IndexPatch`), which costs a fraction of a libgit2
    /// index round trip; otherwise, or if a file no longer holds its blob, this is
    /// `stageFiles`. With a `claim`, the index lock of the patch is taken through it (see
    /// `IndexLockClaim`); `whileLocked` runs while that lock is held (a crash point for tests).
    /// With a `record` (a file of the caller's), the index written is remembered there, so the
    /// next patch of that very file need not hash it to check it (see `IndexPatch`).
    package func restageFiles(
        _ files: [(path: String, blob: ObjectID)], claim: IndexLockClaim? = nil, record: String? = nil,
        whileLocked: () -> Void = {}
    ) throws {
        if let workingDirectory,
            IndexPatch(
                gitDirectory: gitDirectory, workingDirectory: workingDirectory, claim: claim?.path, record: record
            )
            .restage(files.map { ($0.path, $0.blob.bytes) }, whileLocked: whileLocked)
        {
            return
        }
        try stageFiles(files.map(\.path))
    }
}
