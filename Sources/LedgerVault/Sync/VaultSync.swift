import LedgerCore
import LedgerGit
import LedgerSystem

extension Vault {
    /// Sync with the vault's remotes.
    public var syncing: VaultSync { VaultSync(vault: self) }
}

/// Sync (docs/sync.md), a service over a `Vault`: fetch, merge by the ledger's rules, push, and
/// the caches refreshed from what came in. The remotes themselves are the clone's configuration
/// (`Vault+Remotes.swift`).
public struct VaultSync {
    public let vault: Vault
    /// The parts sync works on: the repository (fetch, merge, the branch moved by
    /// compare-and-swap, push) and the projections (moved on by what came in).
    var repo: VaultRepository { vault.repo }
    var projections: ProjectionStore { vault.projections }

    /// Fetches from `remote` (nil: the default remote), merges by the rules of docs/sync.md,
    /// pushes the result, and refreshes the caches from the merged events.
    ///
    /// Nothing local is ever lost: incoming history that rewrites events, rewrites what this
    /// device already had, or holds unsafe paths is refused before anything changes; a push
    /// that loses a race is retried (fetch, merge, push again) up to `maxAttempts` times, after
    /// a randomised, growing wait (`RetryBackoff`: about 14 s in all at worst).
    /// Histories that share no commit are refused (`SyncError.unrelatedHistories`), as git
    /// refuses them, unless `allowUnrelatedHistories`.
    public func sync(
        remote requested: String? = nil, progress: ((SyncProgress) -> Void)? = nil, maxAttempts: Int = 12,
        allowUnrelatedHistories: Bool = false, afterFetch: () throws -> Void = {}
    ) throws -> SyncOutcome {
        if let requested { try Vault.checkRemoteName(requested) }
        // A damaged or missing branch is an error here too, never an empty vault to fill from
        // the remote.
        let start = try repo.branchHead()
        let target = try self.target(requested, branch: start.branch)
        let repository = try repo.repository
        let options = TransferOptions(credentials: vault.credentials(), progress: SyncProgress.forward(progress))
        var report = SyncOutcome(remote: target.remote, url: target.url, branch: target.branch)
        var attempt = 0
        while true {
            attempt += 1
            let theirs = try fetch(target, options: options)
            // Once the remote answered (never after a transport failure, which changes nothing):
            // the command's own commits, such as the widget's queued taps, go with this sync.
            if attempt == 1 { try afterFetch() }
            let merged = try integrate(
                theirs: theirs, remote: target.remote, url: target.url, allowUnrelated: allowUnrelatedHistories,
                branchReference: target.branchReference, into: &report)
            guard let head = merged else { break }  // nothing on either side yet
            if let theirs {
                try repository.setReference(target.synced, to: theirs, message: "alog: received from \(target.remote)")
            }
            if head == theirs { break }
            // A branch that lost committed event lines (a plain `git commit` emptied a file,
            // say) is never pushed: the loss would spread to every device.
            try vault.checkBeforePush(remote: target.remote, theirs: theirs)
            if try isCheckedOutWorkingCopy(url: target.url, branch: target.remoteBranch) {
                report.warnings.append(.notPushedToWorkingCopy(url: target.url, branch: target.remoteBranch))
                break
            }
            guard try push(head, over: theirs, to: target, options: options) else {
                guard attempt < maxAttempts else {
                    throw SyncError.tooManyRetries(remote: target.remote, attempts: attempt)
                }
                report.retries += 1
                // Another device is pushing right now: let it finish, and wait a random time
                // from a growing window so two devices retrying together do not collide again.
                var generator = SystemRandomNumberGenerator()
                SystemClock.sleep(millis: RetryBackoff().delay(attempt: attempt, using: &generator))
                continue
            }
            try recordPush(head, over: theirs, to: target, into: &report)
            break
        }
        try finish(&report, from: start.commit)
        // As git runs `gc --auto` after a fetch or a merge: a vault only alog writes to would
        // otherwise gather loose objects, and a pack for every sync that received something,
        // for ever.
        do {
            let packed = try repo.packObjects(automatic: true)
            (report.objectsPacked, report.packsMerged) = (packed.packed, packed.packsMerged)
        } catch {
            report.warnings.append(.objectsNotPacked("\(error)"))
        }
        return report
    }

