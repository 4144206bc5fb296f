public import LedgerCore

/// Why a task link was refused, in one line: which parameter, what was wrong, what is
/// accepted. Carries the link's `x-cancel` when the link got far enough to have a valid one,
/// so the refusal can still be answered by opening it.
public struct TaskLinkError: CodedError, CustomStringConvertible, Hashable, Sendable {
    /// What kind of rule the link broke.
    public enum Kind: Hashable, Sendable {
        /// Not an `exocortex://task/start` or `exocortex://task/complete` link: the scheme,
        /// the host or the path (or a fragment after the path).
        case notATaskLink
        /// A query part that does not decode: a raw character that must be percent-encoded, a
        /// `%` without two hexadecimal digits, bytes that are not UTF-8, a control character.
        case malformed
        /// A required parameter is absent.
        case missingParameter
        /// A parameter the link reads is given more than once.
        case duplicateParameter
        /// A parameter's value breaks its rule (also a parameter without `=value`).
        case invalidValue
        /// `vaultName` names another vault than the one expected.
        case wrongVault
        /// `startTime` is later than now.
        case startInFuture
    }

    public var kind: Kind
    /// The parameter at fault (the first missing one), nil when the URL as a whole is.
    public var parameter: String?
    /// What was wrong and what is accepted, with any echoed value escaped and cut
    /// (`DisplayText.quoted`): one line.
    public var reason: String
    /// The link's `x-cancel`, decoded and validated like every callback; nil when the link
    /// had none, had it twice, had an invalid one, or was refused before its query was read.
    public var cancel: String?

    /// Stable for every refusal of a task link.
    public var code: ErrorCode { .invalidTaskLink }

    public var description: String { "invalid task link: " + reason }

    init(_ kind: Kind, _ parameter: String?, _ reason: String) {
        (self.kind, self.parameter, self.reason) = (kind, parameter, reason)
    }
}

extension TaskLinkError {
    /// `DisplayText.quoted(text)`: a value echoed escaped, cut to `DisplayText.echoWidth`
    /// columns. Short printable ASCII (most values) is the same text quoted; a long text is
    /// escaped and cut from its first 256 characters only (`quoted` measures all of it).
    static func echo(_ text: String) -> String {
        var copy = text
        let (length, plain) = copy.withUTF8 { buffer -> (Int, Bool) in
            guard buffer.count <= DisplayText.echoWidth, let bytes = buffer.baseAddress else {
                return (buffer.count, false)
            }
            var index = 0
            while index < buffer.count {
                guard bytes[index] >= 0x20, bytes[index] < 0x7F else { return (buffer.count, false) }
                index += 1
            }
            return (buffer.count, true)
        }
        if plain { return "'" + text + "'" }
        guard length > 256 else { return DisplayText.quoted(text) }
        let head = DisplayText.escaped(String(text.prefix(256)))
        return "'" + DisplayText.cut(head, to: DisplayText.echoWidth - 1) + "…' (\(text.count) characters)"
    }
}
