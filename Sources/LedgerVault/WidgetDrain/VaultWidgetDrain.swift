internal import LedgerCore
import LedgerGit
internal import LedgerSystem
internal import LedgerWidget

extension Vault {
    /// The widget queue's drain into commits.
    public var widgetDrain: VaultWidgetDrain { VaultWidgetDrain(vault: self) }
}

/// The vault's side of the widget bridge, a service over a `Vault`: draining the queue into events, exactly once, and
/// refreshing the widget's last-known cache whenever the vault's summary moves.
///
/// A drain, holding `drain.lock` for its whole run:
/// 1. finishes an interrupted drain, if `drain.journal` exists (steps 4–6 again);
/// 2. reads the queue (the array file, then the log of alog's own taps; unreadable text is saved
///    aside and an append that never finished is cut off), and turns each new item into an
///    event: a log, or for a Green Streak
///    `quick_remove` a delete of that day's latest entry of the type. Items that cannot be
///    committed (unknown type, a time in the future, nothing to remove) stay queued, their
///    reasons in `failures`;
/// 3. writes the journal: those events, with their ids, stamps and wall time fixed, and the
///    keys of the items they came from;
/// 4. commits the events that HEAD does not already hold, as one commit (a drain killed after
///    its commit finds its events there and commits nothing again);
/// 5. under `queue.lock`, removes those items from the queue, by key: the array file is
///    rewritten, then the log (its compaction: usually to nothing). Green Streak actions are
///    marked processed instead, and purged an hour after their timestamp;
/// 6. deletes the journal.
///
/// A kill at any point leaves either no journal (nothing was committed) or a journal that the
/// next drain completes, so every item is committed once; a kill between the two files of
/// step 5 leaves the log untrimmed, and the next drain's step 5 takes the same keys out of it.
/// Taps only wait for `queue.lock`, which is never held across git work.
public struct VaultWidgetDrain {
    public let vault: Vault
    /// The parts a drain works on: the repository (the commit of the taps) and the
    /// projections (moved on by them).
    var repo: VaultRepository { vault.repo }
    var projections: ProjectionStore { vault.projections }

    /// What a drain did.
    public struct DrainOutcome: Sendable {
        /// Events committed now (including by finishing an interrupted drain).
        public var committed = 0
        /// True when an interrupted drain was finished.
        public var finishedInterrupted = false
        /// Items that stay queued, with the reason.
        public var failures: [(item: String, reason: String)] = []
        /// Elements of the queue that are not valid items (kept, reported by `widget pending`).
        public var invalid = 0
        public var duplicates = 0
        /// Unreadable queue or journal text, saved aside (nothing in it was committed).
        public var savedAside: [String] = []
        /// Problems after a commit landed (the index was locked, say); the events are safe.
        public var warnings: [Notice] = []

        public init() {}
    }

    /// Commits the widget's queued items, if any (cheap when there are none).
    public func drainWidgetQueue() throws -> DrainOutcome? {
        let store = vault.widgetStore
        guard store.hasWork else { return nil }
        let lock = try store.lockDrain()
        defer { withExtendedLifetime(lock) {} }
        // A tap killed between writing the new queue and renaming it left its temporary file.
        FileSystem.removeAbandonedTemporaries(in: store.directory)
        var report = DrainOutcome()
        let (journal, damagedJournal) = try store.readJournal()
        if let damagedJournal { report.savedAside.append(damagedJournal + " (an unreadable drain journal)") }
        if let journal {
            report.committed += try finishDrain(journal, store: store, warnings: &report.warnings)
            report.finishedInterrupted = true
        }
        let (queue, savedAside) = try store.updateQueue { queue in queue }
        if let savedAside { report.savedAside.append(savedAside) }
        let now = repo.clock()
        let batch = try drainBatch(queue, now: now, report: &report)
        try store.writeFailures(Dictionary(batch.failures, uniquingKeysWith: { first, _ in first }))
        report.failures = batch.failures.map { ($0.key, $0.reason) }
        if !batch.journal.events.isEmpty {
            try store.writeJournal(batch.journal)
            FaultInjection.point("drain.after-journal")
            report.committed += try finishDrain(batch.journal, store: store, warnings: &report.warnings)
        } else if batch.purgeDue {
            try store.updateQueue { queue in Self.purgeProcessed(&queue, now: now / 1000) }
        }
        return report
    }

