/// Text from outside alog (notes, type names and icons, groups, device and author names, remote
/// names and URLs, file names, arguments echoed in errors) made safe to print on a terminal, and
/// measured in terminal columns.
///
/// A note can arrive from another device by sync, so nothing a user or a remote wrote may reach
/// the terminal as a control sequence: C0 controls, DEL, C1 controls (U+0080–U+009F; U+009B
/// is a CSI on some terminals), the line and paragraph separators and the bidirectional
/// overrides and isolates (U+202A–U+202E, U+2066–U+2069: "Trojan Source") are shown visibly
/// (`\e`, `\a`, `\u{9B}`, `\u{202E}`). JSON output has its own escaping (`JSONText`).
public enum DisplayText {
    /// Whether `scalar` is shown escaped.
    @inline(__always)
    public static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x20 || value == 0x7F { return true }
        if value < 0x80 { return false }
        return value <= 0x9F || (0x2028...0x202E).contains(value) || (0x2066...0x2069).contains(value)
    }

    /// `text` with every unsafe character shown visibly. On one line (`oneLine`, the default) a
    /// line break is shown as `⏎` and a tab as a space; otherwise they are kept (for messages of
    /// several lines, such as the argument parser's usage).
    public static func escaped(_ text: String, oneLine: Bool = true) -> String {
        guard text.unicodeScalars.contains(where: { isUnsafe($0) }) else { return text }
        var out = String.UnicodeScalarView()
        func append(_ string: String) { out.append(contentsOf: string.unicodeScalars) }
        var previousWasCR = false
        for scalar in text.unicodeScalars {
            defer { previousWasCR = scalar == "\r" }
            guard isUnsafe(scalar) else {
                out.append(scalar)
                continue
            }
            switch scalar {
            case "\n":
                if oneLine {
                    // `\r\n` is one line break.
                    if previousWasCR { out.removeLast(2) }
                    append("⏎")
                } else {
                    out.append(scalar)
                }
            case "\t": oneLine ? append(" ") : out.append(scalar)
            case "\u{1B}": append("\\e")
            case "\u{07}": append("\\a")
            case "\u{08}": append("\\b")
            case "\u{0B}": append("\\v")
            case "\u{0C}": append("\\f")
            case "\r": append("\\r")
            case "\0": append("\\0")
            default: append("\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}")
            }
        }
        return String(out)
    }

    /// `text` escaped and cut to `width` columns (an ellipsis ends what was cut): a note in a
    /// one-line view.
    public static func line(_ text: String, width: Int) -> String {
        let safe = escaped(text)
        return Self.width(safe) <= width ? safe : cut(safe, to: width - 1) + "…"
    }

    /// The most columns of an argument an error message echoes.
    public static let echoWidth = 60

    /// An argument echoed in a message: escaped, quoted, and when longer than `width` columns
    /// cut, with its length: `'abcd…' (100000 characters)`.
    public static func quoted(_ text: String, width: Int = echoWidth) -> String {
        let safe = escaped(text)
        guard Self.width(safe) > width else { return "'" + safe + "'" }
        return "'" + cut(safe, to: width - 1) + "…' (\(text.count) characters)"
    }

    /// A path in a message, escaped and quoted, whole: a path is to be read and copied (often
    /// into the command the message gives), so it is cut only past the longest path the system
    /// takes (4,096 bytes), never at an argument's echo width.
    public static func quotedPath(_ path: String) -> String { quoted(path, width: 4096) }

    /// `path` as one word a shell reads back as it is: unquoted when plain, else in single
    /// quotes (a path with control or bidi characters is shown escaped, which a shell does not
    /// read back, but which a terminal cannot act on).
    public static func shellWord(_ path: String) -> String {
        let safe = escaped(path)
        let plain = !safe.isEmpty && safe.allSatisfy { $0.isLetter || $0.isNumber || "/._-+:@%,~".contains($0) }
        return plain ? safe : "'" + safe.replacing("'", with: "'\\''") + "'"
    }

    /// `text` cut to at most `width` columns, at a character boundary (no escape sequences:
    /// for the text itself, before styles are added).
    public static func cut(_ text: String, to width: Int) -> String {
        var used = 0
        var end = text.startIndex
        for index in text.indices {
            let w = characterWidth(text[index])
            if used + w > width { break }
            used += w
            end = text.index(after: index)
        }
        return String(text[..<end])
    }

    // MARK: - Width

    /// How many terminal columns `text` takes: ANSI escape sequences (colours, titles) take
    /// none; East Asian wide and fullwidth characters and emoji take two; combining marks,
    /// joiners and other zero-width characters take none (they belong to their character).
    public static func width(_ text: String) -> Int {
        // Most text is ASCII without escapes: one column a byte.
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text.utf8.count }
        var width = 0
        var escapes = EscapeSequences()
        for character in text where !escapes.consumes(character) { width += characterWidth(character) }
        return width
    }

    /// The one rule for what belongs to a terminal escape sequence (CSI: `ESC [` … a final
    /// byte `@`…`~`; OSC: `ESC ]` … BEL or `ESC \`; any other `ESC x` pair), shared by
    /// `width` and every cut to a width, so the two never disagree.
    public struct EscapeSequences: Sendable {
        private enum State: Sendable { case none, start, csi, osc }
        private var state = State.none

        public init() {}

        /// True when `character`, the next of a text, is part of an escape sequence (it takes
        /// no column).
        public mutating func consumes(_ character: Character) -> Bool {
            let first = character.unicodeScalars.first!.value
            switch state {
            case .none:
                guard first == 0x1B else { return false }
                state = .start
            case .start:
                state = first == 0x5B ? .csi : first == 0x5D ? .osc : .none
            case .csi:
                // Parameters and intermediates until a final byte @ to ~.
                if (0x40...0x7E).contains(first) { state = .none }
            case .osc:
                // Until BEL or ESC \ (the string terminator).
                if first == 0x07 { state = .none } else if first == 0x1B { state = .start }
            }
            return true
        }
    }

    /// The columns one character (grapheme cluster) takes.
    public static func characterWidth(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        let first = scalars.first!
        let value = first.value
        if value < 0x7F { return value < 0x20 ? 0 : 1 }
        if value <= 0x9F { return 0 }
        // An emoji presentation selector, or an emoji that is shown as one by default (this
        // includes flags: their regional indicators).
        if scalars.contains(where: { $0.value == 0xFE0F }) || first.properties.isEmojiPresentation { return 2 }
        if isWide(value) { return 2 }
        switch first.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format, .control: return 0
        default: return 1
        }
    }

    /// East Asian Wide (W) and Fullwidth (F) ranges (Unicode's EastAsianWidth.txt, in blocks).
    static func isWide(_ value: UInt32) -> Bool {
        switch value {
        case 0x1100...0x115F,  // Hangul Jamo initial consonants
            0x2E80...0x303E,  // CJK radicals, Kangxi, ideographic description, CJK symbols
            0x3041...0x33FF,  // Hiragana, Katakana, Bopomofo, Hangul compatibility Jamo, CJK compatibility
            0x3400...0x4DBF,  // CJK extension A
            0x4E00...0x9FFF,  // CJK unified ideographs
            0xA000...0xA4CF,  // Yi
            0xA960...0xA97F,  // Hangul Jamo extended A
            0xAC00...0xD7A3,  // Hangul syllables
            0xF900...0xFAFF,  // CJK compatibility ideographs
            0xFE10...0xFE19,  // vertical forms
            0xFE30...0xFE6F,  // CJK compatibility forms, small form variants
            0xFF00...0xFF60,  // fullwidth forms
            0xFFE0...0xFFE6,  // fullwidth signs
            0x16FE0...0x18CFF,  // Tangut, Khitan
            0x1B000...0x1B2FF,  // Kana supplement and extensions, Nushu
            0x1F300...0x1F64F,  // pictographs, emoticons
            0x1F900...0x1F9FF,  // supplemental symbols and pictographs
            0x20000...0x2FFFD,  // CJK extensions B–F, compatibility supplement
            0x30000...0x3FFFD:  // CJK extensions G, H
            return true
        default:
            return false
        }
    }

    // MARK: - UTF-8

    /// Where `bytes` stop being UTF-8: the 0-based offset of the first byte of the first
    /// invalid sequence, or nil when all of it is valid.
    public static func firstInvalidUTF8<Bytes: Collection>(_ bytes: Bytes) -> Int? where Bytes.Element == UInt8 {
        var iterator = bytes.makeIterator()
        var offset = 0
        while let lead = iterator.next() {
            let start = offset
            offset += 1
            if lead < 0x80 { continue }
            let count: Int
            var low: UInt8 = 0x80
            var high: UInt8 = 0xBF
            switch lead {
            case 0xC2...0xDF: count = 1
            case 0xE0: (count, low) = (2, 0xA0)
            case 0xE1...0xEC, 0xEE...0xEF: count = 2
            case 0xED: (count, high) = (2, 0x9F)
            case 0xF0: (count, low) = (3, 0x90)
            case 0xF1...0xF3: count = 3
            case 0xF4: (count, high) = (3, 0x8F)
            default: return start
            }
            for index in 0..<count {
                guard let byte = iterator.next(), (index == 0 ? low...high : 0x80...0xBF).contains(byte) else {
                    return start
                }
                offset += 1
            }
        }
        return nil
    }

    /// Why `bytes` are not UTF-8, for a message: `byte 3 is 0xFF` (counting from 1); nil when
    /// they are.
    public static func utf8Problem<Bytes: Collection>(_ bytes: Bytes) -> String? where Bytes.Element == UInt8 {
        guard let offset = firstInvalidUTF8(bytes) else { return nil }
        let byte = bytes[bytes.index(bytes.startIndex, offsetBy: offset)]
        let hex = String(byte, radix: 16, uppercase: true)
        return "byte \(offset + 1) is 0x\(hex.count == 1 ? "0" + hex : hex)"
    }
}
