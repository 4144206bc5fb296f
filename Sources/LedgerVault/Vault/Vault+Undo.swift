import LedgerCore
import LedgerEnvironment
import LedgerSystem

/// `alog undo`: the last action of this device, reversed by new events (nothing is rewritten).
/// Which events were undone, and which events did the undoing, is per-clone state
/// (`.git/alog/undo`, one line per undo: the undone event's id, then the ids written), so a
/// second undo reaches the action before, and an undo is never itself undone by the next one.
extension Vault {
    /// What `undo` did, in words, and the commit.
    public struct Undone: Sendable {
        public var description: String
        /// Nil when the action cannot be reversed (defining a new type): it is passed over,
        /// so the next undo reaches the action before.
        public var appended: Appended?
    }

    public func undo() throws -> Undone {
        let log = try FileSystem.readString(stateFiles.undoLog) ?? ""
        var skipped: Set<String> = []
        for line in log.split(separator: "\n") { skipped.formUnion(line.split(separator: " ").map(String.init)) }
        let mine = try auditTrail { $0.device == self.device.id && !skipped.contains($0.id.description) }
        guard let lastRecord = mine.last else { throw VaultError.nothingToUndo }
        let last = lastRecord.event
        // A start that switched from a running timer (or trimmed a neighbour, `--adjust`) wrote
        // the stop and the trims in its own commit: they are one action, undone together, so
        // the timer it stopped runs again.
        var action = [last]
        if case .started = last.body {
            action = mine.filter { $0.commit == lastRecord.commit }.map(\.event).filter {
                switch $0.body {
                case .started, .stopped: true
                case .edited(_, let changes): changes.end != nil
                default: false
                }
            }
        }
        let state = try state()
        var bodies: [EventBody] = []
        var texts: [String] = []
        for event in action.reversed() {
            guard let (body, text) = try reversal(of: event, state: state, alsoUndone: action) else {
                throw VaultError.nothingToUndo
            }
            bodies.append(body)
            texts.append(text)
        }
        let text = texts.joined(separator: "; ")
        let appended = try append(
            bodies, message: "alog: undo \(last.body.kind) \(last.entryID?.description ?? last.id.description)")
        let line = (action.map(\.id) + appended.events.map(\.id)).map(\.description).joined(separator: " ") + "\n"
        try FileSystem.writeAtomically(stateFiles.undoLog, Array((log + line).utf8))
        return Undone(description: text, appended: appended)
    }

