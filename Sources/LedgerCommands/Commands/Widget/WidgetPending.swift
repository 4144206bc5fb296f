import ArgumentParser
import LedgerEnvironment
import LedgerSystem
import LedgerWidget

struct WidgetPending: OutcomeCommand {
    static let configuration = CommandConfiguration(
        commandName: "pending",
        abstract: "List the queued items, with the reason for any that cannot be committed.")

    @Flag(help: "Print JSON (documented in docs/cli.md).")
    var json = false

    @OptionGroup var options: VaultOptions

    func execute() throws -> (snapshot: WidgetStore.Snapshot, store: WidgetStore) {
        let store = try options.widgetStore()
        return (store.snapshot(), store)
    }

    func render(_ read: (snapshot: WidgetStore.Snapshot, store: WidgetStore)) {
        emit(WidgetCommands.pendingText(read.snapshot, of: read.store, json: json, zone: SystemTimeZone()))
    }
}
