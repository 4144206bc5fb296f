internal import LedgerCore
package import LedgerGit

extension Vault {
    /// What a sync must check before it pushes: a branch that resolves (`branchHead`, which
    /// throws `VaultError.branchDamaged`), no pending removals (`SyncError.localRemovals`,
    /// `.localMovedBack`), and no damaged event line in what would be sent, the change from
    /// `theirs` (the remote's commit) to HEAD (`SyncError.localDamage`): a push would spread
    /// either to every device. The cost grows with what would be sent.
    package func checkBeforePush(remote requested: String?, theirs: ObjectID? = nil) throws {
        let head = try repo.branchHead()
        _ = noticedRemovals()  // the projections catch up with HEAD, which is when removals are noticed
        let removals = try repo.pendingRemovals()
        let remote =
            try requested ?? head.branch.map { try defaultRemote(branch: String($0.dropFirst("refs/heads/".count))) }
            ?? "origin"
        if let first = removals.first {
            let lines = removals.reduce(0) { $0 + $1.lines.count }
            if let from = first.movedBackFrom {
                throw SyncError.localMovedBack(remote: remote, from: from.hex, to: first.commit.hex, lines: lines)
            }
            throw SyncError.localRemovals(remote: remote, commit: first.commit.hex, lines: lines)
        }
        guard let commit = head.commit else { return }
        let repository = try repository
        var damaged: [LineIssue] = []
        _ = try EventFileReader(repository: repository).forEachNewEvent(
            from: try theirs.map { try repository.commit($0).tree }, to: try repository.commit(commit).tree,
            event: { _, _, _ in }, issue: { if !$0.isFromNewerVersion { damaged.append($0) } })
        if let first = damaged.first {
            throw SyncError.localDamage(
                remote: remote, path: first.path, line: first.line, reason: first.reason, count: damaged.count)
        }
    }
}
