public import LedgerCore
import LedgerEnvironment
import LedgerGit
import LedgerGitLayout
import LedgerSystem

extension Vault {
    /// Undo of this device's actions.
    public var undoing: VaultUndo { VaultUndo(vault: self) }
}

/// Undo, a service over a `Vault`: the last action of this device, reversed by new events
/// (nothing is rewritten). Which events were undone, and which events did the undoing, is
/// per-clone state (`.git/alog/undo`, one line per undo: the undone event's id, then the ids
/// written), so a second undo reaches the action before, and an undo is never itself undone by
/// the next one.
public struct VaultUndo {
    public let vault: Vault

    /// What `undo` did, one step per event of the action (newest first), and the commit.
    public struct Undone: Sendable {
        public var steps: [UndoStep]
        /// Nil when nothing was left to reverse (another device deleted the entry, or changed
        /// the field since): the action is passed over, so the next undo reaches the one before.
        public var appended: Vault.Appended?
    }

    public func undo() throws -> Undone {
        let log = try FileSystem.readString(vault.stateFiles.undoLog) ?? ""
        var undoneBefore: Set<String> = []
        for line in log.split(separator: "\n") { undoneBefore.formUnion(line.split(separator: " ").map(String.init)) }
        // What day notes asked for (a typed line, a changed or removed line) is no action of a
        // command: undo passes over it (undo it by editing the note, or `delete`/`restore`). It
        // still stands for what a field goes back to (`leftOut` below leaves only undone ones out).
        let skipped = undoneBefore.union(vault.dayNoteEventIDs)
        let mine = try vault.auditTrail { $0.device == vault.device.id && !skipped.contains($0.id.description) }
        guard let lastRecord = mine.last else { throw VaultError.nothingToUndo }
        let last = lastRecord.event
        // A start that switched from a running timer, or a start or window edit that trimmed a
        // neighbour (`--adjust`), wrote the stop and the trims in its own commit: they are one
        // action, undone together, so the timer it stopped runs again and the trimmed one
        // gets its window back.
        // A window recorded at once (`track`, an import) is its start and its stop in one
        // commit: one action too, undone by deleting the entry (its stop needs no reversal).
        // So are `split` (an edit and a new timer), `join` (an edit and a delete) and an import
        // that restored entries an earlier one added.
        var action = [last]
        // Every event the undo accounts for, the stops of timers it deletes included: all go
        // to the undo log, so the next undo never reaches back into this action (a track's
        // stop would otherwise be "undone" next, as a second step).
        var covered = action
        // The type definitions of the action's commit, and the entries it made (an import's).
        var defined: [Event] = []
        var madeHere = Set<EventID>()
        switch last.body {
        case .started, .edited, .stopped, .deleted, .restored, .tagged:
            // A tagged log or start is its log and its tags in one commit.
            let sameCommit = mine.filter { $0.commit == lastRecord.commit }.map(\.event)
            action = sameCommit.filter {
                switch $0.body {
                case .started, .stopped, .edited, .deleted, .restored, .tagged: true
                case .logged: if case .tagged = last.body { true } else { false }
                default: false
                }
            }
            covered = action
            let startedHere = Set(
                action.compactMap {
                    switch $0.body {
                    case .started, .logged: $0.id
                    default: nil
                    }
                })
            // Deleting an entry made here takes its stop and its tags with it.
            action.removeAll {
                switch $0.body {
                case .stopped(let target, _, _), .tagged(let target, _, _): startedHere.contains(target)
                default: false
                }
            }
            defined = sameCommit.filter {
                // A task start defines the tasks' own type on first use: that one stays.
                if case .typeDefined(let definition) = $0.body {
                    !definition.archived && definition.name != VaultTasks.defaultType.name
                } else {
                    false
                }
            }
            madeHere = startedHere
        default: break
        }
        let state = try vault.state()
        // Types an import defined in the commit of the entries it added go with them, unless a
        // live entry made since has one of them (the type then stays, as it is in use).
        if !defined.isEmpty {
            var inUse = Set<String>()
            for entry in state.allEntries where !entry.isDeleted && !madeHere.contains(entry.id) {
                inUse.insert(entry.type)
            }
            let going = defined.filter {
                if case .typeDefined(let definition) = $0.body { !inUse.contains(definition.name) } else { false }
            }
            action = going + action
            covered = going + covered
        }
        let history = try undoHistory(for: action)
        let undone = Set(action.map(\.id))
        // What a field goes back to leaves out this action and every action undone before
        // (and the events that undid them): two undos of two edits of one note bring back the
        // note before both.
        let leftOut = undone.union(undoneBefore.compactMap { EventID($0) })
        var bodies: [EventBody] = []
        var steps: [UndoStep] = []
        for event in action.reversed() {
            let (body, step) = reversal(
                of: event, state: state, history: history, undone: undone, leftOut: leftOut)
            if let body { bodies.append(body) }
            steps.append(step)
        }
        // Nothing left to reverse (another device got there first): the action is passed over,
        // so the next undo reaches the one before rather than stopping here for good.
        guard !bodies.isEmpty else {
            let line = covered.map(\.id.description).joined(separator: " ") + "\n"
            try FileSystem.writeAtomically(vault.stateFiles.undoLog, Array((log + line).utf8))
            return Undone(steps: steps, appended: nil)
        }
        let appended = try vault.append(
            bodies, message: "alog: undo \(last.body.kind) \(last.entryID?.description ?? last.id.description)",
            notes: noteRestores(for: action, commit: lastRecord.commit))
        let line = (covered.map(\.id) + appended.events.map(\.id)).map(\.description).joined(separator: " ") + "\n"
        try FileSystem.writeAtomically(vault.stateFiles.undoLog, Array((log + line).utf8))
        return Undone(steps: steps, appended: appended)
    }

