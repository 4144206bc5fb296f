import LedgerCore
import LedgerOutput
package import LedgerVault

extension VaultUndo.Undone {
    /// What `undo` did, its steps joined; when nothing was left to reverse, that the action was
    /// passed over.
    package var sentence: String {
        let text = steps.map(\.sentence).joined(separator: "; ")
        return appended == nil ? text + "; passed over it, so 'alog undo' again reaches the action before" : text
    }
}

extension UndoStep {
    /// One step in words.
    package var sentence: String {
        switch self {
        case .deleted(let entry, let type, let at, let timed):
            "deleted \(timed ? "timer" : "entry") \(entry) (\(timed ? "start" : "log") \(type) at \(viewed(at)))"
        case .alreadyDeleted(let entry, let type, let at, let timed):
            "the \(timed ? "start" : "log") of \(type) at \(viewed(at)) (\(timed ? "timer" : "entry") \(entry)) is already deleted; 'alog restore \(entry)' brings it back"
        case .notInLedger(let entry, .stop):
            "the timer \(entry) the stop ended is not in the ledger"
        case .notInLedger(let entry, .edit):
            "the entry \(entry) the edit changed is not in the ledger"
        case .notInLedger(let entry, .tag):
            "the entry \(entry) the tags were on is not in the ledger"
        case .entryDeleted(let entry, let timed):
            "\(timed ? "timer" : "entry") \(entry) is deleted; 'alog restore \(entry)' brings it back"
        case .stopOvertaken(let timer, let type, let at):
            "the stop of \(type) timer \(timer) at \(viewed(at)) was overtaken by a later change; nothing to take back"
        case .stopTakenBack(let timer, let type, let end?, _):
            "took back the stop of \(type) timer \(timer): it ends at \(viewed(end)) again, where another stop put it"
        case .stopTakenBack(let timer, let type, nil, let next):
            "took back the stop of \(type) timer \(timer): "
                + (next.map { "it runs again, until the \($0.type) timer that starts at \(viewed($0.start))" }
                    ?? "it runs again")
        case .goalPutBack(let type, 0):
            "removed the daily goal of \(type) again"
        case .goalPutBack(let type, let seconds):
            "put the daily goal of \(type) back to \(formatDuration(seconds))"
        case .restored(let entry):
            "restored entry \(entry)"
        case .deletedAgain(let entry):
            "deleted entry \(entry) again"
        case .editOvertaken(let entry):
            "the edit of entry \(entry) was overtaken by later changes; nothing to put back"
        case .editPutBack(let entry):
            "put entry \(entry) back as it was before the edit"
        case .typeRemovedAgain(let name, false):
            "removed the new type \(name) again"
        case .typeRemovedAgain(let name, true):
            "removed type \(name) again (it had been removed before)"
        case .typePutBack(let previous):
            "put type \(previous.name) back as it was (\(previous.icon), \(previous.group.isEmpty ? "no group" : previous.group), \(previous.color.isEmpty ? "no colour" : previous.color))"
        case .favoritePutBack(let type, true):
            "made \(type) a favorite again"
        case .favoritePutBack(let type, false):
            "\(type) is no longer a favorite"
        case .orderPutBack(let types) where types.isEmpty:
            "types are listed by name again"
        case .orderPutBack(let types):
            "put the type order back to " + types.joined(separator: " ")
        case .renamedBack(let from, let to):
            "renamed type \(from) back to \(to)"
        case .tagsTakenBack(let entry, let tags, true):
            "took \(Render.tags(tags)) off entry \(entry) again"
        case .tagsTakenBack(let entry, let tags, false):
            "put \(Render.tags(tags)) back on entry \(entry)"
        case .tagsOvertaken(let entry, let on):
            "the \(on ? "tags put on" : "tags taken off") entry \(entry) were changed since; nothing to take back"
        }
    }
}

/// An instant in undo's words as history shows it, `HH:MM YYYY-MM-DD` on the viewer's clock
/// (the entry may have been recorded in another zone).
private func viewed(_ at: LocalInstant) -> String { "\(Render.clock(at)) \(Render.date(at))" }
