package import LedgerCore

/// What one read answered: the bytes its `--json` encoder wrote (`export`: its format's), or
/// its refusal.
package struct ReadAnswer: Sendable {
    package var bytes: [UInt8]
    package var refusal: Refusal?

    package var succeeded: Bool { refusal == nil }
    package var text: String { String(decoding: bytes, as: UTF8.self) }

    /// A refusal, as the CLI's `--json` writes it: `{"error": {"code", "message"}}`.
    package struct Refusal: Error, Sendable, Equatable {
        package var code: ErrorCode
        package var message: String
        /// The object itself, byte for byte as the CLI writes it.
        package var json: [UInt8]

        package init(code: ErrorCode, message: String) {
            (self.code, self.message) = (code, message)
            let error = JSONText.object([
                ("code", JSONText.string(code.rawValue)), ("message", JSONText.string(message)),
            ])
            json = Array(JSONText.object([("error", error)]).utf8)
        }
    }
}

/// What a page's read answered: its typed outcome, or its refusal.
package typealias Answer<Value> = Result<Value, ReadAnswer.Refusal>
