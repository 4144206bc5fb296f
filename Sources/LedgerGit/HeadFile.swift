#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Resolves HEAD by reading `.git/HEAD`, the loose ref and `packed-refs` directly, without
/// initialising libgit2 (whose start-up loads the TLS certificate bundle, several
/// milliseconds). Used only on hot read paths to check whether a cache is current; any
/// unusual layout returns nil and the caller falls back to `Repository.head()`.
public enum HeadFile {
    public enum Resolution: Equatable, Sendable {
        case commit(ObjectID)
        /// HEAD names a branch that has no commit yet.
        case unborn
    }

    public static func resolve(gitDirectory: String) -> Resolution? {
        guard let head = readSmallFile(gitDirectory + "HEAD") else { return nil }
        if head.hasPrefix("ref: ") {
            let name = String(head.dropFirst(5))
            guard name.hasPrefix("refs/"), !name.contains("..") else { return nil }
            if let loose = readSmallFile(gitDirectory + name) {
                return ObjectID(hex: loose).map(Resolution.commit)
            }
            if let packed = readSmallFile(gitDirectory + "packed-refs", limit: 1 << 20) {
                for line in packed.split(separator: "\n") where line.hasSuffix(" " + name) {
                    return ObjectID(hex: line.prefix(40)).map(Resolution.commit)
                }
            }
            return .unborn
        }
        return ObjectID(hex: head).map(Resolution.commit)
    }

    /// The first line of a small file, or nil when it is missing.
    static func readSmallFile(_ path: String, limit: Int = 4096) -> String? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: limit)
        let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, limit) }
        guard count > 0 else { return nil }
        let text = String(decoding: buffer[0..<count], as: UTF8.self)
        return limit > 4096 ? text : String(text.prefix { $0 != "\n" })
    }
}
