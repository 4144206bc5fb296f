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
/// A branch that has no loose file but a line in `packed-refs` (after `git pack-refs --all`)
/// moves the same way, as libgit2 1.5.1 (`refdb_fs.c`) and git move it: the old value is
/// checked against the packed line, the new value becomes a loose file, and `packed-refs` is
/// left as it is (a loose ref wins over its packed line). The reflog lines are the same; a
/// missing reflog file is created.
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
/// removes (`VaultRepository.lockForWriting`).
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
        guard let storage = stored(old) else { throw .moved }
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
        // A packed branch has no loose file to swap with: the lock is renamed into place.
        if !syncs, storage == .loose, FileSystem.swapNames(lockPath, refPath) {
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

    /// Where a branch's value is kept.
    package enum Storage: Sendable, Equatable {
        /// Its own file, `<git dir>/<branch>`.
        case loose
        /// A line of `packed-refs`, with no loose file.
        case packed
    }

    /// Where the branch is kept when it points at `old` and `move(from: old, …)` can move it
    /// (for a packed branch: the folder its loose file goes in is there); nil otherwise, as
    /// when the branch points elsewhere, its file is not exactly `old` and a line feed, it is
    /// neither loose nor packed, or `<branch>.lock` is there (held by another writer, or left
    /// by one that was killed). Read without a lock: `move` asks again under its lock.
    package func holds(_ old: String) -> Storage? {
        let refPath = gitDirectory + branch
        guard !FileSystem.exists(refPath + ".lock") else { return nil }
        return stored(old)
    }

    /// `holds` without the look at the lock (`move` holds it).
    private func stored(_ old: String) -> Storage? {
        let refPath = gitDirectory + branch
        let loose: [UInt8]?
        do { loose = try FileSystem.read(refPath) } catch { return nil }
        if let loose { return loose == Array((old + "\n").utf8) ? .loose : nil }
        let folder = String(refPath[..<(refPath.lastIndex(of: "/") ?? refPath.startIndex)])
        guard FileSystem.isDirectory(folder), packedValue() == old else { return nil }
        return .packed
    }

    /// The branch's value in `packed-refs` (`<40 hex> <name>` lines; `#` starts the header,
    /// `^` a peeled line); nil when the file or the line is missing.
    private func packedValue() -> String? {
        guard let bytes = try? FileSystem.read(gitDirectory + "packed-refs") else { return nil }
        for line in bytes.split(separator: 10) where line.count == 41 + branch.utf8.count {
            guard line.first != UInt8(ascii: "#"), line.first != UInt8(ascii: "^"),
                line[line.startIndex + 40] == UInt8(ascii: " "), line.dropFirst(41).elementsEqual(branch.utf8)
            else { continue }
            return String(decoding: line.prefix(40), as: UTF8.self)
        }
        return nil
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
