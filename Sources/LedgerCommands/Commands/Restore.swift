import ArgumentParser
import LedgerCore
import LedgerEnvironment
import LedgerOutput
import LedgerVault

struct Restore: InputChecked, OutcomeCommand {
    static let configuration = CommandConfiguration(commandName: "restore", abstract: "Bring back a deleted entry.")

    @Argument(help: "The entry's id or a unique prefix of it.", completion: DynamicCompletion.deletedEntries)
    var id: String

    @OptionGroup var options: VaultOptions

    func checkedInput(_ time: TimeExpression) throws { try InputCheck.entryPrefix(id) }

    func execute() throws -> EntryVisibilityChanged {
        try EntryVisibilityRequest(id: id, restores: true).perform(in: options.access)
    }

    func render(_ outcome: EntryVisibilityChanged) {
        outcome.say()
    }
}
