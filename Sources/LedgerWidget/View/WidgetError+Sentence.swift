import LedgerCore

/// The words of each `WidgetError` (the front prints them; `alog-full` and the drain say the
/// same of the same cases).
extension WidgetError: CustomStringConvertible {
    package var description: String { sentence }

    /// What the refusal says to a person.
    package var sentence: String {
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
            RemovedType.sentence(name)
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

/// Why nothing new can be logged with a removed type, and how to bring it back (`log`,
/// `start`, goals and the widget's tap say the same).
package enum RemovedType {
    package static func sentence(_ name: String) -> String {
        "type '\(name)' was removed ('alog types remove'), so nothing new can be logged with it; 'alog types add \(name)' brings it back"
    }
}
