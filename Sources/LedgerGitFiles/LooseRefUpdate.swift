import LedgerSystem

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Moves a branch stored as a loose ref file, as libgit2's file-system ref database does:
/// `<ref>.lock` created exclusively, the value checked, a reflog line appended to the branch's
/// log and HEAD's, the new value written to the lock and renamed over the ref.
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
    package func move(from old: String, to new: String, reflog: (identity: String, stamp: String, message: String)?)
        throws(Refusal)
    {
        let refPath = gitDirectory + branch
        let lockPath = refPath + ".lock"
        let lock = open(lockPath, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard lock >= 0 else {
            if errno == EEXIST { throw .locked }
            throw .failed(operation: "create", path: lockPath, code: errno)
        }
        var renamed = false
        defer {
            close(lock)
            if !renamed { unlink(lockPath) }
        }
        guard let current = try? FileSystem.read(refPath), current == Array((old + "\n").utf8) else { throw .moved }
        if let reflog {
            let line = Array("\(old) \(new) \(reflog.identity) \(reflog.stamp)\t\(reflog.message)\n".utf8)
            try append(line, to: gitDirectory + "logs/" + branch)
            try append(line, to: gitDirectory + "logs/HEAD")
        }
        do {
            try FileSystem.writeAll(lock, Array((new + "\n").utf8), path: lockPath)
        } catch {
            throw .failed(operation: "write", path: lockPath, code: (error as? FileSystem.Failure)?.code ?? EIO)
        }
        guard rename(lockPath, refPath) == 0 else { throw .failed(operation: "rename", path: refPath, code: errno) }
        renamed = true
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
