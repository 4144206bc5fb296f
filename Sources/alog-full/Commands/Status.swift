import ArgumentParser
import LedgerShell
import LedgerSystem
import LedgerVault

struct Status: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show the timers (awake/asleep, since last meal, since last entry) and last-known activities.")

    @Flag(help: "Print JSON (documented in docs/cli.md).")
    var json = false

    @OptionGroup var options: VaultOptions

    func run() throws {
        let vault = try options.open()
        let summary = try vault.summary()
        Terminal.reportLineIssues(vault)
        emit(StatusReport.render(summary, json: json, now: CommandClock.nowSeconds))
    }
}
