import LedgerOutput
import LedgerVault

/// A one-line transfer progress display on stderr, only when stderr is a terminal.
enum ProgressLine {
    /// The callback to hand to a transfer, or nil when stderr is not a terminal.
    static func reporter() -> ((SyncProgress) -> Void)? {
        guard Terminal.stderrIsTTY else { return nil }
        var lastPercent = -1
        return { progress in
            guard progress.totalObjects > 0 else { return }
            let percent = progress.objects * 100 / progress.totalObjects
            guard percent != lastPercent else { return }
            lastPercent = percent
            let verb = progress.phase == .receiving ? "Receiving" : "Sending"
            let line =
                "\r\(verb) objects: \(percent)% (\(progress.objects)/\(progress.totalObjects)), \(formatBytes(progress.bytes))\u{1B}[K"
            Terminal.writeError(line + (progress.objects == progress.totalObjects ? "\n" : ""))
        }
    }

    static func formatBytes(_ bytes: Int) -> String {
        if bytes < 1024 { return "\(bytes) B" }
        if bytes < 1024 * 1024 { return "\(bytes / 1024) KiB" }
        let tenths = bytes * 10 / (1024 * 1024)
        return "\(tenths / 10).\(tenths % 10) MiB"
    }
}
