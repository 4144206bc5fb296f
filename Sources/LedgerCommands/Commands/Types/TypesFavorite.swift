import ArgumentParser
import LedgerCore
import LedgerOutput
import LedgerVault

extension Types {
    struct Favorite: OutcomeCommand {
        static let configuration = CommandConfiguration(
            commandName: "favorite", abstract: "Mark a type as a favorite, or take the mark away.",
            discussion: """
                Favorites come first in 'alog types', in shell completion and in the status bar's \
                tooltip. The mark is an event, so it syncs; 'alog undo' takes it back.
                """,
            aliases: ["fav"])

        @Argument(help: "The type (any case; a former name works too).", completion: DynamicCompletion.types)
        var name: String

        @Flag(help: "Take the favorite mark away.")
        var off = false

        @OptionGroup var options: VaultOptions

        func execute() throws -> (type: String, change: Vault.CatalogChange) {
            let vault = try options.open()
            let change = try vault.setFavorite(name, on: !off)
            let type = try vault.summary().definition(named: name.lowercased())?.name ?? name.lowercased()
            return (type, change)
        }

        func render(_ outcome: (type: String, change: Vault.CatalogChange)) {
            outcome.change.appended?.warnings.forEach(Terminal.warn)
            guard outcome.change.appended != nil else {
                return Terminal.note(
                    off
                        ? "nothing changed: \(outcome.type) is not a favorite"
                        : "nothing changed: \(outcome.type) is already a favorite")
            }
            emitLine(off ? "\(outcome.type) is no longer a favorite" : "★ \(outcome.type) is a favorite")
        }
    }
}
