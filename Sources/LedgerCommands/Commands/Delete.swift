import ArgumentParser
import LedgerCore
import LedgerEnvironment
import LedgerOutput
import LedgerVault

struct Delete: InputChecked, OutcomeCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete", abstract: "Hide an entry (recorded as a new event; 'alog restore' brings it back).")

    @Argument(help: "The entry's id or a unique prefix of it.", completion: DynamicCompletion.liveEntries)
    var id: String

    @OptionGroup var options: VaultOptions

    func checkedInput(_ time: TimeExpression) throws { try InputCheck.entryPrefix(id) }

    func execute() throws -> EntryVisibilityChanged {
        try EntryVisibilityRequest(id: id, restores: false).perform(in: options.access)
    }

    func render(_ outcome: EntryVisibilityChanged) {
        outcome.say()
    }
}
