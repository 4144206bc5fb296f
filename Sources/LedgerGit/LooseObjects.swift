import CLibGit2
import Crypto
import LedgerSystem

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Loose objects written and read by alog itself, stored without compression: for trees
/// edited on their bytes (`splicedTree`), inside `writingObjectsDirectly`.
///
/// Why: the day notes' folder is one tree of ~1,100 entries (45 KB), rewritten on every
/// commit. Through libgit2 that cost, per commit, a deflate of the new tree (zlib level 1,
/// ~3.7 M instructions), its SHA-1 with collision detection (~1.5 M), and the inflate and the
/// same SHA-1 again of the old tree read back (~2 M). A tree is mostly 20-byte ids, which
/// barely compress (45 KB → 27 KB at level 1). Here the object is a zlib stream of stored
/// blocks, which every zlib reader takes (it is what git writes with `core.looseCompression
/// 0`), its id is hashed with swift-crypto's SHA-1, and such an object is read back by copying
/// its blocks, its id checked as libgit2's strict read checks it. An object in any other form
/// (written by git, packed) is read through libgit2.
///
/// The file is written the way libgit2's loose backend writes one: a temporary file (in the
/// object's folder, named as git names its own), mode 0444 less the umask, fsynced with its
/// folder when the backend would (`core.fsyncObjectFiles`), renamed to `xx/yyyy…`; an object
/// already there as a loose file is only touched, as libgit2 freshens it.
struct LooseObjects {
    /// The `objects` folder, ending in `/`.
    let directory: String
    /// fsync each object file and its folder (`core.fsyncObjectFiles`).
    let syncs: Bool

    /// Where the loose object `id` lives.
    func path(of id: ObjectID) -> String {
        let hex = id.hex
        return directory + hex.prefix(2) + "/" + hex.dropFirst(2)
    }

    /// The content of the object `id` when it is a loose object of `type` stored in the form
    /// `write` gives it (uncompressed blocks), checked against its id; nil
    /// for any other object, which the caller reads through libgit2.
    func readStored(_ id: ObjectID, type: String) -> [UInt8]? {
        let path = path(of: id)
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0, st.st_size >= 11, st.st_size <= 1 << 28,
            let file = try? FileSystem.readExactly(fd, count: Int(st.st_size), path: path),
            let raw = Self.storedPayload(file)
        else { return nil }
        // "type size\0", then the content.
        guard let nul = raw.prefix(64).firstIndex(of: 0),
            raw[..<nul].elementsEqual(Self.header(type, raw.count - nul - 1).dropLast()), Self.id(of: raw) == id
        else { return nil }
        let content = Array(raw[(nul + 1)...])
        return content
    }

