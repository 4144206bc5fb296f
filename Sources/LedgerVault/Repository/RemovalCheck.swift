internal import LedgerCore
package import LedgerGit
internal import LedgerGitLayout
internal import LedgerSystem

/// Event lines that left the branch although they had been committed: a commit removed (or
/// changed) them (say `: > .alog/events/…/<day>.jsonl; git commit -am tidy`), or the branch
/// itself moved backwards past the commits that added them (`git reset --hard HEAD~5`).
public struct RemovalFinding: Sendable, Equatable {
    /// The commit that removed them; for lines the branch left behind by moving backwards, the
    /// commit the branch was found on.
    package var commit: ObjectID
    /// The event file they were in.
    public var path: String
    /// The removed lines, as they were (without the newline), in file order.
    public var lines: [String]
    /// Set when the branch moved backwards (or was rewritten) past the lines: the commit it was
    /// on before, which alog's caches reflected.
    package var movedBackFrom: ObjectID?
    /// True when `movedBackFrom` descends from `commit`: the branch only moved backwards (a
    /// reset), it was not rewritten.
    public var movedOnlyBackwards = false
    /// True when the branch only moved backwards and nothing was committed on it since:
    /// putting it back on `movedBackFrom` loses nothing. (Checked against the branch when the
    /// findings are read; a commit made on top of the reset turns it false.)
    public var canMoveBranchBack = false

    package init(
        commit: ObjectID, path: String, lines: [String], movedBackFrom: ObjectID? = nil,
        movedOnlyBackwards: Bool = false
    ) {
        self.commit = commit
        self.path = path
        self.lines = lines
        self.movedBackFrom = movedBackFrom
        self.movedOnlyBackwards = movedOnlyBackwards
        self.canMoveBranchBack = movedOnlyBackwards
    }

    /// The same record (whether the branch can still be put back is read off the branch).
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.commit == rhs.commit && lhs.path == rhs.path && lhs.lines == rhs.lines
            && lhs.movedBackFrom == rhs.movedBackFrom && lhs.movedOnlyBackwards == rhs.movedOnlyBackwards
    }

    /// The commit that removed the lines (or the branch was found on).
    public var removedBy: CommitID { CommitID(commit) }
    /// The commit the branch was on before it moved backwards, if it did.
    public var branchWasOn: CommitID? { movedBackFrom.map(CommitID.init) }
}

/// Noticing removed event lines, incrementally, with the same verdict as `verify`.
///
/// `verify` calls a commit a rewrite when its diff against one of its parents removes an event
/// line that HEAD does not have again in the same file. The incremental check applies exactly
/// that rule to the commits the projections move over, and only to them: whenever a cache
/// moves from the commit it reflects (`old`) to the branch's commit (`new`), the commits of
/// `new`'s history that are not in `old`'s are diffed against their parents, one by one (an
/// aggregated diff from `old` to `new` would miss a line added and removed in between). The
/// summary cache moves on every command, so its commit marks how far the history has been
/// checked; the cost is in the new commits only, never the whole history.
///
/// Two views of the branch are told apart before anything is recorded:
/// - `old` is not in `new`'s history and the branch is no longer on `new`: this process read
///   the branch before another writer moved it on (and wrote the caches at the newer commit).
///   Nothing was removed; nothing is recorded.
/// - `old` is not in `new`'s history and the branch is on `new`: the branch moved backwards
///   or was rewritten from outside. The lines `old` had and `new` lacks are recorded as such,
///   with both commits, so `repair` can offer to move the branch back.
///
/// What is found is kept in `.git/alog/removals` (with the lines themselves), so every
/// command repeats the warning without diffing again, full folds keep the removed entries
/// (the ledger never looks smaller than it is), and `alog repair` can write the lines back.
/// Every read checks each finding against the branch again and drops those that no longer
/// hold (the lines are back, or the commit is no longer in the branch's history).
extension VaultRepository {
    var removalsPath: String { stateFiles.removals }
    private static let removalsHeader = "alog removals 2"
    private static let removalsHeaderV1 = "alog removals 1"

