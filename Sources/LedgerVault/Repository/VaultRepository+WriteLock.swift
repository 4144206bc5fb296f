import LedgerCore
import LedgerGit
import LedgerGitFiles
import LedgerGitLayout
import LedgerSystem

/// `write.lock` and the repair of a writer killed while holding it.
///
/// Every alog writer of a clone moves the branch and then brings the working tree and index
/// along while holding `write.lock`, with a `BranchIntent` on disk for that stretch. The lock
/// is a `flock`, so the kernel releases it when its holder dies; the intent is not. Whoever
/// takes the lock and finds an intent therefore knows its writer was killed mid-way, and that
/// no other alog writer is running. It finishes that writer's work before its own:
/// - it removes the reference lock file libgit2 (or the front's `log`) leaves when killed while
///   moving the branch (until then, every update of the branch fails, here and in the git CLI);
/// - when the branch did move, it brings the working tree copies of the paths the commit
///   changed to the branch's version and stages them, so `git status` is clean again. Ledger
///   files are ours and are overwritten; a note of the user that differs from both sides is
///   left as it is, with a warning.
///
/// The reference lock is only removed when it was created after the intent and is either
/// recognisably the dead writer's (it holds a beginning of the id being written) or empty and
/// unchanged for a second: git holds a reference lock for milliseconds, so an empty one that
/// old belongs to no live process. The index lock is removed only when it is the inode of
/// our `IndexLockClaim` (the writer's in-place index update takes it that way): `git commit`
/// holds a lock of the same name for as long as its editor is open. A lock left by libgit2's
/// own index write (a new file, or this repair) cannot be told apart and stays; staging then
/// fails with a warning, and the intent stays so that a later command finishes the job.
extension VaultRepository {
    /// How long an empty reference lock must sit unchanged before it counts as left behind.
    static let abandonedLockAge: Int64 = 1_000_000_000

    /// How long a write waits for another git process to release `.git/index.lock`: git's own
    /// commands hold it for milliseconds (`git status` refreshing the index, `git add`), a
    /// `git add -A` over a large vault for longer.
    static let indexLockWaitMillis = 3_000
    /// How long a write waits for another git process's lock on the branch (`git gc`'s
    /// pack-refs, a `git commit` moving it); git's own default is 100 ms.
    static let referenceLockWaitMillis = 1_000

    /// The file through which writers take `.git/index.lock` (see `IndexLockClaim`).
    var indexLockClaim: IndexLockClaim { IndexLockClaim(path: stateFiles.indexLockClaim) }

    /// The in-place index update of this vault, taking its lock through the claim.
    var indexPatch: IndexPatch {
        get throws {
            let repository = try repository
            return IndexPatch(
                gitDirectory: repository.gitDirectory, workingDirectory: repository.workingDirectory ?? root + "/",
                claim: stateFiles.indexLockClaim, record: stateFiles.indexRecord)
        }
    }

    /// Takes `.git/index.lock` through the claim, waiting up to `indexLockWaitMillis` for
    /// another git process to let it go; throws `VaultError.indexLocked` when it does not.
    func takeIndexLock() throws -> IndexPatch.HeldLock {
        let patch = try indexPatch
        guard let lock = patch.lock(waitingMillis: Self.indexLockWaitMillis) else {
            throw VaultError.indexLocked(lockFile: displayPath(patch.gitDirectory + "index.lock"))
        }
        return lock
    }

