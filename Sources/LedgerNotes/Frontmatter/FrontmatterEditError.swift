public import LedgerCore

/// Why a frontmatter edit refused: the note is left as it was. Lines are the note's, from 1
/// (the opening `---` is line 1).
public enum FrontmatterEditError: Error, Equatable, Sendable {
    /// The key is set more than once at the top level of the frontmatter, on these lines:
    /// which one counts depends on the reader, so none is changed.
    case duplicateKey(String, lines: [Int])
    /// The note's first line is `---` but no `---` line closes the frontmatter.
    case unclosedFrontmatter
    /// A line of the frontmatter that cannot be read as part of a top-level `key: value` map
    /// (an indented line where a key belongs, a list at the top, a quote never closed).
    case unreadableLine(Int, reason: String)
}

extension FrontmatterEditError: CodedError {
    /// The stable code of each case.
    public var code: ErrorCode {
        switch self {
        case .duplicateKey: .duplicateFrontmatterKey
        case .unclosedFrontmatter: .unclosedFrontmatter
        case .unreadableLine: .unreadableFrontmatter
        }
    }
}

extension FrontmatterEditError: CustomStringConvertible {
    /// What is wrong, where, and how to fix it.
    public var description: String {
        switch self {
        case .duplicateKey(let key, let lines):
            let where_ = lines.map(String.init).joined(separator: ", ")
            return
                "the frontmatter sets \(key) more than once (lines \(where_)); keep one of them and delete the others"
        case .unclosedFrontmatter:
            return
                "the note starts with a `---` line but no `---` line closes its frontmatter; add the closing `---` "
                + "line, or remove the first line if the note has no frontmatter"
        case .unreadableLine(let line, let reason):
            return "line \(line) of the frontmatter is not a top-level `key: value` (\(reason)); correct that line"
        }
    }
}