    /// A task start wrote its note's status in its own commit: the note as that commit's
    /// parent held it goes back in the undo's commit, while the working copy still holds what
    /// the start wrote (a note changed since keeps the user's text, as `NoteChange` does). A
    /// note the start added to git (untracked before) has no earlier version to go back to.
    private func noteRestores(for action: [Event], commit: CommitID) -> [NoteChange] {
        let task = action.lazy.compactMap { event -> TaskRef? in
            if case .started(_, _, _, _, let task?, _) = event.body { task } else { nil }
        }.first
        guard let task, let id = ObjectID(hex: commit.hex), let repository = try? vault.repository,
            let info = try? repository.commit(id), let parent = info.parents.first,
            let written = try? blob(task.path, tree: info.tree, in: repository),
            let parentTree = try? repository.commit(parent).tree,
            let before = try? blob(task.path, tree: parentTree, in: repository), before != written,
            (try? FileSystem.read(vault.root + "/" + task.path)) == written
        else { return [] }
        return [NoteChange(path: task.path, before: written, after: before)]
    }

    /// The bytes of the file at `path` in `tree`; nil when it is not there.
    private func blob(_ path: String, tree: ObjectID, in repository: Repository) throws -> [UInt8]? {
        guard let entry = try repository.treeEntry(atPath: path, in: tree), entry.kind == .blob else { return nil }
        return try repository.readBlob(entry.id)
    }

