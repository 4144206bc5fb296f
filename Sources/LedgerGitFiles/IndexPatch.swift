import LedgerSystem

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Restages files that are already in the index by patching their entries in `.git/index`,
/// the way git itself writes that file, instead of through libgit2's index.
///
/// Why: libgit2 parses every entry into its own structures on load and serialises them all
/// again on write, and its attribute lookup for the filters loads the index once more. For a
/// vault of a few thousand files that is 6–9 ms on every `alog log`; the git CLI does the same
/// update in about 1 ms. Here the file is read once, the entries of the given paths get the
/// new stat data and blob id in place (their size does not change), the cached tree of their
/// directories is marked invalid, and the trailer is recomputed.
///
/// The caller names the blob each working file holds (it has just written that content); a
/// file whose bytes do not hash to it is left to libgit2. Only the common case is handled:
/// index version 2 or 3, the paths present at stage 0 as regular files without skip-worktree
/// or intent-to-add, no extension but the cached tree (`TREE`), and a real trailer (not
/// `index.skipHash`). Anything else answers false, having changed nothing, and the caller
/// goes through libgit2.
///
/// Locking is git's: `index.lock` is taken exclusively before the file is read, the new
/// content is written there, and renamed over `index`. With a claim file (see
/// `IndexLockClaim`) the lock is taken by hard-linking the claim to `index.lock` instead of
/// creating it, which is just as exclusive and lets a later process recognise a lock left by
/// a writer that was killed while holding it.
///
/// With a `record` (a file of alog's own), the index this writes is remembered by its stat
/// data and trailer; the next patch that finds the index with exactly that stat data and
/// trailer knows the file is the one it wrote and does not hash it again to check the trailer
/// (git, libgit2 and every other writer replace the index through a new file, so a changed
/// index has another inode, times or trailer). That check was half of this patch's cost: the
/// SHA-1 of the whole index (~4 M instructions for a vault of 3,300 files).
package struct IndexPatch: Sendable {
    /// The git directory and the working tree, each ending in `/`.
    package var gitDirectory: String
    package var workingDirectory: String
    /// The claim file's path (see `IndexLockClaim`), or nil to create `index.lock` itself.
    package var claim: String?
    package var record: String?

    package init(gitDirectory: String, workingDirectory: String, claim: String?, record: String?) {
        (self.gitDirectory, self.workingDirectory, self.claim, self.record) =
            (gitDirectory, workingDirectory, claim, record)
    }

    /// A staged file: its blob id and the stat data git compares to notice changes.
    private struct Staged {
        var path: [UInt8]
        var id: [UInt8]
        var stat: stat
        var done = false
    }

    private struct Unsupported: Error {}

    /// Restages `files` (paths relative to the working tree); false when this index or one of
    /// the files needs libgit2 (nothing was changed then). `whileLocked` is called once the
    /// lock is held and the new index written to it, before it replaces the index (a crash
    /// point for the tests).
    package func restage(
        _ files: [(path: String, blob: [UInt8])], snapshot: Snapshot? = nil, whileLocked: () -> Void = {}
    ) -> Bool {
        guard !files.isEmpty else { return false }
        let indexPath = gitDirectory + "index"
        let lockPath = indexPath + ".lock"
        guard let lock = takeLock(lockPath) else { return false }
        var renamed = false
        defer {
            close(lock)
            if !renamed { unlink(lockPath) }
            if let claim { unlink(claim) }
        }
        do {
            var staged = try files.map { try stagedFile($0.path, blob: $0.blob, workingDirectory: workingDirectory) }
            guard let (old, oldStat) = try current(indexPath, snapshot) else { return false }
            let known = record.map { Self.recorded($0) == Self.identity(oldStat, trailer: old.suffix(20)) } ?? false
            let new = try patched(old, &staged, trailerKnown: known)
            try FileSystem.writeAll(lock, new, path: lockPath)
            // A recycled spare may have been longer.
            guard ftruncate(lock, off_t(new.count)) == 0 else { return false }
            whileLocked()
            // The index being replaced keeps a name (the spare), so the rename does not free it.
            if let spare {
                unlink(spare)
                _ = link(indexPath, spare)
            }
            guard rename(lockPath, indexPath) == 0 else { return false }
            renamed = true
            if let record {
                // Removing the claim's name changes the file's ctime: first, then the stat.
                if let claim { unlink(claim) }
                var written = stat()
                if fstat(lock, &written) == 0 {
                    try? FileSystem.overwrite(record, Self.identity(written, trailer: new.suffix(20)))
                }
            }
            return true
        } catch {
            return false
        }
    }

    /// The index as read before the lock is taken: `restage` uses these bytes instead of
    /// reading the file again when the file is still this version (same stat data).
    package struct Snapshot: @unchecked Sendable {
        fileprivate var bytes: [UInt8]
        fileprivate var stat: stat
    }

    /// The index as it is now; nil while `index.lock` is held or when it cannot be read.
    package func snapshot() -> Snapshot? {
        guard access(gitDirectory + "index.lock", F_OK) != 0, let (bytes, st) = try? readFile(gitDirectory + "index")
        else { return nil }
        return Snapshot(bytes: bytes, stat: st)
    }

    /// True when `restage` of `paths` would patch `snapshot` itself (the index's form is one
    /// it handles and each path has a plain entry), rather than answer false. Reads no file;
    /// the trailer is checked by `restage`.
    package func canPatch(_ paths: [String], in snapshot: Snapshot) -> Bool {
        var staged = paths.map { Staged(path: Array($0.utf8), id: [UInt8](repeating: 0, count: 20), stat: stat()) }
        return (try? patched(snapshot.bytes, &staged, trailerKnown: true, hashing: false)) != nil
    }

    /// Creates `index.lock` exclusively and opens it for writing; nil if it exists (another
    /// process holds the index) or cannot be created.
    private func takeLock(_ lockPath: String) -> Int32? {
        guard let claim else {
            let lock = open(lockPath, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
            return lock >= 0 ? lock : nil
        }
        // A claim left by an earlier, killed writer is no longer linked to the lock it took
        // (the caller has dealt with that lock); it is replaced.
        unlink(claim)
        var file = recycledSpare(as: claim)
        if file < 0 { file = open(claim, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666) }
        guard file >= 0 else { return nil }
        guard link(claim, lockPath) == 0 else {
            close(file)
            unlink(claim)
            return nil
        }
        return file
    }

    /// Where the index a patch replaced is kept (`<claim's folder>/index.spare`): replacing a
    /// file by rename frees the replaced one in the rename itself, and for an index of 1.2 MB
    /// (a million-entry vault) whose pages are not yet written back that took ~1.5 ms of
    /// every `log`. With a second name it is not freed; the next patch writes its new index
    /// into that same file (`recycledSpare`), so no index file is ever freed on this path.
    private var spare: String? {
        claim.flatMap { claim in claim.lastIndex(of: "/").map { String(claim[...$0]) + "index.spare" } }
    }

    /// The spare, renamed to the claim and opened for writing; -1 when there is none to reuse.
    /// Reused only when it is a plain file with no other name (never the live index, which a
    /// writer killed after keeping it would leave linked), and stopped being the index at least
    /// a tenth of a second ago: git and libgit2 read an index whole when they start, in a few
    /// milliseconds, and check its trailer, so a reader still reading it then (a machine
    /// stalled for that long) fails that check and says so; it never acts on a torn read.
    private func recycledSpare(as claim: String) -> Int32 {
        guard let spare else { return -1 }
        var st = stat()
        guard lstat(spare, &st) == 0 else { return -1 }
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        #if canImport(Darwin)
            let changed = st.st_ctimespec
        #else
            let changed = st.st_ctim
        #endif
        let age =
            (Int64(now.tv_sec) - Int64(changed.tv_sec)) * 1_000_000_000 + Int64(now.tv_nsec) - Int64(changed.tv_nsec)
        guard st.st_mode & S_IFMT == S_IFREG, st.st_nlink == 1, age >= 100_000_000, rename(spare, claim) == 0 else {
            if st.st_nlink > 1 { unlink(spare) }
            return -1
        }
        let file = open(claim, O_WRONLY | O_CLOEXEC | O_NOFOLLOW)
        var opened = stat()
        guard file >= 0, fstat(file, &opened) == 0, opened.st_ino == st.st_ino, opened.st_nlink == 1 else {
            if file >= 0 { close(file) }
            unlink(claim)
            return -1
        }
        return file
    }

    /// The working file's stat data, taken before its bytes are read and checked against
    /// `blob`: if the file changes meanwhile, git sees the stat data differ and looks at the
    /// content again.
    private func stagedFile(_ path: String, blob: [UInt8], workingDirectory: String) throws -> Staged {
        let fd = open(workingDirectory + path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard fd >= 0 else { throw Unsupported() }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0, st.st_mode & S_IFMT == S_IFREG else { throw Unsupported() }
        guard let content = try FileSystem.readExactly(fd, count: Int(st.st_size), path: workingDirectory + path) else {
            throw Unsupported()
        }
        guard ObjectHash.id(type: "blob", content) == blob else { throw Unsupported() }
        return Staged(path: Array(path.utf8), id: blob, stat: st)
    }

    /// The index `old` with the entries of `staged` patched. Its trailer is checked unless
    /// `trailerKnown` (the file is the one this patch last wrote).
    private func patched(_ old: [UInt8], _ staged: inout [Staged], trailerKnown: Bool, hashing: Bool = true) throws
        -> [UInt8]
    {
        let hashSize = 20
        guard old.count >= 12 + hashSize, old[0..<4].elementsEqual("DIRC".utf8) else { throw Unsupported() }
        let version = Self.read32(old, 4)
        guard version == 2 || version == 3 else { throw Unsupported() }
        let body = old.count - hashSize
        let trailer = Array(old[body...])
        guard trailer.contains(where: { $0 != 0 }),
            trailerKnown || ObjectHash.sha1(old[..<body]) == trailer
        else {
            throw Unsupported()
        }
        // A dry run (`canPatch`) checks the form without copying the index.
        var new: [UInt8] = []
        if hashing {
            // Room for the trailer: the copy is made once, never grown.
            new.reserveCapacity(old.count + 20)
            new += old[..<body]
        }
        var offset = 12
        for _ in 0..<Self.read32(old, 8) {
            guard offset + 62 <= body else { throw Unsupported() }
            let flags = Int(Self.read16(old, offset + 60))
            var nameStart = offset + 62
            var extended = 0
            if flags & 0x4000 != 0 {
                guard version == 3 else { throw Unsupported() }
                extended = Int(Self.read16(old, nameStart))
                nameStart += 2
            }
            var nameEnd = nameStart + (flags & 0xFFF)
            if flags & 0xFFF == 0xFFF {
                // A name of 4 KiB or more: its length is where its NUL is.
                guard let nul = old[nameStart..<body].firstIndex(of: 0) else { throw Unsupported() }
                nameEnd = nul
            }
            let next = offset + ((nameEnd - offset + 8) & ~7)
            guard nameEnd < body, next <= body else { throw Unsupported() }
            if let match = old.withUnsafeBytes({ raw in
                staged.firstIndex { file in
                    file.path.count == nameEnd - nameStart
                        && file.path.withUnsafeBytes {
                            memcmp(raw.baseAddress! + nameStart, $0.baseAddress!, $0.count)
                        }
                            == 0
                }
            }) {
                // Conflicted, sparse or intent-to-add entries are libgit2's to handle.
                guard (flags >> 12) & 3 == 0, extended & 0x6000 == 0, !staged[match].done else { throw Unsupported() }
                let mode = Self.read32(old, offset + 24)
                guard mode == 0o100644 || mode == 0o100755 else { throw Unsupported() }
                if hashing { Self.writeStat(staged[match], into: &new, at: offset) }
                staged[match].done = true
            }
            offset = next
        }
        guard staged.allSatisfy(\.done) else { throw Unsupported() }
        if hashing { new.removeSubrange(offset...) }
        var directories: Set<[UInt8]> = [[]]
        for file in staged {
            var prefix = file.path
            while let slash = prefix.lastIndex(of: UInt8(ascii: "/")) {
                prefix.removeSubrange(slash...)
                directories.insert(prefix)
            }
        }
        while offset < body {
            guard offset + 8 <= body else { throw Unsupported() }
            let size = Int(Self.read32(old, offset + 4))
            let end = offset + 8 + size
            guard end <= body, old[offset..<offset + 4].elementsEqual("TREE".utf8) else { throw Unsupported() }
            var tree: [UInt8] = []
            var position = offset + 8
            try Self.invalidate(old, &position, end: end, parent: nil, directories, into: &tree)
            guard position == end else { throw Unsupported() }
            if hashing {
                new += "TREE".utf8
                Self.append32(UInt32(tree.count), to: &new)
                new += tree
            }
            offset = end
        }
        if hashing { new += ObjectHash.sha1(new) }
        return new
    }

    /// Copies one node of the cached-tree extension (and its subtrees), marking the nodes of
    /// `directories` invalid: an entry count of -1 and no tree id, as git does when a path
    /// below them changes.
    private static func invalidate(
        _ data: [UInt8], _ position: inout Int, end: Int, parent: [UInt8]?, _ directories: Set<[UInt8]>,
        into out: inout [UInt8]
    ) throws {
        guard let nul = data[position..<end].firstIndex(of: 0) else { throw Unsupported() }
        let name = Array(data[position..<nul])
        let path = parent.map { $0.isEmpty ? name : $0 + [UInt8(ascii: "/")] + name } ?? name
        guard let space = data[nul..<end].firstIndex(of: UInt8(ascii: " ")),
            let newline = data[space..<end].firstIndex(of: UInt8(ascii: "\n")),
            let entries = Int(String(decoding: data[(nul + 1)..<space], as: UTF8.self)),
            let subtrees = Int(String(decoding: data[(space + 1)..<newline], as: UTF8.self)), subtrees >= 0
        else { throw Unsupported() }
        let headerEnd = newline + 1 + (entries >= 0 ? 20 : 0)
        guard headerEnd <= end else { throw Unsupported() }
        if directories.contains(path) {
            out += data[position...nul]
            out += "-1 \(subtrees)\n".utf8
        } else {
            out += data[position..<headerEnd]
        }
        position = headerEnd
        for _ in 0..<subtrees {
            try invalidate(data, &position, end: end, parent: path, directories, into: &out)
        }
    }

    /// ctime, mtime, dev, ino, (mode kept), uid, gid, size and the blob id, as git stores them
    /// (each field 32 bits, big-endian, truncated like git's `fill_stat_data`).
    private static func writeStat(_ file: Staged, into bytes: inout [UInt8], at offset: Int) {
        let st = file.stat
        #if canImport(Darwin)
            let (ctime, mtime) = (st.st_ctimespec, st.st_mtimespec)
        #else
            let (ctime, mtime) = (st.st_ctim, st.st_mtim)
        #endif
        let fields: [UInt32] = [
            UInt32(truncatingIfNeeded: ctime.tv_sec), UInt32(truncatingIfNeeded: ctime.tv_nsec),
            UInt32(truncatingIfNeeded: mtime.tv_sec), UInt32(truncatingIfNeeded: mtime.tv_nsec),
            UInt32(truncatingIfNeeded: st.st_dev), UInt32(truncatingIfNeeded: st.st_ino),
        ]
        for (index, value) in fields.enumerated() { store32(value, into: &bytes, at: offset + 4 * index) }
        store32(UInt32(truncatingIfNeeded: st.st_uid), into: &bytes, at: offset + 28)
        store32(UInt32(truncatingIfNeeded: st.st_gid), into: &bytes, at: offset + 32)
        store32(UInt32(truncatingIfNeeded: st.st_size), into: &bytes, at: offset + 36)
        for index in 0..<20 { bytes[offset + 40 + index] = file.id[index] }
    }

    private static func read32(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
        bytes.withUnsafeBytes { UInt32(bigEndian: $0.loadUnaligned(fromByteOffset: offset, as: UInt32.self)) }
    }

    private static func read16(_ bytes: [UInt8], _ offset: Int) -> UInt16 {
        UInt16(bytes[offset]) << 8 | UInt16(bytes[offset + 1])
    }

    private static func store32(_ value: UInt32, into bytes: inout [UInt8], at offset: Int) {
        for index in 0..<4 { bytes[offset + index] = UInt8(truncatingIfNeeded: value >> (24 - 8 * index)) }
    }

    private static func append32(_ value: UInt32, to bytes: inout [UInt8]) {
        bytes += [0, 0, 0, 0]
        store32(value, into: &bytes, at: bytes.count - 4)
    }

    /// The index's bytes: the snapshot's when the file is still that version, else read now.
    private func current(_ path: String, _ snapshot: Snapshot?) throws -> ([UInt8], stat)? {
        if let snapshot {
            var st = stat()
            if stat(path, &st) == 0, Self.identity(st, trailer: []) == Self.identity(snapshot.stat, trailer: []) {
                return (snapshot.bytes, snapshot.stat)
            }
        }
        return try readFile(path)
    }

    private func readFile(_ path: String) throws -> ([UInt8], stat)? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0 else { throw Unsupported() }
        return try FileSystem.readExactly(fd, count: Int(st.st_size), path: path).map { ($0, st) }
    }

    /// What the record holds for an index file: a tag, its device, inode, size, mtime and
    /// ctime (seconds and nanoseconds), and its trailer.
    static func identity(_ st: stat, trailer: ArraySlice<UInt8>) -> [UInt8] {
        #if canImport(Darwin)
            let (ctime, mtime) = (st.st_ctimespec, st.st_mtimespec)
        #else
            let (ctime, mtime) = (st.st_ctim, st.st_mtim)
        #endif
        var out = Array("alog-index 1\n".utf8)
        let fields = [
            UInt64(truncatingIfNeeded: st.st_dev), UInt64(truncatingIfNeeded: st.st_ino),
            UInt64(truncatingIfNeeded: st.st_size), UInt64(truncatingIfNeeded: mtime.tv_sec),
            UInt64(truncatingIfNeeded: mtime.tv_nsec), UInt64(truncatingIfNeeded: ctime.tv_sec),
            UInt64(truncatingIfNeeded: ctime.tv_nsec),
        ]
        for field in fields {
            for shift in stride(from: 56, through: 0, by: -8) {
                out.append(UInt8(truncatingIfNeeded: field >> UInt64(shift)))
            }
        }
        out += trailer
        return out
    }

    /// The record's content; nil when there is none (or it cannot be read).
    private static func recorded(_ path: String) -> [UInt8]? {
        (try? FileSystem.read(path)) ?? nil
    }
}
