/// A string written as a YAML scalar on one line, in each of the three flow styles.
enum YAMLScalar {
    /// How an old value was written, which the new one follows where it can.
    enum Style: Equatable {
        case plain, singleQuoted, doubleQuoted
    }

    /// `text` in `style`, or double-quoted when `style` cannot hold it: a plain scalar that
    /// YAML would read as something else (a list, a number, `true`, a comment), a
    /// single-quoted one with a line break or a control character in it.
    static func written(_ text: String, style: Style) -> String {
        switch style {
        case .plain: plain(text) ?? doubleQuoted(text)
        case .singleQuoted: singleQuoted(text) ?? doubleQuoted(text)
        case .doubleQuoted: doubleQuoted(text)
        }
    }

    /// `text` as a key: plain when it reads back as that string, else double-quoted.
    static func key(_ text: String) -> String {
        plain(text) ?? doubleQuoted(text)
    }

    /// `"text"`: `\` and `"` escaped, and every character YAML does not allow unescaped in a
    /// one-line double-quoted scalar (control characters, line and paragraph separators, the
    /// byte order mark).
    static func doubleQuoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "\"": result += "\\\""
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "\u{85}": result += "\\N"
            case "\u{2028}": result += "\\L"
            case "\u{2029}": result += "\\P"
            case "\u{FEFF}": result += "\\uFEFF"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    result += "\\x" + hex(scalar.value)
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }

    /// `'text'` with each `'` doubled; nil when `text` has a character a one-line
    /// single-quoted scalar cannot hold (single quotes have no escapes).
    static func singleQuoted(_ text: String) -> String? {
        guard text.unicodeScalars.allSatisfy({ $0 == "\t" || !needsEscape($0) }) else { return nil }
        var result = "'"
        for character in text.unicodeScalars {
            if character == "'" { result += "'" }
            result.unicodeScalars.append(character)
        }
        return result + "'"
    }

    /// `text` itself when YAML reads it back, unquoted, as exactly that string (YAML 1.1's
    /// booleans and nulls, numbers and dates, indicators, `: ` and ` #` all need quotes);
    /// nil otherwise. Deliberately narrow: it starts with a letter or `_`.
    static func plain(_ text: String) -> String? {
        let scalars = Array(text.unicodeScalars)
        guard let first = scalars.first, let last = scalars.last else { return nil }
        let startsWell =
            (first >= "a" && first <= "z") || (first >= "A" && first <= "Z") || first == "_" || first.value >= 0x80
        guard startsWell, last != " ", last != ":" else { return nil }
        guard !scalars.contains(where: { $0 == "\t" || needsEscape($0) }) else { return nil }
        for (index, scalar) in scalars.enumerated().dropLast() {
            let next = scalars[index + 1]
            if scalar == ":" && next == " " { return nil }
            if scalar == " " && next == "#" { return nil }
        }
        guard !reservedWords.contains(text.lowercased()) else { return nil }
        return text
    }

    /// Words a YAML 1.1 reader (Yams, and Obsidian's js-yaml in places) takes for something
    /// other than a string when unquoted.
    private static let reservedWords: Set<String> = [
        "true", "false", "yes", "no", "on", "off", "y", "n", "null",
    ]

    /// Characters that only a double-quoted scalar can hold, escaped.
    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || scalar.value == 0x7F || scalar == "\u{85}" || scalar == "\u{2028}"
            || scalar == "\u{2029}" || scalar == "\u{FEFF}"
    }

    private static func hex(_ value: UInt32) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(value >> 4)], digits[Int(value & 0xF)]])
    }
}
