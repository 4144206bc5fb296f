#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One version of a file, told apart without reading it (as git's index does): inode, size,
/// and the modification and change times to the nanosecond. A file replaced by a rename gets
/// a new inode; a file edited in place gets a new change time, which no tool can set back.
package struct FileIdentity: Equatable, Sendable {
    package var inode: UInt64
    package var size: Int64
    package var modified: Int64
    package var changed: Int64

    init(_ st: stat) {
        inode = UInt64(st.st_ino)
        size = Int64(st.st_size)
        #if canImport(Darwin)
            modified = Int64(st.st_mtimespec.tv_sec) * 1_000_000_000 + Int64(st.st_mtimespec.tv_nsec)
            changed = Int64(st.st_ctimespec.tv_sec) * 1_000_000_000 + Int64(st.st_ctimespec.tv_nsec)
        #else
            modified = Int64(st.st_mtim.tv_sec) * 1_000_000_000 + Int64(st.st_mtim.tv_nsec)
            changed = Int64(st.st_ctim.tv_sec) * 1_000_000_000 + Int64(st.st_ctim.tv_nsec)
        #endif
    }

    /// An identity no file has.
    package static let unknown = FileIdentity(inode: 0, size: -1, modified: 0, changed: 0)

    init(inode: UInt64, size: Int64, modified: Int64, changed: Int64) {
        self.inode = inode
        self.size = size
        self.modified = modified
        self.changed = changed
    }

    /// The identity of the file at `path` now, nil when there is none.
    package static func of(_ path: String) -> FileIdentity? {
        var st = stat()
        return stat(path, &st) == 0 ? FileIdentity(st) : nil
    }

    static func of(descriptor: Int32) -> FileIdentity? {
        var st = stat()
        return fstat(descriptor, &st) == 0 ? FileIdentity(st) : nil
    }

    /// `inode size modified changed`, as decimal numbers.
    package var text: String { "\(inode) \(size) \(modified) \(changed)" }

    package init?(text: Substring) {
        let parts = text.split(separator: " ")
        guard parts.count == 4, let inode = UInt64(parts[0]), let size = Int64(parts[1]),
            let modified = Int64(parts[2]), let changed = Int64(parts[3])
        else { return nil }
        self.inode = inode
        self.size = size
        self.modified = modified
        self.changed = changed
    }
}
