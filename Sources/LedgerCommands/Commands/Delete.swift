import ArgumentParser
import LedgerCore
import LedgerEnvironment
import LedgerOutput
import LedgerVault

struct Delete: InputChecked {
    static let configuration = CommandConfiguration(
        abstract: "Hide an entry (recorded as a new event; 'alog restore' brings it back).")

    @Argument(help: "The entry's id or a unique prefix of it.", completion: DynamicCompletion.liveEntries)
    var id: String

    @OptionGroup var options: VaultOptions

    func checkedInput(_ time: TimeExpression) throws { try InputCheck.entryPrefix(id) }

    func run() throws {
        try checkedInput(CommandClock.expression)
        let vault = try options.open { try $0.checkDelete(id) }
        let (entry, appended) = try vault.delete(id)
        appended.warnings.forEach(Terminal.warn)
        emit("deleted \(entry.id) (\(entry.type) at \(Render.clockAndDate(entry.at)))")
    }
}
