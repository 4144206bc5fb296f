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

        func validate() throws {
            if reset && !names.isEmpty { throw ValidationError("give types to order, or --reset, not both") }
            if !reset && names.isEmpty {
                throw ValidationError(
                    "name the types in the order you want them (e.g. 'alog types order meal reading'), or give --reset")
            }
        }

        func execute() throws -> Vault.CatalogChange {
            try options.open().setTypeOrder(reset ? [] : names)
        }

        func render(_ change: Vault.CatalogChange) {
            change.appended?.warnings.forEach(Terminal.warn)
            guard change.appended != nil else { return Terminal.note("nothing changed: that is the order already") }
            emitLine("types listed as: " + change.types.map(\.name).joined(separator: " "))
        }
    }
}
