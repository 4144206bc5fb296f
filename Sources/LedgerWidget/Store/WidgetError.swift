import LedgerCore

/// Why a widget command refused; nothing was written.
package enum WidgetError: Error, Equatable, CustomStringConvertible {
    case notAVault(path: String)
    case unknownType(String, known: [String])
    /// Removed with `alog types remove` (archived), as `log` says it.
    case removedType(String)
    case invalidType(String, reason: String)
    case badFormat(String)
    case noSuchItem(Int, count: Int)
    /// The widget's folder in `.git/alog/` may not be written by this process.
    case notWritable(path: String, reason: String)

    package var description: String {
        switch self {
        case .notAVault(let path):
            "\(path) is not an alog vault; create or adopt it with 'alog init --vault \(path)'"
        case .unknownType(let type, let known):
            if let reason = ActivityTypes.validateName(type.lowercased()) {
                "\(DisplayText.quoted(type)) is not a type name (\(reason)); known: \(known.joined(separator: ", "))"
            } else {
                "unknown activity type \(DisplayText.quoted(type)); known: \(known.joined(separator: ", ")) (add one with 'alog types add \(type)')"
            }
        case .removedType(let name):
            ActivityTypes.removedMessage(name)
        case .invalidType(let type, let reason):
            "invalid activity type \(DisplayText.quoted(type)): \(reason)"
        case .badFormat(let format):
            "unknown format \(DisplayText.quoted(format)); use one of: \(StatusBarFormat.allCases.map(\.rawValue).joined(separator: ", "))"
        case .notWritable(let path, let reason):
            "the vault is not writable (\(reason): \(path)), so nothing was queued or changed; make the vault's .git folder writable for this user, or mount the disk read-write"
        case .noSuchItem(let number, let count):
            "there is no queue item \(number); the queue has \(count) (see 'alog widget pending')"
        }
    }
}

extension WidgetError: CodedError {
    /// The stable code of each case (docs/cli.md, "Error codes").
    package var code: String {
        switch self {
        case .notAVault: "notAVault"
        case .unknownType: "unknownType"
        case .removedType: "removedType"
        case .invalidType: "invalidType"
        case .badFormat: "badFormat"
        case .noSuchItem: "noSuchItem"
        case .notWritable: "notWritable"
        }
    }
}
