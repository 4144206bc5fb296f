public import LedgerCore
import LedgerGit

extension Vault {
    /// What a write produced.
    public struct Appended: Sendable {
        public var events: [Event]
        public var commit: CommitID
        /// Non-fatal problems after the commit landed.
        public var warnings: [Notice]
        /// What the day notes did in the commit (nil: day notes are off).
        public var dayNotes: DayNotesReport? = nil

        /// The entry a log, start or track made: the last log or start event.
        public var entryID: EventID? { events.last { $0.body.makesEntry }?.id }
    }

    /// `bodies` and their ids with, when `tags` has any, a `tag` event of the entry the last
    /// log or start makes after them (one commit: an older alog reads the entry, untagged).
    static func tagging(_ bodies: [EventBody], ids: [EventID], tags: [String]) -> ([EventBody], [EventID]) {
        guard !tags.isEmpty, let made = bodies.lastIndex(where: \.makesEntry) else { return (bodies, ids) }
        return (bodies + [.tagged(target: ids[made], tags: Tags.normalized(tags), on: true)], ids + [.random()])
    }

    /// Which day notes a write reads and writes (when day notes are on).
    enum DayNotesScope {
        /// Those of the days the write's events touch.
        case touched
        /// Those, and the notes of these days.
        case dates(Set<CivilDate>)
        /// None (a bulk write that renders them afterwards).
        case none
    }

    /// Thrown inside a commit's preparation that finds nothing to write (with what the day
    /// notes found, problems included). Thrown and caught inside one commit call, on one
    /// thread: the day notes' work (file edits are closures) never crosses a thread.
    struct NothingToCommit: Error, @unchecked Sendable {
        var dayNotes = DayNotesReport()
        var work: DayNoteWork?
    }

    /// Appends events (stamped now, after every stamp seen) as exactly one commit; `notes`, the
    /// user's notes changed at their request (a task's status), go into the same commit.
    /// `tags` go on the entry the last log or start makes (`tagging`).
    public func append(_ bodies: [EventBody], message: String, notes: [NoteChange] = [], tags: [String] = [])
        throws -> Appended
    {
        let (all, ids) = Self.tagging(bodies, ids: bodies.map { _ in EventID.random() }, tags: tags)
        return try append(all, ids: ids, message: message, notes: notes)
    }

    /// `append` reading and writing the day notes of `scope`.
    func append(_ bodies: [EventBody], message: String, dayNotes scope: DayNotesScope) throws -> Appended {
        try append(bodies, ids: bodies.map { _ in EventID.random() }, message: message, dayNotes: scope)
    }