    /// The event that reverses `event` (one of the `undone` action's), and the step it is;
    /// no event when there is nothing left to reverse. An entry's fields are last-writer-wins
    /// registers, so what an edit or a stop is reversed to is the value the entry would have
    /// without the undone action: a later change from another device stands.
    /// `leftOut`: `undone` and the earlier undone actions with their reversals.
    private func reversal(
        of event: Event, state: LedgerState, history: UndoHistory, undone: Set<EventID>, leftOut: Set<EventID>
    ) -> (EventBody?, UndoStep) {
        switch event.body {
        case .logged(let type, let at, _), .started(let type, let at, _, _, _, _):
            let timed = event.body.kind != "log"
            guard state.entry(event.id)?.isDeleted == false else {
                return (nil, .alreadyDeleted(entry: event.id.description, type: type, at: at, timed: timed))
            }
            return (.deleted(target: event.id), .deleted(entry: event.id.description, type: type, at: at, timed: timed))
        case .stopped(let target, let at, let note):
            guard let entry = state.entry(target), entry.isTimed else {
                return (nil, .notInLedger(entry: target.description, by: .stop))
            }
            guard !entry.isDeleted else { return (nil, .entryDeleted(entry: target.description, timed: true)) }
            let rest = Self.fields(history.touching[target] ?? [], without: leftOut)
            var changes = EntryChanges()
            if rest.end != entry.end {
                if let end = rest.end { changes.end = end } else { changes.clearsEnd = true }
            }
            // The stop's note goes back to the one before, unless a later note replaced it.
            let stopNote = note.flatMap { $0.isEmpty ? nil : $0 }
            if note != nil, entry.note == stopNote, rest.note != entry.note { changes.note = rest.note ?? "" }
            guard !changes.isEmpty else {
                return (nil, .stopOvertaken(timer: target.description, type: entry.type, at: at))
            }
            if let end = rest.end {
                return (
                    .edited(target: target, changes: changes),
                    .stopTakenBack(timer: target.description, type: entry.type, endsAt: end, next: nil)
                )
            }
            let next = state.timeline.intervals.first {
                $0.entry.id != target && !undone.contains($0.entry.id) && $0.start.seconds >= at.seconds
            }
            return (
                .edited(target: target, changes: changes),
                .stopTakenBack(
                    timer: target.description, type: entry.type, endsAt: nil,
                    next: next.map { UndoStep.Next(type: $0.entry.type, start: $0.start) })
            )
        case .goalSet(let type, _):
            let earlier = history.goals[type]?.last { $0.event.orderKey < event.orderKey }
            let previous: Int64 = if case .goalSet(_, let seconds)? = earlier?.event.body { seconds } else { 0 }
            return (.goalSet(type: type, seconds: previous), .goalPutBack(type: type, seconds: previous))
        case .favoriteSet(let type, _):
            let earlier = history.favorites[type]?.last { $0.event.orderKey < event.orderKey }
            let previous = if case .favoriteSet(_, let on)? = earlier?.event.body { on } else { false }
            return (.favoriteSet(type: type, on: previous), .favoritePutBack(type: type, on: previous))
        case .orderSet:
            let earlier = history.orders.last { $0.event.orderKey < event.orderKey }
            let previous = if case .orderSet(let types)? = earlier?.event.body { types } else { [String]() }
            return (.orderSet(types: previous), .orderPutBack(previous))
        case .renamed(let from, let to):
            return (.renamed(from: to, to: from), .renamedBack(from: to, to: from))
        case .deleted(let target):
            return (.restored(target: target), .restored(entry: target.description))
        case .restored(let target):
            return (.deleted(target: target), .deletedAgain(entry: target.description))
        case .edited(let target, let changes):
            guard let entry = state.entry(target) else {
                return (nil, .notInLedger(entry: target.description, by: .edit))
            }
            guard !entry.isDeleted else { return (nil, .entryDeleted(entry: target.description, timed: false)) }
            // Each field the edit set, as the entry's other events leave it.
            let rest = Self.fields(history.touching[target] ?? [], without: leftOut)
            var back = EntryChanges()
            if changes.type != nil, let type = rest.type, type != entry.type { back.type = type }
            if changes.at != nil, let at = rest.at, at != entry.at { back.at = at }
            if changes.note != nil, rest.note != entry.note { back.note = rest.note ?? "" }
            if changes.end != nil || changes.clearsEnd, rest.end != entry.end {
                if let end = rest.end { back.end = end } else { back.clearsEnd = true }
            }
            guard !back.isEmpty else {
                return (nil, .editOvertaken(entry: target.description))
            }
            return (.edited(target: target, changes: back), .editPutBack(entry: target.description))
        case .tagged(let target, let tags, let on):
            guard let entry = state.entry(target) else {
                return (nil, .notInLedger(entry: target.description, by: .tag))
            }
            guard !entry.isDeleted else { return (nil, .entryDeleted(entry: target.description, timed: entry.isTimed)) }
            // Each tag the event set goes back to its mark without this action, where it still
            // holds what the event set (a later tag or untag stands).
            let before = Self.tagMarks(history.touching[target] ?? [], without: leftOut)
            let back = tags.filter { tag in entry.tags.contains(tag) == on && before.contains(tag) != on }
            guard !back.isEmpty else { return (nil, .tagsOvertaken(entry: target.description, on: on)) }
            return (
                .tagged(target: target, tags: back, on: !on),
                .tagsTakenBack(entry: target.description, tags: back, on: on)
            )
        case .typeDefined(let definition):
            let earlier = history.definitions[definition.name]?.last { $0.event.orderKey < event.orderKey }
            let previous: ActivityTypeDefinition? =
                if case .typeDefined(let other)? = earlier?.event.body { other } else {
                    ActivityTypes.builtIn(definition.name)
                }
            guard let previous else {
                // The type was new: undoing its definition removes it again.
                var removed = definition
                removed.archived = true
                return (.typeDefined(removed), .typeRemovedAgain(definition.name, wasRemovedBefore: false))
            }
            if previous.archived {
                return (.typeDefined(previous), .typeRemovedAgain(definition.name, wasRemovedBefore: true))
            }
            return (.typeDefined(previous), .typePutBack(previous))
        }
    }

