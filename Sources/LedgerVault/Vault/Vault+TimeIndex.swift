public import LedgerCore
import LedgerGit
import LedgerGitLayout
import LedgerStore
import LedgerSystem

/// The time index (`TimeIndex`, on disk `TimeIndexFile`), kept beside the other caches and,
/// like them, keyed by the commit it reflects. When HEAD has moved on, the events the tree
/// diff shows as new are added in place when they can only add rows at the end (new logs, a
/// timer started after every entry, the first stop of the last timer); anything else (an
/// edit, a delete, a back-dated entry, a line removed) builds it again from the full state.
extension Vault {
    /// The time index at HEAD.
    public func timeIndex() throws -> TimeIndex {
        try namingDamage { try timeIndex(rebuild: false) }
    }

    /// Runs `body` on the time index at HEAD; when a row of the index fails its check, the
    /// index is built again from the events and `body` runs once more.
    public func readTimeIndex<T>(_ body: (TimeIndex) throws -> T) throws -> T {
        do {
            return try body(try timeIndex())
        } catch is TimeIndex.Damaged {
            return try body(try namingDamage { try timeIndex(rebuild: true) })
        }
    }

    private func openTimeIndex() -> TimeIndexReader? {
        try? TimeIndexReader(index: stateFiles.timeIndex, heap: stateFiles.timeHeap)
    }

    private func timeIndex(rebuild: Bool) throws -> TimeIndex {
        guard var head = try headCommit() else { return TimeIndex(.memory(TimeRows(rows: [], types: [], devices: []))) }
        if !rebuild, let reader = openTimeIndex(), reader.header.commit == head.hex { return TimeIndex(.file(reader)) }
        // One process moves the index on at a time; the others wait and read its result.
        guard let lock = try? FileLock(path: stateFiles.timeIndexLock) else {
            return TimeIndex(.memory(try state(at: head).timeRows()))
        }
        defer { withExtendedLifetime(lock) {} }
        head = try headCommit() ?? head
        let reader = openTimeIndex()
        if !rebuild, let reader, reader.header.commit == head.hex { return TimeIndex(.file(reader)) }
        if !rebuild, let reader, let old = ObjectID(hex: reader.header.commit),
            let patch = try timeIndexPatch(reader, from: old, to: head)
        {
            do {
                try patch.apply(commit: head.hex, index: stateFiles.timeIndex, heap: stateFiles.timeHeap)
                if let moved = openTimeIndex(), moved.header.commit == head.hex { return TimeIndex(.file(moved)) }
            } catch is FileSystem.Failure {
                // Not writable after all: built in memory below.
            }
        }
        let state = try state(at: head)
        let rows = state.timeRows()
        do {
            try TimeIndexFile.write(
                rows, unresolved: state.unresolvedTargets, commit: head.hex, index: stateFiles.timeIndex,
                heap: stateFiles.timeHeap)
            if let written = openTimeIndex(), written.header.commit == head.hex { return TimeIndex(.file(written)) }
        } catch is FileSystem.Failure {
            // A read-only vault: the rows serve from memory.
        }
        return TimeIndex(.memory(rows))
    }

    /// Writes the time index for `state` at `commit` (after `rebuild`).
    func storeTimeIndex(_ state: LedgerState, at commit: ObjectID) {
        guard let lock = try? FileLock(path: stateFiles.timeIndexLock) else { return }
        try? TimeIndexFile.write(
            state.timeRows(), unresolved: state.unresolvedTargets, commit: commit.hex, index: stateFiles.timeIndex,
            heap: stateFiles.timeHeap)
        withExtendedLifetime(lock) {}
    }

    /// After a commit of `events` on `parent` landed as `commit` (whose summary's catalog is
    /// `catalog`): moves the index on with those events when it reflects `parent` and they
    /// only add rows at its end, as `timeIndex()` would from the commit's tree diff, without
    /// reading them back from the commit's blobs. Anything else leaves the index as it is
    /// (the next reader moves it on or builds it again).
    func advanceTimeIndex(from parent: ObjectID?, to commit: ObjectID, appending events: [Event], catalog: TypeCatalog)
    {
        guard let parent, let lock = try? FileLock(path: stateFiles.timeIndexLock) else { return }
        defer { withExtendedLifetime(lock) {} }
        guard let reader = openTimeIndex(), reader.header.commit == parent.hex else { return }
        var fresh = FreshRows(reader: reader, catalog: catalog)
        for event in events { fresh.absorb(event) }
        guard let patch = fresh.patch() else { return }
        try? patch.apply(commit: commit.hex, index: stateFiles.timeIndex, heap: stateFiles.timeHeap)
    }

    /// The change that moves the index from `old` to `new`, or nil when only a full build
    /// can (see the type's comment). The events are read from the tree diff: the cost grows
    /// with the new events.
    private func timeIndexPatch(_ reader: TimeIndexReader, from old: ObjectID, to new: ObjectID) throws
        -> TimeIndexPatch?
    {
        let repository = try repository
        guard let oldTree = try? repository.commit(old).tree else { return nil }
        // New rows name their types by their current names (a device that had not seen a
        // rename may still write the old one).
        var fresh = FreshRows(reader: reader, catalog: try summary(at: new).catalog)
        var issues: [LineIssue] = []
        let delta = try EventFileReader(repository: repository).forEachNewEvent(
            from: oldTree, to: try repository.commit(new).tree,
            event: { event, _, _ in fresh.absorb(event) }, issue: { issues.append($0) })
        guard case .appended = delta, let patch = fresh.patch() else { return nil }
        lineIssues += issues
        return patch
    }
}

