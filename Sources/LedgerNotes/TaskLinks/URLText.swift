import LedgerCore

/// RFC 3986's characters and percent-encoding, on UTF-8 bytes: what the task links are read and
/// written with. The loops read through buffer pointers and compare bytes with literals, so a
/// debug build (the fuzz test's) stays fast.
enum URLText {
    static func isAlphanumeric(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || isLetter(byte)
    }

    static func isLetter(_ byte: UInt8) -> Bool { (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) }

    /// `unreserved`: letters, digits, `-`, `.`, `_`, `~`. The only characters `encoded` keeps.
    static func isUnreserved(_ byte: UInt8) -> Bool {
        isAlphanumeric(byte) || byte == 0x2D || byte == 0x2E || byte == 0x5F || byte == 0x7E
    }

    /// What a query holds as itself (RFC 3986 §3.4: `pchar`, `/` and `?`), `%` aside:
    /// unreserved, the sub-delimiters `!$&'()*+,;=`, `:`, `@`, `/`, `?`.
    static func isQueryCharacter(_ byte: UInt8) -> Bool {
        // `!` `$`, `&'()*+,` (0x26…0x2C), `/`, `:` `;`, `=`, `?` `@`.
        isUnreserved(byte) || byte == 0x21 || byte == 0x24 || (byte >= 0x26 && byte <= 0x2C) || byte == 0x2F
            || byte == 0x3A || byte == 0x3B || byte == 0x3D || byte == 0x3F || byte == 0x40
    }

    /// Any character of a URI but `%`: a query's, and `#`, `[`, `]`.
    static func isURICharacter(_ byte: UInt8) -> Bool {
        isQueryCharacter(byte) || byte == 0x23 || byte == 0x5B || byte == 0x5D
    }

    /// The value of a hexadecimal digit (either case), or 0xFF.
    static func hexValue(_ byte: UInt8) -> UInt8 {
        if byte >= 0x30 && byte <= 0x39 { return byte - 0x30 }
        if byte >= 0x41 && byte <= 0x46 { return byte - 0x37 }
        if byte >= 0x61 && byte <= 0x66 { return byte - 0x57 }
        return 0xFF
    }

    /// Whether `bytes[index]` starts `%` and two hexadecimal digits (`count` bytes in all).
    static func isEscape(_ bytes: UnsafePointer<UInt8>, count: Int, at index: Int) -> Bool {
        index + 2 < count && bytes[index] == 0x25 && hexValue(bytes[index + 1]) != 0xFF
            && hexValue(bytes[index + 2]) != 0xFF
    }

    /// The classes of the 256 byte values (`isUnreserved`, `isQueryCharacter`,
    /// `isURICharacter` as bits) and their hexadecimal values (0xFF for none), for the loops.
    static let classes: [UInt8] = (0...255).map { value in
        let byte = UInt8(value)
        return (isUnreserved(byte) ? unreservedBit : 0) | (isQueryCharacter(byte) ? queryBit : 0)
            | (isURICharacter(byte) ? uriBit : 0)
    }
    static let hexValues: [UInt8] = (0...255).map { hexValue(UInt8($0)) }
    static let unreservedBit: UInt8 = 1
    static let queryBit: UInt8 = 2
    static let uriBit: UInt8 = 4

    /// `body` with `classes` and `hexValues` as pointers.
    static func withTables<R>(_ body: (_ classes: UnsafePointer<UInt8>, _ hexValues: UnsafePointer<UInt8>) -> R) -> R {
        classes.withUnsafeBufferPointer { classes in
            hexValues.withUnsafeBufferPointer { body(classes.baseAddress!, $0.baseAddress!) }
        }
    }

    /// A scheme as RFC 3986 §3.1 writes it (a letter, then letters, digits, `+`, `-`, `.`),
    /// lowercased (schemes are case-insensitive); nil when `bytes` is not one.
    static func scheme(_ bytes: ArraySlice<UInt8>) -> String? {
        guard let first = bytes.first, isLetter(first) else { return nil }
        var lowered: [UInt8] = []
        lowered.reserveCapacity(bytes.count)
        for byte in bytes {
            guard isAlphanumeric(byte) || byte == 0x2B || byte == 0x2D || byte == 0x2E else { return nil }
            lowered.append(byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte)
        }
        return String(decoding: lowered, as: UTF8.self)
    }

    /// Whether `bytes` are the ASCII `word` (lower-case), letters in either case.
    static func equalsIgnoringCase(_ bytes: ArraySlice<UInt8>, _ word: String) -> Bool {
        bytes.count == word.utf8.count
            && zip(bytes, word.utf8).allSatisfy { ($0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0) == $1 }
    }

    /// `text` with every byte of its UTF-8 but the unreserved ones written `%XX` (upper-case
    /// hexadecimal): safe as a query value, and read back exactly by `PartDecoder.decoded`.
    static func encoded(_ text: String) -> String {
        var text = text
        return text.withUTF8 { source in
            let length = source.count
            guard let source = source.baseAddress else { return "" }
            return withTables { classes, _ in
                String(unsafeUninitializedCapacity: length * 3) { target in
                    let target = target.baseAddress!
                    var (index, count) = (0, 0)
                    while index < length {
                        let byte = source[index]
                        index += 1
                        if classes[Int(byte)] & unreservedBit != 0 {
                            target[count] = byte
                            count += 1
                        } else {
                            let (high, low) = (byte >> 4, byte & 0x0F)
                            target[count] = 0x25
                            target[count + 1] = high < 10 ? 0x30 + high : 0x37 + high
                            target[count + 2] = low < 10 ? 0x30 + low : 0x37 + low
                            count += 3
                        }
                    }
                    return count
                }
            }
        }
    }

