import ArgumentParser
import LedgerEnvironment
import LedgerWidget

struct WidgetDiscard: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "discard",
        abstract: "Remove queued items by their number in 'alog widget pending' (they are not committed).")

    @Argument(help: "Item numbers.")
    var numbers: [Int]

    @OptionGroup var options: VaultOptions

    func run() throws {
        let output = try WidgetCommands.discard(options.widgetStore(), numbers: numbers, zone: SystemTimeZone())
        emit(output.stdout)
    }
}
