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

        func execute() throws -> FavoriteChanged {
            try FavoriteRequest(name: name, on: !off).perform(in: options.access)
        }

        func render(_ changed: FavoriteChanged) { changed.say() }
    }
}
