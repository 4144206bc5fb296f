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

}

extension TimerError: CodedError {
    /// The stable code of each case (docs/cli.md, "Error codes").
    public var code: String {
        switch self {
        case .nothingRunning: "nothingRunning"
        case .nothingToResume: "nothingToResume"
        case .alreadyRunning: "alreadyRunning"
        case .stopBeforeStart: "stopBeforeStart"
        case .overlaps: "overlaps"
        case .notTimed: "notTimed"
        case .endBeforeStart: "endBeforeStart"
        case .goalOutOfRange: "goalOutOfRange"
        }
    }
}