    /// Throws what `sync` would refuse before any transfer (a damaged or detached branch, a
    /// remote that is not there), without writing anything.
    public func checkSync(remote requested: String?) throws {
        if let requested { try Vault.checkRemoteName(requested) }
        _ = try target(requested, branch: repo.branchHead().branch)
    }

    /// Where a sync goes: the remote and its URL, and the branch on each side.
    struct Target {
        var remote: String
        var url: String
        /// The local branch (`main`) and its reference (`refs/heads/main`).
        var branch: String
        var branchReference: String
        /// The branch on the remote: the upstream's when the branch follows this remote, else
        /// the same name.
        var remoteBranch: String
        /// The remote-tracking reference and alog's own record of the remote's last commit seen.
        var tracking: String { "refs/remotes/\(remote)/\(remoteBranch)" }
        var synced: String { Vault.syncedReference(remote) }
    }

    /// The target of a sync of `requested` (nil: the default remote; a name already checked)
    /// from `branchReference`, or what stops it: a detached HEAD, an unknown remote.
    private func target(_ requested: String?, branch branchReference: String?) throws -> Target {
        guard let branchReference else {
            throw VaultError.detachedHead(path: repo.root, branch: repo.branchToSwitchBack())
        }
        let repository = try repo.repository
        let branch = String(branchReference.dropFirst("refs/heads/".count))
        let remote = try requested ?? vault.defaultRemote(branch: branch)
        guard let url = try repository.remoteURL(remote) else {
            throw SyncError.unknownRemote(remote, known: try repository.remotes().map(\.name))
        }
        var remoteBranch = branch
        if try repository.configString("branch.\(branch).remote") == remote,
            let merge = try repository.configString("branch.\(branch).merge"), merge.hasPrefix("refs/heads/")
        {
            remoteBranch = String(merge.dropFirst("refs/heads/".count))
        }
        return Target(
            remote: remote, url: url, branch: branch, branchReference: branchReference, remoteBranch: remoteBranch)
    }

    /// Fetches the remote's branch into its tracking reference and returns its commit (nil: the
    /// remote has none yet). A remote whose history no longer contains what this device last
    /// received from it (a force-push, a reset) is refused.
    private func fetch(_ target: Target, options: TransferOptions) throws -> ObjectID? {
        let repository = try repo.repository
        do {
            try repository.fetch(
                remote: target.remote, refspecs: ["+refs/heads/\(target.remoteBranch):\(target.tracking)"],
                options: options)
        } catch let error as GitError {
            if let path = Self.localRepositoryPath(target.url), !FileSystem.exists(FileSystem.absolute(path)) {
                throw SyncError.remotePathMissing(remote: target.remote, path: FileSystem.absolute(path))
            }
            throw transferError(error, remote: target.remote)
        }
        let theirs = try repository.referenceTarget(target.tracking)
        if let had = try repository.referenceTarget(target.synced), had != theirs {
            guard let theirs, try repository.isDescendant(theirs, of: had) else {
                throw SyncError.historyRewritten(remote: target.remote, had: had.hex, now: theirs?.hex)
            }
        }
        return theirs
    }

    /// Pushes `head` to the remote's branch, which must still be at `theirs`: false when
    /// another device pushed first (the sync fetches and merges again).
    private func push(_ head: ObjectID, over theirs: ObjectID?, to target: Target, options: TransferOptions) throws
        -> Bool
    {
        let repository = try repo.repository
        do {
            if let path = Self.localRepositoryPath(target.url) {
                try repository.pushToLocalRepository(
                    at: path, commit: head, reference: "refs/heads/\(target.remoteBranch)", expecting: theirs)
            } else {
                try repository.push(
                    remote: target.remote,
                    refspecs: ["\(target.branchReference):refs/heads/\(target.remoteBranch)"], options: options)
            }
            return true
        } catch let error as GitError where error.code == .nonFastForward {
            return false
        } catch let error as GitError {
            throw transferError(error, remote: target.remote)
        }
    }

    /// After a push: what was sent, the remote's references moved to `head`, and the branch
    /// set to follow the remote when it followed none.
    private func recordPush(_ head: ObjectID, over theirs: ObjectID?, to target: Target, into report: inout SyncOutcome)
        throws
    {
        let repository = try repo.repository
        report.pushed = true
        report.eventsSent += try projections.countNewEvents(from: theirs, to: head)
        try repository.setReference(target.tracking, to: head, message: "alog: pushed")
        try repository.setReference(target.synced, to: head, message: "alog: pushed to \(target.remote)")
        if try repository.configString("branch.\(target.branch).remote") == nil {
            try repository.setConfigString("branch.\(target.branch).remote", target.remote)
            try repository.setConfigString("branch.\(target.branch).merge", "refs/heads/\(target.remoteBranch)")
        }
        if report.action == .upToDate { report.action = .pushed }
    }