    /// The earlier events the reversals of `action` read, from one walk of the history shared
    /// by all of them: every event of each entry a stop or an edit changed (what its fields go
    /// back to), and the earlier goals and definitions of each type a goal or a definition
    /// set. No walk at all when the action needs none of these (a log, a start, a delete, a
    /// restore: the folded state says all). So an undo reads the history at most twice (this
    /// device's actions, then this), however many events the action holds.
    private func undoHistory(for action: [Event]) throws -> UndoHistory {
        var entries: Set<EventID> = []
        var goalTypes: Set<String> = []
        var typeNames: Set<String> = []
        var favoriteTypes: Set<String> = []
        var orders = false
        for event in action {
            switch event.body {
            case .stopped(let target, _, _), .edited(let target, _), .tagged(let target, _, _): entries.insert(target)
            case .goalSet(let type, _): goalTypes.insert(type)
            case .typeDefined(let definition): typeNames.insert(definition.name)
            case .favoriteSet(let type, _): favoriteTypes.insert(type)
            case .orderSet: orders = true
            default: break
            }
        }
        var history = UndoHistory()
        guard !entries.isEmpty || !goalTypes.isEmpty || !typeNames.isEmpty || !favoriteTypes.isEmpty || orders
        else { return history }
        let records = try vault.auditTrail { event in
            switch event.body {
            case .goalSet(let type, _): goalTypes.contains(type)
            case .typeDefined(let definition): typeNames.contains(definition.name)
            case .favoriteSet(let type, _): favoriteTypes.contains(type)
            case .orderSet: orders
            default: event.entryID.map(entries.contains) ?? false
            }
        }
        for record in records {
            switch record.event.body {
            case .goalSet(let type, _): history.goals[type, default: []].append(record)
            case .favoriteSet(let type, _): history.favorites[type, default: []].append(record)
            case .orderSet: history.orders.append(record)
            case .typeDefined(let definition): history.definitions[definition.name, default: []].append(record)
            default: if let entry = record.event.entryID { history.touching[entry, default: []].append(record) }
            }
        }
        return history
    }

    /// What `undoHistory` gathered, each list oldest first (in the audit trail's order).
    private struct UndoHistory {
        /// Entry → every event that touched it (its log or start, edits, stops, deletes, restores).
        var touching: [EventID: [Vault.AuditRecord]] = [:]
        /// Type → its goal events.
        var goals: [String: [Vault.AuditRecord]] = [:]
        /// Type name → its definitions.
        var definitions: [String: [Vault.AuditRecord]] = [:]
        /// Type → its favorite events.
        var favorites: [String: [Vault.AuditRecord]] = [:]
        /// Every order event.
        var orders: [Vault.AuditRecord] = []
    }

