import LedgerCore
import LedgerGit
import LedgerSystem
import LedgerWidget

/// Projection caches. Both live in `.git/alog/` and start with the id of the commit they
/// reflect, so they can never be stale: when HEAD has moved, only the difference between the
/// cached commit's tree and HEAD's tree is folded in.
///
/// - `summary.bin`: `StatusSummary` (a few hundred bytes) — all `alog status` needs.
/// - `state.bin`: the full `LedgerState` — history, edits, id lookup.
extension Vault {
    var summaryCachePath: String { stateDirectory + "summary.bin" }
    var stateCachePath: String { stateDirectory + "state.bin" }

    /// The commit HEAD points at (nil before the first commit), read from the refs files when
    /// they are plain, so a read served from a current cache never starts libgit2.
    func headCommit() throws -> ObjectID? {
        switch HeadFile.resolve(gitDirectory: gitDirectory) {
        case .commit(let head)?: head
        case .unborn?: nil
        case nil: try repository.head().commit
        }
    }

    /// The status summary for HEAD. When the cache matches HEAD this reads two small files.
    public func summary() throws -> StatusSummary {
        guard let head = try headCommit() else { return StatusSummary() }
        return try summary(at: head)
    }

    func summary(at commit: ObjectID) throws -> StatusSummary {
        if let memo = memoSummary, memo.commit == commit { return memo.summary }
        let cache = try readCache(summaryCachePath)
        guard let (cached, bytes) = cache, let cachedSummary = bytes.withUnsafeBytes({ StatusSummary(serialized: $0) })
        else {
            return try summaryFromState(at: commit)
        }
        if cached == commit {
            memoSummary = (commit, cachedSummary)
            return cachedSummary
        }
        if let advanced = try advance(cachedSummary, from: cached, to: commit) {
            try storeSummary(advanced, at: commit)
            return advanced
        }
        return try summaryFromState(at: commit)
    }

    private func summaryFromState(at commit: ObjectID) throws -> StatusSummary {
        let summary = StatusSummary(try state(at: commit))
        try storeSummary(summary, at: commit)
        return summary
    }

    /// Moves a summary from commit `old` to `new` by folding only the event lines the tree diff
    /// shows as new, when all of them are new log entries or type definitions (say, another
    /// device's logs arriving by sync or `git pull`). Returns nil when something needs the full
    /// state: an edit, delete or restore, an entry whose edits arrived first, or a line that was
    /// changed or removed. The cost grows with the new events, not with the vault.
    private func advance(_ summary: StatusSummary, from old: ObjectID, to new: ObjectID) throws -> StatusSummary? {
        let repository = try repository
        guard let oldTree = try? repository.commit(old).tree else { return nil }
        var advanced = summary
        var simple = true
        var issues: [LineIssue] = []
        let delta = try EventFileReader(repository: repository).forEachNewEvent(
            from: oldTree, to: try repository.commit(new).tree,
            event: { event, _, _ in
                if simple { simple = advanced.absorbNewEvent(event) }
            }, issue: { issues.append($0) })
        guard simple, case .appended = delta else { return nil }
        lineIssues += issues
        return advanced
    }

    /// The full folded state for HEAD.
    public func state() throws -> LedgerState {
        guard let head = try headCommit() else { return LedgerState() }
        return try state(at: head)
    }

    func state(at commit: ObjectID) throws -> LedgerState {
        if let memo = memoState, memo.commit == commit { return memo.state }
        let cache = try readCache(stateCachePath)
        if let (cached, bytes) = cache, cached == commit,
            let state = bytes.withUnsafeBytes({ LedgerState(serialized: $0) })
        {
            memoState = (commit, state)
            return state
        }
        let tree = try repository.commit(commit).tree
        let reader = EventFileReader(repository: try repository)
        if let (cached, bytes) = cache, var state = bytes.withUnsafeBytes({ LedgerState(serialized: $0) }) {
            if let cachedTree = try? repository.commit(cached).tree {
                var issues: [LineIssue] = []
                let delta = try reader.forEachNewEvent(
                    from: cachedTree, to: tree, event: { event, _, _ in state.apply(event) },
                    issue: { issues.append($0) })
                if case .appended = delta {
                    lineIssues += issues
                    try storeState(state, at: commit)
                    return state
                }
            }
        }
        let state = try fold(tree: tree)
        try storeState(state, at: commit)
        return state
    }

