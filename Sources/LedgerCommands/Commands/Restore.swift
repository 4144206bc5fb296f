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

    func execute() throws -> (entry: Entry, warnings: [Notice]) {
        try checkedInput(CommandClock.expression)
        let vault = try options.open { try $0.checkRestore(id) }
        let (entry, appended) = try vault.restore(id)
        return (entry, appended.warnings)
    }

    func render(_ outcome: (entry: Entry, warnings: [Notice])) {
        outcome.warnings.forEach(Terminal.warn)
        let entry = outcome.entry
        emit("restored \(entry.id) (\(entry.type) at \(Render.clockAndDate(entry.at)))")
    }
}