    private struct Batch {
        var journal = DrainJournal(keys: [], events: [])
        var failures: [(key: String, reason: String)] = []
        var purgeDue = false
    }

    /// Turns the queue's new items into events stamped after everything this vault has seen.
    private func drainBatch(_ queue: PendingQueue, now: Int64, report: inout DrainOutcome) throws -> Batch {
        var batch = Batch()
        let summary = try vault.summary()
        var ids: [EventID] = []
        var bodies: [EventBody] = []
        var seen: Set<String> = []
        var state: LedgerState?
        var batchLogs: [(id: EventID, type: String, at: LocalInstant)] = []
        var removed: Set<EventID> = []
        for element in queue.elements {
            guard case .success(let item) = element.item else {
                report.invalid += 1
                continue
            }
            guard seen.insert(item.key).inserted else {
                report.duplicates += 1
                continue
            }
            if case .action(let action) = item, action.processed {
                batch.purgeDue = true
                continue
            }
            let type = item.type
            guard summary.type(named: type) != nil else {
                let removed = summary.definition(named: type)?.archived == true
                batch.failures.append(
                    (item.key, (removed ? DrainRefusal.removedType(type) : .unknownType(type)).sentence))
                continue
            }
            let instant: LocalInstant
            switch item {
            case .activity(_, let time): instant = repo.zone.localInstant(at: time)
            case .action(let action): instant = action.instant(zone: repo.zone)
            }
            if instant.seconds > now / 1000 + 300 {
                batch.failures.append(
                    (item.key, DrainRefusal.inTheFuture(instant, aheadBy: instant.seconds - now / 1000).sentence))
                continue
            }
            if instant.seconds < 0 {
                batch.failures.append((item.key, DrainRefusal.before1970.sentence))
                continue
            }
            let id = EventID.random()
            let body: EventBody
            if case .action(let action) = item, action.kind == .quickRemove {
                if state == nil { state = try vault.state() }
                guard
                    let target = Self.latestEntry(
                        type: type, on: action.date, state: state!, batchLogs: batchLogs, removed: removed)
                else {
                    batch.failures.append(
                        (item.key, DrainRefusal.nothingToRemove(type: type, date: action.date).sentence))
                    continue
                }
                removed.insert(target)
                body = .deleted(target: target)
            } else {
                body = .logged(type: type, at: instant, note: nil)
                batchLogs.append((id, type, instant))
            }
            ids.append(id)
            bodies.append(body)
            batch.journal.keys.append(item.key)
        }
        batch.journal.events = vault.stampedEvents(ids: ids, bodies: bodies, after: summary.maxStamp, wallMillis: now)
        return batch
    }

    /// The latest live entry of `type` whose local date is `date`, among the vault's entries
    /// and the ones this drain is about to log.
    private static func latestEntry(
        type: String, on date: CivilDate, state: LedgerState,
        batchLogs: [(id: EventID, type: String, at: LocalInstant)],
        removed: Set<EventID>
    ) -> EventID? {
        var best: (id: EventID, at: LocalInstant)?
        func offer(_ id: EventID, _ at: LocalInstant) {
            guard !removed.contains(id), at.localDateAndTime.date == date else { return }
            if best == nil || at.seconds > best!.at.seconds { best = (id, at) }
        }
        state.forEachEntry { entry in
            if entry.type == type, !entry.isDeleted { offer(entry.id, entry.at) }
        }
        for log in batchLogs where log.type == type { offer(log.id, log.at) }
        return best?.id
    }

