/// How an entry's note is written inside its one line, so that reading the line gives the
/// note back exactly.
///
/// Backslash escapes, as Markdown has them: `\\` a backslash, `\n` a line break, `\t` a tab,
/// `\r` a carriage return, `\%` a percent sign that follows another (so a note never opens an
/// Obsidian `%%` comment), and `\u{HEX}` any other control character, the line and paragraph
/// separators, the bidirectional controls, and a space at the note's start or end (lines are
/// read trimmed). Reading undoes exactly these; a backslash before anything else is kept as
/// written, so a path typed as `C:\tmp` reads as typed, except `\t`.
enum DayNoteText {
    static func encoded(_ note: String) -> String {
        let scalars = Array(note.unicodeScalars)
        var out = String.UnicodeScalarView()
        func append(_ text: String) { out.append(contentsOf: text.unicodeScalars) }
        var previous: Unicode.Scalar?
        for (index, scalar) in scalars.enumerated() {
            defer { previous = scalar }
            let atEdge = index == 0 || index == scalars.count - 1
            switch scalar {
            case "\\": append("\\\\")
            case "\n": append("\\n")
            case "\t": append("\\t")
            case "\r": append("\\r")
            case "%" where previous == "%": append("\\%")
            case " " where atEdge: append("\\u{20}")
            default:
                if needsEscape(scalar) {
                    append("\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}")
                } else {
                    out.append(scalar)
                }
            }
        }
        return String(out)
    }

    static func decoded(_ text: Substring) -> String {
        guard text.contains("\\") else { return String(text) }
        let scalars = Array(text.unicodeScalars)
        var out = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            guard scalar == "\\", index + 1 < scalars.count else {
                out.append(scalar)
                index += 1
                continue
            }
            switch scalars[index + 1] {
            case "\\": out.append("\\")
            case "n": out.append("\n")
            case "t": out.append("\t")
            case "r": out.append("\r")
            case "%": out.append("%")
            case "u":
                if let (value, length) = unicodeEscape(scalars, at: index + 2) {
                    out.append(value)
                    index += 2 + length
                    continue
                }
                out.append(scalar)
                index += 1
                continue
            default:
                out.append(scalar)
                index += 1
                continue
            }
            index += 2
        }
        return String(out)
    }

    /// `{HEX}` at `start`: the scalar and how many scalars it took.
    private static func unicodeEscape(_ scalars: [Unicode.Scalar], at start: Int) -> (Unicode.Scalar, Int)? {
        guard start < scalars.count, scalars[start] == "{" else { return nil }
        var value: UInt32 = 0
        var index = start + 1
        while index < scalars.count, scalars[index] != "}" {
            guard index - start <= 6, let digit = UInt32(String(scalars[index]), radix: 16) else { return nil }
            value = value * 16 + digit
            index += 1
        }
        guard index < scalars.count, index > start + 1, let scalar = Unicode.Scalar(value) else { return nil }
        return (scalar, index - start + 1)
    }

    /// C0 and C1 controls, DEL, the line and paragraph separators, the bidirectional
    /// embeddings, overrides and isolates.
    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return value < 0x20 || (0x7F...0x9F).contains(value) || (0x2028...0x202E).contains(value)
            || (0x2066...0x2069).contains(value)
    }
}