    /// `append` with the events' ids chosen beforehand (so a body can point at an earlier
    /// one of the same commit, as a tracked window's stop at its start).
    /// `progress` is told how many events are encoded, every few thousand, and `partLimit` is
    /// where a new part of the day's file starts (`importWindows`: `VaultLayout.bulkPartLimit`).
    func append(
        _ bodies: [EventBody], ids: [EventID], message: String, partLimit: Int = VaultLayout.partLimit,
        notes: [NoteChange] = [], dayNotes scope: DayNotesScope = .touched,
        progress: ((_ done: Int, _ total: Int) -> Void)? = nil
    ) throws -> Appended {
        precondition(ids.count == bodies.count)
        for note in notes { try checkNotePath(note.path) }
        // The library's own check of the clock (the CLI checks it before anything): a wall
        // time alog cannot record is never stamped into an event.
        let wall = clock()
        guard ValidTime.contains(millis: wall) else { throw VaultError.clockOutOfRange(millis: wall) }
        // Stamped on the HEAD each attempt builds on, so the events of the attempt that landed
        // come back with its result. The day notes' own events (typed lines) come first.
        let landed: (result: VaultRepository.CommitResult, value: ([Event], StatusSummary, DayNoteWork?))
        var settingAtBase: DayNotesSetting?
        do {
            landed = try repo.commit(message: message) { head, baseTree in
                let summaryBefore = try head.commit.map { try projections.summary(at: $0) } ?? StatusSummary()
                var (bodies, ids) = (bodies, ids)
                var work: DayNoteWork?
                let setting = try dayNotesSetting(in: baseTree)
                settingAtBase = setting
                if case .none = scope {
                } else if let setting {
                    var dates = Set<CivilDate>()
                    if case .dates(let given) = scope { dates = given }
                    let found = try dayNoteWork(
                        setting: setting, summary: summaryBefore, bodies: bodies, ids: ids, changedDates: dates)
                    (bodies, ids) = (found.bodies + bodies, found.ids + ids)
                    work = found
                }
                if bodies.isEmpty && notes.isEmpty && (work?.edits.isEmpty ?? true) {
                    throw NothingToCommit(dayNotes: work?.report ?? DayNotesReport(), work: work)
                }
                let events = stampedEvents(ids: ids, bodies: bodies, after: summaryBefore.maxStamp, wallMillis: wall)
                let edits = try appendEdits(events, base: baseTree, partLimit: partLimit, progress: progress)
                let noteEdits = notes.map { note in
                    FileEdit(
                        path: note.path, content: { _ in note.after }, workingCopyBefore: .some(note.before),
                        readsOld: false)
                }
                return (edits + noteEdits + (work?.edits ?? []), (events, summaryBefore, work))
            } message: { value in
                message + "\n\nAlog-Events: " + value.0.map(\.id.description).joined(separator: " ")
            }
        } catch let nothing as NothingToCommit {
            if let work = nothing.work { rememberProblems(read: work.read, withProblems: work.withProblems) }
            guard let head = try repo.headCommit() else { throw VaultError.nothingToChange }
            return Appended(
                events: [], commit: CommitID(head), warnings: nothing.dayNotes.skipped, dayNotes: nothing.dayNotes)
        }
        let (result, (events, summaryBefore, work)) = landed
        let summaryAfter = try projections.refreshCaches(after: result, appending: events, summaryBefore: summaryBefore)
        // The day notes read the time index on every write, and an edit or delete has just
        // built the state the index's change needs: it is moved on now, with the events at
        // hand, rather than by the next command (which would read them back from the commit's
        // blobs, and load the state again). A plain `log` leaves it to the next reader; so does
        // a tagged one (its tags need no state).
        if work != nil
            || (projections.holdsState(at: result.commit) && events.contains(where: \.needsStateForIndex))
        {
            projections.advanceTimeIndex(
                from: result.parent, to: result.commit, appending: events, catalog: summaryAfter.catalog)
        }
        if let work { rememberDayNotes(work, warnings: result.warnings) }
        // The commit keeps the day notes' setting it was built on.
        rememberDayNotesSetting(settingAtBase, at: result.commit.hex)
        if work == nil && notes.isEmpty { repo.rememberCommitTip(result) }
        return Appended(
            events: events, commit: CommitID(result.commit), warnings: result.warnings + (work?.report.skipped ?? []),
            dayNotes: work?.report)
    }

    /// This device's events for `bodies`, all at one wall time (now, unless given), stamped in
    /// order after `maxStamp` (the latest stamp the vault holds).
    func stampedEvents(ids: [EventID], bodies: [EventBody], after maxStamp: Stamp, wallMillis: Int64? = nil)
        -> [Event]
    {
        let wall = wallMillis ?? clock()
        var latest = maxStamp
        return zip(ids, bodies).map { id, body in
            latest = HybridLogicalClock.next(after: latest, wallMillis: wall)
            return Event(id: id, device: device.id, stamp: latest, wallMillis: wall, body: body)
        }
    }

    /// Writes already-built events (for example generated or imported ones, with their own
    /// devices and stamps) as one commit. Used by the benchmark generator and importers.
    public func importEvents(_ events: [Event], message: String) throws -> CommitID {
        let result = try repo.commit(message: message) { _, baseTree in try appendEdits(events, base: baseTree) }
        projections.forgetSummary()
        return CommitID(result.commit)
    }

