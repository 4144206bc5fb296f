import ArgumentParser
import LedgerEnvironment
import LedgerSystem
import LedgerWidget

struct WidgetPending: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pending",
        abstract: "List the queued items, with the reason for any that cannot be committed.")

    @Flag(help: "Print JSON (documented in docs/cli.md).")
    var json = false

    @OptionGroup var options: VaultOptions

    func run() throws {
        emit(WidgetCommands.pending(try options.widgetStore(), json: json, zone: SystemTimeZone()))
    }
}