    /// The event that reverses `event`, and what it does in words.
    /// Nil when it cannot be reversed.
    /// `alsoUndone`: the other events of the same action (a timer they started is going away).
    private func reversal(of event: Event, state: LedgerState, alsoUndone: [Event] = []) throws -> (EventBody, String)?
    {
        switch event.body {
        case .logged(let type, let at, _):
            guard state.entry(event.id)?.isDeleted == false else {
                throw VaultError.alreadyInState(
                    "the last action (log \(type) at \(Self.viewed(at)), entry \(event.id)) is already undone: the entry is deleted; 'alog restore \(event.id)' brings it back"
                )
            }
            return (.deleted(target: event.id), "deleted entry \(event.id) (log \(type) at \(Self.viewed(at)))")
        case .started(let type, let at, _, _):
            guard state.entry(event.id)?.isDeleted == false else {
                throw VaultError.alreadyInState(
                    "the last action (start \(type) at \(Self.viewed(at)), entry \(event.id)) is already undone: the entry is deleted; 'alog restore \(event.id)' brings it back"
                )
            }
            return (.deleted(target: event.id), "deleted timer \(event.id) (start \(type) at \(Self.viewed(at)))")
        case .stopped(let target, let at, let note):
            guard let entry = state.entry(target), entry.isTimed else { throw VaultError.nothingToUndo }
            guard entry.end == at else {
                throw VaultError.alreadyInState(
                    "the last action stopped timer \(target) at \(Self.viewed(at)), but its end has changed since ("
                        + (entry.end.map { "now \(Self.viewed($0))" } ?? "it runs again")
                        + "); 'alog edit \(target) --end TIME' sets it")
            }
            // The note a stop gave goes back to what it was before.
            let before = try fields(of: target, before: event)
            let changes = EntryChanges(note: note == nil ? nil : (before.note ?? ""), clearsEnd: true)
            let goingAway = Set(alsoUndone.map(\.id))
            let next = state.timeline.intervals.first {
                $0.entry.id != target && !goingAway.contains($0.entry.id) && $0.start.seconds >= at.seconds
            }
            let runs =
                next.map { "it runs again, until the \($0.entry.type) timer that starts at \(Self.viewed($0.start))" }
                ?? "it runs again"
            return (
                .edited(target: target, changes: changes),
                "took back the stop of \(entry.type) timer \(target): \(runs)"
            )
        case .goalSet(let type, _):
            let earlier = try auditTrail {
                if case .goalSet(let other, _) = $0.body { return other == type }
                return false
            }.last { $0.event.orderKey < event.orderKey }
            let previous: Int64 = if case .goalSet(_, let seconds)? = earlier?.event.body { seconds } else { 0 }
            return (
                .goalSet(type: type, seconds: previous),
                previous == 0
                    ? "removed the daily goal of \(type) again"
                    : "put the daily goal of \(type) back to \(formatDuration(previous))"
            )
        case .deleted(let target):
            return (.restored(target: target), "restored entry \(target)")
        case .restored(let target):
            return (.deleted(target: target), "deleted entry \(target) again")
        case .edited(let target, let changes):
            // The fields as they were just before this edit.
            let before = try fields(of: target, before: event)
            let back = EntryChanges(
                type: changes.type == nil ? nil : before.type, at: changes.at == nil ? nil : before.at,
                note: changes.note == nil ? nil : (before.note ?? ""),
                end: changes.end == nil && !changes.clearsEnd ? nil : before.end,
                clearsEnd: (changes.end != nil || changes.clearsEnd) && before.end == nil)
            guard !back.isEmpty else { throw VaultError.nothingToUndo }
            return (.edited(target: target, changes: back), "put entry \(target) back as it was before the edit")
        case .typeDefined(let definition):
            let earlier = try auditTrail {
                if case .typeDefined(let other) = $0.body { return other.name == definition.name }
                return false
            }.last { $0.event.orderKey < event.orderKey }
            let previous: ActivityTypeDefinition? =
                if case .typeDefined(let other)? = earlier?.event.body { other } else {
                    ActivityTypes.builtIn(definition.name)
                }
            guard let previous else {
                // The type was new: undoing its definition removes it again.
                var removed = definition
                removed.archived = true
                return (.typeDefined(removed), "removed the new type \(definition.name) again")
            }
            return (
                .typeDefined(previous),
                "put type \(definition.name) back as it was (\(previous.icon), \(previous.group.isEmpty ? "no group" : previous.group), \(previous.color.isEmpty ? "no colour" : previous.color))"
            )
        }
    }

    /// An entry's fields as the events of it before `event` (in the fold's order) left them.
    private func fields(of target: EventID, before event: Event) throws -> (
        type: String?, at: LocalInstant?, note: String?, end: LocalInstant?
    ) {
        var type: String?
        var at: LocalInstant?
        var note: String?
        var end: LocalInstant?
        // Each field is a last-writer-wins register: the latest earlier event that set it.
        for record in try eventsTouching(target).sorted(by: { $0.event.orderKey < $1.event.orderKey })
        where record.event.orderKey < event.orderKey {
            switch record.event.body {
            case .logged(let loggedType, let loggedAt, let loggedNote),
                .started(let loggedType, let loggedAt, let loggedNote, _):
                (type, at, note) = (loggedType, loggedAt, loggedNote)
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

extension Vault {
    /// An instant in undo's messages: ISO 8601 on the viewer's clock (the entry may have been
    /// recorded in another zone).
    static func viewed(_ at: LocalInstant) -> String { SystemTimeZone().localInstant(at: at.seconds).iso8601 }
}
