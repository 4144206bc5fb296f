import LedgerCore
import LedgerGit
import LedgerGitFiles
import LedgerGitLayout
import LedgerSystem

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A change to one tracked file: its new content, computed from its current content in the
/// commit being built on (nil when the file does not exist there yet).
struct FileEdit {
    var path: String
    var content: ([UInt8]?) throws -> [UInt8]
    /// For a user's note (`NoteChange`): its working copy as it was read, which the new content
    /// was computed from. The working copy is replaced only while it still holds exactly that.
    var workingCopyBefore: [UInt8]?? = nil
    /// False when `content` ignores the current content (a note written whole): a note's old
    /// blob, and the tree on its path, are then not read.
    var readsOld = true
}

extension VaultRepository {
    /// The outcome of one commit made by the ledger.
    struct CommitResult {
        var commit: ObjectID
        var parent: ObjectID?
        var files: [CommittedFile]
        /// Problems after the commit landed (e.g. the index was locked); the commit is safe.
        var warnings: [Notice]
    }

    /// A file as committed, and how long it was before (for appending to the working copy).
    struct CommittedFile {
        var path: String
        var content: [UInt8]
        var blob: ObjectID
        var previousSize: Int?
        /// A user's note: the working copy it was computed from (`FileEdit.workingCopyBefore`).
        var workingCopyBefore: [UInt8]?? = nil
    }

    /// Makes exactly one commit whose tree differs from HEAD's only in the edited ledger paths,
    /// then moves the branch with a compare-and-swap. If another writer moved the branch in the
    /// meantime, `prepare` runs again on top of the new HEAD and the commit is rebuilt. Finally
    /// the working-tree copies and index entries of those paths (and only those) are updated,
    /// so `git status` stays clean and the user's staged work is left alone. `prepare` returns
    /// the edits and a value of its own (say, the events it stamped), handed back with the
    /// result of the attempt that landed; `full`, when given, makes the commit's message from
    /// that value (the reflog keeps `message`).
    func commit<T>(
        message: String, _ prepare: (Head, ObjectID?) throws -> (edits: [FileEdit], value: T),
        message full: ((T) -> String)? = nil
    ) throws -> (result: CommitResult, value: T) {
        let landed = try movingBranch(message: message) { head in
            // Eight-odd new objects: written without libgit2 rescanning objects/pack for each.
            try repository.writingObjectsDirectly {
                let baseTree = try head.commit.map { try repository.commit($0).tree }
                let prepared = try prepare(head, baseTree)
                let written = try writeCommit(
                    parent: head.commit, baseTree: baseTree, edits: prepared.edits,
                    message: full?(prepared.value) ?? message, signature: try authorSignature())
                return (written.commit, written.files, (written.commit, prepared.value))
            }
        }
        let result = CommitResult(
            commit: landed.result.0, parent: landed.head.commit, files: landed.files, warnings: landed.warnings)
        return (result, landed.result.1)
    }

    /// `commit` for edits that carry nothing back.
    func commit(message: String, _ prepare: (Head, ObjectID?) throws -> [FileEdit]) throws -> CommitResult {
        try commit(message: message) { head, baseTree in (try prepare(head, baseTree), ()) }.result
    }

    /// What `movingBranch` landed.
    struct Landed<T> {
        /// The HEAD the winning attempt built on.
        var head: Head
        var files: [CommittedFile]
        var result: T
        /// From finishing an interrupted write and from updating the working tree.
        var warnings: [Notice]
    }

