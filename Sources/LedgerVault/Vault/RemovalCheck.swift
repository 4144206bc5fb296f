import LedgerCore
import LedgerGit
import LedgerGitLayout
import LedgerSystem

/// Event lines that a commit removed (or changed) although they had been committed: say
/// `: > .alog/events/…/<day>.jsonl; git commit -am tidy`.
public struct RemovalFinding: Sendable, Equatable {
    /// The commit that removed them.
    public var commit: ObjectID
    /// The event file they were in.
    public var path: String
    /// The removed lines, as they were (without the newline), in file order.
    public var lines: [String]

    public init(commit: ObjectID, path: String, lines: [String]) {
        self.commit = commit
        self.path = path
        self.lines = lines
    }

    /// The warning every command prints while the finding stands.
    public var warning: String {
        "commit \(commit.hex.prefix(12)) removed or changed \(lines.count) committed event line\(lines.count == 1 ? "" : "s") in \(path); they still count, and are in history. Run 'alog repair' to write them back"
    }
}

/// Noticing removed event lines, incrementally.
///
/// The projections move from the commit they reflect to HEAD over a tree diff; an
/// append-only log only ever gains lines there. When that diff shows a committed event line
/// gone (a file emptied, cut, garbled or deleted by a commit that is not alog's), the
/// commits between the two are diffed against their parents to name the one that did it:
/// the cost is in the new commits only, never the whole history. What is found is kept in
/// `.git/alog/removals` (with the lines themselves), so every command repeats the warning
/// without diffing again, full folds keep the removed entries (the ledger never looks
/// smaller than it is), and `alog repair` can write the lines back.
extension Vault {
    var removalsPath: String { stateFiles.removals }
    private static let removalsHeader = "alog removals 1"

    /// The removals noticed and not yet repaired (from `.git/alog/removals`; nothing is
    /// diffed). The sync calls this before pushing: a push would spread the removal.
    public func pendingRemovals() throws -> [RemovalFinding] {
        try readRemovals().findings
    }

    /// Brings the projections up to HEAD when they are behind (which is when removals are
    /// noticed), then returns the pending removals. Cheap when the summary cache reflects HEAD;
    /// nothing is folded when there is no cache to move from. Never throws: a command reports
    /// its own errors.
    public func noticedRemovals() -> [RemovalFinding] {
        if case .commit(let hex)? = HeadFile.resolve(gitDirectory: gitDirectory),
            let head = ObjectID(hex: hex), let cached = cacheKey(summaryCachePath), cached != head
        {
            _ = try? summary()
        }
        return (try? pendingRemovals()) ?? []
    }

    /// Records the committed event lines present in `old` and missing from `new`, with the
    /// commit that removed each (once per pair of commits: the file remembers the last `new`
    /// scanned). True when it recorded something new (the state cache is then dropped).
    @discardableResult
    func noticeRemovals(from old: ObjectID, to new: ObjectID) throws -> Bool {
        var known = try readRemovals()
        if known.scanned == new { return false }
        let repository = try repository
        guard let oldTree = try? repository.commit(old).tree else { return false }
        let removed = try removedEventLines(from: oldTree, to: try repository.commit(new).tree)
        // Only a file with findings is written: its presence sends the front's warm `status` to
        // the full CLI, which prints the warning.
        guard !removed.isEmpty else { return false }
        known.scanned = new
        let before = known.findings.count
        for finding in try attribute(removed, from: old, to: new) where !known.findings.contains(finding) {
            known.findings.append(finding)
        }
        try writeRemovals(known)
        guard known.findings.count > before else { return false }
        // The state cache may reflect a commit from before the removed lines were added: it is
        // folded again, with them (`applyRemovedLines`). From then on the cached state holds
        // them, and moves on over plain appends as ever.
        memoState = nil
        try FileSystem.removeTree(stateCachePath)
        return true
    }

    /// The committed event lines in `oldTree`'s event files that `newTree` lacks, by file; a
    /// line that only moved to another event file is not lost, and a damaged line (not an
    /// event) counts for nothing.
    func removedEventLines(from oldTree: ObjectID?, to newTree: ObjectID) throws -> [(path: String, lines: [[UInt8]])] {
        let repository = try repository
        var removed: [(path: String, lines: [[UInt8]])] = []
        var added: Set<[UInt8]> = []
        for change in try repository.diffTrees(oldTree, newTree, paths: [VaultLayout.eventsFolder])
        where change.path.hasSuffix(".jsonl") {
            let oldBytes = try change.oldID.map { try repository.readBlob($0) } ?? []
            let newBytes = try change.newID.map { try repository.readBlob($0) } ?? []
            // The usual case, lines appended: nothing removed, and the new lines only matter for
            // telling a moved line from a removed one.
            if !oldBytes.isEmpty, newBytes.withUnsafeBytes({ EventLines.isAppend(of: oldBytes, in: $0) }) {
                added.formUnion(Self.lines(Array(newBytes[oldBytes.count...])))
                continue
            }
            let before = Self.lines(oldBytes)
            let after = Self.lines(newBytes)
            let afterSet = Set(after)
            let beforeSet = Set(before)
            added.formUnion(after.filter { !beforeSet.contains($0) })
            let gone = before.filter { !afterSet.contains($0) && Self.isEventLine($0) }
            if !gone.isEmpty { removed.append((change.path, gone)) }
        }
        return removed.map { ($0.path, $0.lines.filter { !added.contains($0) }) }.filter { !$0.lines.isEmpty }
    }

