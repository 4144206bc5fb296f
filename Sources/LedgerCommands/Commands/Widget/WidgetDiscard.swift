import ArgumentParser
import LedgerWidget

struct WidgetDiscard: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "discard",
        abstract: "Remove queued items by their number in 'alog widget pending' (they are not committed).")

    @Argument(help: "Item numbers.")
    var numbers: [Int]

    @OptionGroup var options: VaultOptions

    func run() throws {
        let removed = try options.widgetStore().discard(numbers)
        for element in removed { emitLine("discarded: " + String(decoding: element.raw, as: UTF8.self)) }
    }
}
