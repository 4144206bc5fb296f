import ArgumentParser
import LedgerCore
import LedgerOutput
import LedgerVault

extension Types {
    struct Search: OutcomeCommand {
        static let configuration = CommandConfiguration(
            commandName: "search", abstract: "Find types by name, former name, group or icon.",
            discussion: """
                Case-insensitive. An icon is searched by the Unicode names of its characters, so \
                'moon' finds 🌙 and 'fork' finds 🍽️. Best matches first: the name, then a former \
                name, the group, the icon.
                """,
            aliases: ["find"])

        @Argument(help: "The text to look for.")
        var text: String

        @Flag(help: "Print JSON (the items of 'types --json', with \"match\").")
        var json = false

        @Flag(help: "Also search removed (archived) types.")
        var all = false

        @OptionGroup var options: VaultOptions

        func execute() throws -> TypeListing {
            let summary = try options.open().summary()
            let found = summary.catalog.search(text, in: summary.types(includingRemoved: all))
            return TypeListing(types: found.map(\.type), catalog: summary.catalog, matches: found.map(\.match))
        }

        func render(_ listing: TypeListing) {
            if json { return emit(listing.json()) }
            guard !listing.types.isEmpty else {
                return Terminal.note("no type matches \(DisplayText.quoted(text)); 'alog types --all' lists every type")
            }
            listing.lines().forEach(emit)
        }

        func exitStatus(for listing: TypeListing) -> ExitCode {
            listing.types.isEmpty && !json ? ExitCode(1) : .success
        }
    }
}
