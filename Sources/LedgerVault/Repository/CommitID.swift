import LedgerGit

/// A commit's id as the vault reports it: callers of the vault see commits by their hex id and
/// never need the git wrapper's own types.
public struct CommitID: Hashable, Sendable, CustomStringConvertible {
    /// The 40 lower-case hex digits.
    public let hex: String

    public var description: String { hex }

    init(_ id: ObjectID) {
        hex = id.hex
    }
}
