/// The text of a one-line quoted YAML scalar (a quoted key), for comparing keys however they
/// are written.
enum YAMLQuotedText {
    /// The string `bytes` (quotes included) stands for: `''` in single quotes is one `'`; a
    /// double-quoted scalar's escapes are resolved (an unknown escape is kept as written).
    static func decode(_ bytes: ArraySlice<UInt8>) -> String {
        guard let quote = bytes.first, bytes.count >= 2 else { return String(decoding: bytes, as: UTF8.self) }
        let inner = Array(bytes.dropFirst().dropLast())
        if quote == YAMLByte.singleQuote {
            var result: [UInt8] = []
            var index = 0
            while index < inner.count {
                result.append(inner[index])
                index += inner[index] == YAMLByte.singleQuote && index + 1 < inner.count ? 2 : 1
            }
            return String(decoding: result, as: UTF8.self)
        }
        var result = ""
        var run: [UInt8] = []
        var index = 0
        while index < inner.count {
            guard inner[index] == YAMLByte.backslash, index + 1 < inner.count else {
                run.append(inner[index])
                index += 1
                continue
            }
            result += String(decoding: run, as: UTF8.self)
            run.removeAll()
            let (text, length) = escape(inner, at: index + 1)
            result += text
            index += 1 + length
        }
        return result + String(decoding: run, as: UTF8.self)
    }

    /// The text of the escape whose letter is at `index`, and how many bytes it takes.
    private static func escape(_ bytes: [UInt8], at index: Int) -> (String, Int) {
        let simple: [UInt8: String] = [
            0x30: "\0", 0x61: "\u{07}", 0x62: "\u{08}", 0x74: "\t", 0x09: "\t", 0x6E: "\n", 0x76: "\u{0B}",
            0x66: "\u{0C}", 0x72: "\r", 0x65: "\u{1B}", 0x20: " ", 0x22: "\"", 0x2F: "/", 0x5C: "\\",
            0x4E: "\u{85}", 0x5F: "\u{A0}", 0x4C: "\u{2028}", 0x50: "\u{2029}",
        ]
        if let text = simple[bytes[index]] { return (text, 1) }
        let digits = [0x78: 2, 0x75: 4, 0x55: 8][bytes[index]]
        if let digits, index + digits < bytes.count,
            let value = UInt32(String(decoding: bytes[(index + 1)...(index + digits)], as: UTF8.self), radix: 16),
            let scalar = Unicode.Scalar(value)
        {
            return (String(Character(scalar)), 1 + digits)
        }
        return ("\\" + String(decoding: [bytes[index]], as: UTF8.self), 1)
    }
}
