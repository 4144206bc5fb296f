import ArgumentParser
import LedgerCore
import LedgerEnvironment
import LedgerOutput
import LedgerSystem
import LedgerVault

struct Edit: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Change an entry's time, type or note (recorded as a new event).",
        discussion: "ID may be any unique prefix of at least 4 characters. --note \"\" removes the note."
    )

    @Argument(help: "The entry's id or a unique prefix of it.")
    var id: String

    @Option(parsing: .unconditional, help: "The new time.")
    var at: String?

    @Option(help: "The new activity type.")
    var type: String?

    @Option(help: "The new note (empty to remove it).")
    var note: String?

    @OptionGroup var options: VaultOptions

    func run() throws {
        let changes = EntryChanges(type: type?.lowercased(), at: try at.map(CommandClock.parse), note: note)
        let vault = try options.open { try $0.checkEdit(id, changes: changes) }
        let (entry, appended) = try vault.edit(id, changes: changes)
        appended?.warnings.forEach(Terminal.warn)
        let types = Render.typeMap(try vault.summary().types)
        if appended == nil {
            Terminal.note("nothing changed: entry \(entry.id) already has the values given; no event was recorded")
        }
        emit(Render.entryLine(entry, types: types))
    }
}