    /// Under the write lock, runs `build` on the current HEAD, then moves the branch to the
    /// commit it returns with a compare-and-swap. If another writer moved the branch meanwhile,
    /// `build` runs again on the new HEAD (up to 20 attempts). Then, still under the lock,
    /// `afterMove` (given the HEAD built on, the new commit and `build`'s result) brings the
    /// working tree along — by default, the working copies and index entries of the files
    /// `build` committed; it returns warnings, or throws after putting things back. A branch intent covers the stretch from the move to the end of `afterMove`
    /// (see `lockForWriting`), so a writer killed in it is finished by the next one.
    ///
    /// A `build` that returns HEAD itself moves nothing: the result is returned at once.
    func movingBranch<T>(
        message: String, _ build: (Head) throws -> (commit: ObjectID, files: [CommittedFile], result: T),
        afterMove: ((Head, ObjectID, T) throws -> [Notice])? = nil
    ) throws -> Landed<T> {
        let (lock, recovered) = try lockForWriting()
        defer { withExtendedLifetime(lock) {} }
        var attempt = 0
        while true {
            attempt += 1
            let head = try branchHead()
            guard let branch = head.branch else {
                throw VaultError.detachedHead(path: root, branch: branchToSwitchBack())
            }
            let built = try build(head)
            if built.commit == head.commit {
                return Landed(head: head, files: [], result: built.result, warnings: recovered)
            }
            FaultInjection.point("commit.before-ref")
            try recordIntent(BranchIntent(branch: branch, from: head.commit, to: built.commit))
            FaultInjection.point("commit.in-ref") {
                // What libgit2 leaves when killed after creating the lock file, mid-write.
                let lock = (try? repository.commonDirectory).map { $0 + branch + ".lock" }
                _ = lock.map { try? FileSystem.writeAtomically($0, Array(built.commit.hex.utf8.prefix(17))) }
            }
            // `.git/index.lock` is held from before the working tree changes until the branch
            // has moved: no git command writes the index or commits meanwhile.
            let indexLock: IndexPatch.HeldLock
            do {
                indexLock = try takeIndexLock()
            } catch {
                clearIntent()
                throw error
            }
            var warnings: [Notice] = []
            // The branch moves while the lock holds the new index, which replaces the old one
            // right after: whenever `.git/index.lock` is free, the index, the working copies and
            // the branch are in step, as git's other writers expect.
            var moveFailure: (any Error)?
            var moved = false
            let moveBranch = {
                do {
                    try self.updateBranch(branch, to: built.commit, expecting: head.commit, message: message)
                    moved = true
                    FaultInjection.point("commit.moved-in-index-lock")
                } catch {
                    moveFailure = error
                    throw error
                }
            }
            if afterMove == nil {
                do {
                    warnings = try updateWorkingTree(built.files, holding: indexLock, beforeRename: moveBranch)
                } catch  where moved {
                    // The branch moved, the index could not follow: the intent stays for the next
                    // command to finish.
                    indexLock.release()
                    warnings.append(.indexNotUpdated(indexProblem(error)))
                } catch {
                    // Put back while the lock still keeps git's commands out.
                    restoreWorkingCopies(built.files, to: head.commit)
                    indexLock.release()
                    clearIntent()
                    guard let moveFailure else {
                        // A file system's refusal (a full disk, a size limit) is said as such.
                        if error is FileSystem.Failure { throw error }
                        if case VaultError.folderInPlace = error { throw error }
                        throw VaultError.workingTreeNotWritten(reason: Self.indexFormatProblem(error) ?? "\(error)")
                    }
                    try throwUnlessBuildingAgain(after: moveFailure, branch: branch, attempt: attempt)
                    continue
                }
                FaultInjection.point("commit.after-ref")
            } else {
                do {
                    try moveBranch()
                } catch {
                    indexLock.release()
                    clearIntent()
                    try throwUnlessBuildingAgain(after: error, branch: branch, attempt: attempt)
                    continue
                }
                FaultInjection.point("commit.after-ref")
                // Its libgit2 steps (checkouts, staging) write a private copy of the index,
                // which then goes in through the lock held here.
                warnings = try repository.withPrivateIndex(at: stateFiles.privateIndex, writingInto: indexLock) {
                    try afterMove!(head, built.commit, built.result)
                }
            }
            if warnings.isEmpty { clearIntent() }
            warnings += branchNoLongerMovable(before: head.commit, now: built.commit)
            return Landed(head: head, files: built.files, result: built.result, warnings: recovered + warnings)
        }
    }