    /// The removals noticed and not yet repaired (from `.git/alog/removals`, each checked against
    /// the branch again). The sync calls this before pushing: a push would spread the removal.
    public func pendingRemovals() throws -> [RemovalFinding] {
        try readRemovals(verified: true).findings
    }

    /// What a commit from `old` to `new` did to the findings of a branch that moved backwards:
    /// one that could put the branch back before (it was on, or behind, `old`) cannot after, as
    /// the commit is not in that history. Said once, by the commit that made it so.
    func branchNoLongerMovable(before old: ObjectID?, now new: ObjectID) -> [Notice] {
        guard let old, FileSystem.exists(removalsPath), let findings = try? readRemovals().findings,
            let repository = try? repository
        else { return [] }
        var notices: [Notice] = []
        var seen: Set<ObjectID> = []
        for finding in findings where finding.movedOnlyBackwards {
            guard let from = finding.movedBackFrom, seen.insert(from).inserted,
                from == old || (try? repository.isDescendant(from, of: old)) == true,
                from != new, (try? repository.isDescendant(from, of: new)) != true
            else { continue }
            let lines = findings.filter { $0.movedBackFrom == from }.reduce(0) { $0 + $1.lines.count }
            notices.append(.branchCannotMoveBack(from: String(from.hex.prefix(12)), lines: lines))
        }
        return notices
    }

    /// The commit the branch is on now, read from the refs files (nil when it cannot be read
    /// that way).
    func currentBranchCommit() -> ObjectID? {
        if case .commit(let hex)? = HeadFile.resolve(gitDirectory: gitDirectory) { return ObjectID(hex: hex) }
        return try? branchHead().commit
    }

    /// True when `old` lies ahead of `new` in history while the branch has moved on from `new`:
    /// this process saw the branch before another writer moved it (and wrote the caches).
    func isStaleView(_ new: ObjectID, cacheAt old: ObjectID) throws -> Bool {
        guard currentBranchCommit() != new else { return false }
        return try repository.isDescendant(old, of: new)
    }

    /// Records the committed event lines that the commits from `old` (exclusive; nil: the root)
    /// to `new` removed, and those the branch left behind if it moved backwards from `old`. True
    /// when it recorded something new (the state cache is then dropped).
    @discardableResult
    func noticeRemovals(from old: ObjectID?, to new: ObjectID) throws -> Bool {
        guard old != new else { return false }
        let repository = try repository
        // A cache naming a commit the object store lacks (a gc after a reset, a copied cache)
        // says nothing about removals.
        if let old, (try? repository.commit(old)) == nil { return false }
        var known = try readRemovals()
        if known.scanned == new { return false }
        var found: [RemovalFinding] = []
        if let old, try !repository.isDescendant(new, of: old) {
            // Not a step forward: a stale view of the branch, a checkout, or the branch moved
            // backwards.
            guard currentBranchCommit() == new else { return false }
            if let checkout = try checkoutAway(from: old, to: new) {
                noticedCheckout = checkout
            } else {
                found += try movedBackFindings(from: old, to: new)
            }
        }
        found += try commitFindings(from: old, to: new)
        guard !found.isEmpty else { return false }
        known.scanned = new
        let before = known.findings.count
        for finding in found where !known.findings.contains(finding) {
            known.findings.append(finding)
        }
        // Only a file with findings is written: its presence sends the front's warm `status` to
        // the full CLI, which prints the warning.
        try writeRemovals(known)
        guard known.findings.count > before else { return false }
        // The state cache may reflect a commit from before the removed lines were added: it is
        // folded again, with them (`applyRemovedLines`). From then on the cached state holds
        // them, and moves on over plain appends as ever. (`ProjectionStore.noticeRemovals` drops its
        // memo of the state too.)
        try FileSystem.removeTree(stateFiles.stateCache)
        return true
    }

