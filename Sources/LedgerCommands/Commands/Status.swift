import ArgumentParser
import LedgerEnvironment
import LedgerOutput
import LedgerSystem
import LedgerVault

struct Status: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show the timers (awake/asleep, since last meal, since last entry) and last-known activities.")

    @Flag(help: "Print JSON (documented in docs/cli.md).")
    var json = false

    @OptionGroup var options: VaultOptions

    func run() throws {
        try Self.show(json: json, vault: options.vault)
    }

    /// The command's work, shared with `QuickCommand` (the same command line without the
    /// parser).
    static func show(json: Bool, vault path: String?) throws {
        let vault = try VaultOptions.open(explicit: path)
        let summary = try vault.summary()
        Terminal.reportLineIssues(vault)
        emit(StatusView.render(summary, json: json, now: CommandClock.nowSeconds))
    }
}
