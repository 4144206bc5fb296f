#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Files that come and go on every write (the branch intent, a ref's lock) kept alive under a
/// second name between writes, so a write neither creates nor frees an inode for them.
///
/// Why: ext4 without a journal (`/proc/fs/jbd2/` has no entry for it; some cloud VMs, this
/// project's test machines) will not reuse an inode freed in the last 60 seconds (360 while
/// its inode table block is dirty), and every file it creates scans the group's free inodes
/// past each such one (`recently_deleted` in `fs/ext4/ialloc.c`). A `log` that freed two
/// inodes made every later file creation in that block group slower for minutes, up to 0.5 ms
/// each for the eight object files of a `log`, depending on where the vault's folders happen
/// to sit on the disk (docs/performance.md, "2026-11-26 (evening)"). Elsewhere it saves an
/// inode's allocation and release per write.
extension FileSystem {
    /// Opens `spare` for writing when it is a regular file with no other name (`nlink` 1),
    /// so writing into it changes nothing anyone else sees; -1 otherwise. A spare that is
    /// something else (a folder, a link, a file that also has another name) is removed when
    /// it can be, and the caller creates a fresh file instead.
    private static func openSpare(_ spare: String) -> Int32 {
        let fd = open(spare, O_RDWR | O_NOFOLLOW | O_CLOEXEC)
        if fd < 0 {
            if errno != ENOENT { unlink(spare) }
            return -1
        }
        var st = stat()
        guard fstat(fd, &st) == 0, st.st_mode & S_IFMT == S_IFREG, st.st_nlink == 1 else {
            close(fd)
            unlink(spare)
            return -1
        }
        return fd
    }

    /// The spare (`openSpare`) holding exactly `bytes`, open for the caller to close; -1 when
    /// there is no usable spare.
    package static func fillSpare(_ spare: String, with bytes: [UInt8]) throws -> Int32 {
        let fd = openSpare(spare)
        guard fd >= 0 else { return -1 }
        do {
            try bytes.withUnsafeBytes { try writeAll(fd, $0, at: 0, path: spare) }
            if ftruncate(fd, off_t(bytes.count)) != 0 { throw Failure(path: spare, operation: "truncate", code: errno) }
        } catch {
            close(fd)
            throw error
        }
        return fd
    }

    /// Writes `bytes` to `path` by filling `spare` (when there is a usable one) and renaming
    /// it to `path`, or else by writing `path` in place (`overwrite`). `path` must not exist:
    /// this is for a file that is there only between `putInPlace` and `retire`.
    package static func putInPlace(_ path: String, _ bytes: [UInt8], spare: String) throws {
        let fd = try fillSpare(spare, with: bytes)
        guard fd >= 0 else { return try overwrite(path, bytes) }
        defer { close(fd) }
        if rename(spare, path) != 0 { throw Failure(path: path, operation: "rename", code: errno) }
    }

    /// Takes `path` away by renaming it to `spare` for the next `putInPlace` (or removing it
    /// where that fails). Readers see it present or gone, as with a removal.
    package static func retire(_ path: String, spare: String) {
        if rename(path, spare) != 0 { unlink(path) }
    }
}
