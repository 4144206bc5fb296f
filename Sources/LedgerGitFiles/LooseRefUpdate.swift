import LedgerSystem

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Moves a branch stored as a loose ref file, as libgit2's file-system ref database does:
/// `<ref>.lock` created exclusively, the value checked, a reflog line appended to the branch's
/// log and HEAD's, the new value written to the lock and put in the ref's place.
///
/// How it is put in place depends on `syncs` (`core.fsyncObjectFiles`, which the objects
/// follow too). With it, the lock is flushed to disk, renamed over the ref, and the folder
/// flushed. Without it, the lock and the ref swap names
/// (`renameat2` with `RENAME_EXCHANGE`) and the lock, now holding the old value, is removed.
/// Readers see the old or the new value either way; the swap spares the rename's write-out of
/// the new file that ext4 (`auto_da_alloc`) does for programs that never fsync, ~0.16 ms of a
/// `log` here. That write-out guards the ref only, not the objects it names, which neither git
/// nor libgit2 flush by default: after a power cut in the seconds before write-back, a branch
/// can name an empty object file either way. Those who want a commit to survive a power cut
/// set `core.fsyncObjectFiles`, and then this path flushes everything. A writer killed between
/// the swap and the removal leaves the lock: the old ref file (written before the branch
/// intent, holding exactly the old value), which the next writer's repair recognises and
/// removes (`Vault.lockForWriting`).
package struct LooseRefUpdate: Sendable {
    /// The git directory, ending in `/`.
    package var gitDirectory: String
    /// The branch, e.g. `refs/heads/main`.
    package var branch: String

    package init(gitDirectory: String, branch: String) {
        (self.gitDirectory, self.branch) = (gitDirectory, branch)
    }

    /// Why the branch did not move (nothing was changed then).
    package enum Refusal: Error, Sendable, Equatable {
        /// `<ref>.lock` exists: another writer holds the branch.
        case locked
        /// The branch does not point at the expected commit (any more).
        case moved
        /// A file-system call failed.
        case failed(operation: String, path: String, code: Int32)
    }

    /// Moves the branch from `old` to `new` (40 hex digits each). `reflog` is the line's
    /// identity (`Name <email>`), time and message; nil writes no reflog line.
    /// Returns false when the branch moved but its lock could not be removed after a swap
    /// (every later update of the branch fails until the repair removes it).
    @discardableResult
    package func move(
        from old: String, to new: String, reflog: (identity: String, stamp: String, message: String)?,
        syncs: Bool = false, afterSwap: () -> Void = {}
    ) throws(Refusal) -> Bool {
        let refPath = gitDirectory + branch
        let lockPath = refPath + ".lock"
        let value = Array((new + "\n").utf8)
        let lock = try takeLock(lockPath)
        var renamed = false
        defer {
            close(lock)
            if !renamed { release(lockPath) }
        }
        guard let current = try? FileSystem.read(refPath), current == Array((old + "\n").utf8) else { throw .moved }
        if let reflog {
            let line = Array("\(old) \(new) \(reflog.identity) \(reflog.stamp)\t\(reflog.message)\n".utf8)
            try append(line, to: gitDirectory + "logs/" + branch)
            try append(line, to: gitDirectory + "logs/HEAD")
        }
        do {
            try FileSystem.writeAll(lock, value, path: lockPath)
        } catch {
            throw .failed(operation: "write", path: lockPath, code: (error as? FileSystem.Failure)?.code ?? EIO)
        }
        if !syncs, FileSystem.swapNames(lockPath, refPath) {
            renamed = true
            afterSwap()
            return release(lockPath)
        }
        if syncs, fsync(lock) != 0 { throw .failed(operation: "fsync", path: lockPath, code: errno) }
        guard rename(lockPath, refPath) == 0 else { throw .failed(operation: "rename", path: refPath, code: errno) }
        renamed = true
        if syncs { FileSystem.syncDirectory(of: refPath) }
        return true
    }

    /// The `Name <email>` of a reflog's last line (`tail`: the end of the file) when it
    /// records the move from `from` to `to`, as `move` writes the line and libgit2 does; nil
    /// otherwise.
    package static func identity(inLastLineOf tail: [UInt8], from: String, to: String) -> String? {
        guard tail.last == 10 else { return nil }
        let body = tail.dropLast()
        let start = body.lastIndex(of: 10).map { $0 + 1 } ?? body.startIndex
        let line = String(decoding: body[start...], as: UTF8.self)
        guard line.hasPrefix("\(from) \(to) "), let tab = line.firstIndex(of: "\t") else { return nil }
        let signature = line[line.index(line.startIndex, offsetBy: 82)..<tab]
        let fields = signature.split(separator: " ", omittingEmptySubsequences: false)
        guard fields.count >= 3 else { return nil }
        return fields.dropLast(2).joined(separator: " ")
    }

    /// Creates the lock exclusively, as an empty new file.
    private func takeLock(_ lockPath: String) throws(Refusal) -> Int32 {
        let fd = open(lockPath, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard fd >= 0 else {
            if errno == EEXIST { throw .locked }
            throw .failed(operation: "create", path: lockPath, code: errno)
        }
        return fd
    }

    /// Removes the lock; false when it could not be removed.
    @discardableResult
    private func release(_ lockPath: String) -> Bool { unlink(lockPath) == 0 }

    private func append(_ line: [UInt8], to path: String) throws(Refusal) {
        let fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o666)
        guard fd >= 0 else { throw .failed(operation: "open", path: path, code: errno) }
        defer { close(fd) }
        do {
            try FileSystem.writeAll(fd, line, path: path)
        } catch {
            throw .failed(operation: "append", path: path, code: (error as? FileSystem.Failure)?.code ?? EIO)
        }
    }
}
