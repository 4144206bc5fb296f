import LedgerCrypto
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
/// update in about 1 ms. Here the file is mapped (privately: nothing is copied but the pages
/// of the patched entries), the entries of the given paths get the new stat data and blob id
/// in place (their size does not change), the cached tree of their directories is marked
/// invalid, and the trailer is recomputed over the mapping.
///
/// The caller names the blob each working file holds (it has just written that content); a
/// file whose bytes do not hash to it is left to libgit2. Only the common case is handled:
/// index version 2 or 3, the paths present at stage 0 as regular files without skip-worktree
/// or intent-to-add, and a real trailer (not `index.skipHash`). Its extensions are written
/// back as libgit2 writes them: the cached tree (`TREE`) with the staged paths' folders
/// invalidated, and the optional extensions libgit2 does not read (the untracked cache
/// `UNTR`, `FSMN`, `EOIE`, `IEOT`, …) left out. An index with a resolve-undo (`REUC`) or
/// conflict-name (`NAME`) record, or a mandatory extension (a split index's `link`), answers
/// false, having changed nothing, as anything else does, and the caller goes through libgit2.
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
/// SHA-1 of the whole index (~4 M instructions for a vault of 3,300 files). The record also
/// says which entries that patch changed and which file it kept as the spare (`Delta`), so the
/// next patch finds its entries without walking the index, and writes into the spare only
/// what differs instead of the whole file (for the 1.2 MB index of a million-event vault, a
/// few hundred bytes instead of 1.2 MB, and as many fewer pages for the kernel to write back).
package struct IndexPatch: Sendable {
    /// The git directory and the working tree, each ending in `/`.
    package var gitDirectory: String
    package var workingDirectory: String
    /// The claim file's path (see `IndexLockClaim`), or nil to create `index.lock` itself.
    package var claim: String?
    package var record: String?

    /// The time a spare's age is measured against: CLOCK_REALTIME, the clock of a file's ctime.
    /// Tests move it on instead of sleeping until a spare may be reused.
    /// In nanoseconds since 1970.
    package var now: @Sendable () -> Int64 = {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
    }

    package init(gitDirectory: String, workingDirectory: String, claim: String?, record: String?) {
        (self.gitDirectory, self.workingDirectory, self.claim, self.record) =
            (gitDirectory, workingDirectory, claim, record)
    }

    /// A staged file: its blob id and the stat data git compares to notice changes.
    private struct Staged {
        var path: [UInt8]
        var id: [UInt8]
        var stat: stat
        /// Where its entry starts in the index (-1 until found); for a file not in the index
        /// yet (`adding`), where its new entry goes.
        var offset = -1
        /// Not in the index: a new entry is inserted.
        var isNew = false
    }

    private struct Unsupported: Error {}

    /// Restages `files` (paths relative to the working tree); false when this index or one of
    /// the files needs libgit2 (nothing was changed then). `whileLocked` is called once the
    /// lock is held and the new index written to it, before it replaces the index (a crash
    /// point for the tests).
    package func restage(
        _ files: [(path: String, blob: [UInt8])], snapshot: Snapshot? = nil, adding: Bool = false,
        whileLocked: () -> Void = {}
    ) -> Bool {
        guard !files.isEmpty, let held = lock() else { return false }
        defer { held.release() }
        return restage(files, holding: held, snapshot: snapshot, adding: adding, whileLocked: whileLocked)
    }

    /// `restage` under a lock the caller took with `lock` (and holds across its own steps).
    /// `beforeRename` runs once the new index is in the lock, right before it replaces the
    /// index (the caller moves the branch there: while the lock is held, the branch and the
    /// index change together as far as any git command that takes the lock can tell); when it
    /// answers false, nothing is replaced. On success the lock has become the index; on false
    /// the index is as it was and the lock is still held, for the caller to write otherwise or
    /// release.
    package func restage(
        _ files: [(path: String, blob: [UInt8])], holding held: HeldLock, snapshot: Snapshot? = nil,
        adding: Bool = false, whileLocked: () -> Void = {}, beforeRename: () -> Bool = { true }
    ) -> Bool {
        guard !files.isEmpty, held.isHeld else { return false }
        let indexPath = gitDirectory + "index"
        let (lock, lockPath, recycled) = (held.file, held.path, held.recycled)
        do {
            var staged = try files.map { try stagedFile($0.path, blob: $0.blob, workingDirectory: workingDirectory) }
            guard let (image, known, located) = current(indexPath, snapshot) else { return false }
            let old = image.bytes
            let plan = try plan(image, &staged, known: known, adding: adding, located: located)
            // The entries are patched in the private mapping (only their pages are copied), and
            // hashed there with the new extensions.
            for file in staged where !file.isNew { Self.writeStat(file, into: image.bytes, at: file.offset) }
            var hash = SHA1()
            let offsets = staged.map(\.offset)
            var written = 0
            func emit(_ piece: UnsafeRawBufferPointer) throws {
                hash.update(piece)
                try FileSystem.writeAll(lock, piece, at: written, path: lockPath)
                written += piece.count
            }
            var prefix: SHA1.State?
            if plan.insertions.isEmpty {
                // Bytes before the first changed entry are the same in the new index: their hash
                // state comes from the trailer check (`plan`) or the record, when either has one
                // that stops there or earlier, and is kept for the next patch.
                let mark = plan.mark
                if let start = plan.prefix ?? known?.delta?.prefix, Int(start.count) <= mark {
                    hash = SHA1(resuming: start)
                }
                hash.update(UnsafeRawBufferPointer(rebasing: old[Int(hash.blockState.state.count)..<mark]))
                prefix = hash.blockState.state
                hash.update(UnsafeRawBufferPointer(rebasing: old[mark..<plan.entriesEnd]))
                // The recycled spare is the index the last patch replaced, when the record says
                // so and the file is still that one: it then differs from the live index only at
                // the entries that patch changed, and those and this patch's are all it needs.
                if let recycled, let delta = known?.delta, delta.spare == recycled,
                    delta.entriesEnd == plan.entriesEnd,
                    delta.offsets.allSatisfy({ $0 >= 12 && $0 + 62 <= plan.entriesEnd })
                {
                    for offset in Set(delta.offsets + offsets) {
                        try FileSystem.writeAll(
                            lock, UnsafeRawBufferPointer(rebasing: old[offset..<(offset + 60)]), at: offset,
                            path: lockPath)
                    }
                } else {
                    try FileSystem.writeAll(
                        lock, UnsafeRawBufferPointer(rebasing: old[..<plan.entriesEnd]), at: 0, path: lockPath)
                }
                written = plan.entriesEnd
            } else {
                // New entries: the header with its new count, then the old entries with the
                // new ones in their places, all written.
                var header = Array(old[..<12])
                let count = Self.read32(UnsafeRawBufferPointer(old), 8) + UInt32(plan.insertions.count)
                header.withUnsafeMutableBytes { Self.store32(count, into: $0, at: 8) }
                try header.withUnsafeBytes(emit)
                var from = 12
                for insertion in plan.insertions {
                    try emit(UnsafeRawBufferPointer(rebasing: old[from..<insertion.offset]))
                    from = insertion.offset
                    try insertion.entry.withUnsafeBytes(emit)
                }
                try emit(UnsafeRawBufferPointer(rebasing: old[from..<plan.entriesEnd]))
            }
            plan.extensions.withUnsafeBytes { hash.update($0) }
            let tail = plan.extensions + hash.finalize()
            try tail.withUnsafeBytes { try FileSystem.writeAll(lock, $0, at: written, path: lockPath) }
            // A recycled spare may have been longer.
            guard ftruncate(lock, off_t(written + tail.count)) == 0 else { return false }
            whileLocked()
            guard beforeRename() else { return false }
            // The index being replaced keeps a name (the spare), so the rename does not free it.
            var spareKept = false
            if let spare {
                unlink(spare)
                spareKept = link(indexPath, spare) == 0
            }
            guard rename(lockPath, indexPath) == 0 else { return false }
            held.isHeld = false
            defer { held.closeAfterRename() }
            if let recordPath = self.record {
                // Removing the claim's name changes the file's ctime: first, then the stat.
                if let claim { unlink(claim) }
                var replaced = stat()
                if fstat(lock, &replaced) == 0 {
                    var bytes = Self.identity(replaced, trailer: tail.suffix(20))
                    // After an insertion the entries moved: the next patch writes all of it.
                    if spareKept, plan.insertions.isEmpty {
                        bytes +=
                            Delta(
                                trailer: Array(tail.suffix(20)), spare: SpareIdentity(image.stat),
                                entriesEnd: plan.entriesEnd, offsets: offsets, prefix: prefix
                            ).encoded
                    }
                    try? FileSystem.overwrite(recordPath, bytes)
                }
            }
            return true
        } catch {
            return false
        }
    }

    /// The index as read before the lock is taken: `restage` uses it instead of reading the
    /// file again when the file is still this version (same stat data).
    package struct Snapshot: Sendable {
        fileprivate var image: IndexImage
        /// The record, when it names this very file (`knownRecord`).
        fileprivate var known: Record?
        /// Where `canPatch` found (or would insert) its paths' entries, so `restage` of the same
        /// paths does not walk the index a second time.
        fileprivate var located: Located?
    }

    /// The entries of some paths, as `plan` found them in a snapshot's image.
    fileprivate struct Located: Sendable {
        var paths: [[UInt8]]
        var adding: Bool
        var offsets: [Int]
        var isNew: [Bool]
        var entriesEnd: Int
    }

    /// The index as it is now; nil while `index.lock` is held or when it cannot be read.
    package func snapshot() -> Snapshot? {
        guard access(gitDirectory + "index.lock", F_OK) != 0, let image = IndexImage(path: gitDirectory + "index")
        else { return nil }
        return Snapshot(image: image, known: knownRecord(for: image))
    }

    /// True when `restage` of `paths` would patch `snapshot` itself (the index's form is one
    /// it handles and each path has a plain entry), rather than answer false. Reads no file;
    /// the trailer is checked by `restage`. Where the entries are is kept in `snapshot`, for
    /// `restage` of the same paths.
    package func canPatch(_ paths: [String], in snapshot: inout Snapshot, adding: Bool = false) -> Bool {
        var staged = paths.map { Staged(path: Array($0.utf8), id: [UInt8](repeating: 0, count: 20), stat: stat()) }
        guard let plan = try? plan(snapshot.image, &staged, known: snapshot.known, adding: adding, checking: false)
        else { return false }
        snapshot.located = Located(
            paths: staged.map(\.path), adding: adding, offsets: staged.map(\.offset), isNew: staged.map(\.isNew),
            entriesEnd: plan.entriesEnd)
        return true
    }

    /// The record, when it names `image` (the index this patch last wrote, by stat data and
    /// trailer); nil otherwise, or without a record.
    private func knownRecord(for image: IndexImage) -> Record? {
        guard let record = record.flatMap(Self.recorded), image.bytes.count >= 20 else { return nil }
        let trailer = Array(image.bytes[(image.bytes.count - 20)...])
        return record.identity == Self.identity(image.stat, trailer: trailer[...]) ? record : nil
    }

    /// `.git/index.lock`, taken by this process: written and put in the index's place by
    /// `restage(_:holding:)` or `replaceIndex(with:)`, or given up by `release` (also when the
    /// value goes away). While it is held no git command writes the index: a writer that moves
    /// the branch takes it first and keeps it until the index matches the new commit, so a
    /// `git commit -a` racing it can never commit the ledger files' old index entries.
    package final class HeldLock {
        package let path: String
        fileprivate let file: Int32
        fileprivate let claim: String?
        fileprivate let recycled: SpareIdentity?
        /// False once the lock was renamed over the index or released.
        package fileprivate(set) var isHeld = true

        fileprivate init(path: String, file: Int32, claim: String?, recycled: SpareIdentity?) {
            (self.path, self.file, self.claim, self.recycled) = (path, file, claim, recycled)
        }

        deinit { release() }

        /// Gives the lock up without touching the index.
        package func release() {
            guard isHeld else { return }
            isHeld = false
            close(file)
            unlink(path)
            if let claim { unlink(claim) }
        }

        /// Replaces the index with `bytes` (a whole index file, written by someone else, such
        /// as libgit2 into a private copy): written into the lock, which is renamed over it.
        /// `beforeRename` as `restage`'s: what it throws stops the replacement.
        package func replaceIndex(
            with bytes: [UInt8], gitDirectory: String, beforeRename: () throws -> Void = {}
        ) throws {
            guard isHeld else { throw FileSystem.Failure(path: path, operation: "write", code: EBADF) }
            try bytes.withUnsafeBytes { try FileSystem.writeAll(file, $0, at: 0, path: path) }
            guard ftruncate(file, off_t(bytes.count)) == 0 else {
                throw FileSystem.Failure(path: path, operation: "truncate", code: errno)
            }
            try beforeRename()
            guard rename(path, gitDirectory + "index") == 0 else {
                throw FileSystem.Failure(path: path, operation: "rename", code: errno)
            }
            isHeld = false
            closeAfterRename()
        }

        fileprivate func closeAfterRename() {
            close(file)
            if let claim { unlink(claim) }
        }
    }

    /// Takes `.git/index.lock`; nil when another process holds it for longer than
    /// `waitingMillis` (git's own commands hold it for milliseconds: `git status` refreshing
    /// the index, `git add`; a `git commit` waiting for its message for as long as the editor
    /// is open) or it cannot be created.
    package func lock(waitingMillis: Int = 0) -> HeldLock? {
        let lockPath = gitDirectory + "index.lock"
        var waited = 0
        var pause = 1
        while true {
            if access(lockPath, F_OK) != 0, let (file, recycled) = takeLock(lockPath) {
                return HeldLock(path: lockPath, file: file, claim: claim, recycled: recycled)
            }
            guard waited < waitingMillis, access(lockPath, F_OK) == 0 else { return nil }
            usleep(useconds_t(pause * 1000))
            waited += pause
            pause = min(pause * 2, 20)
        }
    }

    /// Creates `index.lock` exclusively and opens it for writing; nil if it exists (another
    /// process holds the index) or cannot be created. With a claim, the file may be the
    /// recycled spare, whose identity (as it was before the lock was taken) comes along.
    private func takeLock(_ lockPath: String) -> (Int32, SpareIdentity?)? {
        guard let claim else {
            let lock = open(lockPath, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
            return lock >= 0 ? (lock, nil) : nil
        }
        // A claim left by an earlier, killed writer is no longer linked to the lock it took
        // (the caller has dealt with that lock); it is replaced.
        unlink(claim)
        var (file, recycled) = recycledSpare(as: claim)
        if file < 0 { file = open(claim, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666) }
        guard file >= 0 else { return nil }
        guard link(claim, lockPath) == 0 else {
            close(file)
            unlink(claim)
            return nil
        }
        return (file, recycled)
    }

    /// Where the index a patch replaced is kept (`<claim's folder>/index.spare`): replacing a
    /// file by rename frees the replaced one in the rename itself, and for an index of 1.2 MB
    /// (a million-entry vault) whose pages are not yet written back that took ~1.5 ms of
    /// every `log`. With a second name it is not freed; the next patch writes its new index
    /// into that same file (`recycledSpare`), so no index file is ever freed on this path.
    /// With a record, that write is only the entries the last two patches changed and the
    /// end of the file (`Delta`).
    private var spare: String? {
        claim.flatMap { claim in claim.lastIndex(of: "/").map { String(claim[...$0]) + "index.spare" } }
    }

    /// The spare, renamed to the claim and opened for writing, with its identity; -1 when there
    /// is none to reuse. Reused only when it is a plain file with no other name (never the live
    /// index, which a writer killed after keeping it would leave linked), and stopped being the
    /// index at least a tenth of a second ago: git and libgit2 read an index whole when they
    /// start, in a few milliseconds. A reader still reading it then (a machine stalled for that
    /// long) never writes a torn read back: libgit2 checks the trailer and fails, and git, which
    /// checks it only in `fsck`, writes an index only while the file on disk still has the
    /// trailer it read (`repo_update_index_if_able`); at worst one `git status` shows a stale
    /// state.
    private func recycledSpare(as claim: String) -> (Int32, SpareIdentity?) {
        guard let spare else { return (-1, nil) }
        var st = stat()
        guard lstat(spare, &st) == 0 else { return (-1, nil) }
        let now = self.now()
        #if canImport(Darwin)
            let changed = st.st_ctimespec
        #else
            let changed = st.st_ctim
        #endif
        let age = now - (Int64(changed.tv_sec) * 1_000_000_000 + Int64(changed.tv_nsec))
        guard st.st_mode & S_IFMT == S_IFREG, st.st_nlink == 1, age >= 100_000_000, rename(spare, claim) == 0 else {
            if st.st_nlink > 1 { unlink(spare) }
            return (-1, nil)
        }
        let file = open(claim, O_WRONLY | O_CLOEXEC | O_NOFOLLOW)
        var opened = stat()
        guard file >= 0, fstat(file, &opened) == 0, opened.st_ino == st.st_ino, opened.st_nlink == 1 else {
            if file >= 0 { close(file) }
            unlink(claim)
            return (-1, nil)
        }
        return (file, SpareIdentity(opened))
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

    /// What a patch changes: where the entries end, and the extensions as they will be (the
    /// cached tree with the staged files' folders invalidated, the extensions libgit2 drops
    /// left out: `Kept`).
    private struct Plan {
        var entriesEnd: Int
        var extensions: [UInt8]
        /// The entries added, by the offset they go before (in order).
        var insertions: [(offset: Int, entry: [UInt8])] = []
        /// The 64-byte block boundary at or before the first changed entry (0 with insertions:
        /// the header changes): the bytes before it are the same in the new index.
        var mark = 0
        /// The hash state of those bytes, when the trailer check computed it on the way.
        var prefix: SHA1.State?
    }

    /// Finds the entries of `staged` in `image` (setting their offsets) and plans the patch.
    /// The trailer is checked when `checking` and the file is not the one the record names
    /// (`known`), keeping the hash state at `Plan.mark` on the way; with a record, the entries
    /// it names are looked at first, so the index the last patch wrote is not walked entry by
    /// entry again.
    /// With `adding`, a file that has no entry gets a new one where git's order puts it (the
    /// whole file is then written, not a delta); without, it is libgit2's to stage. `located`
    /// (from `canPatch` on this same image) answers where the entries are without a look.
    private func plan(
        _ image: IndexImage, _ staged: inout [Staged], known: Record?, adding: Bool = false, checking: Bool = true,
        located: Located? = nil
    ) throws -> Plan {
        let data = UnsafeRawBufferPointer(image.bytes)
        let hashSize = 20
        guard data.count >= 12 + hashSize, data[0..<4].elementsEqual("DIRC".utf8) else { throw Unsupported() }
        let version = Self.read32(data, 4)
        guard version == 2 || version == 3 else { throw Unsupported() }
        let body = data.count - hashSize
        guard data[body...].contains(where: { $0 != 0 }) else { throw Unsupported() }
        let entriesEnd: Int
        if let located, located.adding == adding, located.paths == staged.map(\.path), located.entriesEnd <= body {
            for index in staged.indices {
                (staged[index].offset, staged[index].isNew) = (located.offsets[index], located.isNew[index])
            }
            entriesEnd = located.entriesEnd
        } else if let delta = known?.delta, delta.entriesEnd <= body,
            staged.indices.allSatisfy({ index in
                delta.offsets.contains { offset in
                    guard let entry = Self.entry(data, at: offset, body: body, version: version),
                        entry.name.elementsEqual(staged[index].path)
                    else { return false }
                    staged[index].offset = offset
                    return true
                }
            })
        {
            entriesEnd = delta.entriesEnd
        } else {
            for index in staged.indices { staged[index].offset = -1 }
            // Where each path would go: before the first entry named after it.
            var before = [Int](repeating: -1, count: staged.count)
            var offset = 12
            for _ in 0..<Self.read32(data, 8) {
                guard let entry = Self.entry(data, at: offset, body: body, version: version) else {
                    throw Unsupported()
                }
                for index in staged.indices {
                    let path = staged[index].path
                    if path.elementsEqual(entry.name) {
                        guard staged[index].offset < 0 else { throw Unsupported() }
                        staged[index].offset = offset
                    } else if adding {
                        if before[index] < 0, Self.sortsBefore(path, entry.name) { before[index] = offset }
                        // A file where a folder of the path is, or the reverse: libgit2's case.
                        if Self.isFolder(entry.name, of: path) || Self.isFolder(path, of: entry.name) {
                            throw Unsupported()
                        }
                    }
                }
                offset = entry.next
            }
            entriesEnd = offset
            for index in staged.indices where adding && staged[index].offset < 0 {
                staged[index].offset = before[index] < 0 ? entriesEnd : before[index]
                staged[index].isNew = true
            }
        }
        for file in staged where !file.isNew {
            // Conflicted, sparse or intent-to-add entries are libgit2's to handle.
            guard file.offset >= 0, let entry = Self.entry(data, at: file.offset, body: body, version: version),
                entry.plain
            else { throw Unsupported() }
        }
        var directories: Set<[UInt8]> = [[]]
        for file in staged {
            var prefix = file.path
            while let slash = prefix.lastIndex(of: UInt8(ascii: "/")) {
                prefix.removeSubrange(slash...)
                directories.insert(prefix)
            }
        }
        var extensions: [UInt8] = []
        var offset = entriesEnd
        while offset < body {
            guard offset + 8 <= body else { throw Unsupported() }
            let size = Int(Self.read32(data, offset + 4))
            let end = offset + 8 + size
            guard end <= body else { throw Unsupported() }
            let signature = Array(data[offset..<offset + 4])
            switch Self.kept(signature) {
            case .dropped:
                offset = end
                continue
            case .libgit2s: throw Unsupported()
            case .invalidated: break
            }
            var tree: [UInt8] = []
            var position = offset + 8
            try Self.invalidate(data, &position, end: end, parent: nil, depth: 0, directories, into: &tree)
            guard position == end else { throw Unsupported() }
            extensions += "TREE".utf8
            Self.append32(UInt32(tree.count), to: &extensions)
            extensions += tree
            offset = end
        }
        let added = staged.filter(\.isNew).sorted {
            $0.offset < $1.offset || ($0.offset == $1.offset && Self.sortsBefore($0.path, $1.path))
        }
        guard added.allSatisfy({ $0.path.count < 0xFFF }) else { throw Unsupported() }
        let mark = added.isEmpty ? (staged.map(\.offset).min() ?? 0) & ~63 : 0
        var prefix: SHA1.State?
        if known == nil, checking {
            var check = SHA1()
            check.update(UnsafeRawBufferPointer(rebasing: data[..<mark]))
            prefix = check.blockState.state
            check.update(UnsafeRawBufferPointer(rebasing: data[mark..<body]))
            guard check.finalize().elementsEqual(data[body...]) else { throw Unsupported() }
        }
        return Plan(
            entriesEnd: entriesEnd, extensions: extensions,
            insertions: added.map { ($0.offset, Self.newEntry($0)) }, mark: mark, prefix: prefix)
    }

    /// What a patch does with an index extension, as libgit2 1.5.1 does when it writes the
    /// index again (`index.c`: `read_extension`, `write_index`).
    private enum Kept {
        /// The cached tree (`TREE`): kept, its nodes on the staged paths invalidated.
        case invalidated
        /// An optional extension (its signature starts with `A`–`Z`) that libgit2 skips on
        /// read and so never writes back: the untracked cache (`UNTR`), the file-system
        /// monitor's (`FSMN`), `EOIE`, `IEOT`. git rebuilds them when it wants them.
        case dropped
        /// The resolve-undo (`REUC`) and conflict-name (`NAME`) records, which libgit2 parses
        /// and writes again in its own form, and any mandatory extension (lower-case, such as
        /// the split index's `link` or the sparse index's `sdir`), which libgit2 refuses.
        case libgit2s
    }

    private static func kept(_ signature: [UInt8]) -> Kept {
        if signature.elementsEqual("TREE".utf8) { return .invalidated }
        guard let first = signature.first, (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(first),
            !signature.elementsEqual("REUC".utf8), !signature.elementsEqual("NAME".utf8)
        else { return .libgit2s }
        return .dropped
    }

    /// git's order of index entries (`cache_name_compare` at stage 0): bytes, then length.
    private static func sortsBefore(_ a: [UInt8], _ b: some Collection<UInt8>) -> Bool {
        for (x, y) in zip(a, b) where x != y { return x < y }
        return a.count < b.count
    }

    /// True when `folder` is a folder on `path`'s way (`path` starts with it and a `/`).
    private static func isFolder(_ folder: some Collection<UInt8>, of path: some Collection<UInt8>) -> Bool {
        path.count > folder.count && path.starts(with: folder)
            && path.dropFirst(folder.count).first == UInt8(ascii: "/")
    }

    /// A new stage-0 entry for `file`: its stat data, mode, blob id, flags (the name's length)
    /// and name, NUL-padded to a multiple of 8 as versions 2 and 3 store it.
    private static func newEntry(_ file: Staged) -> [UInt8] {
        var entry = [UInt8](repeating: 0, count: (62 + file.path.count + 8) & ~7)
        entry.withUnsafeMutableBytes { bytes in
            writeStat(file, into: bytes, at: 0)
            // git and libgit2 look at the owner's execute bit only.
            store32(file.stat.st_mode & 0o100 != 0 ? 0o100755 : 0o100644, into: bytes, at: 24)
            bytes.storeBytes(of: UInt16(file.path.count).bigEndian, toByteOffset: 60, as: UInt16.self)
        }
        entry.replaceSubrange(62..<(62 + file.path.count), with: file.path)
        return entry
    }

    /// An entry of the index: its name, where the next one starts, and whether it is a plain
    /// stage-0 entry of a regular file (no skip-worktree or intent-to-add); nil when it does
    /// not fit the file.
    private static func entry(_ data: UnsafeRawBufferPointer, at offset: Int, body: Int, version: UInt32) -> (
        name: UnsafeRawBufferPointer, next: Int, plain: Bool
    )? {
        guard offset >= 12, offset + 62 <= body else { return nil }
        let flags = Int(read16(data, offset + 60))
        var nameStart = offset + 62
        var extended = 0
        if flags & 0x4000 != 0 {
            guard version == 3 else { return nil }
            extended = Int(read16(data, nameStart))
            nameStart += 2
        }
        guard nameStart <= body else { return nil }
        var nameEnd = nameStart + (flags & 0xFFF)
        if flags & 0xFFF == 0xFFF {
            // A name of 4 KiB or more: its length is where its NUL is.
            guard let nul = data[nameStart..<body].firstIndex(of: 0) else { return nil }
            nameEnd = nul
        }
        let next = offset + ((nameEnd - offset + 8) & ~7)
        guard nameEnd < body, next <= body else { return nil }
        let mode = read32(data, offset + 24)
        let plain = (flags >> 12) & 3 == 0 && extended & 0x6000 == 0 && (mode == 0o100644 || mode == 0o100755)
        return (UnsafeRawBufferPointer(rebasing: data[nameStart..<nameEnd]), next, plain)
    }

    /// Copies one node of the cached-tree extension (and its subtrees), marking the nodes of
    /// `directories` invalid: an entry count of -1 and no tree id, as git does when a path
    /// below them changes.
    private static func invalidate(
        _ data: UnsafeRawBufferPointer, _ position: inout Int, end: Int, parent: [UInt8]?, depth: Int,
        _ directories: Set<[UInt8]>, into out: inout [UInt8]
    ) throws {
        // A path is under 4 KiB, so no real tree nests deeper than this; a damaged or crafted
        // extension must not run the stack out.
        guard depth < 2048, let nul = data[position..<end].firstIndex(of: 0) else { throw Unsupported() }
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
            try invalidate(data, &position, end: end, parent: path, depth: depth + 1, directories, into: &out)
        }
    }

    /// ctime, mtime, dev, ino, (mode kept), uid, gid, size and the blob id, as git stores them
    /// (each field 32 bits, big-endian, truncated like git's `fill_stat_data`).
    private static func writeStat(_ file: Staged, into bytes: UnsafeMutableRawBufferPointer, at offset: Int) {
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
        for (index, value) in fields.enumerated() { store32(value, into: bytes, at: offset + 4 * index) }
        store32(UInt32(truncatingIfNeeded: st.st_uid), into: bytes, at: offset + 28)
        store32(UInt32(truncatingIfNeeded: st.st_gid), into: bytes, at: offset + 32)
        store32(UInt32(truncatingIfNeeded: st.st_size), into: bytes, at: offset + 36)
        for index in 0..<20 { bytes[offset + 40 + index] = file.id[index] }
    }

    private static func read32(_ bytes: UnsafeRawBufferPointer, _ offset: Int) -> UInt32 {
        UInt32(bigEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
    }

    private static func read16(_ bytes: UnsafeRawBufferPointer, _ offset: Int) -> UInt16 {
        UInt16(bytes[offset]) << 8 | UInt16(bytes[offset + 1])
    }

    private static func store32(_ value: UInt32, into bytes: UnsafeMutableRawBufferPointer, at offset: Int) {
        bytes.storeBytes(of: value.bigEndian, toByteOffset: offset, as: UInt32.self)
    }

    private static func append32(_ value: UInt32, to bytes: inout [UInt8]) {
        withUnsafeBytes(of: value.bigEndian) { bytes += $0 }
    }

    /// The index as it is now, with the record when it names it: the snapshot's when the file
    /// is still that version (only a patch rewrites the record, and it replaces the index
    /// first), else mapped and looked up now.
    private func current(_ path: String, _ snapshot: Snapshot?) -> (IndexImage, Record?, Located?)? {
        if let snapshot {
            var st = stat()
            if stat(path, &st) == 0,
                Self.identity(st, trailer: []) == Self.identity(snapshot.image.stat, trailer: [])
            {
                return (snapshot.image, snapshot.known, snapshot.located)
            }
        }
        return IndexImage(path: path).map { ($0, knownRecord(for: $0), nil) }
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
        for field in fields { Self.append64(field, to: &out) }
        out += trailer
        return out
    }

    fileprivate static func append64(_ value: UInt64, to bytes: inout [UInt8]) {
        withUnsafeBytes(of: value.bigEndian) { bytes += $0 }
    }

    /// The record: the identity of the index the last patch wrote (`identity`, 89 bytes), and
    /// when that patch kept the index it replaced as the spare, how the two differ (`Delta`).
    struct Record {
        var identity: [UInt8]
        var delta: Delta?
    }

    /// The spare's identity: the file, its size and its content's last change (a rename or a
    /// link changes its ctime, not these).
    struct SpareIdentity: Equatable {
        var device: UInt64
        var inode: UInt64
        var size: Int64
        var modified: Int64

        init(_ st: stat) {
            #if canImport(Darwin)
                let mtime = st.st_mtimespec
            #else
                let mtime = st.st_mtim
            #endif
            (device, inode, size) = (UInt64(truncatingIfNeeded: st.st_dev), UInt64(st.st_ino), Int64(st.st_size))
            modified = Int64(mtime.tv_sec) * 1_000_000_000 + Int64(mtime.tv_nsec)
        }

        init(device: UInt64, inode: UInt64, size: Int64, modified: Int64) {
            (self.device, self.inode, self.size, self.modified) = (device, inode, size, modified)
        }
    }

    /// After the identity in the record: which file became the spare (the index that patch
    /// read), where its entries end, and the offsets of the entries the patch rewrote. The
    /// live index differs from the spare only there and after `entriesEnd`. Then, optionally,
    /// the SHA-1 state of the live index's bytes before its first changed entry (`prefix`), so
    /// the next patch of that entry or a later one hashes only from there. Like the spare's
    /// identity, that state is trusted for the file the record names: only alog writes in
    /// `.git/alog`, and any other writer of the index replaces the file.
    struct Delta {
        /// The trailer of the index it describes, repeated: a record cut short while being
        /// rewritten (the identity new, the rest an older delta's) has a delta for another
        /// index, and is read as having none.
        var trailer: [UInt8]
        var spare: SpareIdentity
        var entriesEnd: Int
        var offsets: [Int]
        var prefix: SHA1.State?

        /// The fields (64 bits each, big-endian) after the trailer: the spare's four, the end
        /// of the entries, the count of offsets and the offsets; with a prefix, its five words
        /// in three fields, its length, and a check of all the bytes before it (a state that is
        /// wrong would make every later trailer wrong, and libgit2 would refuse the index).
        var encoded: [UInt8] {
            var out = trailer
            var fields = [
                spare.device, spare.inode, UInt64(bitPattern: spare.size), UInt64(bitPattern: spare.modified),
                UInt64(entriesEnd), UInt64(offsets.count),
            ]
            fields += offsets.map { UInt64($0) }
            if let prefix {
                let h = prefix.h
                fields += [UInt64(h.0) << 32 | UInt64(h.1), UInt64(h.2) << 32 | UInt64(h.3), UInt64(h.4), prefix.count]
            }
            for field in fields { IndexPatch.append64(field, to: &out) }
            if prefix != nil { IndexPatch.append64(Self.check(out), to: &out) }
            return out
        }

        init(trailer: [UInt8], spare: SpareIdentity, entriesEnd: Int, offsets: [Int], prefix: SHA1.State? = nil) {
            (self.trailer, self.spare, self.entriesEnd, self.offsets, self.prefix) =
                (trailer, spare, entriesEnd, offsets, prefix)
        }

        /// Nil unless `bytes` is exactly one encoded delta (a prefix that fails its check is
        /// dropped, the rest kept).
        init?(_ bytes: ArraySlice<UInt8>) {
            guard bytes.count >= 20 else { return nil }
            trailer = Array(bytes.prefix(20))
            var fields: [UInt64] = []
            var index = bytes.startIndex + 20
            while index + 8 <= bytes.endIndex {
                fields.append(bytes[index..<(index + 8)].reduce(0) { $0 << 8 | UInt64($1) })
                index += 8
            }
            guard index == bytes.endIndex, fields.count >= 6, fields[5] < UInt64(fields.count) else { return nil }
            let count = Int(fields[5])
            let hasPrefix = fields.count == 6 + count + 5
            guard fields.count == 6 + count || hasPrefix, fields[4] < UInt64(Int.max),
                fields[6..<(6 + count)].allSatisfy({ $0 < fields[4] })
            else { return nil }
            spare = SpareIdentity(
                device: fields[0], inode: fields[1], size: Int64(bitPattern: fields[2]),
                modified: Int64(bitPattern: fields[3]))
            entriesEnd = Int(fields[4])
            offsets = fields[6..<(6 + count)].map { Int($0) }
            let p = Array(fields[(6 + count)...])
            if hasPrefix, p[2] >> 32 == 0, p[3] % 64 == 0, p[3] <= fields[4],
                p[4] == Self.check(Array(bytes.dropLast(8)))
            {
                prefix = SHA1.State(
                    h: (
                        UInt32(p[0] >> 32), UInt32(truncatingIfNeeded: p[0]), UInt32(p[1] >> 32),
                        UInt32(truncatingIfNeeded: p[1]), UInt32(p[2])
                    ),
                    count: p[3])
            }
        }

        /// The first 64 bits of the SHA-1 of `bytes`.
        private static func check(_ bytes: [UInt8]) -> UInt64 {
            bytes.withUnsafeBytes { SHA1.hash($0) }.prefix(8).reduce(0) { $0 << 8 | UInt64($1) }
        }
    }

    /// The record's content; nil when there is none (or it cannot be read).
    private static func recorded(_ path: String) -> Record? {
        guard let bytes = (try? FileSystem.read(path)) ?? nil else { return nil }
        let identitySize = 13 + 7 * 8 + 20
        guard bytes.count >= identitySize else { return Record(identity: bytes, delta: nil) }
        let identity = Array(bytes[..<identitySize])
        let delta = Delta(bytes[identitySize...]).flatMap { $0.trailer == Array(identity.suffix(20)) ? $0 : nil }
        return Record(identity: identity, delta: delta)
    }
}

/// The index file mapped into memory privately (copy on write): reading it copies nothing, and
/// patching an entry copies only that entry's page, never the file.
final class IndexImage: @unchecked Sendable {
    let bytes: UnsafeMutableRawBufferPointer
    let stat: stat

    /// Nil when the file cannot be opened or mapped (an empty file cannot be).
    init?(path: String) {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        guard let st = fileStatus(fd), st.st_size > 0 else { return nil }
        let size = Int(st.st_size)
        guard let base = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_PRIVATE, fd, 0), base != MAP_FAILED else {
            return nil
        }
        bytes = UnsafeMutableRawBufferPointer(start: base, count: size)
        stat = st
    }

    deinit { munmap(bytes.baseAddress, bytes.count) }
}

/// `fstat` of an open file (a function of its own: inside `IndexImage`, `stat` names the property).
private func fileStatus(_ fd: Int32) -> stat? {
    var st = stat()
    return fstat(fd, &st) == 0 ? st : nil
}
