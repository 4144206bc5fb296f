package import LedgerCore

/// Why the drain could not commit a queued tap, as data, and its words: the drain keeps the
/// sentence beside the item (`failures` in the widget's folder), so `widget pending`, the status
/// bar and the front show it without git.
package enum DrainRefusal: Sendable, Equatable {
    /// The tap's type was removed (`types remove`).
    case removedType(String)
    /// The tap's type is not defined in the vault.
    case unknownType(String)
    /// The tap's time is ahead of the clock by more than the tolerance.
    case inTheFuture(LocalInstant, aheadBy: Int64)
    case before1970
    /// A quick remove found no live entry of the type on that day.
    case nothingToRemove(type: String, date: CivilDate)

    package var sentence: String {
        switch self {
        case .removedType(let type):
            "type \(DisplayText.quoted(type)) was removed ('alog types remove'); 'alog types add \(type)' on any device brings it back"
        case .unknownType(let type):
            "unknown activity type \(DisplayText.quoted(type)); add it with 'alog types add \(type)' on any device"
        case .inTheFuture(let instant, let ahead):
            "\(instant.iso8601) is \(formatDuration(ahead)) in the future; entries record what already happened"
        case .before1970:
            "the time is before 1970"
        case .nothingToRemove(let type, let date):
            "no live \(type) entry on \(date.iso) to remove"
        }
    }
}
