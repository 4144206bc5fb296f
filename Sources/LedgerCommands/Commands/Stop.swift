import ArgumentParser
import LedgerCore
import LedgerEnvironment
import LedgerOutput
import LedgerVault

struct Stop: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Stop the running timer.")

    @Option(parsing: .unconditional, help: "When it stopped (default: now).")
    var at: String?

    @Option(help: "A note for the entry (replaces its note).")
    var note: String?

    @OptionGroup var options: VaultOptions

    func run() throws {
        try Self.end(at: at, note: note, vault: options.vault)
    }

    /// The command's work, shared with `QuickCommand` (the same command line without the parser).
    static func end(at: String?, note: String?, vault path: String?) throws {
        let instant = try at.map(CommandClock.parse) ?? SystemTimeZone().localInstant(at: CommandClock.nowSeconds)
        let vault = try VaultOptions.open(explicit: path) { try $0.checkStop(at: instant) }
        let (stopped, appended) = try vault.stopTimer(at: instant, note: note)
        appended.warnings.forEach(Terminal.warn)
        emit(
            "stopped \(stopped.entry.type) (\(stopped.entry.id)) at \(Render.clock(instant)) after \(formatDuration(stopped.seconds(now: instant.seconds)))"
        )
    }
}