    /// The sync's last step: the head it left, the notes not sent (uncommitted), and the
    /// caches folded from the merged events when the branch moved.
    private func finish(_ report: inout SyncOutcome, from start: ObjectID?) throws {
        let repository = try repo.repository
        let head = try repository.head().commit
        report.head = head.map(CommitID.init)
        report.notesNotSent =
            ((try? repository.changedPaths(leavingOut: [VaultLayout.ledgerFolder])) ?? []).filter {
                !$0.hasPrefix(VaultLayout.ledgerFolder + "/")
            }
        if let head, head != start {
            // The vault wins: projections are folded from the merged events, never patched from
            // what this device remembered.
            _ = try projections.summary(at: head)
        }
    }

    /// How far ahead of this device's clock a received event's stamp may be before the sync
    /// says so: a day (docs/sync.md, "Clocks").
    static let aheadOfClockMillis: Int64 = 86_400_000

    /// What a sync's branch move brings along: the trees on both sides, the changed paths of
    /// the user's notes, and the merge's outcome (nil for a fast-forward).
    private struct SyncMove {
        var newHead: ObjectID
        var oldTree: ObjectID?
        var newTree: ObjectID
        var changed: [String]
        var userPaths: [String]
        var outcome: TreeMerger.Outcome?
        /// The commit the remote side brought, and the merge base (the old head for a
        /// fast-forward).
        var theirs: ObjectID
        var base: ObjectID?
        /// What alog rendered into each day note merged as a day note (its record of what alog
        /// wrote, after the move).
        var dayNotesRendered: [String: [UInt8]] = [:]
    }

    /// Brings `theirs` into the local branch (fast-forward or merge commit), updates the
    /// working tree, and returns the new head. The branch moves through `movingBranch` (write
    /// lock, intent, compare-and-swap, retried when a foreign `git commit` races us); only the
    /// working-tree step is the sync's own (`bringWorkingTree`).
    private func integrate(
        theirs: ObjectID?, remote: String, url: String, allowUnrelated: Bool, branchReference: String,
        into report: inout SyncOutcome
    ) throws -> ObjectID? {
        guard let theirs else { return try repo.repository.head().commit }  // nothing there yet
        let landed = try repo.movingBranch(message: "alog: sync with \(remote)") {
            head -> (commit: ObjectID, files: [VaultRepository.CommittedFile], result: SyncMove?) in
            if let ours = head.commit, try ours == theirs || repo.repository.isDescendant(ours, of: theirs) {
                return (ours, [], nil)
            }
            if let ours = head.commit, !allowUnrelated, try repo.repository.mergeBase(ours, theirs) == nil {
                guard try holdsOnlyScaffold(ours) else {
                    throw SyncError.unrelatedHistories(remote: remote, url: url, vault: repo.root)
                }
                // A vault that holds nothing yet (cloned from a remote that was empty then, before
                // the first device pushed) takes the remote's history as it is: nothing of it is
                // lost, and the shared history keeps its one root.
                var move = try mergedMove(ours: nil, theirs: theirs, remote: remote, into: branchReference)
                move.oldTree = try repo.repository.commit(ours).tree
                move.changed = try repo.repository.diffTrees(move.oldTree, move.newTree).map(\.path)
                move.userPaths = move.changed.filter { !VaultLayout.isLedgerPath($0) }
                return (move.newHead, [], move)
            }
            let move = try mergedMove(ours: head.commit, theirs: theirs, remote: remote, into: branchReference)
            return (move.newHead, [], move)
        } afterMove: { head, newHead, move in
            try self.bringWorkingTree(move!, from: head.commit, to: newHead, branchReference: branchReference)
        }
        report.warnings += landed.warnings
        guard let move = landed.result else { return landed.head.commit }
        let newHead = move.newHead
        // The day notes that changed are alog's renderings (another device's, or the merge's),
        // not the user's edits: recorded as such before anything reads them.
        try vault.rememberDayNotesAfterSync(
            paths: move.userPaths, merged: move.dayNotesRendered, theirs: move.theirs, base: move.base)
        // One pass over the received lines counts them, notes any stamped far ahead of this
        // device's clock, and advances the summary.
        let horizon = repo.clock() + Self.aheadOfClockMillis
        var ahead: [String: SyncOutcome.AheadOfClock] = [:]
        try projections.summary(at: newHead, newEventsSince: landed.head.commit) { event in
            report.eventsReceived += 1
            switch event.body {
            case .logged(_, let at, _), .started(_, let at, _, _, _, _):
                report.receivedDays.insert(at.localDateAndTime.date.daysSinceEpoch)
            default: break
            }
            guard event.stamp.millis > horizon else { return }
            var entry =
                ahead[event.device] ?? SyncOutcome.AheadOfClock(device: event.device, events: 0, latestMillis: 0)
            entry.events += 1
            entry.latestMillis = max(entry.latestMillis, event.stamp.millis)
            ahead[event.device] = entry
        }
        report.aheadOfClock += ahead.values.sorted { $0.device < $1.device }
        report.notesReceived += move.userPaths.filter { path in
            !(move.outcome?.conflictCopies.contains { $0.copy == path } ?? false)
        }
        if let outcome = move.outcome {
            report.action = .merged
            report.notesMerged += outcome.notesMerged
            report.conflictCopies += outcome.conflictCopies
            report.editsKeptOverDeletes += outcome.editsKeptOverDeletes
        } else if report.action != .merged {
            report.action = .fastForward
        }
        return newHead
    }

