#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file mapped read-only into memory: for a large cache of which a command reads a small
/// part (its pages are read on first touch, and only those). The mapping keeps the version
/// of the file that was open when it was made, even if another process renames a new
/// version over it. Bytes appended later are not seen (the mapping ends at the size of the
/// time); bytes rewritten in place are.
///
/// Opened with `sharedLock`, the mapping holds a shared `flock` on the file for its lifetime
/// (taken before the file is read, so a writer holding the exclusive lock finishes first): a
/// writer that gets the exclusive lock knows no other reader has the file open
/// (`whileOnlyReader`).
package final class MappedFile: @unchecked Sendable {
    package let bytes: UnsafeRawBufferPointer
    private let base: UnsafeMutableRawPointer?
    /// The descriptor that holds the shared lock (-1: none).
    private let lockedDescriptor: Int32

    /// Nil when the file does not exist.
    package init?(path: String, sharedLock: Bool = false) throws {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        if fd < 0 {
            if errno == ENOENT || errno == ENOTDIR { return nil }
            throw FileSystem.Failure(path: path, operation: "open", code: errno)
        }
        lockedDescriptor = sharedLock ? fd : -1
        var mapped = false
        defer { if !sharedLock || !mapped { close(fd) } }
        if sharedLock {
            while flock(fd, LOCK_SH) != 0 {
                if errno == EINTR { continue }
                throw FileSystem.Failure(path: path, operation: "lock", code: errno)
            }
        }
        var st = stat()
        guard fstat(fd, &st) == 0 else { throw FileSystem.Failure(path: path, operation: "stat", code: errno) }
        guard (st.st_mode & S_IFMT) == S_IFREG else {
            throw FileSystem.Failure(path: path, operation: "open", code: EISDIR)
        }
        let size = Int(st.st_size)
        mapped = true
        guard size > 0 else {
            (base, bytes) = (nil, UnsafeRawBufferPointer(start: nil, count: 0))
            return
        }
        let mapping = mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0)
        guard let mapping, mapping != MAP_FAILED else {
            mapped = false
            throw FileSystem.Failure(path: path, operation: "mmap", code: errno)
        }
        (base, bytes) = (mapping, UnsafeRawBufferPointer(start: mapping, count: size))
    }

    /// For a mapping opened with `sharedLock`: turns its lock into the exclusive one when no
    /// other reader holds the file (in this process or another), and runs `body` with it held
    /// (other readers wait to open the file until it returns). False, without running `body`,
    /// when another reader has it open.
    package func whileOnlyReader(_ body: () throws -> Void) rethrows -> Bool {
        guard lockedDescriptor >= 0 else { return false }
        // A conversion that fails may have dropped the shared lock on the way (flock(2)): it is
        // taken again either way.
        defer { flock(lockedDescriptor, LOCK_SH) }
        guard flock(lockedDescriptor, LOCK_EX | LOCK_NB) == 0 else { return false }
        try body()
        return true
    }

    /// Tells the kernel the pages in `range` will not be read again soon (a long sequential
    /// read keeps its resident memory flat).
    package func release(_ range: Range<Int>) {
        guard let base, !range.isEmpty else { return }
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let start = range.lowerBound / page * page
        let end = range.upperBound / page * page
        if end > start { _ = madvise(base + start, end - start, Int32(MADV_DONTNEED)) }
    }

    deinit {
        if let base { munmap(base, bytes.count) }
        if lockedDescriptor >= 0 { close(lockedDescriptor) }
    }
}

/// A file open for reading and writing at given offsets (no append mode): for a cache that
/// a writer holding its lock patches in place.
package final class PatchableFile {
    package let path: String
    private let fd: Int32

    /// Opens (creating when `create`) the file; nil when it does not exist and `create` is false.
    package init?(path: String, create: Bool = false) throws {
        self.path = path
        fd = open(path, O_RDWR | O_CLOEXEC | (create ? O_CREAT : 0), 0o644)
        if fd < 0 {
            if errno == ENOENT, !create { return nil }
            throw FileSystem.Failure(path: path, operation: "open", code: errno)
        }
    }

    package var size: Int {
        var st = stat()
        return fstat(fd, &st) == 0 ? Int(st.st_size) : 0
    }

    /// Writes all of `bytes` at `offset`.
    package func write(_ bytes: [UInt8], at offset: Int) throws {
        try bytes.withUnsafeBytes { try FileSystem.writeAll(fd, $0, at: offset, path: path) }
    }

    /// Cuts the file to `size` bytes.
    package func truncate(to size: Int) throws {
        if ftruncate(fd, off_t(size)) != 0 { throw FileSystem.Failure(path: path, operation: "truncate", code: errno) }
    }

    deinit { close(fd) }
}