    /// Takes `write.lock` (blocking), after which nothing else of alog writes to this clone.
    /// Finishes the work of a writer killed while holding it; what could not be put right is
    /// returned as warnings (the lock is held either way).
    func lockForWriting() throws -> (lock: FileLock, warnings: [Notice]) {
        let lock: FileLock
        do {
            // `.git/alog/` is missing when a read-only clone was opened without it.
            try FileSystem.makeDirectories(stateDirectory)
            lock = try FileLock(path: stateFiles.writeLock)
        } catch let failure as FileSystem.Failure where failure.isWriteDenied {
            throw VaultError.notWritable(path: root, reason: failure.reason)
        } catch let failure as FileSystem.Failure where FileSystem.entryKind(stateFiles.writeLock) == .directory {
            throw VaultError.damagedStateFile(path: displayPath(stateFiles.writeLock), reason: failure.reason)
        }
        let path = stateFiles.branchIntent
        guard let bytes = try FileSystem.read(path) else { return (lock, []) }
        var warnings: [Notice] = []
        // The dead writer may have left the temporary file of a state or cache file it was
        // replacing.
        FileSystem.removeAbandonedTemporaries(in: stateDirectory)
        FileSystem.removeAbandonedTemporaries(in: stateFiles.widget.path)
        if let intent = BranchIntent(decoding: bytes), let written = FileIdentity.of(path) {
            warnings = try finishInterruptedWrite(intent, intentWritten: written.modified)
        }
        if warnings.isEmpty { FileSystem.remove(path) }
        return (lock, warnings)
    }

    /// Finishes the work of a writer that was killed while holding `write.lock`, if there is
    /// one (one `stat` otherwise). Returns what could not be put right.
    public func finishInterruptedWrite() throws -> [Notice] {
        guard FileSystem.exists(stateFiles.branchIntent) else { return [] }
        let held = try lockForWriting()
        return withExtendedLifetime(held) { $0.warnings }
    }

    /// Records, under `write.lock`, that the branch is about to move.
    func recordIntent(_ intent: BranchIntent) throws {
        try FileSystem.overwrite(stateFiles.branchIntent, intent.encoded)
    }

    /// The branch and the working tree agree again.
    func clearIntent() {
        FileSystem.remove(stateFiles.branchIntent)
    }

    private func finishInterruptedWrite(_ intent: BranchIntent, intentWritten: Int64) throws -> [Notice] {
        let repository = try repository
        repository.removeAbandonedIndexLock(claim: indexLockClaim)
        let written = Array((intent.to.hex + "\n").utf8)
        let refLock = repository.commonDirectory + intent.branch + ".lock"
        removeSwappedOutLock(refLock, intent: intent, repository: repository, intentWritten: intentWritten)
        removeLeftLock(refLock, createdAfter: intentWritten) {
            // libgit2 writes the new id into the lock file, then renames it over the reference.
            $0.isEmpty ? nil : written.starts(with: $0)
        }
        // An intent naming a commit that is not there is damaged: the branch never moved to it.
        guard (try? repository.commit(intent.to)) != nil else { return [] }
        if let from = intent.from, (try? repository.commit(from)) == nil { return [] }
        let target: ObjectID?
        do {
            target = try repository.referenceTarget(intent.branch)
        } catch let error as GitError {
            if let damage = try branchDamage(intent.branch) { throw damage }
            throw error
        }
        guard let current = target else { return [] }
        // The branch moved to the commit (or on from it): the working tree and the index are
        // brought to the branch. It did not: the writer was killed, or stopped, after the
        // working copy and the index took the commit's version of its files but before the
        // branch moved (they go first, see `movingBranch`), so they go back to the branch's
        // version.
        let moved =
            try current != intent.from && (current == intent.to || repository.isDescendant(current, of: intent.to))
        let oldTree = try intent.from.map { try repository.commit($0).tree }
        let newTree = try repository.commit(intent.to).tree
        let headTree = try repository.commit(current).tree
        let changed = try repository.diffTrees(oldTree, newTree).map(\.path)
        // Under `.git/index.lock` taken through the claim, as every alog write of the index:
        // libgit2's steps write a private copy that then goes in through that lock, so a
        // repair killed in turn leaves a lock the next one recognises.
        let indexLock: IndexPatch.HeldLock
        do {
            indexLock = try takeIndexLock()
        } catch {
            return [.interruptedWriteUnsettled(indexProblem(error))]
        }
        return try repository.withPrivateIndex(at: stateFiles.privateIndex, writingInto: indexLock) {
            try bringAlong(
                ledgerPaths: changed.filter(VaultLayout.isLedgerPath),
                userPaths: changed.filter { !VaultLayout.isLedgerPath($0) }, from: moved ? oldTree : newTree,
                to: headTree,
                current: current, repository: repository)
        }
    }