    /// The commit the branch moves to (`theirs` itself for a fast-forward, else a merge commit
    /// by the rules of docs/sync.md) after checking what comes in, and what moving there
    /// changes. Refused, with nothing changed, when incoming history is unsafe or a local
    /// change of a note is in the way.
    private func mergedMove(ours: ObjectID?, theirs: ObjectID, remote: String, into branchReference: String)
        throws -> SyncMove
    {
        let repository = try repo.repository
        let base = try ours.flatMap { try repository.mergeBase($0, theirs) }
        let baseTree = try base.map { try repository.commit($0).tree }
        let oldTree = try ours.map { try repository.commit($0).tree }
        let theirsTree = try repository.commit(theirs).tree
        let incoming = try repository.diffTrees(baseTree, theirsTree)
        try IncomingCheck(repository: repository, remote: remote).validate(incoming)
        var move = SyncMove(
            newHead: theirs, oldTree: oldTree, newTree: theirsTree, changed: [], userPaths: [], outcome: nil,
            theirs: theirs, base: base)
        var rendered: [String: [UInt8]] = [:]
        if let ours, let oursTree = oldTree, base != ours {
            var merger = TreeMerger(repository: repository, copySuffix: conflictCopySuffix())
            if let setting = try vault.dayNotesSetting(in: oursTree) ?? vault.dayNotesSetting(in: theirsTree) {
                // Both sides' states are folded once for all the day notes of this merge; a day
                // note that cannot be merged so is merged as any note (line by line, or a copy).
                var states: (ours: LedgerState, theirs: LedgerState)?
                merger.dayNote = { path, base, oursBytes, theirsBytes in
                    let merged = try? vault.mergeDayNote(
                        path: path, setting: setting, base: base, ours: oursBytes, theirs: theirsBytes
                    ) {
                        if states == nil {
                            states = (try projections.state(at: ours), try projections.state(at: theirs))
                        }
                        return states!
                    }
                    if let merged { rendered[path] = merged.rendered }
                    return merged?.merged
                }
            }
            let result = try merger.merge(
                baseTree: baseTree, oursTree: oursTree, theirsTree: theirsTree, incoming: incoming)
            let signature = try repo.authorSignature()
            move.newHead = try repository.createCommit(
                tree: result.tree, parents: [ours, theirs], author: signature, committer: signature,
                message:
                    "alog: sync with \(remote)\n\nMerge \(theirs.hex.prefix(12)) from \(remote) into \(branchReference)."
            )
            (move.newTree, move.outcome, move.dayNotesRendered) = (result.tree, result, rendered)
        }
        move.changed = try repository.diffTrees(oldTree, move.newTree).map(\.path)
        move.userPaths = move.changed.filter { !VaultLayout.isLedgerPath($0) }
        do {
            try repository.checkout(tree: move.newTree, baseline: oldTree, paths: move.userPaths, dryRun: true)
        } catch let error as GitError where error.code == .conflict {
            throw inTheWay(error.message.split(separator: "\n").map(String.init))
        }
        return move
    }

