import ArgumentParser
import LedgerCore
import LedgerEnvironment
import LedgerOutput
import LedgerVault

struct Show: InputChecked {
    static let configuration = CommandConfiguration(
        abstract: "Show an entry and every event that touched it, with commit, device, author and time.")

    @Argument(help: "The entry's id or a unique prefix of it.", completion: DynamicCompletion.liveEntries)
    var id: String

    @Flag(help: "Print JSON.")
    var json = false

    @OptionGroup var options: VaultOptions

    func checkedInput(_ time: TimeExpression) throws { try InputCheck.entryPrefix(id) }

    func run() throws {
        try checkedInput(CommandClock.expression)
        let vault = try options.open { _ = try $0.resolveEntry(id) }
        let entry = try vault.resolveEntry(id)
        let records = try vault.eventsTouching(entry.id)
        let state = try vault.state()
        let types = Render.typeMap(state.allTypes)
        // A timed entry shows its window as `history` does (as the timeline lays it).
        let window =
            entry.isTimed
            ? state.timeline.interval(of: entry.id).map { Render.Window($0, now: CommandClock.nowSeconds) } : nil
        if json {
            emit(
                JSONText.object([
                    ("entry", Render.entryJSON(entry, types: types, window: window)),
                    ("events", JSONText.array(records.map(Render.auditJSON))),
                ]))
        } else {
            emit(
                Render.entryLine(entry, types: types, window: window)
                    + (entry.isDeleted ? "  " + Terminal.red("(deleted)") : ""))
            // The entry's line shows the note on one line, cut; here it is whole, line by line.
            if let note = entry.note, Render.note(note) != note {
                emit(Terminal.dim("  note:"))
                for line in note.split(separator: "\n", omittingEmptySubsequences: false) {
                    emit("    " + DisplayText.escaped(String(line)))
                }
            }
            records.forEach { emit("  " + Render.auditLine($0)) }
        }
    }
}
