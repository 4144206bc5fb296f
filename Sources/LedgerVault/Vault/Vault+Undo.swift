import LedgerCore
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
        guard let last = mine.last?.event else { throw VaultError.nothingToUndo }
        let state = try state()
        guard let (body, text) = try reversal(of: last, state: state) else {
            if case .typeDefined(let definition) = last.body {
                try FileSystem.writeAtomically(stateFiles.undoLog, Array((log + "\(last.id)\n").utf8))
                return Undone(
                    description:
                        "could not undo defining the new type \(DisplayText.quoted(definition.name)) (alog cannot remove a type yet); passed over it, so 'alog undo' again reaches the action before",
                    appended: nil)
            }
            throw VaultError.nothingToUndo
        }
        let appended = try append(
            [body], message: "alog: undo \(last.body.kind) \(last.entryID?.description ?? last.id.description)")
        let line = ([last.id] + appended.events.map(\.id)).map(\.description).joined(separator: " ") + "\n"
        try FileSystem.writeAtomically(stateFiles.undoLog, Array((log + line).utf8))
        return Undone(description: text, appended: appended)
    }

    /// The event that reverses `event`, and what it does in words.
    /// Nil when it cannot be reversed.
    private func reversal(of event: Event, state: LedgerState) throws -> (EventBody, String)? {
        switch event.body {
        case .logged(let type, let at, _):
            guard state.entry(event.id)?.isDeleted == false else {
                throw VaultError.alreadyInState(
                    "the last action (log \(type) at \(at.iso8601), entry \(event.id)) is already undone: the entry is deleted; 'alog restore \(event.id)' brings it back"
                )
            }
            return (.deleted(target: event.id), "deleted entry \(event.id) (log \(type) at \(at.iso8601))")
        case .started(let type, let at, _, _):
            guard state.entry(event.id)?.isDeleted == false else {
                throw VaultError.alreadyInState(
                    "the last action (start \(type) at \(at.iso8601), entry \(event.id)) is already undone: the entry is deleted; 'alog restore \(event.id)' brings it back"
                )
            }
            return (.deleted(target: event.id), "deleted timer \(event.id) (start \(type) at \(at.iso8601))")
        case .stopped(let target, let at, _):
            throw VaultError.alreadyInState(
                "the last action stopped timer \(target) at \(at.iso8601); a stop cannot be taken back yet: 'alog resume' continues it as a new timer, 'alog edit \(target) --end TIME' moves its end"
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
            var type: String?
            var at: LocalInstant?
            var note: String?
            var end: LocalInstant?
            for record in try eventsTouching(target) where record.event.orderKey < event.orderKey {
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
                default: break
                }
            }
            let back = EntryChanges(
                type: changes.type == nil ? nil : type, at: changes.at == nil ? nil : at,
                note: changes.note == nil ? nil : (note ?? ""), end: changes.end == nil ? nil : end)
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
            guard let previous else { return nil }
            return (
                .typeDefined(previous),
                "put type \(definition.name) back as it was (\(previous.icon), \(previous.group.isEmpty ? "no group" : previous.group), \(previous.color.isEmpty ? "no colour" : previous.color))"
            )
        }
    }
}
