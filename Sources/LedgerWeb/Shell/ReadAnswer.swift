import Foundation
package import LedgerCore

/// What one command line did: its exit status and what it wrote.
package struct CommandResult: Sendable {
    package var status: Int32
    package var stdout: [UInt8]
    package var stderr: [UInt8]

    package var succeeded: Bool { status == 0 }
    package var text: String { String(decoding: stdout, as: UTF8.self) }

    /// A refusal, as the CLI's `--json` writes it: `{"error": {"code", "message"}}`.
    package struct Refusal: Error, Sendable, Equatable {
        package var code: ErrorCode
        package var message: String
        /// The object itself, byte for byte as the CLI wrote it.
        package var json: [UInt8]
    }

    /// The refusal of a run that failed: the last `{"error": …}` line of stderr, else (the
    /// few refusals made before a command is parsed) the `Error: …` line as a message.
    package var refusal: Refusal? {
        guard status != 0 else { return nil }
        let lines = String(decoding: stderr, as: UTF8.self).split(separator: "\n")
        if let line = lines.last(where: { $0.hasPrefix(#"{"error""#) }),
            let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
            let error = object["error"] as? [String: Any], let text = error["code"] as? String,
            let code = ErrorCode(rawValue: text),
            let message = error["message"] as? String
        {
            return Refusal(code: code, message: message, json: Array(line.utf8))
        }
        let message =
            lines.last(where: { $0.hasPrefix("Error: ") }).map { String($0.dropFirst("Error: ".count)) }
            ?? lines.last.map(String.init) ?? "the command failed (exit status \(status))"
        let code: ErrorCode = status == 64 ? .usage : .error
        return Refusal(code: code, message: message, json: Self.errorJSON(code: code, message: message))
    }

    /// `{"error": {"code": …, "message": …}}`, as the CLI writes it.
    package static func errorJSON(code: ErrorCode, message: String) -> [UInt8] {
        let error = JSONText.object([("code", JSONText.string(code.rawValue)), ("message", JSONText.string(message))])
        return Array(JSONText.object([("error", error)]).utf8)
    }
}