    /// `verify`'s rule for the commits of `new`'s history that `old`'s lacks: per commit and
    /// parent, the event lines removed that `new` does not have again in the same file.
    private func commitFindings(from old: ObjectID?, to new: ObjectID) throws -> [RemovalFinding] {
        let repository = try repository
        let newTree = try repository.commit(new).tree
        var present: [String: Set<[UInt8]>] = [:]
        var found: [RemovalFinding] = []
        try repository.walkCommits(from: new, hiding: old.map { [$0] } ?? [], order: .reverseTopological) { id in
            if scannedCommits.contains(id) { return true }
            let commit = try repository.commit(id)
            for parent in commit.parents {
                var removed: [(path: String, lines: [[UInt8]])] = []
                for (path, lines) in try removedEventLines(from: try repository.commit(parent).tree, to: commit.tree) {
                    if present[path] == nil { present[path] = try fileLines(path, in: newTree) }
                    let gone = lines.filter { !present[path]!.contains($0) }
                    if !gone.isEmpty { removed.append((path, gone)) }
                }
                guard !removed.isEmpty else { continue }
                for (path, gone) in try droppingChangedCopies(removed, heldAt: [parent], keptTree: newTree) {
                    found.append(
                        RemovalFinding(commit: id, path: path, lines: gone.map { String(decoding: $0, as: UTF8.self) }))
                }
            }
            scannedCommits.insert(id)
            return true
        }
        return found
    }

    /// HEAD left `old` for `new` by a checkout, not by its branch moving: HEAD is detached, or
    /// names another branch while one still holds `old` (is on it or ahead of it). Nothing was
    /// removed; the ledger read is the one of HEAD's commit now.
    private func checkoutAway(from old: ObjectID, to new: ObjectID) throws -> CheckoutFinding? {
        let repository = try repository
        let current = symbolicHead()
        // HEAD's branch was on `old` lately (its reflog says so): that branch moved, a reset.
        if let current,
            let tail = try? FileSystem.readTail(repository.commonDirectory + "logs/" + current, count: 1 << 16),
            tail.bytes.contains(Array(old.hex.utf8))
        {
            return nil
        }
        let holders = try repository.localBranches().filter { branch in
            guard branch.name != current else { return false }
            return try branch.commit == old || repository.isDescendant(branch.commit, of: old)
        }
        let previous = branchCheckedOutBefore()
        let left = holders.first { $0.name == previous }?.name ?? holders.first?.name
        guard current == nil || left != nil else { return nil }
        return CheckoutFinding(
            fromBranch: left.map(Self.shortBranch), fromCommit: old, toBranch: current.map(Self.shortBranch),
            toCommit: new)
    }

    /// Where HEAD is when a checkout of a commit detached it (nil when HEAD names a branch).
    public func detachedHead() -> DetachedHead? {
        guard let bytes = try? FileSystem.readPrefix(gitDirectory + "HEAD", limit: 64),
            let head = ObjectID(hex: String(decoding: bytes.prefix { $0 != 10 }, as: UTF8.self))
        else { return nil }
        return DetachedHead(commit: head, switchBack: branchToSwitchBack())
    }

    /// The branch HEAD was on before the latest checkout that left one (git's `@{-1}` when it
    /// names a branch): the newest "checkout: moving from X to …" in the tail of HEAD's reflog
    /// (its last 64 KiB, as `checkoutAway` reads a branch's) whose X still exists, as a full
    /// name. Nil when there is none.
    func branchCheckedOutBefore() -> String? {
        guard let tail = try? FileSystem.readTail(gitDirectory + "logs/HEAD", count: 1 << 16),
            let repository = try? repository
        else { return nil }
        let prefix = "\tcheckout: moving from "
        for line in tail.bytes.split(separator: 10).reversed() {
            let text = String(decoding: line, as: UTF8.self)
            guard let start = text.firstRange(of: prefix) else { continue }
            let rest = text[start.upperBound...]
            guard let to = rest.firstRange(of: " to ") else { continue }
            let name = "refs/heads/" + rest[..<to.lowerBound]
            if case .some(.some) = try? repository.referenceTarget(name) { return name }
        }
        return nil
    }

    static func shortBranch(_ name: String) -> String {
        name.hasPrefix("refs/heads/") ? String(name.dropFirst("refs/heads/".count)) : name
    }

