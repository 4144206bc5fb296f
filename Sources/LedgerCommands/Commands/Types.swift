import ArgumentParser
import LedgerCore
import LedgerOutput
import LedgerVault

struct Types: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List or define activity types.", subcommands: [List.self, Add.self], defaultSubcommand: List.self)

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the known activity types.")

        @Flag(help: "Print JSON.")
        var json = false

        @OptionGroup var options: VaultOptions

        func run() throws {
            let types = try options.open().summary().types
            if json {
                emit(
                    JSONText.array(
                        types.map {
                            JSONText.object([
                                ("name", JSONText.string($0.name)), ("icon", JSONText.string($0.icon)),
                                ("group", JSONText.string($0.group)), ("color", JSONText.string($0.color)),
                                ("builtIn", ActivityTypes.builtIn($0.name) != nil ? "true" : "false"),
                            ])
                        }))
            } else {
                for type in types {
                    emit(
                        "\(Terminal.pad(type.icon + " " + type.name, 18))  \(Terminal.pad(type.group, 10))  \(type.color)"
                    )
                }
            }
        }
    }

    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Define (or redefine) an activity type.")

        @Argument(help: "The type name: a-z, 0-9, '_' or '-', starting with a letter.")
        var name: String

        @Option(help: "An icon (emoji) shown beside it.")
        var icon: String = "•"

        @Option(help: "A group it belongs to.")
        var group: String = ""

        @Option(help: "A colour, e.g. #4a6fa5.")
        var color: String = ""

        @OptionGroup var options: VaultOptions

        func run() throws {
            let definition = ActivityTypeDefinition(name: name, icon: icon, group: group, color: color)
            try Vault.checkDefine(definition)
            let vault = try options.open()
            let appended = try vault.defineType(definition)
            appended.warnings.forEach(Terminal.warn)
            emit("defined \(icon) \(name)")
        }
    }
}
