internal import LedgerCore
import LedgerGit
import LedgerGitLayout
import LedgerStore
import LedgerSystem

/// The time index (`TimeIndex`, on disk `TimeIndexFile`), kept beside the other caches and,
/// like them, keyed by the commit it reflects. When HEAD has moved on, the events the tree
/// diff shows as new move it on in place (`TimeIndexSplice`): new logs and timers, and the first
/// stop of the last timer, from the events alone; an edit, delete, restore or any other stop from
/// the rows the full state gives for the entries those events name. A rename, a line removed or
/// rewritten, or a change too large to splice builds it again from the full state.
extension ProjectionStore {
    private func openTimeIndex() -> TimeIndexReader? {
        try? TimeIndexReader(index: stateFiles.timeIndex, heap: stateFiles.timeHeap)
    }

    func timeIndex(rebuild: Bool) throws -> TimeIndex {
        guard var head = try repo.headCommit() else {
            return TimeIndex(.memory(TimeRows(rows: [], types: [], devices: [])))
        }
        if !rebuild, let reader = openTimeIndex(), reader.header.commit == head.hex { return TimeIndex(.file(reader)) }
        // One process moves the index on at a time; the others wait and read its result.
        guard let lock = try? FileLock(path: stateFiles.timeIndexLock) else {
            return TimeIndex(.memory(try state(at: head).timeRows()))
        }
        defer { withExtendedLifetime(lock) {} }
        head = try repo.headCommit() ?? head
        let reader = openTimeIndex()
        if !rebuild, let reader, reader.header.commit == head.hex { return TimeIndex(.file(reader)) }
        if !rebuild, let reader, let old = ObjectID(hex: reader.header.commit),
            let events = try newEventsForTimeIndex(from: old, to: head),
            try moveTimeIndex(
                reader, by: events, to: head, catalog: { try summary(at: head).catalog },
                state: { try self.state(at: head) }),
            let moved = openTimeIndex(), moved.header.commit == head.hex
        {
            return TimeIndex(.file(moved))
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
    /// `catalog`): moves the index on with those events when it reflects `parent`, as
    /// `timeIndex()` would from the commit's tree diff, without reading them back from the
    /// commit's blobs. The state is used only when this process holds it at `commit` already
    /// (an edit or delete needed it); otherwise, and for anything a splice cannot do, the index
    /// is left as it is (the next reader moves it on or builds it again).
    func advanceTimeIndex(from parent: ObjectID?, to commit: ObjectID, appending events: [Event], catalog: TypeCatalog)
    {
        guard let parent, let lock = try? FileLock(path: stateFiles.timeIndexLock) else { return }
        defer { withExtendedLifetime(lock) {} }
        guard let reader = openTimeIndex(), reader.header.commit == parent.hex else { return }
        let memo = memoState
        _ = try? moveTimeIndex(
            reader, by: events, to: commit, catalog: { catalog },
            state: { memo?.commit == commit ? memo?.state : nil })
    }

    /// The events `new` holds that `old` did not, when lines were only added (nil: a line was
    /// changed or removed, or the old commit is gone).
    private func newEventsForTimeIndex(from old: ObjectID, to new: ObjectID) throws -> [Event]? {
        let repository = try repository
        guard let oldTree = try? repository.commit(old).tree else { return nil }
        var events: [Event] = []
        var issues: [LineIssue] = []
        let delta = try EventFileReader(repository: repository).forEachNewEvent(
            from: oldTree, to: try repository.commit(new).tree,
            event: { event, _, _ in events.append(event) }, issue: { issues.append($0) })
        guard case .appended = delta else { return nil }
        lineIssues += issues
        return events
    }

    /// Moves the index `reader` reads on to `commit` by `events`: from the events alone when
    /// they only add rows (and stop the last timer), else from the rows `state` gives for the
    /// entries they name. False when it could not (the caller builds the index again).
    private func moveTimeIndex(
        _ reader: TimeIndexReader, by events: [Event], to commit: ObjectID, catalog: () throws -> TypeCatalog,
        state: () throws -> LedgerState?
    ) throws -> Bool {
        var splice: TimeIndexSplice?
        if !events.contains(where: \.changesRows) {
            // New rows name their types by their current names (a device that had not seen a
            // rename may still write the old one).
            var fresh = FreshRows(reader: reader, catalog: try catalog())
            for event in events { fresh.absorb(event) }
            splice = fresh.made()
        }
        if splice == nil, let state = try state() { splice = Self.splice(reader, by: events, state: state) }
        guard let splice else { return false }
        do {
            return try splice.apply(to: reader, commit: commit.hex)
        } catch is FileSystem.Failure {
            // Not writable after all: the caller builds the rows in memory.
            return false
        }
    }

    /// The change of the index for `events`, each entry they name taken from `state` (nil
    /// when only a full build can: a rename changes the names of rows already in the index).
    private static func splice(_ reader: TimeIndexReader, by events: [Event], state: LedgerState) -> TimeIndexSplice? {
        var named = Set<EventID>()
        for event in events {
            switch event.body {
            case .logged, .started: named.insert(event.id)
            case .stopped(let target, _, _), .edited(let target, _), .deleted(let target), .restored(let target),
                .tagged(let target, _, _):
                named.insert(target)
            case .typeDefined, .goalSet, .favoriteSet, .orderSet: break
            case .renamed: return nil
            }
        }
        guard named.count < 1 << 16 else { return nil }
        var splice = TimeIndexSplice(names: reader.names)
        // Only ids the index may hold are looked for (a new log's never is; each one looked for
        // and missing costs a scan of every record's id).
        splice.removing = named.filter(reader.contains)
        for id in named {
            let row = state.timeRow(
                id, type: { splice.number($0, in: \.types) }, device: { splice.number($0, in: \.devices) },
                tagSet: { splice.tagSet($0) })
            if let row { splice.adding.append(row) }
        }
        splice.setUnresolved(state.unresolvedTargets)
        return splice
    }
}

extension Event {
    /// A change of rows that may take the full state to splice: an edit, delete, restore or
    /// rename, or a tag (the state is used only when the tagged entry was in the index).
    var needsStateForIndex: Bool {
        if case .tagged = body { return true }
        return changesRows
    }

    /// An edit, delete, restore or rename: rows already in the index change. (A stop or a tag
    /// changes a row too; `FreshRows` takes the ones it can decide alone.)
    var changesRows: Bool {
        switch body {
        case .edited, .deleted, .restored, .renamed: true
        case .logged, .started, .stopped, .typeDefined, .goalSet, .favoriteSet, .orderSet, .tagged: false
        }
    }
}

/// New events turned into rows, while they only add rows (and stop the last timer, whose row
/// only its start set).
private struct FreshRows {
    let reader: TimeIndexReader
    let catalog: TypeCatalog
    var change: TimeIndexSplice
    var rows: [TimeRow] = []
    var ids: Set<EventID> = []
    /// The index's last timed row, when a stop changed it.
    var lastTimed: TimeRow?
    /// The tag events on the new rows: per row and tag, the latest event's order key and
    /// whether it puts the tag on (the fold's register, for rows nothing else has tagged).
    var tagMarks: [EventID: [String: (key: OrderKey, on: Bool)]] = [:]
    var possible = true

    init(reader: TimeIndexReader, catalog: TypeCatalog) {
        (self.reader, self.catalog) = (reader, catalog)
        change = TimeIndexSplice(names: reader.names)
    }

    mutating func add(_ event: Event, type: String, at: LocalInstant, note: String?, timed: Bool, goal: Int64?) {
        guard !ids.contains(event.id), !change.names.unresolved.contains(event.id), !reader.contains(event.id) else {
            possible = false
            return
        }
        ids.insert(event.id)
        rows.append(
            TimeRow(
                id: event.id, at: at, stamp: event.stamp, device: change.number(event.device, in: \.devices),
                type: change.number(catalog.resolve(type), in: \.types), note: note ?? "", isTimed: timed,
                ownEnd: nil, windowEnd: nil, endedByNext: false, goalSeconds: timed ? max(0, goal ?? 0) : 0,
                touched: false))
    }

    mutating func absorb(_ event: Event) {
        guard possible else { return }
        switch event.body {
        case .logged(let type, let at, let note):
            add(event, type: type, at: at, note: note, timed: false, goal: nil)
        case .started(let type, let at, let note, let goal, _, _):
            add(event, type: type, at: at, note: note, timed: true, goal: goal)
        case .stopped(let target, let at, let note):
            // The first stop of a timer whose fields only its start set: the stop's values win.
            func stop(_ row: inout TimeRow) -> Bool {
                guard row.isTimed, !row.touched, row.ownEnd == nil else { return false }
                let created = OrderKey(stamp: row.stamp, device: change.names.devices[Int(row.device)], id: row.id)
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
        case .tagged(let target, let tags, let on):
            // Only a row these events add: the tags of a row in the index are the fold's to merge.
            let key = event.orderKey
            for tag in tags where tagMarks[target]?[tag].map({ $0.key < key }) ?? true {
                tagMarks[target, default: [:]][tag] = (key, on)
            }
        case .typeDefined, .goalSet, .favoriteSet, .orderSet:
            break
        case .edited, .deleted, .restored, .renamed:
            possible = false
        }
    }

    /// The change, when the events allowed one.
    func made() -> TimeIndexSplice? {
        guard possible, tagMarks.keys.allSatisfy(ids.contains) else { return nil }
        var (change, rows) = (self.change, self.rows)
        for (number, row) in rows.enumerated() {
            guard let marks = tagMarks[row.id] else { continue }
            let tags = marks.compactMap { $0.value.on ? $0.key : nil }.sorted(by: Tags.precedes)
            rows[number].tagSet = change.tagSet(tags)
        }
        change.adding = rows
        if let lastTimed {
            change.removing = [lastTimed.id]
            change.adding.append(lastTimed)
        }
        return change
    }
}
