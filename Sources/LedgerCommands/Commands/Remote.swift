import ArgumentParser
import LedgerCore
import LedgerOutput
import LedgerVault

struct Remote: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remote", abstract: "Manage the git remotes the vault syncs with.",
        subcommands: [List.self, Add.self, Remove.self],
        defaultSubcommand: List.self)

    struct List: OutcomeCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "List the remotes.")

        @Flag(help: "Print JSON: an array of {name, url}.")
        var json = false

        @OptionGroup var options: VaultOptions

        func execute() throws -> [Vault.Remote] { try RemotesQuery().perform(in: options.access) }

        func render(_ remotes: [Vault.Remote]) {
            if json {
                RemotesQuery().json(remotes, write: emitPart)
            } else if remotes.isEmpty {
                emit("no remotes; add one with 'alog remote add origin URL'")
            } else {
                let width = remotes.map { Terminal.displayWidth(DisplayText.escaped($0.name)) }.max() ?? 0
                emit(
                    remotes.map {
                        "\(Terminal.pad(DisplayText.escaped($0.name), width))  \(DisplayText.escaped($0.url))"
                    }
                    .joined(separator: "\n"))
            }
        }
    }

    struct Add: OutcomeCommand {
        static let configuration = CommandConfiguration(commandName: "add", abstract: "Add a remote.")

        @Argument(help: "A name for the remote, e.g. origin.")
        var name: String

        @Argument(help: "A path, file://, git://, ssh:// (or user@host:path) or https:// URL.")
        var url: String

        @OptionGroup var options: VaultOptions

        /// The remote as git stored it, and the local folder it names that does not exist (yet).
        func execute() throws -> (url: String, missing: String?) {
            // Configuration only: the widget's queue is left for a command that writes the ledger.
            let vault = try options.open(creatingDefault: true, drainingWidgetQueue: false)
            try vault.addRemote(name: name, url: url)
            let stored = try vault.remotes().first { $0.name == name }?.url ?? url
            return (stored, Vault.missingLocalRepository(url))
        }

        func render(_ added: (url: String, missing: String?)) {
            emitLine("added remote \(name) (\(added.url))")
            if let missing = added.missing {
                Terminal.warn(
                    "\(missing) does not exist (yet); 'alog sync' will fail until it does (a disk not mounted? a typo? create it with 'git init --bare \(missing)')"
                )
            }
        }
    }

    struct Remove: OutcomeCommand {
        static let configuration = CommandConfiguration(
            commandName: "remove", abstract: "Remove a remote (nothing in the vault changes).")

        @Argument(help: "The remote's name.", completion: DynamicCompletion.remotes)
        var name: String

        @OptionGroup var options: VaultOptions

        func execute() throws { try options.open(drainingWidgetQueue: false).removeRemote(name: name) }

        func render(_: Void) { emit("removed remote \(name)") }
    }
}
