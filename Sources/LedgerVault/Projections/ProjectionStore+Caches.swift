internal import LedgerCore
import LedgerGit
internal import LedgerGitLayout
internal import LedgerStore
internal import LedgerSystem

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The projection caches. Both live in `.git/alog/` and start with the id of the commit they
/// reflect, so they can never be stale: when HEAD has moved, only the difference between the
/// cached commit's tree and HEAD's tree is folded in.
///
/// - `summary.bin`: `StatusSummary` (a few hundred bytes) — all `alog status` needs.
/// - `state.bin`: the full `LedgerState` — history, edits, id lookup.
extension ProjectionStore {
    var summaryCachePath: String { stateFiles.summaryCache }
    var stateCachePath: String { stateFiles.stateCache }

    /// `repo.noticeRemovals`, which also forgets the memo of the state when it recorded
    /// something new (the state is then folded again, with the removed lines).
    @discardableResult
    func noticeRemovals(from old: ObjectID?, to new: ObjectID) throws -> Bool {
        guard try repo.noticeRemovals(from: old, to: new) else { return false }
        memoState = nil
        return true
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
        switch try advance(cachedSummary, from: cached, to: commit, each: { _ in }) {
        case .advanced(let advanced):
            try storeSummary(advanced, at: commit)
            return advanced
        case .cacheAhead:
            // This process read the branch before another writer moved it on: the cache already
            // reflects a newer commit of the branch, which is what a reader wants.
            return cachedSummary
        case .needsFold:
            return try summaryFromState(at: commit)
        }
    }

    /// The summary at `new`, handing `each` every event line `new` holds that `old` did not.
    /// When the summary cache is at `old` (after any write of this clone, it is), one pass over
    /// the new lines does both; otherwise the lines are read on their own.
    @discardableResult
    func summary(at new: ObjectID, newEventsSince old: ObjectID?, each: (Event) -> Void) throws -> StatusSummary {
        if let old, old != new, memoSummary?.commit != new, let (cached, bytes) = try readCache(summaryCachePath),
            cached == old, let cachedSummary = bytes.withUnsafeBytes({ StatusSummary(serialized: $0) })
        {
            var count = 0
            let advanced = try advance(cachedSummary, from: old, to: new) { event in
                count += 1
                each(event)
            }
            switch advanced {
            case .advanced(let advanced):
                try storeSummary(advanced, at: new)
                return advanced
            case .needsFold where count > 0:
                return try summaryFromState(at: new)
            case .needsFold, .cacheAhead:
                break
            }
        }
        try forEachNewEvent(from: old, to: new, each)
        return try summary(at: new)
    }

    /// Event lines present at `new` but not at `old` (nil: the empty tree).
    func countNewEvents(from old: ObjectID?, to new: ObjectID) throws -> Int {
        var count = 0
        try forEachNewEvent(from: old, to: new) { _ in count += 1 }
        return count
    }

    /// Hands `body` every event line present at `new` but not at `old` (nil: the empty tree).
    func forEachNewEvent(from old: ObjectID?, to new: ObjectID, _ body: (Event) -> Void) throws {
        guard old != new else { return }
        let repository = try repository
        _ = try EventFileReader(repository: repository).forEachNewEvent(
            from: try old.map { try repository.commit($0).tree }, to: try repository.commit(new).tree,
            event: { event, _, _ in body(event) }, issue: { _ in })
    }

    private func summaryFromState(at commit: ObjectID) throws -> StatusSummary {
        let summary = StatusSummary(try state(at: commit))
        try storeSummary(summary, at: commit)
        return summary
    }

    /// What moving a summary from one commit to another came to.
    private enum Advance {
        case advanced(StatusSummary)
        /// The summary's commit is ahead of the one asked for, and the branch has moved on: the
        /// caller read the branch before another writer moved it (see `isStaleView`).
        case cacheAhead
        /// Something needs the full state.
        case needsFold
    }

