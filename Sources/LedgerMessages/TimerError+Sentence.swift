import LedgerCore
import LedgerOutput
package import LedgerVault

/// The words of each `TimerError`.
extension TimerError {
    /// What the refusal says to a person: what is wrong, where, and how to fix it.
    package var sentence: String {
        switch self {
        case .nothingRunning:
            "no timer is running; start one with 'alog start TYPE'"
        case .nothingToResume:
            "no stopped timer to resume; start one with 'alog start TYPE'"
        case .alreadyRunning(let type, let since):
            "a timer is running (\(type) since \(Render.clock(since)) on \(Render.date(since))); 'alog stop' first, or 'alog start TYPE' to switch"
        case .stopBeforeStart(let type, let since, let at):
            "cannot stop at \(at.iso8601): the running timer (\(type)) started at \(since.iso8601); give a later --at"
        case .overlaps(let entry, let type, let start, let end):
            "that window overlaps entry \(entry) (\(type), \(start.iso8601) to \(end?.iso8601 ?? "now")); choose another time, or add --adjust to trim that entry"
        case .notTimed(let entry):
            "entry \(entry) is an instant, not a timer; --start/--end apply to timers (use --at)"
        case .endBeforeStart(let start, let end):
            "the end \(end.iso8601) is before the start \(start.iso8601)"
        case .goalOutOfRange(let seconds, let limit):
            "a goal must be more than 0 and at most \(formatDuration(limit)) (got \(formatDuration(seconds)))"
        case .splitOutside(let entry, let type, let start, let end, let at):
            "\(at.iso8601) is not inside timer \(entry) (\(type), \(start.iso8601) to \(end?.iso8601 ?? "now")); give a time after its start and before its end"
        case .joinSelf(let entry):
            "give two different timers to join (both were \(entry))"
        case .joinTypesDiffer(let first, let firstType, let second, let secondType):
            "timer \(first) is \(firstType) and \(second) is \(secondType); only timers of one type join ('alog edit \(second) --type \(firstType)' first, if they belong together)"
        case .joinedNote(let reason):
            "the two notes together cannot be one note: \(reason); shorten one with 'alog edit ID --note' first"
        case .deletedTimer(let entry):
            "timer \(entry) is deleted; bring it back first with 'alog restore \(entry)'"
        case .noEndToMove(let entry, let type):
            "timer \(entry) (\(type)) is running, so it has no end to move; stop it with 'alog stop --at TIME', or give the end as a time: 'alog edit \(entry) --end TIME'"
        }
    }

}
