import CLibGit2
package import LedgerGitFiles
import LedgerSystem

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

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
    /// already in the repository (a commit's files, say), under `.git/index.lock` held by the
    /// caller (`IndexPatch.lock`): the entries are patched into the lock when `patch` can (a
    /// fraction of a libgit2 index round trip), else staged by libgit2 in a private
    /// copy of the index (`withPrivateIndex`) that then goes into the lock. `beforeRename` runs
    /// with the new index in the lock, right before it replaces the index; what it throws is
    /// thrown here, the index left as it was and the lock still held: the caller puts back what
    /// it wrote for the index before it lets the lock go (a git command waiting for the lock
    /// must not see it).
    package func restageFiles(
        _ files: [(path: String, blob: ObjectID)], holding lock: IndexPatch.HeldLock, patch: IndexPatch,
        privateIndex: String, whileLocked: () -> Void = {}, beforeRename: () throws -> Void = {}
    ) throws {
        var stopped: (any Error)?
        var reached = false
        let patched = patch.restage(
            files.map { ($0.path, $0.blob.bytes) }, holding: lock, whileLocked: whileLocked,
            beforeRename: {
                reached = true
                do {
                    try beforeRename()
                    return true
                } catch {
                    stopped = error
                    return false
                }
            })
        if patched { return }
        if let stopped { throw stopped }
        if reached { throw FileSystem.Failure(path: gitDirectory + "index", operation: "rename", code: EIO) }
        try withPrivateIndex(at: privateIndex, writingInto: lock, beforeRename: beforeRename) {
            try stageFiles(files.map(\.path))
        }
    }

    /// Runs `body` with this repository's libgit2 index replaced by a private copy of
    /// `.git/index` at `privatePath`, then puts what `body` made of the copy in the index's
    /// place through `lock` (`.git/index.lock`, held by the caller), running `beforeRename`
    /// right before. Every libgit2 step in `body` that writes the index (staging, a checkout)
    /// writes the copy instead, so none of them needs the lock the caller holds. When `body`
    /// or `beforeRename` throws, the index is left as it was and the lock is still held (it
    /// goes with the last reference to it).
    package func withPrivateIndex<T>(
        at privatePath: String, writingInto lock: IndexPatch.HeldLock, beforeRename: () throws -> Void = {},
        _ body: () throws -> T
    ) throws -> T {
        unlink(privatePath + ".lock")
        do {
            if let bytes = try FileSystem.read(gitDirectory + "index") {
                try FileSystem.overwrite(privatePath, bytes)
            } else {
                unlink(privatePath)
            }
        }
        defer { unlink(privatePath) }
        var index: OpaquePointer?
        try check(git_index_open(&index, privatePath), "git_index_open")
        git_repository_set_index(pointer, index)
        _ = git_index_set_caps(index, GIT_INDEX_CAPABILITY_FROM_OWNER.rawValue)
        defer {
            git_repository_set_index(pointer, nil)
            git_index_free(index)
        }
        let result = try body()
        guard let bytes = try FileSystem.read(privatePath) else {
            try beforeRename()
            lock.release()
            return result
        }
        try lock.replaceIndex(with: bytes, gitDirectory: gitDirectory, beforeRename: beforeRename)
        return result
    }
}
