/// An error with a stable code: the name a program (a script reading `--json`, a web page, a
/// URL handler) can branch on, while the message stays for people. Codes are never renamed;
/// docs/cli.md lists them.
public protocol CodedError: Error {
    var code: ErrorCode { get }
}

extension TimeExpression.ParseError: CodedError {
    public var code: ErrorCode { aheadBy == nil ? .invalidTime : .timeInFuture }
}