    /// The tags an entry's events (`records`) other than `undone` leave on it (each tag is a
    /// last-writer-wins register).
    private static func tagMarks(_ records: [Vault.AuditRecord], without undone: Set<EventID>) -> Set<String> {
        var on: Set<String> = []
        for record in records.sorted(by: { $0.event.orderKey < $1.event.orderKey })
        where !undone.contains(record.event.id) {
            guard case .tagged(_, let tags, let put) = record.event.body else { continue }
            if put { on.formUnion(tags) } else { on.subtract(tags) }
        }
        return on
    }

    /// An entry's fields as its events (`records`) other than `undone` leave them (each field is
    /// a last-writer-wins register: the latest event, by order key, that set it).
    private static func fields(_ records: [Vault.AuditRecord], without undone: Set<EventID>) -> (
        type: String?, at: LocalInstant?, note: String?, end: LocalInstant?
    ) {
        var type: String?
        var at: LocalInstant?
        var note: String?
        var end: LocalInstant?
        for record in records.sorted(by: { $0.event.orderKey < $1.event.orderKey })
        where !undone.contains(record.event.id) {
            switch record.event.body {
            case .logged(let loggedType, let loggedAt, let loggedNote),
                .started(let loggedType, let loggedAt, let loggedNote, _, _, _):
                (type, at, note) = (loggedType, loggedAt, loggedNote.flatMap { $0.isEmpty ? nil : $0 })
            case .stopped(_, let stoppedAt, let stoppedNote):
                end = stoppedAt
                if let value = stoppedNote { note = value.isEmpty ? nil : value }
            case .edited(_, let earlier):
                if let value = earlier.type { type = value }
                if let value = earlier.at { at = value }
                if let value = earlier.note { note = value.isEmpty ? nil : value }
                if let value = earlier.end { end = value }
                if earlier.clearsEnd { end = nil }
            default: break
            }
        }
        return (type, at, note, end)
    }
}

/// One event of an undone action and what undoing it did (or why nothing was left to do), as
/// data; LedgerMessages says it in words.
public enum UndoStep: Sendable, Equatable {
    /// The event that a step's entry came from.
    public enum Source: Sendable, Equatable {
        case stop, edit, tag
    }

    /// The timer that runs after one whose stop was taken back.
    public struct Next: Sendable, Equatable {
        public var type: String
        public var start: LocalInstant
    }

    /// A log or start undone: the entry (a timer when `timed`) is deleted.
    case deleted(entry: String, type: String, at: LocalInstant, timed: Bool)
    /// A log or start whose entry another device already deleted.
    case alreadyDeleted(entry: String, type: String, at: LocalInstant, timed: Bool)
    /// The entry a stop or an edit changed is not in the ledger.
    case notInLedger(entry: String, by: Source)
    /// The entry a stop or edit changed is deleted now.
    case entryDeleted(entry: String, timed: Bool)
    /// A later change replaced what the stop set.
    case stopOvertaken(timer: String, type: String, at: LocalInstant)
    /// The stop is taken back: the timer ends at `endsAt` (where another stop put it), or runs
    /// again (until the `next` timer, if one starts later).
    case stopTakenBack(timer: String, type: String, endsAt: LocalInstant?, next: Next?)
    /// A goal goes back to `seconds` (0: no goal).
    case goalPutBack(type: String, seconds: Int64)
    case restored(entry: String)
    case deletedAgain(entry: String)
    case editOvertaken(entry: String)
    case editPutBack(entry: String)
    /// A type definition undone by removing the type (it was new, or removed before).
    case typeRemovedAgain(String, wasRemovedBefore: Bool)
    case typePutBack(ActivityTypeDefinition)
    /// A type is a favorite again (`on`), or no longer.
    case favoritePutBack(type: String, on: Bool)
    /// The listing order goes back to `types` (empty: by name).
    case orderPutBack([String])
    /// A rename undone by renaming back.
    case renamedBack(from: String, to: String)
    /// Tags put on (`on`) or taken off an entry: taken off or put back again.
    case tagsTakenBack(entry: String, tags: [String], on: Bool)
    /// A later tag or untag replaced what the event set.
    case tagsOvertaken(entry: String, on: Bool)
}
