import CSystemCalls

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Thin POSIX file helpers (no Foundation on the CLI's hot path).
package enum FileSystem {
    package struct Failure: Error, CustomStringConvertible, Sendable {
        package var path: String
        package var operation: String
        package var code: Int32
        package var description: String { "\(operation) \(path): \(String(cString: strerror(code)))" }

        package init(path: String, operation: String, code: Int32) {
            (self.path, self.operation, self.code) = (path, operation, code)
        }
    }

    /// The file's bytes, or nil when it does not exist.
    package static func read(_ path: String) throws -> [UInt8]? {
        try readVersion(path)?.bytes
    }

    /// The file's bytes and the identity of the version they were read from (one open file,
    /// so the two belong together even while others replace the file); nil when it does not
    /// exist.
    package static func readVersion(_ path: String) throws -> (bytes: [UInt8], identity: FileIdentity)? {
        guard let fd = try openForReading(path) else { return nil }
        defer { close(fd) }
        // Read straight into a buffer of the file's size (plus one byte to notice growth),
        // then keep going in case the file grew meanwhile.
        var st = stat()
        guard fstat(fd, &st) == 0 else { throw Failure(path: path, operation: "stat", code: errno) }
        var capacity = Int(st.st_size) + 1
        var result = [UInt8](repeating: 0, count: capacity)
        var count = 0
        while true {
            if count == capacity {
                capacity *= 2
                result += [UInt8](repeating: 0, count: capacity - result.count)
            }
            let n = result.withUnsafeMutableBytes { posixRead(fd, $0.baseAddress! + count, capacity - count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw Failure(path: path, operation: "read", code: errno)
            }
            if n == 0 { break }
            count += n
        }
        result.removeSubrange(count...)
        // The identity from before the read: if the file changed while it was read, its
        // identity has moved on, and what was read will never be taken for it.
        return (result, FileIdentity(st))
    }

    package static func readString(_ path: String) throws -> String? {
        try read(path).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Replaces a file atomically: writes `path.<n>.tmp-<pid>` (`n` counts this process's
    /// writes, so two threads writing the same file never share a temporary) and renames it
    /// over `path`. Returns
    /// the new file's identity (taken after the rename, from the file written).
    @discardableResult
    package static func writeAtomically(_ path: String, _ bytes: [UInt8]) throws -> FileIdentity {
        try replacing(path) { fd, temporary in try writeAll(fd, bytes, path: temporary) }
    }

    /// `writeAtomically`, with the temporary file written in `directory` (`NAME.<n>.tmp-<pid>`,
    /// then renamed over `path`): for a file in a git working tree, whose temporary a process
    /// killed before the rename would otherwise leave where `git add -A` commits it. Where the
    /// rename cannot cross from `directory` to `path` (another file system), the temporary is
    /// written beside `path` after all.
    @discardableResult
    package static func writeAtomically(_ path: String, _ bytes: [UInt8], temporaryIn directory: String) throws
        -> FileIdentity
    {
        do {
            return try replacing(path, temporaryIn: directory) { fd, temporary in
                try writeAll(fd, bytes, path: temporary)
            }
        } catch let failure as Failure where failure.code == EXDEV {
            return try writeAtomically(path, bytes)
        }
    }

    /// Replaces a file atomically as `writeAtomically` does, but by swapping the new file's
    /// name with the old one's (`renameat2` with `RENAME_EXCHANGE`) and removing the old
    /// version afterwards. Readers see the old or the new content, never a mix, as with a
    /// rename. What differs is the file system's work: a rename over an existing file makes
    /// ext4 (`auto_da_alloc`, on by default) allocate and submit the new file's blocks inside
    /// the rename, a guard for programs that never call fsync: about 0.2 ms for a small file on
    /// the machines measured (docs/performance.md), where the swap and the removal take 0.06 ms.
    /// The price is that guard: after a power cut in the seconds before the kernel writes the
    /// data back, the file may be found empty. So this is for files alog rebuilds from the
    /// vault (caches, the widget's files), never for the vault's own. Where the file system
    /// cannot swap, or `path` does not exist yet, it is the plain rename.
    @discardableResult
    package static func swapIn(_ path: String, _ bytes: [UInt8]) throws -> FileIdentity {
        try replacing(path, swapping: true) { fd, temporary in try writeAll(fd, bytes, path: temporary) }
    }

    /// A new version of `path`, written aside and renamed over it as `writeAtomically` does:
    /// first `copies`, byte ranges of the file at `source` copied by the kernel
    /// (`copy_file_range`, without passing through this process), then `writes`, in order.
    package static func writeAtomically(
        _ path: String, copying copies: [(from: Int, to: Int, count: Int)], of source: String,
        writes: [(offset: Int, bytes: [UInt8])]
    ) throws {
        guard let input = try openForReading(source) else {
            throw Failure(path: source, operation: "open", code: ENOENT)
        }
        defer { close(input) }
        _ = try replacing(path) { output, temporary in
            for copy in copies { try copyRange(copy, from: input, to: output, path: temporary) }
            for write in writes {
                try write.bytes.withUnsafeBytes { try writeAll(output, $0, at: write.offset, path: temporary) }
            }
        }
    }

    private static func copyRange(
        _ range: (from: Int, to: Int, count: Int), from input: Int32, to output: Int32, path: String
    ) throws {
        var (from, to, left) = (off_t(range.from), off_t(range.to), range.count)
        #if os(Linux)
            // sendfile copies from `from` of the input to the output's own offset.
            if lseek(output, to, SEEK_SET) == to {
                while left > 0 {
                    let n = sendfile(output, input, &from, left)
                    if n < 0, errno == EINTR { continue }
                    // Not between these files: copied below by hand.
                    if n < 0, [EINVAL, ENOSYS, EOPNOTSUPP].contains(errno) { break }
                    if n < 0 { throw Failure(path: path, operation: "copy", code: errno) }
                    if n == 0 { throw Failure(path: path, operation: "copy (source shorter than expected)", code: EIO) }
                    (left, to) = (left - n, to + off_t(n))
                }
            }
        #endif
        var buffer = [UInt8](repeating: 0, count: min(left, 1 << 20))
        while left > 0 {
            let n = buffer.withUnsafeMutableBytes { pread(input, $0.baseAddress!, min(left, $0.count), from) }
            if n < 0, errno == EINTR { continue }
            if n <= 0 { throw Failure(path: path, operation: "copy", code: n < 0 ? errno : EIO) }
            try buffer.withUnsafeBytes {
                try writeAll(output, UnsafeRawBufferPointer(rebasing: $0[..<n]), at: Int(to), path: path)
            }
            (left, from, to) = (left - n, from + off_t(n), to + off_t(n))
        }
    }

    /// Writes all of `bytes` at `offset` of the open file `fd` (`pwrite`, again after a short or
    /// interrupted write).
    package static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer, at offset: Int, path: String) throws {
        var done = 0
        while done < bytes.count {
            let n = pwrite(fd, bytes.baseAddress! + done, bytes.count - done, off_t(offset + done))
            if n < 0, errno == EINTR { continue }
            if n < 0 { throw Failure(path: path, operation: "write", code: errno) }
            done += n
        }
    }

    /// Swaps the names of two existing files in one step (`renameat2` with
    /// `RENAME_EXCHANGE`; `renamex_np` with `RENAME_SWAP` on Darwin); false, with nothing
    /// changed, where the file system or the kernel cannot, or either file is missing.
    package static func swapNames(_ first: String, _ second: String) -> Bool {
        alog_exchange_names(first, second) == 0
    }

    /// Flushes a file's content to disk; false when it cannot be opened or flushed.
    package static func syncFile(_ path: String) -> Bool {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        return fsync(fd) == 0
    }

    /// Flushes the folder holding `path` to disk (its entries: a rename into it survives a
    /// power cut once this returns). Failures are ignored, as git and libgit2 do.
    package static func syncDirectory(of path: String) {
        let folder = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "."
        let fd = open(folder.isEmpty ? "/" : folder, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return }
        _ = fsync(fd)
        close(fd)
    }

    /// The suffix of the temporary file `writeAtomically` writes before the rename: `.tmp-<pid>`
    /// of the writing process.
    static let temporaryMarker = ".tmp-"

    private static let writeSerial = Locked(0)

    /// Removes the temporary files (`NAME.tmp-<pid>`, `NAME.<n>.tmp-<pid>`) in `directory` whose writer is no longer
    /// running: what a process killed between writing and renaming leaves. A temporary file of
    /// a live process, or of one whose id was reused, stays. Returns the names removed.
    @discardableResult
    package static func removeAbandonedTemporaries(in directory: String) -> [String] {
        var removed: [String] = []
        for name in list(directory) {
            guard let dash = name.lastIndex(of: "-"), name[..<name.index(after: dash)].hasSuffix(temporaryMarker),
                let pid = Int32(name[name.index(after: dash)...]), pid > 0, pid != getpid()
            else { continue }
            guard kill(pid, 0) != 0, errno == ESRCH else { continue }
            if unlink(directory + "/" + name) == 0 { removed.append(name) }
        }
        return removed
    }

    private static func replacing(
        _ path: String, swapping: Bool = false, temporaryIn directory: String? = nil,
        _ fill: (Int32, String) throws -> Void
    ) throws -> FileIdentity {
        let serial = writeSerial.withLock {
            $0 += 1
            return $0
        }
        var base = path
        if let directory {
            let name = path.lastIndex(of: "/").map { path[path.index(after: $0)...] } ?? path[...]
            base = (directory.hasSuffix("/") ? directory : directory + "/") + name
        }
        let temporary = "\(base).\(serial)\(temporaryMarker)\(getpid())"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        if fd < 0 { throw Failure(path: temporary, operation: "create", code: errno) }
        defer { close(fd) }
        do {
            try fill(fd, temporary)
        } catch {
            unlink(temporary)
            throw error
        }
        // (A crash point for a working-tree file's write: written aside, not yet renamed.)
        if directory != nil { FaultInjection.point("working-tree.before-rename") }
        if swapping, swapNames(temporary, path) {
            // The temporary's name now holds the old version.
            unlink(temporary)
        } else if rename(temporary, path) != 0 {
            let code = errno
            unlink(temporary)
            throw Failure(path: path, operation: "rename", code: code)
        }
        // Taken after the rename, which sets the change time. (fstat of an open file does not
        // fail; if it did, an identity no file has keeps any cache keyed by it unused.)
        return FileIdentity.of(descriptor: fd) ?? .unknown
    }

    /// The last `count` bytes of a file (fewer if it is shorter) and the identity of the file
    /// they were read from; nil when it does not exist.
    package static func readTail(_ path: String, count: Int) throws -> (bytes: [UInt8], identity: FileIdentity)? {
        guard let fd = try openForReading(path) else { return nil }
        defer { close(fd) }
        return try readTail(fd, count: count, path: path)
    }

    /// Nil when the file turns out shorter than its size said (cut while being read).
    private static func readTail(_ fd: Int32, count: Int, path: String) throws -> (
        bytes: [UInt8], identity: FileIdentity
    )? {
        guard let identity = FileIdentity.of(descriptor: fd) else {
            throw Failure(path: path, operation: "stat", code: errno)
        }
        let length = Int(min(Int64(count), identity.size))
        var bytes = [UInt8](repeating: 0, count: length)
        var done = 0
        while done < length {
            let n = bytes.withUnsafeMutableBytes {
                pread(fd, $0.baseAddress! + done, length - done, off_t(identity.size) - off_t(length - done))
            }
            if n < 0, errno == EINTR { continue }
            if n < 0 { throw Failure(path: path, operation: "read", code: errno) }
            if n == 0 { return nil }
            done += n
        }
        return (bytes, identity)
    }

    /// A descriptor open for reading, or nil when the file does not exist.
    private static func openForReading(_ path: String) throws -> Int32? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        if fd < 0 {
            if errno == ENOENT || errno == ENOTDIR { return nil }
            throw Failure(path: path, operation: "open", code: errno)
        }
        return fd
    }

    /// Rewrites a file in place (no rename, no truncation to zero), for caches that carry
    /// their own checksum: on ext4 a rename over an existing file forces a writeback.
    package static func overwrite(_ path: String, header: [UInt8] = [], _ bytes: [UInt8]) throws {
        let fd = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0o644)
        if fd < 0 { throw Failure(path: path, operation: "open", code: errno) }
        defer { close(fd) }
        try writeAll(fd, header, path: path)
        try writeAll(fd, bytes, path: path)
        let size = off_t(header.count + bytes.count)
        if ftruncate(fd, size) != 0 { throw Failure(path: path, operation: "truncate", code: errno) }
    }

    /// Appends to an existing file of exactly `expectedSize` bytes; returns false (writing
    /// nothing) when the file is missing or has another size.
    package static func append(_ path: String, _ bytes: [UInt8], expectedSize: Int) throws -> Bool {
        let fd = open(path, O_WRONLY | O_APPEND | O_CLOEXEC)
        if fd < 0 { return false }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0, Int(st.st_size) == expectedSize else { return false }
        try writeAll(fd, bytes, path: path)
        return true
    }

    /// Appends `bytes` to the file at `path` (creating it when there is none) if `accept`
    /// agrees, for a caller that holds a lock over every writer of the file. `accept` is given
    /// the file's identity before the append (nil when there is no file yet) and its last byte
    /// (nil when it is empty or missing). Returns the file's identity after the append, or nil
    /// when `accept` declined and nothing was written. A write that fails partway (a full disk)
    /// is cut back off, so the file keeps part of `bytes` only when the process dies inside
    /// the write (the fault point `append.half-written` leaves such a file).
    package static func append(
        _ path: String, _ bytes: [UInt8], if accept: (FileIdentity?, UInt8?) -> Bool
    ) throws -> FileIdentity? {
        var fd = open(path, O_RDWR | O_APPEND | O_CLOEXEC)
        let before: FileIdentity
        if fd < 0 {
            guard errno == ENOENT else { throw Failure(path: path, operation: "open", code: errno) }
            guard accept(nil, nil) else { return nil }
            fd = open(path, O_RDWR | O_APPEND | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
            if fd < 0 { throw Failure(path: path, operation: "create", code: errno) }
            before = FileIdentity.of(descriptor: fd) ?? .unknown
        } else {
            guard let found = FileIdentity.of(descriptor: fd) else {
                let code = errno
                close(fd)
                throw Failure(path: path, operation: "stat", code: code)
            }
            var last: UInt8?
            if found.size > 0 {
                var byte: UInt8 = 0
                var n = 0
                repeat { n = pread(fd, &byte, 1, off_t(found.size - 1)) } while n < 0 && errno == EINTR
                if n == 1 { last = byte }
            }
            guard accept(found, last) else {
                close(fd)
                return nil
            }
            before = found
        }
        defer { close(fd) }
        do {
            FaultInjection.point("append.half-written") {
                try? writeAll(fd, Array(bytes.prefix(max(1, bytes.count / 2))), path: path)
            }
            try writeAll(fd, bytes, path: path)
        } catch {
            _ = ftruncate(fd, off_t(max(0, before.size)))
            throw error
        }
        return FileIdentity.of(descriptor: fd) ?? .unknown
    }

    /// At most `limit` bytes of the file `path` (or of standard input, for `-`), read to its
    /// end or to the limit: for input from the user, which may be any size. Nil when the file
    /// does not exist.
    package static func readPrefix(_ path: String, limit: Int) throws -> [UInt8]? {
        let fd: Int32
        if path == "-", let invocation = Invocation.current {
            return Array(invocation.input.prefix(limit))
        } else if path == "-" {
            fd = STDIN_FILENO
        } else {
            guard let opened = try openForReading(path) else { return nil }
            fd = opened
        }
        defer { if fd != STDIN_FILENO { close(fd) } }
        var bytes = [UInt8](repeating: 0, count: limit)
        let done = try readFully(fd, into: &bytes, path: path == "-" ? "standard input" : path)
        bytes.removeSubrange(done...)
        return bytes
    }

    /// Fills `bytes` from `fd` (at its offset) until it is full or the file ends; returns how
    /// many bytes were read. `path` names the file in errors.
    private static func readFully(_ fd: Int32, into bytes: inout [UInt8], path: String) throws -> Int {
        let count = bytes.count
        var done = 0
        while done < count {
            let n = bytes.withUnsafeMutableBytes { posixRead(fd, $0.baseAddress! + done, count - done) }
            if n < 0 {
                if errno == EINTR { continue }
                throw Failure(path: path, operation: "read", code: errno)
            }
            if n == 0 { break }
            done += n
        }
        return done
    }

    /// Reads exactly `count` bytes from the open file `fd` (at its offset); nil when the file
    /// ends first. `path` names the file in errors.
    package static func readExactly(_ fd: Int32, count: Int, path: String) throws -> [UInt8]? {
        var bytes = [UInt8](repeating: 0, count: count)
        return try readFully(fd, into: &bytes, path: path) == count ? bytes : nil
    }

    /// Writes all of `bytes` to the open file `fd` (at its offset); `path` names it in errors.
    package static func writeAll(_ fd: Int32, _ bytes: [UInt8], path: String) throws {
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if n < 0 {
                if errno == EINTR { continue }
                throw Failure(path: path, operation: "write", code: errno)
            }
            offset += n
        }
    }

    /// Creates a directory and its missing parents.
    package static func makeDirectories(_ path: String) throws {
        var current = path.hasPrefix("/") ? "" : "."
        for component in path.split(separator: "/") {
            current += "/" + component
            if mkdir(current, 0o755) != 0, errno != EEXIST {
                throw Failure(path: current, operation: "mkdir", code: errno)
            }
        }
    }

    package static func isDirectory(_ path: String) -> Bool {
        var st = stat()
        return stat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFDIR
    }

    /// True when `path` is a directory with no entries (false when it cannot be read).
    package static func isEmptyDirectory(_ path: String) -> Bool {
        entries(path)?.isEmpty ?? false
    }

    /// The names in a directory (without `.` and `..`); empty when it cannot be read.
    package static func list(_ path: String) -> [String] {
        entries(path) ?? []
    }

    /// The regular files of a directory whose names `wanted` accepts, with their identities:
    /// one `fstatat` a name relative to the open directory (no path walk for each).
    package static func files(in path: String, where wanted: (UnsafeRawBufferPointer) -> Bool) -> [(
        name: String, identity: FileIdentity
    )] {
        guard let directory = opendir(path) else { return [] }
        defer { closedir(directory) }
        let descriptor = dirfd(directory)
        var found: [(String, FileIdentity)] = []
        while let entry = readdir(directory) {
            let name: String? = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                let bytes = UnsafeRawBufferPointer(rebasing: raw.prefix { $0 != 0 })
                return wanted(bytes) ? String(decoding: bytes, as: UTF8.self) : nil
            }
            guard let name else { continue }
            var st = stat()
            guard fstatat(descriptor, name, &st, AT_SYMLINK_NOFOLLOW) == 0, st.st_mode & S_IFMT == S_IFREG else {
                continue
            }
            found.append((name, FileIdentity(st)))
        }
        return found
    }

    private static func entries(_ path: String) -> [String]? {
        guard let directory = opendir(path) else { return nil }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    /// The size of a file in bytes, nil when it does not exist.
    package static func size(_ path: String) -> Int? {
        var st = stat()
        return stat(path, &st) == 0 ? Int(st.st_size) : nil
    }

    /// Removes a file if it exists.
    package static func remove(_ path: String) {
        unlink(path)
    }

    package static func exists(_ path: String) -> Bool {
        access(path, F_OK) == 0
    }

    /// An absolute form of `path` (relative to the current directory), without `.` parts.
    package static func absolute(_ path: String) -> String {
        var base = path
        if !path.hasPrefix("/") {
            base = currentDirectory() + "/" + path
        }
        var parts: [Substring] = []
        for part in base.split(separator: "/") {
            if part == "." { continue }
            if part == ".." {
                _ = parts.popLast()
                continue
            }
            parts.append(part)
        }
        return "/" + parts.joined(separator: "/")
    }

    /// This process's executable (`/proc/self/exe`), nil where it cannot be read.
    package static func executablePath() -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        return count > 0 ? String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self) : nil
    }

    package static func environment(_ name: String) -> String? {
        if let invocation = Invocation.current { return invocation.environment[name] }
        return processEnvironmentValue(name)
    }

    /// A variable of this process's own environment, whatever invocation runs.
    package static func processEnvironmentValue(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    /// The working folder (the invocation's, when one runs on this thread).
    package static func currentDirectory() -> String {
        if let invocation = Invocation.current { return invocation.workingDirectory }
        var buffer = [CChar](repeating: 0, count: 4096)
        return getcwd(&buffer, buffer.count).map { String(cString: $0) } ?? "."
    }
}

private func posixRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(fd, buffer, count)
}