    /// One append per event file touched, lines in event order. Each device/day goes to its
    /// latest part while that one is under `VaultLayout.partLimit`, else to a new part, which
    /// takes lines up to `partLimit`.
    func appendEdits(
        _ events: [Event], base: ObjectID?, partLimit: Int = VaultLayout.partLimit,
        progress: ((_ done: Int, _ total: Int) -> Void)? = nil
    ) throws -> [FileEdit] {
        var order: [String] = []
        var lines: [String: [UInt8]] = [:]
        var chosen: [String: (part: Int, size: Int)] = [:]
        // The events of one write share their device and wall time: the day's path is built
        // once for a run of them.
        var lastDay: (device: String, wallMillis: Int64, path: String)?
        var lastPart: (day: String, part: Int, path: String)?
        for (done, event) in events.enumerated() {
            if let progress, done & 4095 == 0 { progress(done, events.count) }
            let day: String
            if let last = lastDay, last.device == event.device, last.wallMillis == event.wallMillis {
                day = last.path
            } else {
                day = VaultLayout.eventFile(device: event.device, wallMillis: event.wallMillis).joined(separator: "/")
                lastDay = (event.device, event.wallMillis, day)
            }
            var target: (part: Int, size: Int)
            if let known = chosen[day] {
                target = known
            } else {
                target = try currentPart(device: event.device, wallMillis: event.wallMillis, base: base)
                // A part that reached the everyday limit is never appended to again.
                if target.size >= VaultLayout.partLimit { target = (target.part + 1, 0) }
            }
            let line = EventLine.encode(event) + [10]
            if target.size >= partLimit { target = (target.part + 1, 0) }
            target.size += line.count
            chosen[day] = target
            let path: String
            if let last = lastPart, last.part == target.part, last.day == day {
                path = last.path
            } else {
                path = VaultLayout.eventFile(device: event.device, wallMillis: event.wallMillis, part: target.part)
                    .joined(separator: "/")
                lastPart = (day, target.part, path)
            }
            if lines[path] == nil { order.append(path) }
            lines[path, default: []] += line
        }
        progress?(events.count, events.count)
        return order.map { path in
            FileEdit(path: path) { existing in
                var content = existing ?? []
                if let last = content.last, last != 10 { content.append(10) }
                return content + lines[path]!
            }
        }
    }

    /// The last existing part of a device's day file in `base`, with its size (part 1 and
    /// size 0 when there is none yet).
    func currentPart(device: String, wallMillis: Int64, base: ObjectID?) throws -> (part: Int, size: Int) {
        guard let base else { return (1, 0) }
        let parts = try dayFileParts(device: device, wallMillis: wallMillis, in: base)
        guard let last = parts.last else { return (1, 0) }
        return (parts.count, try repository.blobSize(last.id))
    }

    /// The parts of a device's day file (`<date>.jsonl`, `<date>.2.jsonl`, …) present in `tree`.
    func dayFileParts(device: String, wallMillis: Int64, in tree: ObjectID) throws -> [TreeEntry] {
        // One read of the month's tree: looking each part up by path would walk (and, for a
        // month tree past libgit2's 4 KiB object-cache limit, inflate) it once per part.
        let path = VaultLayout.eventFile(device: device, wallMillis: wallMillis)
        guard let month = try repository.treeEntry(atPath: path.dropLast().joined(separator: "/"), in: tree),
            month.kind == .tree
        else { return [] }
        var byName: [String: TreeEntry] = [:]
        for entry in try repository.treeEntries(month.id) { byName[entry.name] = entry }
        let day = path[path.count - 1].dropLast(".jsonl".count)
        var parts: [TreeEntry] = []
        while let entry = byName[VaultLayout.partName(day: day, part: parts.count + 1)] { parts.append(entry) }
        return parts
    }
}