    /// Steps 4–6: commit what HEAD lacks, take the items out of the queue, drop the journal.
    /// Returns the number of events committed now.
    private func finishDrain(_ journal: DrainJournal, store: WidgetStore, warnings: inout [Notice]) throws -> Int {
        let count = journal.events.count
        let committed = try commitUnlessPresent(
            journal.events,
            message: "alog: log \(count) widget tap\(count == 1 ? "" : "s") from the queue", warnings: &warnings)
        FaultInjection.point("drain.after-commit")
        let keys = Set(journal.keys)
        let now = repo.clock() / 1000
        try store.updateQueue { queue in
            queue.elements = queue.elements.compactMap { element in
                guard case .success(let item) = element.item, keys.contains(item.key) else { return element }
                guard case .action = item else { return nil }
                var marked = element
                marked.markProcessed()
                return marked
            }
            Self.purgeProcessed(&queue, now: now)
        }
        FaultInjection.point("drain.after-trim")
        store.removeJournal()
        return committed
    }

    /// Green Streak keeps processed actions for an hour after their timestamp, then drops them.
    private static func purgeProcessed(_ queue: inout PendingQueue, now: Int64) {
        queue.elements.removeAll { element in
            guard case .success(.action(let action)) = element.item, action.processed else { return false }
            return action.instant(zone: FixedOffsetZone(offset: 0)).seconds < now - 3600
        }
    }

    /// Commits those of `events` (all from this device, one wall time) that HEAD does not hold
    /// yet, as one commit; returns how many were committed.
    func commitUnlessPresent(_ events: [Event], message: String, warnings: inout [Notice]) throws -> Int {
        let ids = events.map(\.id.description).joined(separator: " ")
        do {
            let (result, (missing, summaryBefore, notes)) = try repo.commit(
                message: message + "\n\nAlog-Events: " + ids
            ) { head, baseTree in
                let present = try presentIDs(of: events, in: baseTree)
                let missing = events.filter { !present.contains($0.id) }
                guard !missing.isEmpty else { throw AlreadyCommitted() }
                let summaryBefore = try head.commit.map { try projections.summary(at: $0) } ?? StatusSummary()
                // The day notes of the taps' days, written in the same commit (what the notes
                // themselves ask for is recorded by the next read of them).
                var notes: DayNoteWork?
                if let setting = try vault.dayNotesSetting(in: baseTree) {
                    notes = try vault.dayNoteWork(
                        setting: setting, summary: summaryBefore, bodies: missing.map(\.body), ids: missing.map(\.id),
                        changedDates: [], recording: false)
                }
                let edits = try vault.appendEdits(missing, base: baseTree) + (notes?.edits ?? [])
                return (edits, (missing, summaryBefore, notes))
            }
            try projections.refreshCaches(after: result, appending: missing, summaryBefore: summaryBefore)
            if let notes { vault.rememberDayNotes(notes, warnings: result.warnings) }
            warnings += result.warnings
            return missing.count
        } catch is AlreadyCommitted {
            return 0
        }
    }

    private struct AlreadyCommitted: Error {}

    /// The ids among `events` already in `tree`: their day files (every part) are read.
    private func presentIDs(of events: [Event], in tree: ObjectID?) throws -> Set<EventID> {
        guard let tree else { return [] }
        var present: Set<EventID> = []
        let wanted = Set(events.map(\.id))
        var days: [String: (device: String, wallMillis: Int64)] = [:]
        for event in events {
            let day = VaultLayout.eventFile(device: event.device, wallMillis: event.wallMillis).joined(separator: "/")
            days[day] = (event.device, event.wallMillis)
        }
        for (device, wallMillis) in days.values {
            for part in try vault.dayFileParts(device: device, wallMillis: wallMillis, in: tree) {
                try repo.repository.withBlob(part.id) { buffer in
                    EventFileReader.decodeLines(
                        buffer, path: part.name,
                        event: { found, _ in if wanted.contains(found.id) { present.insert(found.id) } },
                        issue: { _ in })
                }
            }
        }
        return present
    }
}
