import ArgumentParser
import LedgerCore
import LedgerEnvironment
import LedgerOutput
import LedgerSystem
import LedgerVault

struct Edit: InputChecked, OutcomeCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit", abstract: "Change an entry's time, type or note (recorded as a new event).",
        discussion: "ID may be any unique prefix of at least 4 characters. --note \"\" removes the note."
    )

    @Argument(help: "The entry's id or a unique prefix of it.", completion: DynamicCompletion.liveEntries)
    var id: String

    @Option(parsing: .unconditional, help: "The new time.")
    var at: String?

    @Option(help: "The new activity type.", completion: DynamicCompletion.types)
    var type: String?

    @Option(help: "The new note (empty to remove it; at most 2,000 characters); '-' reads it from standard input.")
    var note: String?

    @Option(name: .customLong("note-file"), help: ArgumentHelp("Read the note from FILE (UTF-8).", valueName: "file"))
    var noteFile: String?

    @Option(parsing: .unconditional, help: "A timer's new start (the same as --at).")
    var start: String?

    @Option(parsing: .unconditional, help: "A timer's new end.")
    var end: String?

    @Flag(help: "Trim timers the new window overlaps, instead of refusing.")
    var adjust = false

    @OptionGroup var options: VaultOptions

    func validate() throws {
        if at != nil, start != nil { throw ValidationError("give --at or --start, not both (they are the same)") }
    }

    /// The id, the new type, start and end as the command gives them, or the refusal.
    func checkedInput(_ time: TimeExpression) throws -> EntryChanges {
        try InputCheck.entryPrefix(id)
        return EntryChanges(
            type: try type.map(InputCheck.typeName), at: try InputCheck.instant(start ?? at, time),
            end: try InputCheck.instant(end, time))
    }

    /// What an `edit` did: the entry as it is now (and its window, for a timer), or that
    /// nothing changed (`warnings` nil: no event was recorded).
    struct Edited {
        var entry: Entry
        var window: Timeline.Interval?
        var types: [String: ActivityTypeDefinition]
        var warnings: [Notice]?
    }

    func execute() throws -> Edited {
        var changes = try checkedInput(CommandClock.expression)
        changes.note = try NoteInput.resolve(note: note, file: noteFile)
        let vault = try options.open { try $0.checkEdit(id, changes: changes, adjust: adjust) }
        let (entry, appended) = try vault.edit(id, changes: changes, adjust: adjust)
        // A timed entry shows its window as the timeline now lays it (the new end, or running).
        let window = entry.isTimed ? try vault.state().timeline.interval(of: entry.id) : nil
        return Edited(
            entry: entry, window: window, types: Render.typeMap(try vault.summary().allTypes),
            warnings: appended?.warnings)
    }

    func render(_ edited: Edited) {
        edited.warnings?.forEach(Terminal.warn)
        if edited.warnings == nil {
            Terminal.note(
                "nothing changed: entry \(edited.entry.id) already has the values given; no event was recorded")
        }
        let window = edited.window.map { Render.Window($0, now: CommandClock.nowSeconds) }
        emit(Render.entryLine(edited.entry, types: edited.types, window: window))
    }
}
