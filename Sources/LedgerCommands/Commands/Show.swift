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
    struct Shown {
        var entry: Entry
        var window: Timeline.Interval?
        var records: [Vault.AuditRecord]
        var types: [String: ActivityTypeDefinition]
    }

    func execute() throws -> Shown {
        try checkedInput(CommandClock.expression)
        let vault = try options.open { _ = try $0.resolveEntry(id) }
        let entry = try vault.resolveEntry(id)
        let records = try vault.eventsTouching(entry.id)
        let state = try vault.state()
        // A timed entry shows its window as `history` does (as the timeline lays it).
        return Shown(
            entry: entry, window: entry.isTimed ? state.timeline.interval(of: entry.id) : nil, records: records,
            types: Render.typeMap(state.allTypes))
    }

    func render(_ shown: Shown) {
        let (entry, types) = (shown.entry, shown.types)
        let window = shown.window.map { Render.Window($0, now: CommandClock.nowSeconds) }
        if json {
            emit(
                JSONText.object([
                    ("entry", Render.entryJSON(entry, types: types, window: window)),
                    ("events", JSONText.array(shown.records.map(Render.auditJSON))),
                ]))
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
