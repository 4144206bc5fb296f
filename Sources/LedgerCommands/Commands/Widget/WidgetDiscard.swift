import ArgumentParser
import LedgerEnvironment
import LedgerWidget

struct WidgetDiscard: OutcomeCommand {
    static let configuration = CommandConfiguration(
        commandName: "discard",
        abstract: "Remove queued items by their number in 'alog widget pending' (they are not committed).")

    @Argument(help: "Item numbers.")
    var numbers: [Int]

    @OptionGroup var options: VaultOptions

    func execute() throws -> [PendingQueue.Element] { try options.widgetStore().discard(numbers) }

    func render(_ removed: [PendingQueue.Element]) {
        emit(WidgetCommands.discardText(removed, numbers: numbers, zone: SystemTimeZone()).stdout)
    }
}