    /// The branch to go back to from a detached HEAD: the one HEAD was checked out from, else the
    /// only local branch holding HEAD's commit, else nil.
    public func branchToSwitchBack() -> String? {
        guard let repository = try? repository else { return nil }
        if let previous = branchCheckedOutBefore() { return Self.shortBranch(previous) }
        guard let head = currentBranchCommit(), let branches = try? repository.localBranches() else { return nil }
        let holding = branches.filter {
            $0.commit == head || (try? repository.isDescendant($0.commit, of: head)) == true
        }
        return holding.count == 1 ? Self.shortBranch(holding[0].name) : nil
    }

    /// The event lines `old` had that the branch, moved back (or rewritten) to `new`, lacks.
    private func movedBackFindings(from old: ObjectID, to new: ObjectID) throws -> [RemovalFinding] {
        let repository = try repository
        let onlyBack = try repository.isDescendant(old, of: new)
        let newTree = try repository.commit(new).tree
        let removed = try removedEventLines(from: try repository.commit(old).tree, to: newTree)
        guard !removed.isEmpty else { return [] }
        return try droppingChangedCopies(removed, heldAt: [old], keptTree: newTree)
            .map { path, lines in
                RemovalFinding(
                    commit: new, path: path, lines: lines.map { String(decoding: $0, as: UTF8.self) },
                    movedBackFrom: old, movedOnlyBackwards: onlyBack)
            }
    }

    /// The lines of the file at `path` in `tree` (empty when there is none).
    func fileLines(_ path: String, in tree: ObjectID) throws -> Set<[UInt8]> {
        guard let entry = try repository.treeEntry(atPath: path, in: tree), entry.kind == .blob else { return [] }
        return Set(Self.lines(try repository.readBlob(entry.id)))
    }

    /// The committed event lines in `oldTree`'s event files that `newTree` lacks, by file; a
    /// line that only moved to another event file, or that `repair` set aside in
    /// `.alog/damaged/` (an altered copy of an event it wrote back), is not lost, and a damaged
    /// line (not an event) counts for nothing.
    func removedEventLines(from oldTree: ObjectID?, to newTree: ObjectID) throws -> [(path: String, lines: [[UInt8]])] {
        let repository = try repository
        var removed: [(path: String, lines: [[UInt8]])] = []
        // What the new side gained, read only when something was removed (to tell a moved line
        // from a lost one): whole new files, and the appended tails of grown ones.
        var gained: [(blob: ObjectID, from: Int)] = []
        var gainedLines: [[UInt8]] = []
        for change in try repository.diffTrees(
            oldTree, newTree, paths: [VaultLayout.eventsFolder, VaultRepair.damagedFolder])
        where change.path.hasSuffix(".jsonl") {
            // Set aside by `repair` (only ever gains lines), or a new file: nothing removed.
            guard VaultLayout.isEventFile(change.path), let oldID = change.oldID else {
                if let newID = change.newID { gained.append((newID, 0)) }
                continue
            }
            let oldBytes = try repository.readBlob(oldID)
            let newBytes = try change.newID.map { try repository.readBlob($0) } ?? []
            // The usual case, lines appended: nothing removed.
            if !oldBytes.isEmpty, newBytes.withUnsafeBytes({ EventLines.isAppend(of: oldBytes, in: $0) }) {
                gained.append((change.newID!, oldBytes.count))
                continue
            }
            let before = Self.lines(oldBytes)
            let after = Self.lines(newBytes)
            let afterSet = Set(after)
            let beforeSet = Set(before)
            gainedLines += after.filter { !beforeSet.contains($0) }
            let gone = before.filter { !afterSet.contains($0) && Self.isEventLine($0) }
            if !gone.isEmpty { removed.append((change.path, gone)) }
        }
        guard !removed.isEmpty else { return [] }
        var added = Set(gainedLines)
        for (blob, from) in gained {
            let bytes = try repository.readBlob(blob)
            added.formUnion(Self.lines(Array(bytes[min(from, bytes.count)...])))
        }
        return removed.map { ($0.path, $0.lines.filter { !added.contains($0) }) }.filter { !$0.lines.isEmpty }
    }

    /// Folds the removed lines into a state folded from a tree that lacks them, so the
    /// projections keep their entries until `alog repair` writes them back.
    func applyRemovedLines(to state: inout LedgerState) throws {
        for finding in try pendingRemovals() {
            for line in finding.lines {
                Array(line.utf8).withUnsafeBytes { bytes in
                    if case .success(let event) = EventLine.decode(bytes) { state.apply(event) }
                }
            }
        }
    }

