import ArgumentParser
import LedgerCore
import LedgerEnvironment
import LedgerOutput
import LedgerVault

struct Show: InputChecked, OutcomeCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show an entry and every event that touched it, with commit, device, author and time.")

    @Argument(help: "The entry's id or a unique prefix of it.", completion: DynamicCompletion.liveEntries)
    var id: String

    @Flag(help: "Print JSON.")
    var json = false

    @OptionGroup var options: VaultOptions

    func checkedInput(_ time: TimeExpression) throws { try InputCheck.entryPrefix(id) }

    /// What `show` found: the entry, its window (a timer), and every event that touched it.
    func execute() throws -> Shown { try ShowQuery(id: id).perform(in: options.access) }

    func render(_ shown: Shown) {
        let (entry, types) = (shown.entry, shown.types)
        let window = shown.window.map { Render.Window($0, now: CommandClock.nowSeconds) }
        if json {
            ShowQuery(id: id).json(shown, write: emitPart)
        } else {
            emit(
                Render.entryLine(entry, types: types, window: window)
                    + (entry.isDeleted ? "  " + Terminal.red("(deleted)") : ""))
            if !entry.tags.isEmpty { emit(Terminal.dim("  tags: ") + Render.tags(entry.tags)) }
            // The entry's line shows the note on one line, cut; here it is whole, line by line.
            if let note = entry.note, Render.note(note) != note {
                emit(Terminal.dim("  note:"))
                for line in note.split(separator: "\n", omittingEmptySubsequences: false) {
                    emit("    " + DisplayText.escaped(String(line)))
                }
            }
            shown.records.forEach { emit("  " + Render.auditLine($0)) }
        }
    }
}