    /// Names the commit (between `old` and `new`) whose diff against its first parent removed
    /// each line; a line no single commit removed is put on `new`.
    private func attribute(_ removed: [(path: String, lines: [[UInt8]])], from old: ObjectID, to new: ObjectID)
        throws -> [RemovalFinding]
    {
        let repository = try repository
        var open: [String: [[UInt8]]] = Dictionary(removed.map { ($0.path, $0.lines) }, uniquingKeysWith: +)
        var found: [RemovalFinding] = []
        try repository.walkCommits(from: new, hiding: [old], order: .reverseTopological) { id in
            let commit = try repository.commit(id)
            guard let parent = try commit.parents.first.map({ try repository.commit($0) }) else { return true }
            for (path, lines) in open where !lines.isEmpty {
                let before = try repository.treeEntry(atPath: path, in: parent.tree)?.id
                let after = try repository.treeEntry(atPath: path, in: commit.tree)?.id
                guard before != after, let before else { continue }
                let had = Set(try Self.lines(repository.readBlob(before)))
                let has = Set(try after.map { try Self.lines(repository.readBlob($0)) } ?? [])
                let gone = lines.filter { had.contains($0) && !has.contains($0) }
                guard !gone.isEmpty else { continue }
                found.append(
                    RemovalFinding(commit: id, path: path, lines: gone.map { String(decoding: $0, as: UTF8.self) }))
                open[path] = lines.filter { !gone.contains($0) }
            }
            return open.values.contains { !$0.isEmpty }
        }
        for (path, lines) in open.sorted(by: { $0.key < $1.key }) where !lines.isEmpty {
            found.append(
                RemovalFinding(commit: new, path: path, lines: lines.map { String(decoding: $0, as: UTF8.self) }))
        }
        return found
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

    /// True for a line that decodes as an event: a removed line that was not one (a damaged
    /// line) counts for nothing.
    static func isEventLine(_ line: [UInt8]) -> Bool {
        line.withUnsafeBytes { bytes in
            if case .success = EventLine.decode(bytes) { return true }
            return false
        }
    }

    // MARK: - The file

    /// `alog removals 1`, `scanned <commit>`, then one `<commit> <path>\t<line>` per removed
    /// line, in file order.
    private func readRemovals() throws -> (scanned: ObjectID?, findings: [RemovalFinding]) {
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
        guard lines.first == Self.removalsHeader else {
            throw VaultError.damagedStateFile(path: displayPath(removalsPath), reason: "not a list of removals")
        }
        var scanned: ObjectID?
        var findings: [RemovalFinding] = []
        for line in lines.dropFirst() {
            if line.hasPrefix("scanned ") {
                scanned = ObjectID(hex: line.dropFirst(8))
                continue
            }
            guard let tab = line.firstIndex(of: "\t"), let space = line.firstIndex(of: " "), space < tab,
                let commit = ObjectID(hex: line[..<space])
            else { continue }
            let path = String(line[line.index(after: space)..<tab])
            let text = String(line[line.index(after: tab)...])
            if let last = findings.last, last.commit == commit, last.path == path {
                findings[findings.count - 1].lines.append(text)
            } else {
                findings.append(RemovalFinding(commit: commit, path: path, lines: [text]))
            }
        }
        return (scanned, findings)
    }

    private func writeRemovals(_ removals: (scanned: ObjectID?, findings: [RemovalFinding])) throws {
        var text = Self.removalsHeader + "\n"
        if let scanned = removals.scanned { text += "scanned \(scanned.hex)\n" }
        for finding in removals.findings {
            for line in finding.lines { text += "\(finding.commit.hex) \(finding.path)\t\(line)\n" }
        }
        if FileSystem.isDirectory(removalsPath) {
            throw VaultError.damagedStateFile(path: displayPath(removalsPath), reason: "it is a directory")
        }
        try FileSystem.writeAtomically(removalsPath, Array(text.utf8))
    }
}

extension Vault {
    /// What a sync must check before it pushes: a branch that resolves (`branchHead`, which
    /// throws `VaultError.branchDamaged`) and no pending removals (`SyncError.localRemovals`):
    /// a push would spread the removal to every device.
    public func checkBeforePush(remote requested: String?) throws {
        let head = try branchHead()
        _ = noticedRemovals()  // the projections catch up with HEAD, which is when removals are noticed
        let removals = try pendingRemovals()
        guard let first = removals.first else { return }
        let remote =
            try requested ?? head.branch.map { try defaultRemote(branch: String($0.dropFirst("refs/heads/".count))) }
            ?? "origin"
        throw SyncError.localRemovals(
            remote: remote, commit: first.commit.hex, lines: removals.reduce(0) { $0 + $1.lines.count })
    }
}
