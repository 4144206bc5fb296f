#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// File helpers for looking at and clearing away damaged state files.
extension FileSystem.Failure {
    /// The system's text for the error, e.g. `Is a directory`.
    package var reason: String { String(cString: strerror(code)) }

    /// The system refused to let this process write there (permissions, a read-only mount).
    package var isWriteDenied: Bool { code == EACCES || code == EROFS || code == EPERM }
}

extension FileSystem {
    /// The first `count` bytes of a file (fewer if it is shorter); nil when it does not exist.
    package static func readHead(_ path: String, count: Int) throws -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        if fd < 0 {
            if errno == ENOENT || errno == ENOTDIR { return nil }
            throw Failure(path: path, operation: "open", code: errno)
        }
        defer { close(fd) }
        var bytes = [UInt8](repeating: 0, count: count)
        var done = 0
        while done < count {
            let n = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress! + done, count - done, off_t(done)) }
            if n < 0, errno == EINTR { continue }
            if n < 0 { throw Failure(path: path, operation: "read", code: errno) }
            if n == 0 { break }
            done += n
        }
        return Array(bytes[..<done])
    }

    /// What is at `path`, without following a symbolic link.
    package enum EntryKind: Sendable, Equatable {
        case missing, file, directory, other
    }

    package static func entryKind(_ path: String) -> EntryKind {
        var st = stat()
        guard lstat(path, &st) == 0 else { return errno == ENOENT ? .missing : .other }
        switch st.st_mode & S_IFMT {
        case S_IFREG: return .file
        case S_IFDIR: return .directory
        default: return .other
        }
    }

    /// Removes a file, or a directory with everything in it (symbolic links are removed, never
    /// followed).
    package static func removeTree(_ path: String) throws {
        if entryKind(path) == .directory {
            for name in list(path) { try removeTree(path + "/" + name) }
            if rmdir(path) != 0 { throw Failure(path: path, operation: "remove", code: errno) }
        } else if unlink(path) != 0, errno != ENOENT {
            throw Failure(path: path, operation: "remove", code: errno)
        }
    }
}
