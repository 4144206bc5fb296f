import ArgumentParser
import LedgerCore
import LedgerOutput
import LedgerVault

extension Types {
    struct Order: OutcomeCommand {
        static let configuration = CommandConfiguration(
            commandName: "order", abstract: "Set the order types are listed in.",
            discussion: """
                The types named come first, in that order (after the favorites); the others follow \
                by name. 'alog types order --reset' lists them by name again. The order is an \
                event, so it syncs (the latest order wins); 'alog undo' puts the previous one back.
                """)

        @Argument(help: "Types in the order wanted.", completion: DynamicCompletion.types)
        var names: [String] = []

        @Flag(help: "List types by name again.")
        var reset = false

        @OptionGroup var options: VaultOptions

        var request: TypeOrderRequest { TypeOrderRequest(names: names, reset: reset) }

        func validate() throws { try request.checkedInput() }

        func execute() throws -> OrderChanged { try request.perform(in: options.access) }

        func render(_ changed: OrderChanged) { changed.say() }
    }
}
