/// A user's note changed at their request (a task's status, `alog task`): committed with the
/// events of the same action. `after` was computed from `before`, the working copy as read; the
/// working copy is replaced only while it still holds `before` (a note the user changed again
/// in the meantime keeps their text, and the difference shows in git as theirs).
public struct NoteChange: Sendable, Equatable {
    /// Vault-relative, `/`-separated.
    public var path: String
    /// nil: the note was not there (a note created by the change).
    public var before: [UInt8]?
    public var after: [UInt8]

    public init(path: String, before: [UInt8]?, after: [UInt8]) {
        (self.path, self.before, self.after) = (path, before, after)
    }
}
