#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reading a file alog did not write (an import, a note, the user's configuration): whatever is
/// at the path may be a FIFO that never ends, a device such as `/dev/zero`, a folder, or a file
/// far larger than any real one. Such a file is refused with what it is and the limit it broke,
/// before more than the limit is read: the file is opened without blocking, looked at with
/// `fstat`, and read in chunks, each checked as it arrives.
extension FileSystem {
    /// How much of an outside file alog reads.
    package struct InputLimits: Sendable, Equatable {
        /// The largest file, in bytes.
        package var maxBytes: Int
        /// The longest line, in bytes (without its line break); nil when lines are not limited
        /// (JSON may be written on one line: `maxBytes` bounds it).
        package var maxLineBytes: Int?

        package init(maxBytes: Int, maxLineBytes: Int?) {
            (self.maxBytes, self.maxLineBytes) = (maxBytes, maxLineBytes)
        }
    }

    /// Why an outside file was not read.
    package enum InputRefusal: Error, Sendable, Equatable, CustomStringConvertible {
        /// Not a regular file: `kind` says what it is (`a FIFO`, `a character device`, `a folder`…).
        case notRegularFile(path: String, kind: String)
        /// Larger than `limit` bytes (`size` is what `fstat` said, or nil when it grew while read).
        case tooLarge(path: String, size: Int64?, limit: Int)
        /// Line `line` (1-based) is longer than `limit` bytes.
        case lineTooLong(path: String, line: Int, limit: Int)
        /// The system refused the read (`reason` is its text).
        case unreadable(path: String, reason: String)

        package var path: String {
            switch self {
            case .notRegularFile(let path, _), .tooLarge(let path, _, _), .lineTooLong(let path, _, _),
                .unreadable(let path, _):
                path
            }
        }

        /// What is wrong, without the path (the caller says which file).
        package var reason: String {
            switch self {
            case .notRegularFile(_, let kind):
                "is \(kind), not a regular file; give the file itself"
            case .tooLarge(_, let size, let limit):
                (size.map { "is \(FileSystem.byteCount($0))" } ?? "grew while it was read")
                    + "; alog reads at most \(FileSystem.byteCount(Int64(limit))) from such a file (is it the right one? split it if it is)"
            case .lineTooLong(_, let line, let limit):
                "has a line longer than \(FileSystem.byteCount(Int64(limit))) (line \(line)), the longest alog reads from such a file; is it the right one?"
            case .unreadable(_, let reason):
                "cannot be read: \(reason)"
            }
        }

        package var description: String { "'\(path)' \(reason)" }
    }

    /// The bytes of the outside file `path`, or nil when nothing is there; refuses anything but
    /// a regular file (a symbolic link is followed to what it names), and stops at the first
    /// broken limit (`InputRefusal`). Never blocks on a FIFO, never reads more than
    /// `limits.maxBytes` plus one chunk.
    package static func readInput(_ path: String, limits: InputLimits) throws(InputRefusal) -> [UInt8]? {
        // O_NONBLOCK: opening a FIFO for reading would otherwise wait for a writer.
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        if fd < 0 {
            let code = errno
            if code == ENOENT || code == ENOTDIR { return nil }
            // (ENXIO: a socket, which cannot be opened.)
            if code == ENXIO { throw .notRegularFile(path: path, kind: kind(of: path)) }
            throw .unreadable(path: path, reason: String(cString: strerror(code)))
        }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0 else { throw .unreadable(path: path, reason: String(cString: strerror(errno))) }
        guard st.st_mode & S_IFMT == S_IFREG else { throw .notRegularFile(path: path, kind: kind(mode: st.st_mode)) }
        if Int64(st.st_size) > Int64(limits.maxBytes) {
            throw .tooLarge(path: path, size: Int64(st.st_size), limit: limits.maxBytes)
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(st.st_size) + 1)
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        var meter = limits.maxLineBytes.map(LineMeter.init)
        while true {
            let n = chunk.withUnsafeMutableBytes { readChunk(fd, $0.baseAddress!, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw .unreadable(path: path, reason: String(cString: strerror(errno)))
            }
            if n == 0 { break }
            if bytes.count + n > limits.maxBytes { throw .tooLarge(path: path, size: nil, limit: limits.maxBytes) }
            if meter != nil, let line = chunk.withUnsafeBufferPointer({ meter!.overLimit(in: $0[..<n]) }) {
                throw .lineTooLong(path: path, line: line, limit: meter!.limit)
            }
            bytes += chunk[..<n]
        }
        return bytes
    }

    /// Refuses `bytes` (read from `path`) when a line of it is longer than `limit` bytes: for a
    /// file whose lines are limited only once its format is known.
    package static func checkLines(_ bytes: [UInt8], path: String, limit: Int) throws(InputRefusal) {
        var meter = LineMeter(limit: limit)
        if let line = bytes.withUnsafeBufferPointer({ meter.overLimit(in: $0[...]) }) {
            throw .lineTooLong(path: path, line: line, limit: limit)
        }
    }

    /// Measures lines as their bytes arrive, chunk after chunk.
    struct LineMeter {
        let limit: Int
        var line = 1
        var length = 0

        init(limit: Int) { self.limit = limit }

        /// The number of the first line in `bytes` (counting from the first chunk) that is
        /// longer than `limit`, or nil. A `\r` before the line feed ends the line, it is not
        /// counted.
        mutating func overLimit(in bytes: Slice<UnsafeBufferPointer<UInt8>>) -> Int? {
            for byte in bytes {
                if byte == 10 {
                    (line, length) = (line + 1, 0)
                    continue
                }
                length += 1
                if length > limit + 1 || (length == limit + 1 && byte != 13) { return line }
            }
            return nil
        }
    }

    /// `a FIFO`, `a character device`… for the file type bits of `mode`.
    static func kind(mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFDIR: "a folder"
        case S_IFIFO: "a FIFO (named pipe)"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFSOCK: "a socket"
        case S_IFLNK: "a symbolic link"
        default: "not a file"
        }
    }

    private static func kind(of path: String) -> String {
        var st = stat()
        return stat(path, &st) == 0 ? kind(mode: st.st_mode) : "not a file"
    }

    /// `1.0 GB`, `64 MiB`, `512 bytes`: a size as people read it (powers of 1024 for whole
    /// units, as the limits are).
    package static func byteCount(_ count: Int64) -> String {
        let units: [(Int64, String)] = [(1 << 30, "GiB"), (1 << 20, "MiB"), (1 << 10, "KiB")]
        for (size, unit) in units where count >= size {
            if count % size == 0 { return "\(count / size) \(unit)" }
            let tenths = (count * 10 + size / 2) / size
            return "\(tenths / 10).\(tenths % 10) \(unit)"
        }
        return "\(count) byte\(count == 1 ? "" : "s")"
    }
}

private func readChunk(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(fd, buffer, count)
}
