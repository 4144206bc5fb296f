import ArgumentParser
import LedgerCore
import LedgerEnvironment
import LedgerOutput
import LedgerVault

struct Restore: InputChecked {
    static let configuration = CommandConfiguration(abstract: "Bring back a deleted entry.")

    @Argument(help: "The entry's id or a unique prefix of it.", completion: DynamicCompletion.deletedEntries)
    var id: String

    @OptionGroup var options: VaultOptions

    func checkedInput(_ time: TimeExpression) throws { try InputCheck.entryPrefix(id) }

    func run() throws {
        try checkedInput(CommandClock.expression)
        let vault = try options.open { try $0.checkRestore(id) }
        let (entry, appended) = try vault.restore(id)
        appended.warnings.forEach(Terminal.warn)
        emit("restored \(entry.id) (\(entry.type) at \(Render.clockAndDate(entry.at)))")
    }
}