    /// The refusal for the notes a checkout would overwrite: a folder standing where one
    /// belongs is said as that, with the `mv` that clears it; else the user's changes.
    private func inTheWay(_ paths: [String]) -> any Error {
        if let folder = paths.first(where: { FileSystem.isDirectory(repo.root + "/" + $0) }) {
            return VaultError.folderInPlace(path: repo.root + "/" + folder, isLedgerFile: false)
        }
        return SyncError.localChangesInTheWay(paths: paths)
    }

    /// The sync's working-tree step, right after the branch moved: the user's notes in safe
    /// mode (if one changed since the dry run, the branch is put back and nothing is lost),
    /// then the ledger files, which only alog writes.
    private func bringWorkingTree(_ move: SyncMove, from ours: ObjectID?, to newHead: ObjectID, branchReference: String)
        throws -> [Notice]
    {
        let repository = try repo.repository
        FaultInjection.point("sync.after-ref")
        do {
            try repository.checkout(tree: move.newTree, baseline: move.oldTree, paths: move.userPaths)
        } catch let error as GitError where error.code == .conflict {
            // A file was edited in the instant between the check and now: put the branch back.
            if let ours {
                try repository.updateReference(
                    branchReference, to: ours, expecting: newHead, message: "alog: sync undone")
            } else {
                try repository.deleteReference(branchReference)
            }
            repo.clearIntent()
            throw inTheWay(error.message.split(separator: "\n").map(String.init))
        }
        FaultInjection.point("sync.after-notes")
        try repository.checkout(
            tree: move.newTree, baseline: move.oldTree, paths: move.changed.filter(VaultLayout.isLedgerPath),
            force: true)
        return []
    }

    /// `<device> <YYYY-MM-DD HHmm>` in local time, for conflict-copy names.
    private func conflictCopySuffix() -> String {
        let seconds = repo.clock() / 1000
        let local = LocalInstant(seconds: seconds, offset: repo.zone.offset(atUTC: seconds))
        let (date, second) = local.localDateAndTime
        let hours = second / 3600
        let minutes = second / 60 % 60
        let name = repo.device.name.isEmpty ? repo.device.id : repo.device.name
        let safeName = String(name.map { "/\\:*?\"<>|".contains($0) ? "-" : $0 })
        return "\(safeName) \(date.iso) \(hours < 10 ? "0" : "")\(hours)\(minutes < 10 ? "0" : "")\(minutes)"
    }

    /// True when `url` is a local working copy with `branch` checked out: no push goes there
    /// (git itself refuses that; the owner's working tree would silently fall behind).
    private func isCheckedOutWorkingCopy(url: String, branch: String) throws -> Bool {
        guard let path = Self.localRepositoryPath(url), Repository.exists(at: path) else { return false }
        let target = try Repository.open(at: path)
        return try target.workingDirectory != nil && target.head().branch == "refs/heads/\(branch)"
    }

    /// The folder of a path or file:// remote, nil for a network remote.
    static func localRepositoryPath(_ url: String) -> String? {
        if url.hasPrefix("file://") { return String(url.dropFirst("file://".count)) }
        return Vault.isLocalPath(url) ? url : nil
    }

    /// True when `commit`'s tree holds nothing but alog's empty ledger (its README and
    /// attributes): no event file and no note.
    func holdsOnlyScaffold(_ commit: ObjectID) throws -> Bool {
        let files = try repo.repository.diffTrees(nil, try repo.repository.commit(commit).tree)
        return files.allSatisfy { $0.path.hasPrefix(".alog/") && !$0.path.hasPrefix(".alog/events/") }
    }

    /// A failed fetch or push: an authentication or transfer failure names the remote; damage
    /// to this repository (a garbled ref, a missing object) is said as such, not as a remote
    /// that cannot be reached.
    private func transferError(_ error: GitError, remote: String) -> Error {
        if error.code == .authentication { return SyncError.authentication(remote: remote, detail: error.message) }
        if error.isLocalWriteFailure { return SyncError.localWriteFailed(remote: remote, detail: error.message) }
        if error.isLocalDamage { return error }
        return SyncError.transfer(remote: remote, detail: error.message)
    }
}
