import LedgerCore
import LedgerGit
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

extension Vault {
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
            guard let branch = head.branch else { throw VaultError.detachedHead(path: root) }
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
            do {
                try repository.updateReference(branch, to: built.commit, expecting: head.commit, message: message)
            } catch {
                clearIntent()
                if let error = error as? GitError {
                    if error.code == .modified && attempt < 20 { continue }
                    if error.code == .locked {
                        throw VaultError.branchLocked(lockFile: try repository.commonDirectory + branch + ".lock")
                    }
                }
                throw error
            }
            FaultInjection.point("commit.after-ref")
            let warnings = try afterMove?(head, built.commit, built.result) ?? updateWorkingTree(built.files)
            if warnings.isEmpty { clearIntent() }
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

    /// Writes the committed content of ledger files into the working tree and stages exactly
    /// those paths. Failures here do not undo the commit; they are returned as warnings.
    func updateWorkingTree(_ files: [CommittedFile]) -> [Notice] {
        var warnings: [Notice] = []
        for file in files {
            let path = file.path
            let full = root + "/" + path
            // A note the user changed again while alog committed it keeps their text; alog's
            // change is in the commit (git shows the difference as their edit).
            if let before = file.workingCopyBefore, (try? FileSystem.read(full)) != before {
                warnings.append(
                    .workingCopyNotUpdated(
                        path: path, detail: "it changed while alog wrote it; your version is kept, alog's is committed")
                )
                continue
            }
            do {
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
            } catch {
                warnings.append(.workingCopyNotUpdated(path: path, detail: "\(error)"))
            }
        }
        do {
            try repository.restageFiles(
                files.map { ($0.path, $0.blob) }, claim: indexLockClaim, record: stateFiles.indexRecord
            ) {
                FaultInjection.point("index.in-lock")
            }
        } catch {
            warnings.append(.indexNotUpdated(indexProblem(error)))
        }
        return warnings
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
        var name = (try? repository.configString("user.name")) ?? nil
        var email = (try? repository.configString("user.email")) ?? nil
        // A value git's configuration holds but no signature can (set with git itself): the
        // device's stands in, and every write says which setting to fix.
        var refused = false
        for (key, value) in [("user.name", name), ("user.email", email)] {
            guard let value, let problem = ConfigKey.named(key)?.problem(with: value) else { continue }
            refused = true
            if key == "user.name" { name = nil } else { email = nil }
            notify(.signatureRefused(key: key, value: value, problem: problem))
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
            try? FileSystem.writeAtomically(stateFiles.identityNoticed, [])
        }
        return signature
    }
}