    /// The recovery's working-tree step: the interrupted commit's ledger files checked out from
    /// the branch and staged, its notes in safe mode (`oldTree`: the version they may still hold).
    private func bringAlong(
        ledgerPaths: [String], userPaths: [String], from oldTree: ObjectID?, to headTree: ObjectID,
        current: ObjectID, repository: Repository
    ) throws -> [Notice] {
        var userPaths = userPaths
        var warnings: [Notice] = []
        do {
            try repository.checkout(tree: headTree, baseline: oldTree, paths: ledgerPaths, force: true)
            try repository.stageFiles(
                try ledgerPaths.filter { try repository.treeEntry(atPath: $0, in: headTree) != nil })
        } catch {
            warnings.append(.interruptedWriteUnsettled(indexProblem(error)))
        }
        // A note the killed writer already brought up to date counts as a conflict for a safe
        // checkout (it no longer matches the old tree): stage it, and keep any other version.
        while !userPaths.isEmpty {
            do {
                try repository.checkout(tree: headTree, baseline: oldTree, paths: userPaths)
                break
            } catch let error as GitError where error.code == .conflict {
                let conflicts = Set(error.message.split(separator: "\n").map(String.init))
                for path in conflicts {
                    let wanted = try repository.treeEntry(atPath: path, in: headTree)?.id
                    if try repository.hashWorkingFile(path) == wanted {
                        try repository.stageFiles(wanted == nil ? [] : [path])
                    } else {
                        warnings.append(.keptWorkingCopy(path: path, commit: String(current.hex.prefix(12))))
                    }
                }
                let remaining = userPaths.filter { !conflicts.contains($0) }
                if remaining.count == userPaths.count { break }
                userPaths = remaining
            }
        }
        return warnings
    }

    /// Removes the reference lock the front's `log` leaves when killed between swapping the
    /// new value in and removing the lock (`LooseRefUpdate`): the lock is then the ref file as
    /// it was before the intent (written before it, renamed after it: an older mtime, a newer
    /// ctime), holding exactly the value the branch moved from, and the branch holds the value
    /// it moved to. A git writer moving the branch back to that value (`git reset HEAD~1`)
    /// writes its lock after the intent, so its mtime is newer and it is left alone.
    private func removeSwappedOutLock(
        _ path: String, intent: BranchIntent, repository: Repository, intentWritten: Int64
    ) {
        guard let from = intent.from, let lock = FileIdentity.of(path), lock.changed >= intentWritten,
            lock.modified < intentWritten,
            (try? FileSystem.read(path)) == Array((from.hex + "\n").utf8),
            (try? FileSystem.read(repository.commonDirectory + intent.branch)) == Array((intent.to.hex + "\n").utf8)
        else { return }
        FileSystem.remove(path)
    }

    /// Removes the lock file at `path` if the killed writer left it: created after the intent
    /// and either recognised by `isOurs` (nil: cannot tell) or unchanged for a second.
    private func removeLeftLock(_ path: String, createdAfter: Int64, isOurs: ([UInt8]) -> Bool?) {
        guard var identity = FileIdentity.of(path), identity.modified >= createdAfter else { return }
        if let content = try? FileSystem.read(path), let ours = isOurs(content) {
            if ours { FileSystem.remove(path) }
            return
        }
        while Int64(SystemClock.nowMillis()) * 1_000_000 - identity.modified < Self.abandonedLockAge {
            SystemClock.sleep(millis: 20)
            guard let now = FileIdentity.of(path) else { return }
            if now != identity { identity = now }
        }
        FileSystem.remove(path)
    }
}