    /// Forgets the findings (after `alog repair` wrote the lines back).
    func clearRemovals() throws {
        try FileSystem.removeTree(removalsPath)
    }

    static func lines(_ bytes: [UInt8]) -> [[UInt8]] {
        bytes.split(separator: 10, omittingEmptySubsequences: true).map { line in
            line.last == 13 ? Array(line.dropLast()) : Array(line)
        }
    }

    /// True for a line that decodes as an event, or that a newer alog wrote: a removed line that
    /// was neither (a damaged line) counts for nothing.
    static func isEventLine(_ line: [UInt8]) -> Bool {
        line.withUnsafeBytes { bytes in
            switch EventLine.decode(bytes) {
            case .success: return true
            case .failure(let error): return error.isFromNewerVersion
            }
        }
    }

    // MARK: - The file

    /// The findings that still hold on the branch at `head`: their lines are not back in the
    /// file, and a commit's finding names a commit of `head`'s history that did remove them
    /// (a list written by an alog before 2 could hold findings made from a stale view).
    private func stillHolding(_ findings: [RemovalFinding], head: ObjectID) throws -> [RemovalFinding] {
        let repository = try repository
        let headTree = try repository.commit(head).tree
        var present: [String: Set<[UInt8]>] = [:]
        var inHistory: [ObjectID: Bool] = [:]
        var movable: [ObjectID: Bool] = [:]
        var holding: [RemovalFinding] = []
        for var finding in findings {
            if present[finding.path] == nil { present[finding.path] = try fileLines(finding.path, in: headTree) }
            var lines = finding.lines.filter { !present[finding.path]!.contains(Array($0.utf8)) }
            if finding.movedBackFrom == nil, !lines.isEmpty {
                if inHistory[finding.commit] == nil {
                    inHistory[finding.commit] =
                        try (try? repository.commit(finding.commit)) != nil
                        && (finding.commit == head || repository.isDescendant(head, of: finding.commit))
                }
                guard inHistory[finding.commit]! else { continue }
                let commit = try repository.commit(finding.commit)
                let after = try fileLines(finding.path, in: commit.tree)
                var before: Set<[UInt8]> = []
                for parent in commit.parents {
                    before.formUnion(try fileLines(finding.path, in: repository.commit(parent).tree))
                }
                lines = lines.filter { before.contains(Array($0.utf8)) && !after.contains(Array($0.utf8)) }
            }
            guard !lines.isEmpty else { continue }
            // A changed copy whose original is back (a list written before alog told them apart).
            let holders = try finding.movedBackFrom.map { [$0] } ?? repository.commit(finding.commit).parents
            lines =
                try droppingChangedCopies(
                    [(finding.path, lines.map { Array($0.utf8) })], heldAt: holders, keptTree: headTree
                )
                .first.map { $0.lines.map { String(decoding: $0, as: UTF8.self) } } ?? []
            guard !lines.isEmpty else { continue }
            finding.lines = lines
            // Commits made on the branch since it moved back keep it from being put back.
            if let from = finding.movedBackFrom, finding.movedOnlyBackwards {
                if movable[from] == nil { movable[from] = try from == head || repository.isDescendant(from, of: head) }
                finding.canMoveBranchBack = movable[from]!
            }
            holding.append(finding)
        }
        return holding
    }

