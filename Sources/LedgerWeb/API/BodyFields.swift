import Foundation

/// Reading a write's body: a form (`application/x-www-form-urlencoded`) decoded as browsers
/// encode it, and the member names of a JSON object as they are written (so a name given twice
/// is refused instead of the last one silently winning).
enum BodyFields {
    /// The form's fields in order: `+` is a space, `%XX` the byte XX, and the bytes UTF-8.
    static func form(_ bytes: [UInt8]) throws(RequestError) -> [(name: String, value: String)] {
        var fields: [(name: String, value: String)] = []
        var offset = 0
        for pair in bytes.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: false) {
            defer { offset += pair.count + 1 }
            if pair.isEmpty { continue }
            let equals = pair.firstIndex(of: UInt8(ascii: "="))
            let name = try decode(pair[..<(equals ?? pair.endIndex)], at: offset)
            let value = try equals.map { index throws(RequestError) in
                try decode(pair[(index + 1)...], at: offset + (index + 1 - pair.startIndex))
            }
            fields.append((name, value ?? ""))
        }
        return fields
    }

    /// One name or value of a form; `offset` is where it starts in the body (for the message).
    private static func decode(_ part: ArraySlice<UInt8>, at offset: Int) throws(RequestError) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(part.count)
        var index = part.startIndex
        while index < part.endIndex {
            let byte = part[index]
            if byte == UInt8(ascii: "+") {
                bytes.append(UInt8(ascii: " "))
            } else if byte == UInt8(ascii: "%") {
                let digits = part[(index + 1)..<min(index + 3, part.endIndex)]
                guard digits.count == 2, let high = hexValue(digits.first!), let low = hexValue(digits.last!) else {
                    let shown = String(decoding: part[index..<min(index + 3, part.endIndex)], as: UTF8.self)
                    throw .malformedForm(
                        "'\(shown)' at byte \(offset + index - part.startIndex + 1) is not a percent escape (a '%' takes two hex digits: '%25' is a '%' itself)"
                    )
                }
                bytes.append(high << 4 | low)
                index += 2
            } else {
                bytes.append(byte)
            }
            index += 1
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw .malformedForm("the field at byte \(offset + 1) is not UTF-8 once decoded")
        }
        return text
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// The member names of the JSON object `bytes` holds (already known to parse as one), in
    /// the order written, each decoded (`"\u0061"` is `a`).
    static func objectNames(_ bytes: [UInt8]) -> [String] {
        var names: [String] = []
        var depth = 0
        var expectingName = false
        var index = 0
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "{"):
                depth += 1
                if depth == 1 { expectingName = true }
            case UInt8(ascii: "["):
                depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
            case UInt8(ascii: ","):
                if depth == 1 { expectingName = true }
            case UInt8(ascii: "\""):
                let start = index
                index += 1
                while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
                    index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
                }
                if depth == 1, expectingName {
                    expectingName = false
                    let token = Data(bytes[start...min(index, bytes.count - 1)])
                    let name = try? JSONSerialization.jsonObject(with: token, options: .fragmentsAllowed)
                    if let name = name as? String { names.append(name) }
                }
            default:
                break
            }
            index += 1
        }
        return names
    }
}
