import LedgerCore
import LedgerGit
import LedgerGitLayout
import LedgerSystem

/// `alog repair`: puts back what damage from outside alog took away, from what history proves.
/// - A damaged or missing branch ref is restored to the last good commit alog can prove: the
///   newest commit of the reflogs that descends from (or is) the commit the caches reflect,
///   else the caches' commit, else the newest commit of the reflogs in the object store.
/// - Committed event lines a commit removed are written back to their files, in one new commit.
extension Vault {
    /// What `repair` did, one line per action.
    public struct RepairReport: Sendable {
        public var actions: [String] = []
        /// The commit the branch was restored to, if it was damaged.
        public var restoredBranch: ObjectID?
        /// The commit that wrote removed lines back, if any.
        public var repairCommit: ObjectID?
        public var linesWrittenBack = 0
        /// Problems after the repair commit landed (the commit is safe).
        public var warnings: [String] = []
    }

    public func repair() throws -> RepairReport {
        var report = RepairReport()
        try repairBranch(into: &report)
        try repairRemovals(into: &report)
        return report
    }

    private func repairBranch(into report: inout RepairReport) throws {
        guard let branch = symbolicHead(), let damage = try branchDamage(branch) else { return }
        let lock: FileLock
        do {
            lock = try FileLock(path: stateFiles.writeLock)
        } catch let failure as FileSystem.Failure where failure.isWriteDenied {
            throw VaultError.notWritable(path: root, reason: failure.reason)
        }
        defer { withExtendedLifetime(lock) {} }
        let repository = try repository
        let path = repository.commonDirectory + branch
        let shown = displayPath(path)
        let reason: String
        if case .branchDamaged(_, let why) = damage { reason = why } else { reason = "\(damage)" }
        guard let (target, source) = try lastGoodCommit(branch: branch) else {
            throw VaultError.branchUnrecoverable(
                ref: shown,
                reason:
                    "\(reason), and neither alog's caches nor the reflogs name a commit that is still in the object store; look for it with 'git fsck --lost-found'"
            )
        }
        switch FileSystem.entryKind(path) {
        case .missing:
            break
        case .directory:
            let inside = FileSystem.list(path)
            guard inside.isEmpty else {
                throw VaultError.branchUnrecoverable(
                    ref: shown,
                    reason:
                        "it is a directory holding \(inside.sorted().joined(separator: ", ")); move those out of the way, then run 'alog repair' again"
                )
            }
            try FileSystem.removeTree(path)
        case .file, .other:
            // Whatever it held is kept aside, in case it matters to someone.
            if let bytes = try? FileSystem.read(path), !bytes.isEmpty {
                let aside = stateDirectory + StateDirectory.damagedRefPrefix + "\(SystemClock.nowMillis())"
                try FileSystem.writeAtomically(aside, bytes)
                report.actions.append("kept what \(shown) held in \(displayPath(aside))")
            }
            try FileSystem.removeTree(path)
        }
        try repository.setReference(branch, to: target, message: "alog: repair: restore \(branch)")
        report.restoredBranch = target
        report.actions.append(
            "restored the branch ref \(shown) (\(reason)) to commit \(target.hex.prefix(12)), \(source)")
    }

    /// The commit to restore a damaged branch to, and what proves it.
    func lastGoodCommit(branch: String) throws -> (ObjectID, String)? {
        let repository = try repository
        let evidence = try historyEvidence(branch: branch).filter { (try? repository.commit($0.commit)) != nil }
        let caches = evidence.filter { $0.source.hasSuffix("cache") }
        let reflogs = evidence.filter { !$0.source.hasSuffix("cache") }
        // The caches' newest commit: one that the other descends from.
        var cached = caches.first
        for other in caches.dropFirst() where try repository.isDescendant(other.commit, of: cached!.commit) {
            cached = other
        }
        guard let cached else {
            if let newest = reflogs.first {
                return (newest.commit, "the newest commit of \(newest.source) that is in the object store")
            }
            // No cache, no reflog: the one commit of the object store that no other follows.
            let commits = try repository.storedCommits()
            var followed: Set<ObjectID> = []
            for id in commits { followed.formUnion(try repository.commit(id).parents) }
            let tips = commits.filter { !followed.contains($0) }
            guard tips.count == 1 else { return nil }
            return (tips[0], "the only commit of the object store that no other commit follows")
        }
        for entry in reflogs {
            if entry.commit == cached.commit { break }
            if try repository.isDescendant(entry.commit, of: cached.commit) {
                return (
                    entry.commit,
                    "the newest commit of \(entry.source), which follows the one \(cached.source) reflects"
                )
            }
        }
        return (cached.commit, "the commit \(cached.source) reflects")
    }

    private struct NothingToWriteBack: Error {}

    private func repairRemovals(into report: inout RepairReport) throws {
        guard try branchHead().commit != nil else { return }
        // Notice what the projections have not seen yet (they catch up with HEAD).
        _ = try summary()
        let findings = try pendingRemovals()
        guard !findings.isEmpty else { return }
        var order: [String] = []
        var wanted: [String: [String]] = [:]
        for finding in findings {
            if wanted[finding.path] == nil { order.append(finding.path) }
            wanted[finding.path, default: []] += finding.lines
        }
        let commits = Set(findings.map(\.commit)).map { String($0.hex.prefix(12)) }.sorted()
        var written = 0
        let total = wanted.values.reduce(0) { $0 + $1.count }
        do {
            let result = try commit(
                message:
                    "alog: repair: write back \(total) event line\(total == 1 ? "" : "s") removed by \(commits.joined(separator: ", "))"
            ) { _, baseTree in
                written = 0
                var edits: [FileEdit] = []
                for path in order {
                    let current = try baseTree.flatMap { try repository.treeEntry(atPath: path, in: $0) }
                        .map { try repository.readBlob($0.id) }
                    var present = Set(Self.lines(current ?? []).map { String(decoding: $0, as: UTF8.self) })
                    let missing = wanted[path, default: []].filter { present.insert($0).inserted }
                    guard !missing.isEmpty else { continue }
                    written += missing.count
                    edits.append(
                        FileEdit(path: path) { old in
                            var content = old ?? []
                            if let last = content.last, last != 10 { content.append(10) }
                            for line in missing { content += Array(line.utf8) + [10] }
                            return content
                        })
                }
                if edits.isEmpty { throw NothingToWriteBack() }
                return edits
            }
            report.repairCommit = result.commit
            report.linesWrittenBack = written
            report.warnings += result.warnings
            report.actions.append(
                "wrote back \(written) event line\(written == 1 ? "" : "s") removed by commit\(commits.count == 1 ? "" : "s") \(commits.joined(separator: ", ")) in \(order.count) file\(order.count == 1 ? "" : "s"), as commit \(result.commit.hex.prefix(12))"
            )
        } catch is NothingToWriteBack {
            report.actions.append(
                "the event lines removed by commit\(commits.count == 1 ? "" : "s") \(commits.joined(separator: ", ")) are in HEAD again; nothing to write back"
            )
        }
        try clearRemovals()
        // Fold again, so counts (duplicates) are exactly what the events say.
        _ = try rebuild()
    }
}
