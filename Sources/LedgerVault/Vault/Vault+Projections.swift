public import LedgerCore
import LedgerGit
internal import LedgerGitLayout
internal import LedgerSystem

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a vault's projections answer for HEAD, through its `ProjectionStore`.
extension Vault {
    /// The status summary for HEAD. When the cache matches HEAD this reads two small files.
    public func summary() throws -> StatusSummary {
        guard let head = try repo.headCommit() else { return StatusSummary() }
        return try repo.namingDamage { try projections.summary(at: head) }
    }

    /// The time index at HEAD.
    public func timeIndex() throws -> TimeIndex {
        try repo.namingDamage { try projections.timeIndex(rebuild: false) }
    }

    /// Runs `body` on the time index at HEAD; when a row of the index fails its check, the
    /// index is built again from the events and `body` runs once more.
    public func readTimeIndex<T>(_ body: (TimeIndex) throws -> T) throws -> T {
        do {
            return try body(try timeIndex())
        } catch is TimeIndex.Damaged {
            return try body(try repo.namingDamage { try projections.timeIndex(rebuild: true) })
        }
    }

    /// The full folded state for HEAD.
    public func state() throws -> LedgerState {
        guard let head = try repo.headCommit() else { return LedgerState() }
        return try repo.namingDamage { try projections.state(at: head) }
    }

    /// Brings the projections up to HEAD when they are behind (which is when removals are
    /// noticed), then returns the pending removals. Cheap when the summary cache reflects HEAD;
    /// nothing is folded when there is no cache to move from. Never throws: a command reports
    /// its own errors.
    public func noticedRemovals() -> [RemovalFinding] {
        if case .commit(let hex)? = HeadFile.resolve(gitDirectory: gitDirectory),
            let head = ObjectID(hex: hex), let cached = repo.cacheKey(stateFiles.summaryCache), cached != head
        {
            _ = try? summary()
        }
        return (try? repo.pendingRemovals()) ?? []
    }

    /// What `rebuild` did.
    public struct RebuildOutcome: Sendable {
        public var events: Int
        public var entries: Int
        public var liveEntries: Int
        public var types: Int
        public var duplicates: Int
        public var skippedLines: [LineIssue]
        public var seconds: Double
    }

    /// Drops the caches and folds every event of HEAD again.
    public func rebuild() throws -> RebuildOutcome {
        let started = SystemClock.monotonicNanos()
        // Writing the caches is the whole point: a clone whose `.git/alog/` this process may
        // not write (a read-only mount, another user's vault) is refused, never reported as
        // rebuilt (reading commands fold in memory there instead).
        do {
            try FileSystem.makeDirectories(stateDirectory)
        } catch let failure as FileSystem.Failure where failure.isWriteDenied {
            throw VaultError.notWritable(path: root, reason: failure.reason)
        }
        if access(stateDirectory, W_OK) != 0 {
            let code = errno
            throw VaultError.notWritable(path: root, reason: String(cString: strerror(code)))
        }
        // The commits the caches have not been moved over yet are checked for removed lines
        // first, as any command moving them would (all of history when there is no cache).
        if let head = try repo.branchHead().commit {
            let checkedUpTo = repo.cacheKey(stateFiles.summaryCache) ?? repo.cacheKey(stateFiles.stateCache)
            if checkedUpTo != head { try projections.noticeRemovals(from: checkedUpTo, to: head) }
        }
        projections.forget()
        guard let head = try repo.branchHead().commit else {
            return RebuildOutcome(
                events: 0, entries: 0, liveEntries: 0, types: 0, duplicates: 0, skippedLines: [], seconds: 0)
        }
        var state = try projections.fold(tree: try repository.commit(head).tree)
        try repo.applyRemovedLines(to: &state)
        try projections.storeState(state, at: head)
        try projections.storeSummary(StatusSummary(state), at: head)
        projections.storeTimeIndex(state, at: head)
        let (entries, live) = state.entryCounts
        return RebuildOutcome(
            events: state.eventCount, entries: entries, liveEntries: live,
            types: state.definedTypes.count, duplicates: state.duplicateEvents, skippedLines: projections.lineIssues,
            seconds: Double(SystemClock.monotonicNanos() - started) / 1e9)
    }

}
