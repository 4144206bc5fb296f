/// A small, fast reader and writer for the one JSON shape event lines use: a single object
/// whose values are strings or integers. Unknown keys with any JSON value (arrays, objects,
/// literals) are skipped, so later format additions do not break older readers.
///
/// Hand-written rather than `JSONDecoder` because a rebuild parses millions of lines and this
/// reader allocates only for the string values it is asked for.
package enum FlatJSON {
    package enum Value {
        /// Raw bytes between the quotes; `escaped` when they contain a backslash.
        case string(UnsafeRawBufferPointer, escaped: Bool)
        case integer(Int64)
        case boolean(Bool)
        case null
        /// An array's bytes, brackets included (`strings(in:)` reads one of strings).
        case array(UnsafeRawBufferPointer)
        case other
    }

    package struct SyntaxError: Error {
        package var offset: Int
        package var reason: String

        package init(offset: Int, reason: String) {
            (self.offset, self.reason) = (offset, reason)
        }
    }

    /// JSON's insignificant whitespace: space, tab, line feed, carriage return.
    @inlinable
    package static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n")
            || byte == UInt8(ascii: "\r")
    }

    /// The read position in a line (a struct rather than closures over a local index, so the
    /// hot loop pays no dynamic exclusivity checks).
    private struct Scanner {
        let bytes: UnsafeRawBufferPointer
        let n: Int
        var i = 0

        init(_ bytes: UnsafeRawBufferPointer) {
            self.bytes = bytes
            n = bytes.count
        }

        mutating func skipSpace() {
            while i < n, isWhitespace(bytes[i]) { i += 1 }
        }
        func fail(_ reason: String) -> SyntaxError { SyntaxError(offset: i, reason: reason) }
        mutating func scanString() throws(SyntaxError) -> (UnsafeRawBufferPointer, Bool) {
            guard i < n, bytes[i] == UInt8(ascii: "\"") else { throw fail("expected a string") }
            i += 1
            let start = i
            var escaped = false
            while i < n {
                let byte = bytes[i]
                if byte == UInt8(ascii: "\"") {
                    let slice = UnsafeRawBufferPointer(rebasing: bytes[start..<i])
                    i += 1
                    return (slice, escaped)
                }
                if byte == UInt8(ascii: "\\") {
                    escaped = true
                    i += 2
                    continue
                }
                if byte < 0x20 { throw fail("control character in a string") }
                i += 1
            }
            throw fail("unterminated string")
        }
        mutating func skipValue(depth: Int) throws(SyntaxError) {
            skipSpace()
            guard i < n, depth < 32 else { throw fail("value expected") }
            switch bytes[i] {
            case UInt8(ascii: "\""): _ = try scanString()
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                let close: UInt8 = bytes[i] == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]")
                i += 1
                skipSpace()
                if i < n, bytes[i] == close {
                    i += 1
                    return
                }
                while true {
                    if close == UInt8(ascii: "}") {
                        skipSpace()
                        _ = try scanString()
                        skipSpace()
                        guard i < n, bytes[i] == UInt8(ascii: ":") else { throw fail("expected ':'") }
                        i += 1
                    }
                    try skipValue(depth: depth + 1)
                    skipSpace()
                    guard i < n else { throw fail("unterminated value") }
                    if bytes[i] == UInt8(ascii: ",") {
                        i += 1
                        continue
                    }
                    guard bytes[i] == close else { throw fail("expected ',' or closing bracket") }
                    i += 1
                    return
                }
            default:
                let start = i
                while i < n,
                    !(bytes[i] == UInt8(ascii: ",") || bytes[i] == UInt8(ascii: "}") || bytes[i] == UInt8(ascii: "]")
                        || bytes[i] <= UInt8(ascii: " "))
                { i += 1 }
                guard i > start else { throw fail("value expected") }
            }
        }
    }

    /// Calls `body` for each member of the object in `bytes`, in order.
    package static func forEachMember(
        _ bytes: UnsafeRawBufferPointer, _ body: (UnsafeRawBufferPointer, Value) throws(SyntaxError) -> Void
    ) throws(SyntaxError) {
        try withoutActuallyEscaping(body) { (body) throws(SyntaxError) in
            var sink = ClosureSink(body: body)
            try forEachMember(bytes, into: &sink)
        }
    }

    private struct ClosureSink: MemberSink {
        let body: (UnsafeRawBufferPointer, Value) throws(SyntaxError) -> Void
        func take(_ key: UnsafeRawBufferPointer, _ value: Value) throws(SyntaxError) { try body(key, value) }
    }

    /// Gives `sink` each member of the object in `bytes`, in order. A struct sink keeps the
    /// parsed fields in one value the compiler can check statically (no closure context).
    package static func forEachMember<Sink: MemberSink>(_ bytes: UnsafeRawBufferPointer, into sink: inout Sink)
        throws(SyntaxError)
    {
        var s = Scanner(bytes)
        let bytes = s.bytes
        s.skipSpace()
        guard s.i < s.n, bytes[s.i] == UInt8(ascii: "{") else { throw s.fail("a line must be one JSON object") }
        s.i += 1
        s.skipSpace()
        if s.i < s.n, bytes[s.i] == UInt8(ascii: "}") {
            s.i += 1
        } else {
            while true {
                s.skipSpace()
                let (key, _) = try s.scanString()
                s.skipSpace()
                guard s.i < s.n, bytes[s.i] == UInt8(ascii: ":") else { throw s.fail("expected ':'") }
                s.i += 1
                s.skipSpace()
                guard s.i < s.n else { throw s.fail("value expected") }
                let byte = bytes[s.i]
                if byte == UInt8(ascii: "\"") {
                    let (value, escaped) = try s.scanString()
                    try sink.take(key, .string(value, escaped: escaped))
                } else if byte == UInt8(ascii: "-") || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) {
                    let start = s.i
                    var negative = false
                    if byte == UInt8(ascii: "-") {
                        negative = true
                        s.i += 1
                    }
                    var value: Int64 = 0
                    var digits = 0
                    while s.i < s.n, bytes[s.i] >= UInt8(ascii: "0"), bytes[s.i] <= UInt8(ascii: "9") {
                        let (m, o1) = value.multipliedReportingOverflow(by: 10)
                        let (a, o2) = m.addingReportingOverflow(Int64(bytes[s.i] - UInt8(ascii: "0")))
                        if o1 || o2 { throw s.fail("number out of range") }
                        value = a
                        digits += 1
                        s.i += 1
                    }
                    if digits == 0 { throw s.fail("bad number") }
                    if s.i < s.n, bytes[s.i] == 46 || bytes[s.i] == 101 || bytes[s.i] == 69 {
                        s.i = start
                        try s.skipValue(depth: 0)
                        try sink.take(key, .other)
                    } else {
                        try sink.take(key, .integer(negative ? -value : value))
                    }
                } else if byte == UInt8(ascii: "t") || byte == UInt8(ascii: "f") || byte == UInt8(ascii: "n") {
                    let start = s.i
                    try s.skipValue(depth: 0)
                    let literal = UnsafeRawBufferPointer(rebasing: bytes[start..<s.i])
                    if literal.equals("true") {
                        try sink.take(key, .boolean(true))
                    } else if literal.equals("false") {
                        try sink.take(key, .boolean(false))
                    } else if literal.equals("null") {
                        try sink.take(key, .null)
                    } else {
                        throw s.fail("unknown literal")
                    }
                } else if byte == UInt8(ascii: "[") {
                    let start = s.i
                    try s.skipValue(depth: 0)
                    try sink.take(key, .array(UnsafeRawBufferPointer(rebasing: bytes[start..<s.i])))
                } else {
                    try s.skipValue(depth: 0)
                    try sink.take(key, .other)
                }
                s.skipSpace()
                guard s.i < s.n else { throw s.fail("unterminated object") }
                if bytes[s.i] == UInt8(ascii: ",") {
                    s.i += 1
                    continue
                }
                guard bytes[s.i] == UInt8(ascii: "}") else { throw s.fail("expected ',' or '}'") }
                s.i += 1
                break
            }
        }
        s.skipSpace()
        guard s.i == s.n else { throw s.fail("text after the closing '}'") }
    }

    /// The strings of an array value (`.array`'s bytes); nil when it holds anything else.
    package static func strings(in raw: UnsafeRawBufferPointer) -> [String]? {
        var s = Scanner(raw)
        guard s.n >= 2, raw[0] == UInt8(ascii: "[") else { return nil }
        s.i = 1
        s.skipSpace()
        var out: [String] = []
        if s.i < s.n, raw[s.i] == UInt8(ascii: "]") { return s.i + 1 == s.n ? out : nil }
        while true {
            s.skipSpace()
            guard let (value, escaped) = try? s.scanString(), let text = decodeString(value, escaped: escaped) else {
                return nil
            }
            out.append(text)
            s.skipSpace()
            guard s.i < s.n else { return nil }
            if raw[s.i] == UInt8(ascii: ",") {
                s.i += 1
                continue
            }
            guard raw[s.i] == UInt8(ascii: "]"), s.i + 1 == s.n else { return nil }
            return out
        }
    }

    /// Decodes a string value's bytes (resolving escapes).
    package static func decodeString(_ raw: UnsafeRawBufferPointer, escaped: Bool) -> String? {
        guard escaped else { return String(validating: raw, as: UTF8.self) }
        var out: [UInt8] = []
        out.reserveCapacity(raw.count)
        var i = 0
        func hex4(_ at: Int) -> UInt32? {
            guard at + 4 <= raw.count else { return nil }
            var value: UInt32 = 0
            for k in at..<at + 4 {
                let c = raw[k]
                let digit: UInt32
                switch c {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(c - UInt8(ascii: "0"))
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(c - UInt8(ascii: "a")) + 10
                case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(c - UInt8(ascii: "A")) + 10
                default: return nil
                }
                value = value << 4 | digit
            }
            return value
        }
        while i < raw.count {
            let byte = raw[i]
            guard byte == UInt8(ascii: "\\") else {
                out.append(byte)
                i += 1
                continue
            }
            guard i + 1 < raw.count else { return nil }
            let escape = raw[i + 1]
            i += 2
            switch escape {
            case UInt8(ascii: "\""): out.append(UInt8(ascii: "\""))
            case UInt8(ascii: "\\"): out.append(UInt8(ascii: "\\"))
            case UInt8(ascii: "/"): out.append(UInt8(ascii: "/"))
            case UInt8(ascii: "b"): out.append(0x08)  // backspace
            case UInt8(ascii: "f"): out.append(0x0C)  // form feed
            case UInt8(ascii: "n"): out.append(UInt8(ascii: "\n"))
            case UInt8(ascii: "r"): out.append(UInt8(ascii: "\r"))
            case UInt8(ascii: "t"): out.append(UInt8(ascii: "\t"))
            case UInt8(ascii: "u"):
                guard var scalar = hex4(i) else { return nil }
                i += 4
                if (0xD800..<0xDC00).contains(scalar) {
                    guard i + 6 <= raw.count, raw[i] == UInt8(ascii: "\\"), raw[i + 1] == UInt8(ascii: "u"),
                        let low = hex4(i + 2),
                        (0xDC00..<0xE000).contains(low)
                    else { return nil }
                    scalar = 0x10000 + (scalar - 0xD800) << 10 + (low - 0xDC00)
                    i += 6
                }
                guard let unicode = Unicode.Scalar(scalar) else { return nil }
                out.append(contentsOf: Array(String(Character(unicode)).utf8))
            default: return nil
            }
        }
        return String(validating: out, as: UTF8.self)
    }

    /// Appends `"text"` to `out`, escaping what JSON requires.
    package static func appendString(_ text: String, to out: inout [UInt8]) {
        let hex = Array("0123456789abcdef".utf8)
        out.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
            case UInt8(ascii: "\\"): out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
            case UInt8(ascii: "\n"): out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
            case UInt8(ascii: "\r"): out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
            case UInt8(ascii: "\t"): out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
            case 0..<0x20:
                out.append(contentsOf: Array(#"\u00"#.utf8))
                out.append(contentsOf: [hex[Int(byte >> 4)], hex[Int(byte & 15)]])
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}

/// Receives the members of a flat JSON object (`FlatJSON.forEachMember(_:into:)`).
package protocol MemberSink {
    mutating func take(_ key: UnsafeRawBufferPointer, _ value: FlatJSON.Value) throws(FlatJSON.SyntaxError)
}

extension UnsafeRawBufferPointer {
    /// Byte-wise equality with an ASCII literal.
    @inlinable
    package func equals(_ literal: StaticString) -> Bool {
        guard count == literal.utf8CodeUnitCount else { return false }
        let other = UnsafeRawBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount)
        return elementsEqual(other)
    }
}
