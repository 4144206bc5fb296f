#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An exclusive advisory lock (`flock`) on a file. The kernel drops it when the process dies,
/// so a crash never leaves a stale lock behind (no PID files).
package final class FileLock {
    private let fd: Int32

    /// Blocks until the lock is held.
    package convenience init(path: String) throws {
        try self.init(path: path, operation: LOCK_EX)!
    }

    /// The lock if no one else holds it now; nil, without waiting, if someone does.
    package convenience init?(attempting path: String) throws {
        try self.init(path: path, operation: LOCK_EX | LOCK_NB)
    }

    private init?(path: String, operation: Int32) throws {
        // The descriptor is stored only once locked: a failed init runs no deinit, which would
        // close it a second time.
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        if fd < 0 { throw FileSystem.Failure(path: path, operation: "open lock", code: errno) }
        while flock(fd, operation) != 0 {
            if errno == EINTR { continue }
            let code = errno
            close(fd)
            if code == EWOULDBLOCK { return nil }
            throw FileSystem.Failure(path: path, operation: "lock", code: code)
        }
        self.fd = fd
    }

    deinit {
        flock(fd, LOCK_UN)
        close(fd)
    }
}
