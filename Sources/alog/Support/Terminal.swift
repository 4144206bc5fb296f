import LedgerCore
import LedgerVault

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Human output: colours only on a terminal and only without NO_COLOR.
enum Terminal {
    static let stdoutIsTTY = isatty(STDOUT_FILENO) == 1
    static let stderrIsTTY = isatty(STDERR_FILENO) == 1
    static let useColor: Bool = stdoutIsTTY && (FileSystem.environment("NO_COLOR") ?? "").isEmpty

    static func style(_ text: String, _ code: String) -> String {
        useColor ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
    static func bold(_ text: String) -> String { style(text, "1") }
    static func dim(_ text: String) -> String { style(text, "2") }
    static func cyan(_ text: String) -> String { style(text, "36") }
    static func yellow(_ text: String) -> String { style(text, "33") }
    static func green(_ text: String) -> String { style(text, "32") }
    static func red(_ text: String) -> String { style(text, "31") }

    /// A message on stderr (warnings, notes), never mixed into stdout.
    static func note(_ text: String) { writeError(text + "\n") }

    /// Writes `text` to stderr as is.
    static func writeError(_ text: String) {
        var text = text
        text.withUTF8 { _ = write(STDERR_FILENO, $0.baseAddress, $0.count) }
    }

    static func warn(_ text: String) { note("alog: warning: " + text) }

    /// Reports damaged lines met while loading (they were skipped).
    static func reportLineIssues(_ vault: Vault) {
        for issue in vault.lineIssues.prefix(20) { warn("skipped damaged event line \(issue)") }
        if vault.lineIssues.count > 20 { warn("… and \(vault.lineIssues.count - 20) more; run 'alog verify'") }
    }

    /// Pads to a display width, counting an emoji as two columns.
    static func pad(_ text: String, _ width: Int) -> String {
        let visible = displayWidth(text)
        return visible >= width ? text : text + String(repeating: " ", count: width - visible)
    }

    static func displayWidth(_ text: String) -> Int {
        text.reduce(0) { width, char in
            let scalars = char.unicodeScalars
            let wide =
                scalars.contains { $0.value == 0xFE0F }
                || scalars.first.map { $0.properties.isEmojiPresentation || $0.value >= 0x1100 && $0.value <= 0x115F }
                    == true
            if wide { return width + 2 }
            return width + 1
        }
    }
}

/// JSON text for `--json` outputs: stable key order, no Foundation on the hot path.
enum JSONText {
    static func string(_ value: String) -> String {
        var out = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// An object from ordered members; nil values are left out.
    static func object(_ members: [(String, String?)]) -> String {
        "{" + members.compactMap { key, value in value.map { string(key) + ":" + $0 } }.joined(separator: ",") + "}"
    }

    static func array(_ items: [String]) -> String { "[" + items.joined(separator: ",") + "]" }
}
