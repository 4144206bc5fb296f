/// JSON text for `--json` outputs: stable key order, no Foundation on the hot path.
public enum JSONText {
    public static func string(_ value: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(value.utf8.count + 2)
        appendString(value, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `string(value)`'s bytes, appended: for output written in bulk (`history --json`).
    ///
    /// Every control character (C0, DEL, C1) and the line and paragraph separators (which end
    /// a line in JavaScript) are written as \u escapes: JSON output printed on a terminal, or
    /// read by a script, carries none of them raw.
    public static func appendString(_ value: String, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        var value = value
        value.withUTF8 { utf8 in
            // Most text needs no escape: appended whole.
            if !utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C || $0 >= 0x7F }) {
                bytes.append(contentsOf: utf8)
                return
            }
            var index = 0
            while index < utf8.count {
                let byte = utf8[index]
                index += 1
                switch byte {
                case UInt8(ascii: "\""): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "\"")]
                case UInt8(ascii: "\\"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
                case UInt8(ascii: "\n"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
                case UInt8(ascii: "\r"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
                case UInt8(ascii: "\t"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
                case 0..<0x20, 0x7F: appendEscape(UInt32(byte), to: &bytes)
                // U+0080…U+009F (C1) are C2 80…C2 9F in UTF-8.
                case 0xC2 where index < utf8.count && (0x80...0x9F).contains(utf8[index]):
                    appendEscape(UInt32(utf8[index]), to: &bytes)
                    index += 1
                // U+2028 and U+2029 are E2 80 A8 and E2 80 A9.
                case 0xE2 where index + 1 < utf8.count && utf8[index] == 0x80 && (utf8[index + 1] & 0xFE) == 0xA8:
                    appendEscape(0x2000 | UInt32(utf8[index + 1] & 0x3F), to: &bytes)
                    index += 2
                default: bytes.append(byte)
                }
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// `\u` and four lower-case hex digits.
    private static func appendEscape(_ value: UInt32, to bytes: inout [UInt8]) {
        let digits = Array("0123456789abcdef".utf8)
        bytes += [UInt8(ascii: "\\"), UInt8(ascii: "u")]
        for shift in [12, 8, 4, 0] { bytes.append(digits[Int(value >> UInt32(shift) & 0xF)]) }
    }

    /// Appends the decimal digits of `value`, zero-padded to `width` (at most 20).
    public static func appendNumber(_ value: Int64, width: Int = 1, to bytes: inout [UInt8]) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var start = 20
            repeat {
                start -= 1
                digits[start] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude > 0 || (20 - start < width && start > 0)
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[start...]))
        }
    }

    /// An object from ordered members; nil values are left out.
    public static func object(_ members: [(String, String?)]) -> String {
        "{" + members.compactMap { key, value in value.map { string(key) + ":" + $0 } }.joined(separator: ",") + "}"
    }

    public static func array(_ items: [String]) -> String { "[" + items.joined(separator: ",") + "]" }
}
