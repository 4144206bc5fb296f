public import LedgerCore
internal import LedgerEnvironment

/// Why a timer command was refused. Nothing is written when one is thrown.
public enum TimerError: Error, Equatable {
    case nothingRunning
    case nothingToResume
    case alreadyRunning(type: String, since: LocalInstant)
    case stopBeforeStart(type: String, since: LocalInstant, at: LocalInstant)
    case overlaps(entry: String, type: String, start: LocalInstant, end: LocalInstant?)
    case notTimed(entry: String)
    case endBeforeStart(start: LocalInstant, end: LocalInstant)
    case goalOutOfRange(seconds: Int64, limit: Int64)
    /// `--end +5m`, `lengthen` or `shorten` of a running timer: it has no end to move.
    case noEndToMove(entry: String, type: String)
    /// `continue ID`, `split` or `join` of a deleted timer.
    case deletedTimer(entry: String)
    /// `split` at a time outside the window (or at its very start or end).
    case splitOutside(entry: String, type: String, start: LocalInstant, end: LocalInstant?, at: LocalInstant)
    /// `join` of a timer with itself.
    case joinSelf(entry: String)
    /// `join` of two timers of different types.
    case joinTypesDiffer(first: String, firstType: String, second: String, secondType: String)
    /// `join` whose two notes together are more than a note may hold.
    case joinedNote(reason: String)

}

extension TimerError: CodedError {
    /// The stable code of each case (docs/cli.md, "Error codes").
    public var code: ErrorCode {
        switch self {
        case .nothingRunning: .nothingRunning
        case .nothingToResume: .nothingToResume
        case .alreadyRunning: .alreadyRunning
        case .stopBeforeStart: .stopBeforeStart
        case .overlaps: .overlaps
        case .notTimed: .notTimed
        case .endBeforeStart: .endBeforeStart
        case .goalOutOfRange: .goalOutOfRange
        case .noEndToMove: .noEndToMove
        case .deletedTimer: .deletedTimer
        case .splitOutside: .splitOutside
        case .joinSelf: .joinSelf
        case .joinTypesDiffer: .joinTypesDiffer
        case .joinedNote: .joinedNote
        }
    }
}
