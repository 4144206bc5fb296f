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
        // Without blocking: a FIFO put where a note was would otherwise wait for a writer.
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { throw SystemError(errno) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw SystemError(errno) }
        guard info.st_mode & S_IFMT == S_IFREG else {
            throw SystemError(EINVAL, reason: "it is not a regular file (a FIFO, device or folder); a note is a file")
        }
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
    /// Said instead of the system's text.
    var text: String?
    init(_ code: Int32, reason: String? = nil) { (self.code, self.text) = (code, reason) }
    var reason: String { text ?? String(cString: strerror(code)) }
}

private func readFile(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(fd, buffer, count)
}
