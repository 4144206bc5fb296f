package import LedgerCore

/// Why a widget command refused, as data (its words: View/WidgetError+Sentence.swift);
/// nothing was written.
package enum WidgetError: Error, Equatable {
    case notAVault(path: String)
    case unknownType(String, known: [String])
    /// Removed with `alog types remove` (archived), as `log` says it.
    case removedType(String)
    case invalidType(String, reason: String)
    case badFormat(String)
    case noSuchItem(Int, count: Int)
    /// The widget's folder in `.git/alog/` may not be written by this process.
    case notWritable(path: String, reason: String)
}

extension WidgetError: CodedError {
    /// The stable code of each case (docs/cli.md, "Error codes").
    package var code: ErrorCode {
        switch self {
        case .notAVault: .notAVault
        case .unknownType: .unknownType
        case .removedType: .removedType
        case .invalidType: .invalidType
        case .badFormat: .badFormat
        case .noSuchItem: .noSuchItem
        case .notWritable: .notWritable
        }
    }
}
