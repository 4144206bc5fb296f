/// JSON text for `--json` outputs: stable key order, no Foundation on the hot path.
public enum JSONText {
    public static func string(_ value: String) -> String {
        var out = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            // Every control character (C0, DEL, C1) and the line and paragraph separators (which
            // end a line in JavaScript) as \u escapes: JSON output printed on a terminal, or
            // read by a script, carries none of them raw.
            case _
            where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0x2028
                || scalar.value == 0x2029:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// An object from ordered members; nil values are left out.
    public static func object(_ members: [(String, String?)]) -> String {
        "{" + members.compactMap { key, value in value.map { string(key) + ":" + $0 } }.joined(separator: ",") + "}"
    }

    public static func array(_ items: [String]) -> String { "[" + items.joined(separator: ",") + "]" }
}