    /// The list as written: `alog removals 2`, `scanned <commit>`, then one line per removed
    /// line: `<commit> <path>\t<line>`, or `back <from> <to> <0|1> <path>\t<line>` for a line
    /// the branch left behind moving back from `<from>` to `<to>` (1: only backwards). A list
    /// of version 1 is read too; both are checked against the branch (`stillHolding`) when
    /// `verified` and rewritten when that drops anything.
    private func readRemovals(verified: Bool = false) throws -> (scanned: ObjectID?, findings: [RemovalFinding]) {
        let bytes: [UInt8]?
        do {
            bytes = try FileSystem.read(removalsPath)
        } catch let failure as FileSystem.Failure {
            throw VaultError.damagedStateFile(path: displayPath(removalsPath), reason: failure.reason)
        }
        guard let bytes else { return (nil, []) }
        let lines = bytes.split(separator: 10, omittingEmptySubsequences: true).map {
            String(decoding: $0, as: UTF8.self)
        }
        guard let header = lines.first, header == Self.removalsHeader || header == Self.removalsHeaderV1 else {
            throw VaultError.damagedStateFile(path: displayPath(removalsPath), reason: "not a list of removals")
        }
        var scanned: ObjectID?
        var findings: [RemovalFinding] = []
        for line in lines.dropFirst() {
            if line.hasPrefix("scanned ") {
                scanned = ObjectID(hex: line.dropFirst(8))
                continue
            }
            guard let tab = line.firstIndex(of: "\t") else { continue }
            let fields = line[..<tab].split(separator: " ", maxSplits: 4, omittingEmptySubsequences: false)
            let text = String(line[line.index(after: tab)...])
            var finding: RemovalFinding
            if fields.count == 5, fields[0] == "back", let from = ObjectID(hex: fields[1]),
                let to = ObjectID(hex: fields[2])
            {
                finding = RemovalFinding(
                    commit: to, path: String(fields[4]), lines: [text], movedBackFrom: from,
                    movedOnlyBackwards: fields[3] == "1")
            } else if let space = line[..<tab].firstIndex(of: " "), let commit = ObjectID(hex: line[..<space]) {
                finding = RemovalFinding(
                    commit: commit, path: String(line[line.index(after: space)..<tab]), lines: [text])
            } else {
                continue
            }
            if let last = findings.last, last.commit == finding.commit, last.path == finding.path,
                last.movedBackFrom == finding.movedBackFrom
            {
                findings[findings.count - 1].lines.append(text)
            } else {
                findings.append(finding)
            }
        }
        guard verified, !findings.isEmpty, let head = currentBranchCommit() else { return (scanned, findings) }
        let holding = try stillHolding(findings, head: head)
        if holding != findings || header != Self.removalsHeader {
            if holding.isEmpty {
                try clearRemovals()
            } else {
                try? writeRemovals((scanned, holding))
            }
        }
        return (scanned, holding)
    }

    private func writeRemovals(_ removals: (scanned: ObjectID?, findings: [RemovalFinding])) throws {
        var text = Self.removalsHeader + "\n"
        if let scanned = removals.scanned { text += "scanned \(scanned.hex)\n" }
        for finding in removals.findings {
            let place =
                finding.movedBackFrom.map {
                    "back \($0.hex) \(finding.commit.hex) \(finding.movedOnlyBackwards ? 1 : 0) \(finding.path)"
                } ?? "\(finding.commit.hex) \(finding.path)"
            for line in finding.lines { text += "\(place)\t\(line)\n" }
        }
        if FileSystem.isDirectory(removalsPath) {
            throw VaultError.damagedStateFile(path: displayPath(removalsPath), reason: "it is a directory")
        }
        try FileSystem.writeAtomically(removalsPath, Array(text.utf8))
    }
}

/// HEAD was found on another commit than alog's caches reflected because of a checkout (`git
/// switch`, `git checkout`), not because a branch moved: the branch alog had been reading is as
/// it was.
public struct CheckoutFinding: Sendable, Equatable {
    /// The branch that still holds the commit alog read before (short name); nil when none
    /// does any more.
    public var fromBranch: String?
    package var fromCommit: ObjectID
    /// The branch HEAD names now (short name); nil when HEAD is detached.
    public var toBranch: String?
    package var toCommit: ObjectID

    public var from: CommitID { CommitID(fromCommit) }
    public var to: CommitID { CommitID(toCommit) }
}

/// HEAD names a commit, not a branch (`git checkout <commit>`): alog reads the ledger as of that
/// commit and records nothing until a branch is checked out again.
public struct DetachedHead: Sendable, Equatable {
    package var commit: ObjectID
    /// The branch to go back to (short name), when alog can tell (`Vault.branchToSwitchBack`).
    public var switchBack: String?

    public var at: CommitID { CommitID(commit) }
}
