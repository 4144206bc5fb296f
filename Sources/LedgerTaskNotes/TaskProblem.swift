public import LedgerCore

/// A note that looks like a task but cannot be read as one: where (its vault path and, when
/// known, the line in the file, from 1) and what is wrong. A listing reports it and goes on.
public struct TaskProblem: Error, Hashable, Sendable {
    /// What kind of trouble.
    public enum Kind: Hashable, Sendable {
        /// The frontmatter mentions `ems__Effort_status` but its YAML cannot be read (or is
        /// not a map of keys).
        case damagedFrontmatter
        /// The file or folder cannot be read (permissions, an I/O error), or its frontmatter
        /// does not close within the first MiB.
        case unreadable
    }

    public var kind: Kind
    /// The note's (or folder's) path in the vault, `/`-separated.
    public var path: String
    /// The line of the file the trouble is on, when known.
    public var line: Int?
    /// What is wrong, in a few words: the YAML reader's own (`mapping values are not allowed
    /// in this context`) or the system's (`Permission denied`).
    public var message: String

    public init(_ kind: Kind, path: String, line: Int?, message: String) {
        (self.kind, self.path, self.line, self.message) = (kind, path, line, message)
    }
}

extension TaskProblem: CodedError {
    /// `damagedFrontmatter` or `unreadableNote`.
    public var code: ErrorCode {
        switch kind {
        case .damagedFrontmatter: .damagedFrontmatter
        case .unreadable: .unreadableNote
        }
    }
}

extension TaskProblem: CustomStringConvertible {
    /// `path:line: message`, safe to print.
    public var description: String {
        let place = DisplayText.escaped(path) + (line.map { ":\($0)" } ?? "")
        return "\(place): \(DisplayText.escaped(message))"
    }
}
