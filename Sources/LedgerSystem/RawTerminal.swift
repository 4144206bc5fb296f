#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A terminal taken over by a full-screen view: raw keys (no echo, no line editing, Ctrl-C as
/// a key), the alternate screen, the cursor hidden. `restore()` (idempotent) gives everything
/// back; call it before exiting, whatever the path.
package final class RawTerminal {
    private var saved = termios()
    private var active = false

    /// Nil when standard input or output is not a terminal.
    package init?() {
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1, tcgetattr(STDIN_FILENO, &saved) == 0 else {
            return nil
        }
        var raw = saved
        cfmakeraw(&raw)
        raw.c_oflag |= tcflag_t(OPOST)  // keep "\n" → "\r\n" for the frames we write
        guard tcsetattr(STDIN_FILENO, TCSAFLUSH, &raw) == 0 else { return nil }
        active = true
        write("\u{1B}[?1049h\u{1B}[?25l")  // alternate screen, hide the cursor
    }

    deinit { restore() }

    package func restore() {
        guard active else { return }
        active = false
        write("\u{1B}[?25h\u{1B}[?1049l")
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved)
    }

    /// Columns and rows (80×24 when the terminal does not say).
    package static func size() -> (columns: Int, rows: Int) {
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else {
            return (80, 24)
        }
        return (Int(size.ws_col), Int(size.ws_row))
    }

    /// Waits up to `millis` for a key on standard input; the byte, or nil on timeout (or when
    /// input is closed: then after the wait).
    package static func key(waitingMillis millis: Int32) -> UInt8? {
        var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
        let ready = poll(&descriptor, 1, millis)
        guard ready > 0, descriptor.revents & Int16(POLLIN) != 0 else { return nil }
        var byte: UInt8 = 0
        guard read(STDIN_FILENO, &byte, 1) == 1 else {
            // End of input: wait out the interval instead of spinning.
            if millis > 0 { usleep(UInt32(millis) * 1000) }
            return nil
        }
        return byte
    }

    /// Writes the whole text with as few system calls as it takes (one frame, one write).
    package func write(_ text: String) {
        StandardStream.output(text)
    }
}