    /// A query string from names and values (nil values left out), each encoded.
    static func query(_ parameters: [(String, String?)]) -> String {
        parameters.compactMap { name, value in value.map { encoded(name) + "=" + encoded($0) } }
            .joined(separator: "&")
    }

    /// Why a query part does not decode.
    enum DecodingProblem: Error, Hashable, Sendable {
        /// A character a query may not hold as itself, at this character of the part (from 1).
        case rawCharacter(Unicode.Scalar, position: Int)
        /// A `%` without two hexadecimal digits after it: what follows it (at most two bytes).
        case badEscape(String, position: Int)
        /// The decoded bytes are not UTF-8 (`DisplayText.utf8Problem`'s words).
        case notUTF8(String)
        /// A control character (C0, DEL, C1) in the decoded text, at this character (from 1).
        case controlCharacter(Unicode.Scalar, position: Int)
    }

    /// Decodes query parts (see `decoded`) into one scratch buffer, with `classes` and
    /// `hexValues` at hand: the parts of one query cost no allocation but their strings.
    struct PartDecoder {
        let classes: UnsafePointer<UInt8>
        let hexValues: UnsafePointer<UInt8>
        let scratch: UnsafeMutablePointer<UInt8>

        /// `raw[range]`, a query part, decoded: every `%XX` made its byte (`+` stays `+`), the
        /// bytes read as UTF-8; a raw character outside `isQueryCharacter`, a malformed
        /// escape, bytes that are not UTF-8 (overlong forms, surrogates and truncated
        /// sequences included) or a decoded control character is a problem. `range` is at
        /// most the scratch buffer's size.
        func decoded(_ raw: UnsafePointer<UInt8>, _ range: Range<Int>) -> Result<String, DecodingProblem> {
            let (lower, upper) = (range.lowerBound, range.upperBound)
            var (index, count) = (lower, 0)
            while index < upper {
                let byte = raw[index]
                if byte == 0x25 {
                    let high = index + 1 < upper ? hexValues[Int(raw[index + 1])] : 0xFF
                    let low = index + 2 < upper ? hexValues[Int(raw[index + 2])] : 0xFF
                    guard high != 0xFF, low != 0xFF else {
                        let after = UnsafeBufferPointer(start: raw + index + 1, count: min(2, upper - index - 1))
                        let text = String(decoding: after, as: UTF8.self)
                        return .failure(.badEscape(text, position: index - lower + 1))
                    }
                    scratch[count] = high << 4 | low
                    index += 3
                } else if classes[Int(byte)] & queryBit != 0 {
                    scratch[count] = byte
                    index += 1
                } else {
                    // Every byte before it is ASCII: its place in bytes is its place in characters.
                    let rest = UnsafeBufferPointer(start: raw + index, count: min(4, upper - index))
                    let scalar = String(decoding: rest, as: UTF8.self).unicodeScalars.first ?? "\u{FFFD}"
                    return .failure(.rawCharacter(scalar, position: index - lower + 1))
                }
                count += 1
            }
            let bytes = UnsafeBufferPointer(start: scratch, count: count)
            guard let text = String(validating: bytes, as: UTF8.self) else {
                return .failure(.notUTF8(DisplayText.utf8Problem(bytes) ?? "not UTF-8"))
            }
            if let (scalar, position) = firstControlCharacter(bytes) {
                return .failure(.controlCharacter(scalar, position: position))
            }
            return .success(text)
        }
    }

    /// `body` with a `PartDecoder` for parts of up to `capacity` bytes.
    static func withPartDecoder<R>(capacity: Int, _ body: (PartDecoder) -> R) -> R {
        let scratch = UnsafeMutablePointer<UInt8>.allocate(capacity: max(1, capacity))
        defer { scratch.deallocate() }
        return withTables { body(PartDecoder(classes: $0, hexValues: $1, scratch: scratch)) }
    }

    /// The first control character (C0, DEL, C1: Unicode's `Cc`) of the UTF-8 `bytes` and its
    /// place (from 1, in Unicode scalars).
    static func firstControlCharacter(_ buffer: UnsafeBufferPointer<UInt8>) -> (Unicode.Scalar, Int)? {
        guard let bytes = buffer.baseAddress else { return nil }
        let count = buffer.count
        var (index, position) = (0, 0)
        while index < count {
            let byte = bytes[index]
            // A scalar starts at every byte but a continuation byte (10xxxxxx).
            if byte & 0xC0 != 0x80 { position += 1 }
            if byte < 0x20 || byte == 0x7F { return (Unicode.Scalar(byte), position) }
            // U+0080…U+009F are C2 80…C2 9F.
            if byte == 0xC2, index + 1 < count, bytes[index + 1] <= 0x9F {
                return (Unicode.Scalar(bytes[index + 1]), position)
            }
            index += 1
        }
        return nil
    }

    /// `U+000A`: a code point as Unicode writes it, for messages.
    static func codePoint(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
