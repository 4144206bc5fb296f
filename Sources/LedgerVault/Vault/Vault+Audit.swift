public import LedgerCore
import LedgerGit

extension Vault {
    /// An event together with the commit that first brought it into the history.
    public struct AuditRecord: Sendable {
        public var event: Event
        public var commit: CommitID
        public var author: Author
        public var path: String
        public var line: Int
    }

    /// Who wrote a commit, as git's signature says: name, email, when and the UTC offset then.
    public struct Author: Sendable, Equatable {
        public var name: String
        public var email: String
        /// Unix seconds.
        public var time: Int64
        public var offsetMinutes: Int32

        init(_ signature: Signature) {
            (name, email, time, offsetMinutes) = (
                signature.name, signature.email, signature.time, signature.offsetMinutes
            )
        }
    }

    /// The raw event log, oldest first: every event with the commit that introduced it.
    /// Walks the whole history (parents before children) and diffs each commit against its
    /// first parent, so an event arriving through a merge is attributed to the commit that
    /// wrote it, not the merge.
    public func auditTrail(matching filter: (Event) -> Bool = { _ in true }) throws -> [AuditRecord] {
        guard let head = try repo.branchHead().commit else { return [] }
        let reader = EventFileReader(repository: try repository)
        var seen: Set<EventID> = []
        var records: [AuditRecord] = []
        try repository.walkCommits(from: head, order: .reverseTopological) { id in
            let commit = try repository.commit(id)
            let parentTree = try commit.parents.first.map { try repository.commit($0).tree }
            var fresh: [AuditRecord] = []
            _ = try reader.forEachNewEvent(
                from: parentTree, to: commit.tree,
                event: { event, path, line in
                    if seen.insert(event.id).inserted, filter(event) {
                        fresh.append(
                            AuditRecord(
                                event: event, commit: CommitID(id), author: Author(commit.author), path: path,
                                line: line))
                    }
                }, issue: { _ in })
            fresh.sort { $0.event.orderKey < $1.event.orderKey }
            records += fresh
            return true
        }
        return records
    }

    /// Every event that touched an entry (its log, edits, deletes, restores), oldest first.
    public func eventsTouching(_ entry: EventID) throws -> [AuditRecord] {
        try auditTrail { $0.entryID == entry }
    }

    /// The outcome of `verify`.
    public struct VerifyOutcome: Sendable {
        public var commitsChecked = 0
        public var eventsChecked = 0
        public var malformedLines: [LineIssue] = []
        public var duplicateIDs: [(id: EventID, places: [String])] = []
        /// Commits that changed or removed an existing event line.
        public var rewrites: [(commit: CommitID, path: String, detail: String)] = []
        /// Commits that removed event lines which are all back in HEAD (`alog repair` wrote them
        /// back): history still shows the removal, the ledger is whole. Not a problem.
        public var repairedRewrites: [(commit: CommitID, path: String, detail: String)] = []

        /// Lines the branch left behind by moving backwards (or being rewritten) from outside,
        /// as the caches saw it happen.
        public var movedBack: [RemovalFinding] = []

        public var isClean: Bool {
            malformedLines.isEmpty && duplicateIDs.isEmpty && rewrites.isEmpty && movedBack.isEmpty
        }
    }

    /// Checks the whole log: damaged lines in HEAD (file:line), event ids used by more than one
    /// distinct line, and any commit in the history that changed or removed an event line.
    public func verify() throws -> VerifyOutcome {
        // Every object this reads is checked against its id, so a damaged object stops the
        // check with libgit2's error rather than being read as it is.
        verifyObjectHashesOnRead()
        var report = VerifyOutcome()
        guard let head = try repo.branchHead().commit else { return report }
        let reader = EventFileReader(repository: try repository)
        var places: [EventID: [String]] = [:]
        try reader.forEachEvent(
            in: try repository.commit(head).tree,
            event: { event, path, line in
                report.eventsChecked += 1
                places[event.id, default: []].append("\(path):\(line)")
            }, issue: { report.malformedLines.append($0) })
        report.duplicateIDs = places.filter { $0.value.count > 1 }.map { ($0.key, $0.value) }.sorted { $0.id < $1.id }

        let headTree = try repository.commit(head).tree
        try repository.walkCommits(from: head, order: .topological) { id in
            report.commitsChecked += 1
            let commit = try repository.commit(id)
            for parent in commit.parents {
                // The rule `noticeRemovals` applies to new commits: committed event lines gone
                // from a file (a damaged line removed, or a line moved to another file, is not).
                var removed = try repo.removedEventLines(from: try repository.commit(parent).tree, to: commit.tree)
                guard !removed.isEmpty else { continue }
                // A changed copy taken out while alog's own line is in HEAD (a revert) is no loss.
                removed = try repo.droppingChangedCopies(removed, heldAt: [parent], keptTree: headTree)
                guard let first = removed.first else { continue }
                let count = removed.reduce(0) { $0 + $1.lines.count }
                let detail =
                    "\(count) event line\(count == 1 ? "" : "s") removed or changed, the first: \(String(decoding: first.lines[0].prefix(80), as: UTF8.self))"
                if try isWrittenBack(removed, in: head) {
                    report.repairedRewrites.append((CommitID(id), first.path, detail))
                } else {
                    report.rewrites.append((CommitID(id), first.path, detail))
                }
            }
            return true
        }
        // A branch moved backwards leaves no trace in its own history: what the caches saw of it
        // is the evidence (`noticeRemovals`).
        _ = noticedRemovals()
        report.movedBack = try repo.pendingRemovals().filter { $0.movedBackFrom != nil }
        return report
    }

    /// True when there are removed lines and HEAD has every one of them back in its file.
    private func isWrittenBack(_ removed: [(path: String, lines: [[UInt8]])], in head: ObjectID) throws -> Bool {
        guard !removed.isEmpty else { return false }
        let tree = try repository.commit(head).tree
        for (path, lines) in removed {
            guard let entry = try repository.treeEntry(atPath: path, in: tree) else { return false }
            let present = Set(VaultRepository.lines(try repository.readBlob(entry.id)))
            if !lines.allSatisfy(present.contains) { return false }
        }
        return true
    }
}
