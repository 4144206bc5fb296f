internal import LedgerCore
package import LedgerGit
internal import LedgerGitLayout
internal import LedgerSystem

extension Vault {
    /// Repair of damage done from outside alog.
    public var repairs: VaultRepair { VaultRepair(vault: self) }
}

/// Repair, a service over a `Vault`: puts back what damage from outside alog took away, from what history proves.
/// - A damaged or missing branch ref is restored to the last good commit alog can prove: the
///   newest commit of the reflogs that descends from (or is) the commit the caches reflect,
///   else the caches' commit, else the newest commit of the reflogs in the object store.
/// - Committed event lines a commit removed, or that the branch left behind moving backwards,
///   are written back to their files, in one new commit; damaged lines in the event files are
///   moved aside to `.alog/damaged/` in the same commit, so the files read whole again.
/// - With `moveBranch`, a branch that only moved backwards (a `git reset` from outside) is put
///   back on the commit alog's caches reflected, instead.
public struct VaultRepair {
    public let vault: Vault
    /// The parts repair works on: the repository (history read, the branch moved) and the
    /// projections (dropped and folded again).
    var repo: VaultRepository { vault.repo }
    var projections: ProjectionStore { vault.projections }

    /// What `repair` did, one action each.
    public struct RepairOutcome: Sendable {
        public var actions: [RepairAction] = []
        /// The commit the branch was restored to, if it was damaged.
        package var restoredBranch: ObjectID?
        /// The commit that wrote removed lines back, if any.
        package var repairCommit: ObjectID?
        public var linesWrittenBack = 0
        /// Damaged event lines moved aside to `.alog/damaged/`.
        public var damagedLinesMoved = 0
        /// The commit the branch was moved back to (`moveBranch`).
        package var movedBranchTo: ObjectID?
        /// Problems after the repair commit landed (the commit is safe).
        public var warnings: [Notice] = []
    }

    public func repair(moveBranch: Bool = false) throws -> RepairOutcome {
        var report = RepairOutcome()
        try repairBranch(into: &report)
        if moveBranch { try moveBranchBack(into: &report) }
        try repairRemovals(into: &report)
        return report
    }

    /// Puts a branch that moved backwards from outside back on the commit the caches reflected
    /// (a fast-forward: nothing made since is lost). The user's notes in the working tree follow
    /// the branch; one changed there stops the move before anything happens.
    private func moveBranchBack(into report: inout RepairOutcome) throws {
        _ = vault.noticedRemovals()
        let findings = try repo.pendingRemovals()
        guard let target = findings.first(where: { $0.canMoveBranchBack })?.movedBackFrom else {
            if let from = findings.first(where: \.movedOnlyBackwards)?.movedBackFrom {
                throw VaultError.branchMovedOnSince(from: String(from.hex.prefix(12)))
            }
            throw VaultError.nothingToMoveBack
        }
        let repository = try repo.repository
        let landed = try repo.movingBranch(message: "alog: repair: move the branch back to \(target.hex.prefix(12))") {
            head -> (commit: ObjectID, files: [VaultRepository.CommittedFile], result: ObjectID?) in
            guard let current = head.commit, try repository.isDescendant(target, of: current) else {
                throw VaultError.nothingToMoveBack
            }
            return (target, [], current)
        } afterMove: { head, target, _ in
            let oldTree = try head.commit.map { try repository.commit($0).tree }
            let newTree = try repository.commit(target).tree
            let changed = try repository.diffTrees(oldTree, newTree).map(\.path)
            do {
                try repository.checkout(
                    tree: newTree, baseline: oldTree, paths: changed.filter { !VaultLayout.isLedgerPath($0) })
            } catch let error as GitError where error.code == .conflict {
                if let branch = head.branch, let from = head.commit {
                    try repository.updateReference(branch, to: from, expecting: target, message: "alog: repair undone")
                }
                repo.clearIntent()
                throw VaultError.notesInTheWay(paths: error.message.split(separator: "\n").map(String.init))
            }
            try repository.checkout(
                tree: newTree, baseline: oldTree, paths: changed.filter(VaultLayout.isLedgerPath), force: true)
            return []
        }
        projections.forgetMemos()
        report.movedBranchTo = target
        report.warnings += landed.warnings
        report.actions.append(
            .movedBranchBack(to: String(target.hex.prefix(12)), from: landed.result.map { String($0.hex.prefix(12)) }))
    }

