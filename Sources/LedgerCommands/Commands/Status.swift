import ArgumentParser
import LedgerCore
import LedgerEnvironment
import LedgerOutput
import LedgerSystem
import LedgerVault

struct Status: OutcomeCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Show the timers (awake/asleep, since last meal, since last entry) and last-known activities.")

    @Flag(help: "Print JSON (documented in docs/cli.md).")
    var json = false

    @OptionGroup var options: VaultOptions

    func execute() throws -> StatusSummary { try Self.execute(vault: options.vault) }

    func render(_ summary: StatusSummary) { Self.render(summary, json: json) }

    /// The command's work, shared with `QuickCommand` (the same command line without the
    /// parser).
    static func execute(vault path: String?) throws -> StatusSummary {
        try StatusQuery().perform(in: VaultAccess(path: path))
    }

    static func render(_ summary: StatusSummary, json: Bool) {
        emit(StatusView.render(summary, json: json, now: CommandClock.nowSeconds))
    }
}
