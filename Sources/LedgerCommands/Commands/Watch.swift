import ArgumentParser
import LedgerCore
import LedgerEnvironment
import LedgerMessages
import LedgerOutput
import LedgerSystem
import LedgerVault

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

struct Watch: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "watch",
        abstract:
            "A live view: the running timer and its goal, today's goals, awake/asleep and meal, the last entries.",
        discussion: """
            Redraws in place once a second; follows the terminal's size; shows what another \
            terminal or a sync wrote within a second or two. Keys: q (or Ctrl-C) quits, s stops \
            the running timer, r resumes the last one. When stdout is not a terminal, prints one \
            line per change instead.
            """)

    @OptionGroup var options: VaultOptions

    func run() throws {
        let vault = try options.open()
        // SIGTERM or SIGHUP end the loop within a second, and the terminal is given back.
        QuitSignals.hold()
        if let terminal = RawTerminal() {
            defer { terminal.restore() }
            try interactive(vault, terminal)
        } else {
            try lines(vault)
        }
    }

    /// Milliseconds until the next whole second of the clock.
    private static func untilNextSecond() -> Int32 {
        Int32(1000 - CommandClock.nowMillis % 1000)
    }

    private func interactive(_ vault: Vault, _ terminal: RawTerminal) throws {
        let zone = SystemTimeZone()
        var shown = ""
        var message: (text: String, until: Int64)?
        while !QuitSignals.arrived {
            let now = CommandClock.nowSeconds
            if let current = message, current.until < now { message = nil }
            let summary = try vault.summary()
            let (columns, rows) = RawTerminal.size()
            let lines = WatchView.frame(
                summary, now: now, zone: zone, columns: columns, rows: rows, message: message?.text)
            // Home, each line over the old one (cleared to its end), then the rest cleared:
            // nothing is blanked first, so nothing flickers.
            let frame = "\u{1B}[H" + lines.joined(separator: "\u{1B}[K\n") + "\u{1B}[K\u{1B}[J"
            if frame != shown {
                terminal.write(frame)
                shown = frame
            }
            guard let key = RawTerminal.key(waitingMillis: Self.untilNextSecond()) else { continue }
            switch key {
            case UInt8(ascii: "q"), UInt8(ascii: "Q"), 3, 4:  // q, Ctrl-C, Ctrl-D
                return
            case UInt8(ascii: "s"), UInt8(ascii: "r"):
                let at = zone.localInstant(at: CommandClock.nowSeconds)
                do {
                    if key == UInt8(ascii: "s") {
                        let (stopped, _) = try vault.timers.stop(at: at, note: nil)
                        message = (
                            "stopped \(stopped.entry.type) after \(formatDuration(stopped.seconds(now: at.seconds)))",
                            now + 5
                        )
                    } else {
                        let (resumed, _) = try vault.timers.resume(at: at)
                        message = ("resumed \(resumed.entry.type)", now + 5)
                    }
                } catch {
                    message = (Messages.text(for: error), now + 8)
                }
            default:
                continue
            }
        }
    }

    /// Not a terminal: one line whenever what it says changes (not every second).
    private func lines(_ vault: Vault) throws {
        let zone = SystemTimeZone()
        var last: StatusSummary?
        while !QuitSignals.arrived {
            let summary = try vault.summary()
            if summary != last {
                StandardStream.output(WatchView.line(summary, now: CommandClock.nowSeconds, zone: zone) + "\n")
                last = summary
            }
            usleep(UInt32(Self.untilNextSecond()) * 1000)
        }
    }
}