/// New events turned into rows at the end of an index, while they allow it.
private struct FreshRows {
    let reader: TimeIndexReader
    let catalog: TypeCatalog
    var names: TimeIndexFile.Names
    var namesChanged = false
    var rows: [TimeRow] = []
    var ids: Set<EventID> = []
    /// The index's last timed row, when a stop changed it.
    var lastTimed: TimeRow?
    var possible = true

    init(reader: TimeIndexReader, catalog: TypeCatalog) {
        (self.reader, self.catalog) = (reader, catalog)
        names = reader.names
    }

    mutating func number(_ name: String, in keyPath: WritableKeyPath<TimeIndexFile.Names, [String]>) -> UInt32 {
        if let found = names[keyPath: keyPath].firstIndex(of: name) { return UInt32(found) }
        names[keyPath: keyPath].append(name)
        namesChanged = true
        return UInt32(names[keyPath: keyPath].count - 1)
    }

    mutating func add(_ event: Event, type: String, at: LocalInstant, note: String?, timed: Bool, goal: Int64?) {
        guard !ids.contains(event.id), !names.unresolved.contains(event.id), !reader.contains(event.id) else {
            possible = false
            return
        }
        ids.insert(event.id)
        rows.append(
            TimeRow(
                id: event.id, at: at, stamp: event.stamp, device: number(event.device, in: \.devices),
                type: number(catalog.resolve(type), in: \.types), note: note ?? "", isTimed: timed, ownEnd: nil,
                windowEnd: nil,
                endedByNext: false, goalSeconds: timed ? max(0, goal ?? 0) : 0, touched: false))
    }

    mutating func absorb(_ event: Event) {
        guard possible else { return }
        switch event.body {
        case .logged(let type, let at, let note):
            add(event, type: type, at: at, note: note, timed: false, goal: nil)
        case .started(let type, let at, let note, let goal, _):
            add(event, type: type, at: at, note: note, timed: true, goal: goal)
        case .stopped(let target, let at, let note):
            // The first stop of a timer whose fields only its start set: the stop's values win.
            func stop(_ row: inout TimeRow) -> Bool {
                guard row.isTimed, !row.touched, row.ownEnd == nil else { return false }
                let created = OrderKey(stamp: row.stamp, device: names.devices[Int(row.device)], id: row.id)
                // A note ordered before the start's own (clocks apart) loses to it: the fold decides.
                if note != nil, event.orderKey < created { return false }
                row.ownEnd = at
                if let note { row.note = note }
                row.touched = true
                return true
            }
            if let position = rows.firstIndex(where: { $0.id == target }) {
                possible = stop(&rows[position])
            } else if lastTimed == nil, reader.header.lastTimed >= 0, var row = reader.row(reader.header.lastTimed),
                row.id == target
            {
                possible = stop(&row)
                lastTimed = row
            } else {
                possible = false
            }
        case .typeDefined, .goalSet, .favoriteSet, .orderSet:
            break
        case .edited, .deleted, .restored, .renamed:
            // A rename changes the names of rows already in the index.
            possible = false
        }
    }

    /// The patch, when every new row sorts after the index's last row. After 65,536 rows added
    /// in place the index is built again, so the scan of the added rows' ids stays short.
    func patch() -> TimeIndexPatch? {
        guard possible, reader.count - reader.header.sortedIDsCount < 1 << 16 else { return nil }
        let rank = TimeRows.ranks(names.devices)
        func before(_ a: TimeRow, _ b: TimeRow) -> Bool { TimeRow.precedes(a, b, deviceRank: rank) }
        var fresh = rows.sorted(by: before)
        let count = reader.count
        if let first = fresh.first, count > 0 {
            guard let last = reader.row(count - 1), before(last, first) else { return nil }
        }
        // The windows of the timers from the index's last one on: each ends at its own end or
        // where the next one starts.
        var patch = TimeIndexPatch(header: reader.header, names: names)
        patch.namesChanged = namesChanged
        var chain: [(number: Int?, position: Int?, row: TimeRow)] = []
        if reader.header.lastTimed >= 0 {
            guard let row = lastTimed ?? reader.row(reader.header.lastTimed) else { return nil }
            chain.append((reader.header.lastTimed, nil, row))
        }
        for position in fresh.indices where fresh[position].isTimed { chain.append((nil, position, fresh[position])) }
        for link in chain.indices {
            var row = chain[link].row
            let next = link + 1 < chain.count ? chain[link + 1].row.at : nil
            (row.windowEnd, row.endedByNext) = TimeRow.window(start: row.at, ownEnd: row.ownEnd, next: next)
            if let number = chain[link].number {
                if row != reader.row(number) {
                    patch.changed[number] = row
                    patch.previousTimed[number] = reader.timedRow(before: number)
                }
            } else if let position = chain[link].position {
                fresh[position] = row
            }
        }
        patch.appended = fresh
        return patch
    }
}
