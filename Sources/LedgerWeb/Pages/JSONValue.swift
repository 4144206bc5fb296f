import Foundation

/// A command's `--json` output, read for a page: the pages read the CLI's documented shapes
/// as any client of the API would.
package struct JSONValue: @unchecked Sendable {
    let value: Any?

    package init(bytes: [UInt8]) {
        value = try? JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])
    }

    init(_ value: Any?) { self.value = value }

    package subscript(key: String) -> JSONValue { JSONValue((value as? [String: Any])?[key]) }

    package var string: String? { value as? String }
    package var int: Int? { (value as? NSNumber)?.intValue }
    package var bool: Bool { (value as? Bool) ?? false }
    package var isNull: Bool { value == nil || value is NSNull }
    package var array: [JSONValue] { (value as? [Any])?.map(JSONValue.init) ?? [] }
}
