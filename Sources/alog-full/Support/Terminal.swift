import LedgerCore
import LedgerSystem
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
    static func writeError(_ text: String) { StandardStream.error(text) }

    static func warn(_ text: String) { note("alog: warning: " + text) }

    /// Reports what committing the widget's queue did: a note on a terminal, warnings always.
    static func reportDrain(_ report: Vault.DrainReport) {
        if report.committed > 0, stderrIsTTY {
            note("committed \(report.committed) widget tap\(report.committed == 1 ? "" : "s") from the queue")
        }
        for aside in report.savedAside { warn("unreadable widget queue text was saved aside in \(aside)") }
        let stuck = report.failures.count + report.invalid
        if stuck > 0 {
            let first = report.failures.first.map { ": \($0.reason)" } ?? ""
            warn(
                "\(stuck) widget item\(stuck == 1 ? "" : "s") could not be committed and stay\(stuck == 1 ? "s" : "") queued\(first); see 'alog widget pending'"
            )
        }
    }

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