    /// Writes `content` as a loose object of `type` (uncompressed) and returns its id.
    func write(_ content: [UInt8], type: String) throws -> ObjectID {
        let raw = Self.header(type, content.count) + content
        let id = Self.id(of: raw)
        let final = path(of: id)
        // Already there: touched, as libgit2's write freshens an object it finds loose.
        if access(final, F_OK) == 0 {
            _ = utimes(final, nil)
            return id
        }
        let folder = String(final.dropLast(39))
        if mkdir(folder, 0o777) != 0, errno != EEXIST {
            throw Self.failure("mkdir", folder)
        }
        let file = Self.storedStream(raw)
        var temporary = ""
        var fd: Int32 = -1
        for attempt in 0..<100 {
            var now = timespec()
            clock_gettime(CLOCK_REALTIME, &now)
            // Where git puts its own (`git prune` removes a `tmp_obj_` file a crash left).
            temporary = folder + "/tmp_obj_alog_\(getpid())_\(now.tv_nsec)_\(attempt)"
            fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o444)
            if fd >= 0 || errno != EEXIST { break }
        }
        guard fd >= 0 else { throw Self.failure("create", temporary) }
        var renamed = false
        defer { if !renamed { unlink(temporary) } }
        do {
            defer { close(fd) }
            try FileSystem.writeAll(fd, file, path: temporary)
            if syncs, fsync(fd) != 0 { throw Self.failure("fsync", temporary) }
        }
        guard rename(temporary, final) == 0 else {
            throw Self.failure("rename", final)
        }
        renamed = true
        if syncs {
            let dir = open(folder, O_RDONLY | O_CLOEXEC)
            if dir >= 0 {
                _ = fsync(dir)
                close(dir)
            }
        }
        return id
    }

    /// An error of the file system while writing an object, as libgit2's own would read.
    private static func failure(_ operation: String, _ path: String) -> GitError {
        let reason = String(cString: strerror(errno))
        return GitError(
            code: .other(-1), message: "failed to \(operation) '\(path)': \(reason)",
            function: "alog loose object write")
    }

    /// `type size\0`, the header git hashes and stores before an object's content.
    static func header(_ type: String, _ size: Int) -> [UInt8] {
        Array("\(type) \(size)".utf8) + [0]
    }

    /// The object id of `raw` (header and content).
    static func id(of raw: [UInt8]) -> ObjectID {
        let digest = Insecure.SHA1.hash(data: raw)
        var oid = git_oid()
        withUnsafeMutableBytes(of: &oid.id) { target in
            digest.withUnsafeBytes { target.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0.prefix(20))) }
        }
        return ObjectID(oid)
    }

    /// `raw` as a zlib stream of stored (uncompressed) deflate blocks.
    static func storedStream(_ raw: [UInt8]) -> [UInt8] {
        let blockSize = 65_535
        let blocks = max(1, (raw.count + blockSize - 1) / blockSize)
        var out: [UInt8] = []
        out.reserveCapacity(2 + blocks * 5 + raw.count + 4)
        out += [0x78, 0x01]  // deflate, 32 KiB window, no dictionary, "fastest" (as zlib level 0)
        var start = 0
        repeat {
            let end = min(start + blockSize, raw.count)
            let length = UInt16(end - start)
            out.append(end == raw.count ? 1 : 0)  // BFINAL, BTYPE 00 (stored)
            out += [UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8(~length >> 8)]
            out += raw[start..<end]
            start = end
        } while start < raw.count
        let check = adler32(raw)
        out += [UInt8(check >> 24), UInt8((check >> 16) & 0xFF), UInt8((check >> 8) & 0xFF), UInt8(check & 0xFF)]
        return out
    }

    /// The payload of a zlib stream made only of stored blocks; nil for any other stream
    /// (compressed blocks, a preset dictionary, bytes after the end).
    static func storedPayload(_ file: [UInt8]) -> [UInt8]? {
        guard file.count >= 11, file[0] & 0x0F == 8, file[0] >> 4 <= 7, file[1] & 0x20 == 0,
            (Int(file[0]) << 8 | Int(file[1])) % 31 == 0
        else { return nil }
        var raw: [UInt8] = []
        raw.reserveCapacity(file.count)
        var position = 2
        while true {
            guard position + 5 <= file.count, (file[position] >> 1) & 3 == 0 else { return nil }
            let final = file[position] & 1 == 1
            let length = Int(file[position + 1]) | Int(file[position + 2]) << 8
            let inverse = Int(file[position + 3]) | Int(file[position + 4]) << 8
            guard length ^ inverse == 0xFFFF, position + 5 + length <= file.count else { return nil }
            raw += file[(position + 5)..<(position + 5 + length)]
            position += 5 + length
            if final { break }
        }
        // The Adler-32 is there; it is not recomputed: the caller checks the object's id,
        // which covers every byte.
        return position + 4 == file.count ? raw : nil
    }

    /// zlib's Adler-32 of `bytes`.
    static func adler32(_ bytes: [UInt8]) -> UInt32 {
        bytes.withUnsafeBufferPointer { buffer in
            var (a, b): (UInt32, UInt32) = (1, 0)
            var index = 0
            while index < buffer.count {
                // 5,552 bytes at most between reductions keep b below 2^32 (zlib's NMAX).
                let end = min(index + 5552, buffer.count)
                while index < end {
                    a &+= UInt32(buffer[index])
                    b &+= a
                    index += 1
                }
                a %= 65521
                b %= 65521
            }
            return b << 16 | a
        }
    }
}