    /// Writes the objects of one commit on top of `parent` (whose tree is `baseTree`): the
    /// edited files' blobs, the trees on their paths and the commit. Moves no reference.
    func writeCommit(
        parent: ObjectID?, baseTree: ObjectID?, edits: [FileEdit], message: String, signature: Signature
    ) throws -> (commit: ObjectID, tree: ObjectID, files: [CommittedFile]) {
        let repository = try repository
        var files: [CommittedFile] = []
        var blobs: [(path: [String], blob: ObjectID)] = []
        for edit in edits {
            // A note written whole needs nothing of its old version (`extends` is for ledger files).
            let skipsOld = !edit.readsOld && edit.workingCopyBefore != nil
            let existing = try skipsOld ? nil : baseTree.flatMap { try repository.treeEntry(atPath: edit.path, in: $0) }
            let old = try existing.map { try repository.readBlob($0.id) }
            let content = try edit.content(old)
            let blob = try repository.writeBlob(content)
            blobs.append((edit.path.split(separator: "/").map(String.init), blob))
            // The working copy is appended to only when the new content extends the old.
            let extends = old.map { old in
                content.count >= old.count
                    && content.withUnsafeBytes { new in
                        old.withUnsafeBytes { old.isEmpty || memcmp(new.baseAddress!, $0.baseAddress!, old.count) == 0 }
                    }
            }
            let isNote = edit.workingCopyBefore != nil
            files.append(
                CommittedFile(
                    path: edit.path, content: content, blob: blob,
                    previousSize: extends == true && !isNote ? old?.count : nil,
                    workingCopyBefore: edit.workingCopyBefore))
        }
        let tree = try repository.replacingFiles(blobs, in: baseTree)
        let commit = try repository.createCommit(
            tree: tree, parents: parent.map { [$0] } ?? [], author: signature, committer: signature, message: message)
        return (commit, tree, files)
    }

    /// After a failed move of the branch: returns when the commit is to be built again on the
    /// new HEAD (another writer moved it; attempts left), else throws the error, a held ref lock
    /// in alog's words.
    private func throwUnlessBuildingAgain(after error: any Error, branch: String, attempt: Int) throws {
        if let error = error as? GitError {
            if error.code == .modified && attempt < 20 { return }
            if error.code == .locked {
                throw VaultError.branchLocked(lockFile: try repository.commonDirectory + branch + ".lock")
            }
        }
        throw error
    }

    /// `updateReference`, waiting while another git process holds the branch's lock file (`git
    /// gc` packing refs, a `git commit` moving it), as git itself waits for a ref lock
    /// (`core.filesRefLockTimeout`), for up to `referenceLockWaitMillis`.
    private func updateBranch(_ branch: String, to new: ObjectID, expecting old: ObjectID?, message: String) throws {
        var waited = 0
        while true {
            do {
                return try repository.updateReference(branch, to: new, expecting: old, message: message)
            } catch let error as GitError where error.code == .locked && waited < Self.referenceLockWaitMillis {
                SystemClock.sleep(millis: 5)
                waited += 5
            }
        }
    }

    /// Writes the committed content of the files into the working tree and stages exactly those
    /// paths through `lock` (`.git/index.lock`, taken before; still held when this throws);
    /// `beforeRename` (the branch's move) runs with the new index in the lock, right before it
    /// replaces the index. A ledger file or an index that cannot be written throws (before the
    /// move: the caller puts the working copies back, and nothing is committed); a note the
    /// user changed meanwhile keeps their text and is returned as a warning.
    func updateWorkingTree(
        _ files: [CommittedFile], holding lock: IndexPatch.HeldLock, beforeRename: () throws -> Void
    ) throws -> [Notice] {
        var warnings: [Notice] = []
        do {
            for file in files {
                let path = file.path
                let full = root + "/" + path
                // A note the user changed again while alog committed it keeps their text; alog's
                // change is in the commit (git shows the difference as their edit).
                if let before = file.workingCopyBefore, (try? FileSystem.read(full)) != before {
                    warnings.append(
                        .workingCopyNotUpdated(
                            path: path,
                            detail: "it changed while alog wrote it; your version is kept, alog's is committed"))
                    continue
                }
                // (An append to, or a rename onto, a folder fails with the system's bare
                // "Is a directory".)
                if FileSystem.isDirectory(full) {
                    throw VaultError.folderInPlace(path: full, isLedgerFile: VaultLayout.isLedgerPath(path))
                }
                // Event files only grow: append the new lines when the working copy is the
                // previous committed version (the common case), else replace it whole.
                if let previous = file.previousSize, previous <= file.content.count,
                    try FileSystem.append(full, Array(file.content[previous...]), expectedSize: previous)
                {
                    continue
                }
                if let slash = full.lastIndex(of: "/") { try FileSystem.makeDirectories(String(full[..<slash])) }
                // The temporary in `.git/alog/`: one a kill leaves there is no file of the working
                // tree (and the next writer removes it, `lockForWriting`).
                try FileSystem.writeAtomically(full, file.content, temporaryIn: stateDirectory)
            }
            // A note kept as the user changed it is staged as it is on disk.
            try repository.restageFiles(
                files.map { ($0.path, $0.blob) }, holding: lock, patch: try indexPatch,
                privateIndex: stateFiles.privateIndex, whileLocked: { FaultInjection.point("index.in-lock") },
                beforeRename: beforeRename)
        }
        return warnings
    }

