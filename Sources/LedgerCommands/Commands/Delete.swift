import ArgumentParser
import LedgerOutput
import LedgerVault

struct Delete: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Hide an entry (recorded as a new event; 'alog restore' brings it back).")

    @Argument(help: "The entry's id or a unique prefix of it.", completion: DynamicCompletion.liveEntries)
    var id: String

    @OptionGroup var options: VaultOptions

    func run() throws {
        let vault = try options.open { try $0.checkDelete(id) }
        let (entry, appended) = try vault.delete(id)
        appended.warnings.forEach(Terminal.warn)
        emit("deleted \(entry.id) (\(entry.type) at \(Render.clockAndDate(entry.at)))")
    }
}
