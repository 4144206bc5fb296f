import ArgumentParser
import LedgerCore
import LedgerEnvironment
import LedgerOutput
import LedgerVault

struct Types: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "types", abstract: "List, define, arrange, rename or remove activity types.",
        subcommands: [List.self, Add.self, Remove.self, Favorite.self, Order.self, Rename.self, Search.self],
        defaultSubcommand: List.self)

    struct List: OutcomeCommand {
        static let configuration = CommandConfiguration(
            commandName: "list", abstract: "List the known activity types.",
            discussion: "Favorites (★) come first, then the order 'alog types order' set, then the rest by name.")

        @Flag(help: "Print JSON.")
        var json = false

        @Flag(help: "Also list removed (archived) types.")
        var all = false

        @OptionGroup var options: VaultOptions

        func execute() throws -> TypeListing { try TypesQuery(all: all).perform(in: options.access) }

        func render(_ listing: TypeListing) {
            if json {
                TypesQuery(all: all).json(listing, write: emitPart)
            } else {
                listing.lines().forEach(emit)
            }
        }
    }

    struct Add: InputChecked, OutcomeCommand {
        static let configuration = CommandConfiguration(
            commandName: "add", abstract: "Define an activity type, or change the icon, group or colour of one.",
            discussion: """
                On a type that exists, only the options given change; the others keep their value. \
                Names are case-insensitive (kept in lowercase).
                """)

        @Argument(help: "The type name: a-z, 0-9, '_' or '-', starting with a letter (any case).")
        var name: String

        @Option(
            help: "An icon (emoji) shown beside it: up to \(ActivityTypes.maxIconCharacters) characters. New types: •.")
        var icon: String?

        @Option(help: "A group it belongs to (up to 32 characters).")
        var group: String?

        @Option(help: "A colour, #rrggbb, e.g. #4a6fa5 (\"\" for none).")
        var color: String?

        @OptionGroup var options: VaultOptions

        func checkedInput(_ time: TimeExpression) throws { try request.checkedInput() }

        var request: DefineTypeRequest { DefineTypeRequest(name: name, icon: icon, group: group, color: color) }

        func execute() throws -> TypeDefined { try request.perform(in: options.access) }

        func render(_ defined: TypeDefined) { defined.say() }
    }

    struct Remove: OutcomeCommand {
        static let configuration = CommandConfiguration(
            commandName: "remove", abstract: "Remove an activity type (archived while entries of it remain).",
            discussion: """
                The type is no longer listed by 'alog types' (see 'types --all') and log, start, \
                edit --type and goals refuse it. Entries already logged with it are kept and shown \
                with its icon: when some remain, the type is archived rather than gone. Nothing is \
                rewritten (a new event records the removal); 'alog types add NAME' brings it back \
                with the icon, group and colour it had, and 'alog undo' reverses the removal.
                """,
            aliases: ["archive", "rm"])

        @Argument(help: "The type to remove (any case).", completion: DynamicCompletion.types)
        var name: String

        @OptionGroup var options: VaultOptions

        func execute() throws -> TypeRemoved { try RemoveTypeRequest(name: name).perform(in: options.access) }

        func render(_ removed: TypeRemoved) { removed.say() }
    }
}