    /// The ledger files' working copies as they are at `commit` (written by a write that did not
    /// land); a file `commit` does not have is removed.
    func restoreWorkingCopies(_ files: [CommittedFile], to commit: ObjectID?) {
        guard let repository = try? repository else { return }
        let tree = commit.flatMap { try? repository.commit($0).tree }
        for file in files where file.workingCopyBefore == nil {
            let full = root + "/" + file.path
            if let entry = tree.flatMap({ try? repository.treeEntry(atPath: file.path, in: $0) }),
                let content = try? repository.readBlob(entry.id)
            {
                if file.previousSize == content.count, (try? FileSystem.read(full))?.starts(with: content) == true {
                    _ = truncate(full, off_t(content.count))
                } else {
                    _ = try? FileSystem.writeAtomically(full, content, temporaryIn: stateDirectory)
                }
            } else {
                FileSystem.remove(full)
            }
        }
    }

    /// A git index libgit2 cannot read, said with the setting that turns its form off.
    static func indexFormatProblem(_ error: any Error) -> String? {
        guard let message = (error as? GitError)?.message, message.contains("unsupported mandatory extension")
        else { return nil }
        if message.contains("'link'") {
            return
                "the git index is split (core.splitIndex), a form libgit2 cannot read or write; turn it off with: git config core.splitIndex false && git update-index --no-split-index"
        }
        if message.contains("'sdir'") {
            return
                "the git index is sparse (index.sparse), a form libgit2 cannot read or write; turn it off with: git config index.sparse false && git sparse-checkout reapply"
        }
        return
            "the git index has a form libgit2 cannot read (\(message)); rewrite it in the default form with: git update-index --index-version 2"
    }

    /// Why the git index could not be written after `error`: `.git/index.lock` when that file
    /// exists, else the error.
    func indexProblem(_ error: any Error) -> Notice.IndexProblem {
        let lock = String(stateFiles.path.dropLast("alog/".count)) + "index.lock"
        if FileSystem.exists(lock) { return .locked(lockFile: displayPath(lock)) }
        return .failed((error as? GitError)?.problem ?? "\(error)")
    }

    /// `user.name`/`user.email` from the git configuration, else the device name (which is
    /// said once per clone, with how to set them).
    func authorSignature() throws -> Signature {
        let configured = (
            name: (try? repository.configString("user.name")) ?? nil,
            email: (try? repository.configString("user.email")) ?? nil
        )
        // Cleaned as git cleans them (a line feed in `user.name` would end the identity line).
        var name = configured.name.map(Signature.cleaned)
        var email = configured.email.map(Signature.cleaned)
        // A value git's configuration holds but no signature can (set with git itself): the
        // device's stands in, and every write says which setting to fix.
        var refused = false
        for (key, value, raw) in [("user.name", name, configured.name), ("user.email", email, configured.email)] {
            guard let value, let problem = ConfigKey.named(key)?.problem(with: value) else { continue }
            refused = true
            if key == "user.name" { name = nil } else { email = nil }
            notify(.signatureRefused(key: key, value: raw ?? value, problem: problem))
        }
        signatureNeededNotice = refused
        let millis = clock()
        let seconds = millis / 1000
        let signature = Signature(
            name: name ?? device.name, email: email ?? "\(device.id)@alog.invalid", time: seconds,
            offsetMinutes: zone.offset(atUTC: seconds) / 60)
        if name == nil || email == nil, !refused, !FileSystem.exists(stateFiles.identityNoticed) {
            let missing = [name == nil ? "user.name" : nil, email == nil ? "user.email" : nil].compactMap { $0 }
            notify(.signedAsDevice(missing: missing, name: signature.name, email: signature.email))
            signatureNeededNotice = true
            _ = try? FileSystem.writeAtomically(stateFiles.identityNoticed, [])
        }
        return signature
    }
}
