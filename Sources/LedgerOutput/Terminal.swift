package import LedgerCore
import LedgerSystem

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Human output: colours only on a terminal and only without NO_COLOR.
package enum Terminal {
    /// True when stdout is a terminal (never inside an `Invocation`, whose output is captured).
    package static var stdoutIsTTY: Bool { Invocation.current == nil && process.stdoutIsTTY }
    package static var stderrIsTTY: Bool { Invocation.current == nil && process.stderrIsTTY }

    /// What a command that wrote one entry prints: on a terminal, what was recorded (`meal at
    /// 23:40 yesterday (2026-11-21) · id …`); otherwise the bare id, for scripts, with that
    /// confirmation as a note on stderr when stderr is a terminal.
    package static func entryReport(id: EventID, confirmation: String) -> (stdout: String, note: String?) {
        if stdoutIsTTY { return (confirmation, nil) }
        return (id.description, stderrIsTTY ? confirmation : nil)
    }
    package static var useColor: Bool { Invocation.current == nil && process.useColor }

    /// This process's own streams, looked at once.
    private static let process: (stdoutIsTTY: Bool, stderrIsTTY: Bool, useColor: Bool) = {
        let stdout = isatty(STDOUT_FILENO) == 1
        return (stdout, isatty(STDERR_FILENO) == 1, stdout && (FileSystem.environment("NO_COLOR") ?? "").isEmpty)
    }()

    package static func style(_ text: String, _ code: String) -> String {
        useColor ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
    package static func bold(_ text: String) -> String { style(text, "1") }
    package static func dim(_ text: String) -> String { style(text, "2") }
    package static func cyan(_ text: String) -> String { style(text, "36") }
    package static func yellow(_ text: String) -> String { style(text, "33") }
    package static func green(_ text: String) -> String { style(text, "32") }
    package static func red(_ text: String) -> String { style(text, "31") }

    /// A message on stderr (warnings, notes), never mixed into stdout. Text from outside alog
    /// in it (a name, a path, a note) cannot reach the terminal as a control sequence.
    package static func note(_ text: String) { writeError(DisplayText.escaped(text, oneLine: false) + "\n") }

    /// Writes `text` to stderr as is.
    package static func writeError(_ text: String) { StandardStream.error(text) }

    /// A warning on stderr, once per process: a repair that cannot finish is retried, and
    /// reports the same thing, at every step of one command.
    package static func warn(_ text: String) {
        guard (Invocation.current?.warned ?? warned).withLock({ $0.insert(text).inserted }) else { return }
        note("alog: warning: " + text)
    }

    private static let warned = Locked<Set<String>>([])

    /// Pads to a display width: colours take no columns, an emoji or a CJK character two.
    package static func pad(_ text: String, _ width: Int) -> String {
        let visible = displayWidth(text)
        return visible >= width ? text : text + String(repeating: " ", count: width - visible)
    }

    /// `text` with spaces before it to `width` display columns (numbers in a column).
    package static func padLeft(_ text: String, _ width: Int) -> String {
        let visible = displayWidth(text)
        return visible >= width ? text : String(repeating: " ", count: width - visible) + text
    }

    /// `text` cut to `width` display columns; escape sequences (colours) do not count and are
    /// kept whole, and a style that was cut off is reset.
    package static func truncate(_ text: String, to width: Int) -> String {
        var out = ""
        var used = 0
        var escapes = DisplayText.EscapeSequences()
        var cut = false
        for char in text {
            if escapes.consumes(char) {
                out.append(char)
                continue
            }
            let charWidth = DisplayText.characterWidth(char)
            if used + charWidth > width {
                cut = true
                break
            }
            used += charWidth
            out.append(char)
        }
        return cut && out.contains("\u{1B}") ? out + "\u{1B}[0m" : out
    }

    /// The columns `text` takes on a terminal: escape sequences (colours) take none, wide
    /// characters and emoji two (see `DisplayText.width`).
    package static func displayWidth(_ text: String) -> Int { DisplayText.width(text) }
}
