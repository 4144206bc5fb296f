import LedgerNotes

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The first bytes of a note, as many as hold its frontmatter: 4 KiB, then twice as many
/// while the note opens a frontmatter that has not closed yet, up to 1 MiB. A reader keeps its
/// buffer from note to note.
struct NoteHead {
    static let firstRead = 4096
    static let limit = 1 << 20

    /// What was read of the last note.
    private(set) var bytes: [UInt8] = []
    /// True when the last note's frontmatter did not close within `limit` bytes.
    private(set) var overLimit = false

    /// Reads the note at `path` (absolute); throws the system's error.
    mutating func read(_ path: String) throws(SystemError) {
        overLimit = false
        bytes.removeAll(keepingCapacity: true)
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw SystemError(errno) }
        defer { close(fd) }
        var wanted = Self.firstRead
        while true {
            let atEnd = try fill(fd, upTo: wanted)
            if atEnd || !FrontmatterBlock.opensWithFence(bytes) || FrontmatterBlock(in: bytes) != nil { return }
            if wanted >= Self.limit {
                overLimit = true
                return
            }
            wanted *= 2
        }
    }

    /// Reads from `fd` until `bytes` holds `end` bytes; true when the file ended first. A
    /// short read is taken for the end of the file, as it is for a regular file.
    private mutating func fill(_ fd: Int32, upTo end: Int) throws(SystemError) -> Bool {
        let start = bytes.count
        bytes.append(contentsOf: repeatElement(0, count: end - start))
        var count = start
        defer { bytes.removeSubrange(count...) }
        while count < end {
            let n = bytes.withUnsafeMutableBytes { readFile(fd, $0.baseAddress! + count, end - count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw SystemError(errno)
            }
            count += n
            if n == 0 || count < end { return true }
        }
        return false
    }
}

/// An error of the system, as its text.
struct SystemError: Error {
    var code: Int32
    init(_ code: Int32) { self.code = code }
    var reason: String { String(cString: strerror(code)) }
}

private func readFile(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(fd, buffer, count)
}