    /// Folds every event in `tree` from scratch.
    func fold(tree: ObjectID) throws -> LedgerState {
        var state = LedgerState()
        var issues: [LineIssue] = []
        let reader = EventFileReader(repository: try repository)
        let files = try reader.eventFiles(in: tree)
        // About 150 bytes a line: size the tables once instead of rehashing as they grow.
        let bytes = try files.reduce(0) { $0 + (try repository.blobSize($1.blob)) }
        state.reserveCapacity(events: bytes / 140)
        try reader.forEachEvent(in: files, event: { event, _, _ in state.apply(event) }, issue: { issues.append($0) })
        lineIssues += issues
        return state
    }

    /// What `rebuild` did.
    public struct RebuildReport: Sendable {
        public var events: Int
        public var entries: Int
        public var liveEntries: Int
        public var types: Int
        public var duplicates: Int
        public var skippedLines: [LineIssue]
        public var seconds: Double
    }

    /// Drops the caches and folds every event of HEAD again.
    public func rebuild() throws -> RebuildReport {
        let started = SystemClock.monotonicNanos()
        memoState = nil
        memoSummary = nil
        lineIssues = []
        guard let head = try repository.head().commit else {
            return RebuildReport(
                events: 0, entries: 0, liveEntries: 0, types: 0, duplicates: 0, skippedLines: [], seconds: 0)
        }
        let state = try fold(tree: try repository.commit(head).tree)
        try storeState(state, at: head)
        try storeSummary(StatusSummary(state), at: head)
        var entries = 0
        var live = 0
        for record in state.records.values where record.isLogged {
            entries += 1
            if !record.isDeleted { live += 1 }
        }
        return RebuildReport(
            events: state.eventCount, entries: entries, liveEntries: live,
            types: state.definedTypes.count, duplicates: state.duplicateEvents, skippedLines: lineIssues,
            seconds: Double(SystemClock.monotonicNanos() - started) / 1e9)
    }

    func storeState(_ state: LedgerState, at commit: ObjectID) throws {
        memoState = (commit, state)
        try writeCache(stateCachePath, commit: commit, payload: state.serialized())
    }

    func storeSummary(_ summary: StatusSummary, at commit: ObjectID) throws {
        memoSummary = (commit, summary)
        try writeCache(summaryCachePath, commit: commit, payload: summary.serialized())
        // Every summary of HEAD refreshes the widget's cache: the vault wins over the cache.
        if (try? headCommit()) == commit { refreshWidgetCache(summary) }
    }

    /// Cache file: `<commit hex>\n<payload length> <FNV-1a of payload>\n<payload>`. A torn
    /// or foreign file fails the check and is simply rebuilt from the events.
    private func readCache(_ path: String) throws -> (ObjectID, [UInt8])? {
        guard let bytes = try FileSystem.read(path), bytes.count > 41, bytes[40] == 10,
            let commit = ObjectID(hex: String(decoding: bytes[0..<40], as: UTF8.self)),
            let newline = bytes[41...].firstIndex(of: 10)
        else { return nil }
        let header = String(decoding: bytes[41..<newline], as: UTF8.self).split(separator: " ")
        var payload = bytes
        payload.removeSubrange(0...newline)
        guard header.count == 2, Int(header[0]) == payload.count, UInt64(header[1]) == Self.checksum(payload) else {
            return nil
        }
        return (commit, payload)
    }

    private func writeCache(_ path: String, commit: ObjectID, payload: [UInt8]) throws {
        let header = "\(commit.hex)\n\(payload.count) \(Self.checksum(payload))\n"
        try FileSystem.overwrite(path, header: Array(header.utf8), payload)
    }

    /// FNV-1a over 8-byte words (then the tail bytes): detects torn or foreign cache files.
    static func checksum(_ bytes: [UInt8]) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        bytes.withUnsafeBytes { raw in
            let words = raw.count / 8
            for index in 0..<words {
                hash = (hash ^ raw.loadUnaligned(fromByteOffset: index * 8, as: UInt64.self)) &* 0x100_0000_01b3
            }
            for index in (words * 8)..<raw.count { hash = (hash ^ UInt64(raw[index])) &* 0x100_0000_01b3 }
        }
        return hash
    }
}
