import LedgerSystem

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Loose objects written (and read back) without libgit2, stored without compression: a zlib
/// stream of stored deflate blocks, which every zlib reader takes (it is what git writes with
/// `core.looseCompression 0`).
///
/// The file is written the way libgit2's loose backend writes one: a temporary file (in the
/// object's folder, named as git names its own), mode 0444 less the umask, fsynced with its
/// folder when asked (`core.fsyncObjectFiles`), renamed to `xx/yyyy…`; an object already there
/// as a loose file is only touched, as libgit2 freshens it.
package struct LooseObjectFile: Sendable {
    /// The `objects` folder, ending in `/`.
    package let directory: String
    /// fsync each object file and its folder (`core.fsyncObjectFiles`).
    package let syncs: Bool

    package init(directory: String, syncs: Bool) {
        (self.directory, self.syncs) = (directory, syncs)
    }

    /// A file-system call that failed while writing an object.
    package struct Failure: Error, Sendable {
        package var operation: String
        package var path: String
        package var code: Int32
        package var reason: String { String(cString: strerror(code)) }
    }

    /// The names in the fan-out folder `xx` (two hex digits) that are loose objects (38
    /// lowercase hex digits), not a writer's temporary files.
    package func looseNames(in fanOut: String) -> [String] {
        FileSystem.list(directory + fanOut).filter { name in
            name.utf8.count == 38 && name.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
        }
    }

    /// The loose objects in `objects/17/`: `git gc --auto`'s sample, a 256th of them all.
    package func sampledCount() -> Int { looseNames(in: "17").count }

    /// Whether a sample (`sampledCount`) means more loose objects than `threshold` have
    /// gathered, as `git gc --auto` decides: more than the threshold's 256th part.
    package static func exceeds(sampled: Int, _ threshold: Int) -> Bool {
        threshold > 0 && sampled > (threshold + 255) / 256
    }

    /// Whether more loose objects than `threshold` have gathered (one folder read).
    package func exceeds(_ threshold: Int) -> Bool { Self.exceeds(sampled: sampledCount(), threshold) }

    /// git's default `gc.auto`.
    package static let defaultAutomaticThreshold = 6_700

    /// Where the loose object `id` (40 hex digits) lives.
    package func path(of hex: String) -> String {
        directory + hex.prefix(2) + "/" + hex.dropFirst(2)
    }

    /// The content of the object `id` when it is a loose object of `type` stored in the form
    /// `write` gives it, checked against its id; nil for any other object.
    package func readStored(_ id: [UInt8], type: String) -> [UInt8]? {
        let path = path(of: ObjectHash.hex(id))
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
            raw[..<nul].elementsEqual(ObjectHash.header(type, raw.count - nul - 1).dropLast()),
            ObjectHash.sha1(raw) == id
        else { return nil }
        return Array(raw[(nul + 1)...])
    }

    /// Writes `content` as a loose object of `type` (uncompressed) and returns its id.
    @discardableResult
    package func write(_ content: [UInt8], type: String) throws(Failure) -> [UInt8] {
        let raw = ObjectHash.header(type, content.count) + content
        let id = ObjectHash.sha1(raw)
        let final = path(of: ObjectHash.hex(id))
        // Already there: touched, as libgit2's write freshens an object it finds loose.
        if access(final, F_OK) == 0 {
            _ = utimes(final, nil)
            return id
        }
        let folder = String(final.dropLast(39))
        if mkdir(folder, 0o777) != 0, errno != EEXIST {
            throw Failure(operation: "mkdir", path: folder, code: errno)
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
            if fd >= 0 { break }
            // `git gc` (prune-packed) removes the fan-out folders it empties, maybe this one
            // since the mkdir above: made again, as git's own object writer does.
            if errno == ENOENT, mkdir(folder, 0o777) == 0 || errno == EEXIST { continue }
            if errno != EEXIST { break }
        }
        guard fd >= 0 else { throw Failure(operation: "create", path: temporary, code: errno) }
        var renamed = false
        defer { if !renamed { unlink(temporary) } }
        do {
            defer { close(fd) }
            do {
                try FileSystem.writeAll(fd, file, path: temporary)
            } catch {
                throw Failure(operation: "write", path: temporary, code: (error as? FileSystem.Failure)?.code ?? EIO)
            }
            if syncs, fsync(fd) != 0 { throw Failure(operation: "fsync", path: temporary, code: errno) }
        }
        guard rename(temporary, final) == 0 else { throw Failure(operation: "rename", path: final, code: errno) }
        renamed = true
        if syncs { FileSystem.syncDirectory(of: final) }
        return id
    }

    /// `raw` as a zlib stream of stored (uncompressed) deflate blocks.
    package static func storedStream(_ raw: [UInt8]) -> [UInt8] {
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
    package static func storedPayload(_ file: [UInt8]) -> [UInt8]? {
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
    package static func adler32(_ bytes: [UInt8]) -> UInt32 {
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
