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
    package init(path: String) throws {
        fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        if fd < 0 { throw FileSystem.Failure(path: path, operation: "open lock", code: errno) }
        while flock(fd, LOCK_EX) != 0 {
            if errno == EINTR { continue }
            let code = errno
            close(fd)
            throw FileSystem.Failure(path: path, operation: "lock", code: code)
        }
    }

    deinit {
        flock(fd, LOCK_UN)
        close(fd)
    }
}