    private func repairBranch(into report: inout RepairOutcome) throws {
        guard let branch = repo.symbolicHead(), let damage = try repo.branchDamage(branch) else { return }
        let lock: FileLock
        do {
            lock = try FileLock(path: repo.stateFiles.writeLock)
        } catch let failure as FileSystem.Failure where failure.isWriteDenied {
            throw VaultError.notWritable(path: repo.root, reason: failure.reason)
        }
        defer { withExtendedLifetime(lock) {} }
        let repository = try repo.repository
        let path = repository.commonDirectory + branch
        let shown = repo.displayPath(path)
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
                throw VaultError.branchRefIsFolder(ref: shown, holding: inside.sorted())
            }
            try FileSystem.removeTree(path)
        case .file, .other:
            // Whatever it held is kept aside, in case it matters to someone.
            if let bytes = try? FileSystem.read(path), !bytes.isEmpty {
                let aside = repo.stateDirectory + StateDirectory.damagedRefPrefix + "\(SystemClock.nowMillis())"
                try FileSystem.writeAtomically(aside, bytes)
                report.actions.append(.keptRefContent(ref: shown, aside: repo.displayPath(aside)))
            }
            try FileSystem.removeTree(path)
        }
        try repository.setReference(branch, to: target, message: "alog: repair: restore \(branch)")
        report.restoredBranch = target
        report.actions.append(
            .restoredBranch(ref: shown, reason: reason, commit: String(target.hex.prefix(12)), evidence: source))
    }

    /// The commit to restore a damaged branch to, and what proves it.
    func lastGoodCommit(branch: String) throws -> (ObjectID, String)? {
        let repository = try repo.repository
        let evidence = try repo.historyEvidence(branch: branch).filter { (try? repository.commit($0.commit)) != nil }
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

    /// The event id of a line that decodes.
    static func eventID(_ line: [UInt8]) -> EventID? {
        line.withUnsafeBytes { bytes in
            if case .success(let event) = EventLine.decode(bytes) { return event.id }
            return nil
        }
    }

    /// The folder damaged event lines are moved to, mirroring `.alog/events/`.
    static let damagedFolder = VaultLayout.ledgerFolder + "/damaged"

    /// Damaged lines (neither an event nor a newer alog's line) in the event files of `tree`,
    /// by file, as they are.
    private func damagedLines(in tree: ObjectID) throws -> [String: [[UInt8]]] {
        let reader = EventFileReader(repository: try repo.repository)
        var paths: [String] = []
        try reader.forEachEvent(
            in: tree, event: { _, _, _ in },
            issue: { issue in if !issue.isFromNewerVersion, paths.last != issue.path { paths.append(issue.path) } })
        var damaged: [String: [[UInt8]]] = [:]
        for path in paths {
            let lines = VaultRepository.lines(
                try repo.repository.readBlob(try repo.repository.treeEntry(atPath: path, in: tree)!.id))
            damaged[path] = lines.filter { line in
                line.withUnsafeBytes { bytes in
                    if case .failure(let error) = EventLine.decode(bytes) { return !error.isFromNewerVersion }
                    return false
                }
            }
        }
        return damaged.filter { !$0.value.isEmpty }
    }

    private func repairRemovals(into report: inout RepairOutcome) throws {
        guard let head = try repo.branchHead().commit else { return }
        // Notice what the projections have not seen yet (they catch up with HEAD).
        _ = try vault.summary()
        let findings = try repo.pendingRemovals()
        let damaged = try damagedLines(in: try repo.repository.commit(head).tree)
        guard !findings.isEmpty || !damaged.isEmpty else { return }
        var order: [String] = []
        var wanted: [String: [String]] = [:]
        for finding in findings {
            if wanted[finding.path] == nil { order.append(finding.path) }
            wanted[finding.path, default: []] += finding.lines
        }
        for path in damaged.keys.sorted() where wanted[path] == nil {
            order.append(path)
            wanted[path] = []
        }
        let causes = Set(findings.map(\.commit)).map { String($0.hex.prefix(12)) }.sorted()
        let movedBack = findings.contains { $0.movedBackFrom != nil }
        var written = 0
        var aside = 0
        let total = wanted.values.reduce(0) { $0 + $1.count }
        let damagedTotal = damaged.values.reduce(0) { $0 + $1.count }
        var subject: [String] = []
        if total > 0 {
            subject.append(
                "write back \(total) event line\(total == 1 ? "" : "s") "
                    + (movedBack ? "the branch left behind" : "removed by \(causes.joined(separator: ", "))"))
        }
        if damagedTotal > 0 {
            subject.append(
                "move \(damagedTotal) damaged line\(damagedTotal == 1 ? "" : "s") aside to \(Self.damagedFolder)/")
        }
        do {
            let result = try repo.commit(message: "alog: repair: " + subject.joined(separator: "; ")) { _, baseTree in
                written = 0
                aside = 0
                var edits: [FileEdit] = []
                for path in order {
                    let current = try baseTree.flatMap { try repo.repository.treeEntry(atPath: path, in: $0) }
                        .map { try repo.repository.readBlob($0.id) }
                    // A line written back whose event id a present line also has: that line is a
                    // changed copy of it (a bit flipped inside a value still decodes) and goes
                    // aside with the damaged ones.
                    let restoredIDs = Set(wanted[path, default: []].compactMap { Self.eventID(Array($0.utf8)) })
                    let currentLines = VaultRepository.lines(current ?? [])
                    var bad = Set(damaged[path] ?? [])
                    for line in currentLines where !bad.contains(line) {
                        if let id = Self.eventID(line), restoredIDs.contains(id),
                            !wanted[path, default: []].contains(String(decoding: line, as: UTF8.self))
                        {
                            bad.insert(line)
                        }
                    }
                    let kept = currentLines.filter { !bad.contains($0) }
                    var present = Set(kept.map { String(decoding: $0, as: UTF8.self) })
                    let missing = wanted[path, default: []].filter { present.insert($0).inserted }
                    let removing = currentLines.filter(bad.contains)
                    guard !missing.isEmpty || !removing.isEmpty else { continue }
                    written += missing.count
                    aside += removing.count
                    edits.append(
                        FileEdit(path: path) { old in
                            guard !removing.isEmpty else {
                                var content = old ?? []
                                if let last = content.last, last != 10 { content.append(10) }
                                for line in missing { content += Array(line.utf8) + [10] }
                                return content
                            }
                            // The file's good lines as they were, then the lines written back.
                            var content: [UInt8] = []
                            for line in kept { content += line + [10] }
                            for line in missing { content += Array(line.utf8) + [10] }
                            return content
                        })
                    if !removing.isEmpty {
                        let target = Self.damagedFolder + "/" + path.dropFirst(VaultLayout.eventsFolder.count + 1)
                        edits.append(
                            FileEdit(path: target) { old in
                                var content = old ?? []
                                if let last = content.last, last != 10 { content.append(10) }
                                for line in removing { content += line + [10] }
                                return content
                            })
                    }
                }
                if edits.isEmpty { throw NothingToWriteBack() }
                return edits
            }
            report.repairCommit = result.commit
            report.linesWrittenBack = written
            report.damagedLinesMoved = aside
            report.warnings += result.warnings
            let files = Set(order).count
            let commit = String(result.commit.hex.prefix(12))
            if written > 0 {
                report.actions.append(
                    .wroteBack(
                        lines: written, leftBehind: movedBack, causes: causes, files: files, commit: commit))
            }
            if aside > 0 {
                report.actions.append(.movedDamagedAside(lines: aside, folder: Self.damagedFolder, commit: commit))
            }
        } catch is NothingToWriteBack {
            report.actions.append(.linesAlreadyBack(causes: causes))
        }
        try repo.clearRemovals()
        // Fold again, so counts (duplicates) are exactly what the events say.
        _ = try vault.rebuild()
    }
}