    /// Moves a summary from commit `old` to `new` by folding only the event lines the tree diff
    /// shows as new, when all of them are new log entries or type definitions (say, another
    /// device's logs arriving by sync or `git pull`). Needs the full state for an edit, delete
    /// or restore, an entry whose edits arrived first, or a line that was changed or removed.
    /// The new commits are checked for removed lines on the way (`noticeRemovals`). The cost
    /// grows with the new events and commits, not with the vault. `each` is handed every new
    /// line read (all of them, whatever the result).
    private func advance(
        _ summary: StatusSummary, from old: ObjectID, to new: ObjectID, each: (Event) -> Void
    ) throws -> Advance {
        let repository = try repository
        guard let oldTree = try? repository.commit(old).tree else { return .needsFold }
        var advanced = summary
        var simple = true
        var issues: [LineIssue] = []
        let delta = try EventFileReader(repository: repository).forEachNewEvent(
            from: oldTree, to: try repository.commit(new).tree,
            event: { event, _, _ in
                each(event)
                if simple { simple = advanced.absorbNewEvent(event) }
            }, issue: { issues.append($0) })
        if case .rewritten = delta, try repo.isStaleView(new, cacheAt: old) { return .cacheAhead }
        // New findings change what the full fold holds (it keeps removed lines): fold.
        if try noticeRemovals(from: old, to: new) { return .needsFold }
        guard simple, case .appended = delta else { return .needsFold }
        lineIssues += issues
        return .advanced(advanced)
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
        // Removals are noticed from the summary's commit: it moves on every command, checking the
        // commits it passes, while the state may lag far behind. Without either cache the whole
        // history is checked, as `verify` checks it.
        var noticed = false
        let checkedUpTo = repo.cacheKey(summaryCachePath) ?? cache?.0
        if checkedUpTo != commit { noticed = try noticeRemovals(from: checkedUpTo, to: commit) }
        if !noticed, let (cached, bytes) = cache, var state = bytes.withUnsafeBytes({ LedgerState(serialized: $0) }) {
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
                // A reader that saw the branch before another writer moved it on: the cached state
                // reflects a newer commit of the branch.
                if try repo.isStaleView(commit, cacheAt: cached),
                    let newer = bytes.withUnsafeBytes({ LedgerState(serialized: $0) })
                {
                    return newer
                }
            }
        }
        var state = try fold(tree: tree)
        try repo.applyRemovedLines(to: &state)
        try storeState(state, at: commit)
        return state
    }

    /// Folds every event in `tree` from scratch. Large ledgers are folded on two threads, each
    /// reading its share of the files through a repository handle of its own, and the two
    /// states merged (the fold is a join, so the result is the same as one pass;
    /// `LedgerState.merge`).
    func fold(tree: ObjectID) throws -> LedgerState {
        let files = try EventFileReader(repository: try repository).eventFiles(in: tree)
        // Below this many files a second thread and handle cost more than they save; during an
        // object batch the new objects exist only in the batch's handle.
        guard files.count >= 64, !repo.inObjectBatch else {
            let (state, issues) = try EventFileReader(repository: try repository).fold(
                files, runs: WorkRuns(count: files.count, runLength: files.count))
            lineIssues += issues
            return state
        }
        // Both threads take runs of 16 files from a shared counter until none are left, so they
        // finish together whatever the files cost.
        let runs = WorkRuns(count: files.count, runLength: 16)
        let root = repo.root
        let helper = BackgroundThread {
            try EventFileReader(repository: try Repository.open(at: root)).fold(files, runs: runs, expectedShare: 0.5)
        }
        var (state, issues) = try EventFileReader(repository: try repository).fold(files, runs: runs)
        let (other, otherIssues) = try helper.join()
        state.merge(other)
        // In file order, whichever thread met them.
        lineIssues += (issues + otherIssues).sorted { ($0.path, $0.line) < ($1.path, $1.line) }
        return state
    }

    /// Advances the caches to the new commit without re-reading history: the summary absorbs
    /// our own new events directly; edits/deletes go through the full state.
    @discardableResult
    func refreshCaches(
        after result: VaultRepository.CommitResult, appending events: [Event], summaryBefore: StatusSummary
    ) throws
        -> StatusSummary
    {
        var summary = summaryBefore
        let simple = events.allSatisfy { summary.absorbNewEvent($0) }
        if simple {
            try storeSummary(summary, at: result.commit)
            if let parent = result.parent, let memo = memoState, memo.commit == parent {
                var state = memo.state
                for event in events { state.apply(event) }
                memoState = (result.commit, state)
            }
            return summary
        }
        var state = try result.parent.map { try self.state(at: $0) } ?? LedgerState()
        for event in events { state.apply(event) }
        try storeState(state, at: result.commit)
        summary = StatusSummary(state)
        try storeSummary(summary, at: result.commit)
        return summary
    }

    func storeState(_ state: LedgerState, at commit: ObjectID) throws {
        memoState = (commit, state)
        try writeCache(stateCachePath, commit: commit, payload: state.serialized())
    }

    func storeSummary(_ summary: StatusSummary, at commit: ObjectID) throws {
        memoSummary = (commit, summary)
        try writeCache(summaryCachePath, commit: commit, payload: summary.serialized())
        // Every summary of HEAD refreshes the widget's cache: the vault wins over the cache.
        if (try? repo.headCommit()) == commit { onHeadSummary(summary) }
    }

    /// The commit a cache file reflects and its payload (see `CacheFile`).
    /// A cache that cannot be read at all (a directory in its place, say) is an error that
    /// names `alog rebuild`, which replaces it.
    private func readCache(_ path: String) throws -> (ObjectID, ArraySlice<UInt8>)? {
        let cache: (key: String, payload: ArraySlice<UInt8>)?
        do {
            cache = try CacheFile.read(path)
        } catch let failure as FileSystem.Failure {
            throw VaultError.damagedStateFile(path: repo.displayPath(path), reason: failure.reason)
        }
        guard let (commit, payload) = cache, let id = ObjectID(hex: commit) else { return nil }
        return (id, payload)
    }

    /// A cache this process may not write (a read-only mount, a vault of another user) is not
    /// kept: reading commands fold in memory instead.
    private func writeCache(_ path: String, commit: ObjectID, payload: [UInt8]) throws {
        do {
            try CacheFile.write(path, key: commit.hex, payload: payload)
        } catch let failure as FileSystem.Failure where failure.isWriteDenied || failure.code == ENOENT {
            // ENOENT: `.git/alog/` itself could not be made (a read-only clone alog never opened).
            return
        } catch let failure as FileSystem.Failure where failure.operation == "open" {
            // A directory in its place, say: not something retrying fixes.
            throw VaultError.damagedStateFile(path: repo.displayPath(path), reason: failure.reason)
        }
    }
}
