import LedgerOutput
import LedgerSystem
import LedgerVault

/// A one-line transfer progress display on stderr, only when stderr is a terminal and only
/// for a transfer still going after `delay` (as git's progress waits): a sync that moves a
/// few hundred bytes prints no progress at all.
enum ProgressLine {
    /// How long a transfer runs before its progress is shown.
    static let delayNanos: UInt64 = 1_000_000_000

    /// The callback to hand to a transfer, or nil when stderr is not a terminal.
    static func reporter() -> ((SyncProgress) -> Void)? {
        guard Terminal.stderrIsTTY else { return nil }
        return lines(
            startedAt: SystemClock.monotonicNanos(), now: SystemClock.monotonicNanos, write: Terminal.writeError)
    }

    /// The progress lines of one transfer started at `start` (nanoseconds of `now`'s clock).
    static func lines(startedAt start: UInt64, now: @escaping () -> UInt64, write: @escaping (String) -> Void)
        -> (SyncProgress) -> Void
    {
        var lastPercent = -1
        return { progress in
            guard progress.totalObjects > 0 else { return }
            // Nothing until the transfer has run for a while; once shown, it runs to its end.
            guard lastPercent >= 0 || now() - start >= delayNanos else { return }
            let percent = progress.objects * 100 / progress.totalObjects
            guard percent != lastPercent else { return }
            lastPercent = percent
            let verb = progress.phase == .receiving ? "Receiving" : "Sending"
            let line =
                "\r\(verb) objects: \(percent)% (\(progress.objects)/\(progress.totalObjects)), \(formatBytes(progress.bytes))\u{1B}[K"
            write(line + (progress.objects == progress.totalObjects ? "\n" : ""))
        }
    }

    static func formatBytes(_ bytes: Int) -> String {
        if bytes < 1024 { return "\(bytes) B" }
        if bytes < 1024 * 1024 { return "\(bytes / 1024) KiB" }
        let tenths = bytes * 10 / (1024 * 1024)
        return "\(tenths / 10).\(tenths % 10) MiB"
    }
}

/// A progress line of several stages (an import: reading, checking, writing, committing), on
/// stderr when it is a terminal, shown once the work has run for `ProgressLine.delayNanos`
/// (a small import prints nothing). Each update rewrites the line; `finish` ends it.
final class StageProgress {
    private let start: UInt64
    private let now: () -> UInt64
    private let write: (String) -> Void
    private var shown = ""
    private var started = false

    init(startedAt start: UInt64, now: @escaping () -> UInt64, write: @escaping (String) -> Void) {
        (self.start, self.now, self.write) = (start, now, write)
    }

    /// One for this process's stderr, or nil when stderr is not a terminal.
    static func onTerminal() -> StageProgress? {
        guard Terminal.stderrIsTTY else { return nil }
        return StageProgress(
            startedAt: SystemClock.monotonicNanos(), now: SystemClock.monotonicNanos, write: Terminal.writeError)
    }

    /// `label` with a bar and a percentage when `total` is known (non-zero), else alone.
    func update(_ label: String, done: Int, total: Int) {
        guard started || now() - start >= ProgressLine.delayNanos else { return }
        started = true
        let line: String
        if total > 0 {
            let percent = min(100, done * 100 / total)
            let filled = percent / 5
            line =
                "\(label): [" + String(repeating: "#", count: filled) + String(repeating: " ", count: 20 - filled)
                + "] \(percent)% (\(done)/\(total))"
        } else {
            line = label + "…"
        }
        guard line != shown else { return }
        shown = line
        write("\r" + line + "\u{1B}[K")
    }

    /// Clears the line, when one was shown.
    func finish() {
        if started { write("\r\u{1B}[K") }
    }
}
