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

    func execute() throws -> (entry: Entry, warnings: [Notice]) {
        try checkedInput(CommandClock.expression)
        let vault = try options.open { try $0.checkDelete(id) }
        let (entry, appended) = try vault.delete(id)
        return (entry, appended.warnings)
    }

    func render(_ outcome: (entry: Entry, warnings: [Notice])) {
        outcome.warnings.forEach(Terminal.warn)
        let entry = outcome.entry
        emit("deleted \(entry.id) (\(entry.type) at \(Render.clockAndDate(entry.at)))")
    }
}
