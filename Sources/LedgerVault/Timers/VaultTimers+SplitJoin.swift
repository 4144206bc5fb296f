public import LedgerCore

/// timewarrior's `split` and `join` for timer windows. Neither needs a new kind of event: a
/// split is an edit of the timer's end and a new timer (its start, and its stop when the
/// window had an end), a join an edit of the earlier timer's end (and note) and a delete of
/// the later one, each in one commit, so `undo` takes either back in one step
/// (docs/event-format.md, "What the verbs write").
extension VaultTimers {
    /// What `split` will write: the timer, where it splits, and the second part's end (nil:
    /// it runs on).
    public struct SplitPlan: Sendable {
        public var interval: Timeline.Interval
        public var at: LocalInstant
    }

    /// The timer `prefix` names, checked to be one `split` or `join` may change: a timer, not
    /// deleted, with its window on the timeline.
    func liveTimer(_ prefix: String) throws -> Timeline.Interval {
        let entry = try vault.resolveEntry(prefix)
        guard entry.isTimed else { throw TimerError.notTimed(entry: entry.id.description) }
        guard !entry.isDeleted else { throw TimerError.deletedTimer(entry: entry.id.description) }
        guard let interval = try vault.state().timeline.interval(of: entry.id) else {
            throw TimerError.deletedTimer(entry: entry.id.description)
        }
        return interval
    }

    /// Throws what `split` would refuse: `at` (nil: the middle of the window, as timewarrior
    /// splits; of a running timer, the middle up to `now`) must fall strictly inside it.
    public func checkSplit(_ prefix: String, at: LocalInstant?, now: Int64, zone: any TimeZoneRules) throws
        -> SplitPlan
    {
        let interval = try liveTimer(prefix)
        let end = interval.end?.seconds ?? now
        let point = at ?? zone.localInstant(at: interval.start.seconds + (end - interval.start.seconds) / 2)
        guard interval.start.seconds < point.seconds, point.seconds < end else {
            throw TimerError.splitOutside(
                entry: interval.entry.id.description, type: interval.entry.type, start: interval.start,
                end: interval.end, at: point)
        }
        return SplitPlan(interval: interval, at: point)
    }

    /// Splits a timer's window in two at `at`: the first part keeps the entry (its end moves
    /// to `at`), the second is a new timer of the same type, note, goal, task and tags from `at` to
    /// the old end (running on, when the timer ran). One commit.
    public func split(_ prefix: String, at: LocalInstant?, now: Int64, zone: any TimeZoneRules) throws
        -> (plan: SplitPlan, second: EventID, appended: Vault.Appended)
    {
        let plan = try checkSplit(prefix, at: at, now: now, zone: zone)
        let entry = plan.interval.entry
        let second = EventID.random()
        var bodies: [EventBody] = [
            .edited(target: entry.id, changes: EntryChanges(end: plan.at)),
            .started(type: entry.type, at: plan.at, note: entry.note, goal: entry.goalSeconds, task: entry.task),
        ]
        var ids = [EventID.random(), second]
        if let end = plan.interval.end {
            bodies.append(.stopped(target: second, at: end, note: nil))
            ids.append(EventID.random())
        }
        (bodies, ids) = Vault.tagging(bodies, ids: ids, tags: entry.tags)
        let appended = try vault.append(
            bodies, ids: ids, message: "alog: split \(entry.type) (\(entry.id)) at \(plan.at.iso8601)")
        return (plan, second, appended)
    }

    /// What `join` will write: the earlier timer, the later one, and the joined note.
    public struct JoinPlan: Sendable {
        public var first: Timeline.Interval
        public var second: Timeline.Interval
        public var note: String?
    }

    /// Throws what `join` would refuse: two different timers of one type, with no other
    /// timer's window between or over them (the gap between them, if any, is covered, as
    /// timewarrior's join covers it), and a joined note a note may hold.
    public func checkJoin(_ one: String, _ other: String) throws -> JoinPlan {
        let (a, b) = (try liveTimer(one), try liveTimer(other))
        guard a.entry.id != b.entry.id else { throw TimerError.joinSelf(entry: a.entry.id.description) }
        let (first, second) = a.start.seconds <= b.start.seconds ? (a, b) : (b, a)
        guard first.entry.type == second.entry.type else {
            throw TimerError.joinTypesDiffer(
                first: first.entry.id.description, firstType: first.entry.type,
                second: second.entry.id.description, secondType: second.entry.type)
        }
        let timeline = try vault.state().timeline
        let end = second.end?.seconds ?? Int64.max
        if let between = timeline.intervals.first(where: {
            $0.entry.id != first.entry.id && $0.entry.id != second.entry.id
                && $0.start.seconds < end && first.start.seconds < ($0.end?.seconds ?? Int64.max)
                && ($0.end?.seconds ?? Int64.max) > $0.start.seconds
        }) {
            throw TimerError.overlaps(
                entry: between.entry.id.description, type: between.entry.type, start: between.start,
                end: between.end)
        }
        // Both notes are kept, the earlier first; one alone is kept as it is.
        let notes = [first.entry.note, second.entry.note].compactMap { $0 }
        let note = notes.count == 2 && notes[0] != notes[1] ? notes.joined(separator: " · ") : notes.first
        if let note, let problem = NoteText.validate(note) { throw TimerError.joinedNote(reason: problem) }
        return JoinPlan(first: first, second: second, note: note)
    }

    /// Joins two timers of one type into one: the earlier one's window runs to the later
    /// one's end (or runs on, when the later one runs), with both notes; the later entry is
    /// deleted. One commit.
    public func join(_ one: String, _ other: String) throws -> (plan: JoinPlan, appended: Vault.Appended) {
        let plan = try checkJoin(one, other)
        let first = plan.first.entry
        var changes = EntryChanges(end: plan.second.end, clearsEnd: plan.second.end == nil && first.end != nil)
        if plan.note != first.note { changes.note = plan.note ?? "" }
        let edit: [EventBody] = changes.isEmpty ? [] : [.edited(target: first.id, changes: changes)]
        let appended = try vault.append(
            edit + [.deleted(target: plan.second.entry.id)],
            message: "alog: join \(first.type) \(first.id) and \(plan.second.entry.id)")
        return (plan, appended)
    }
}
