import ArgumentParser
import LedgerCore
import LedgerEnvironment
import LedgerOutput
import LedgerSystem
import LedgerVault

struct Edit: InputChecked, OutcomeCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit", abstract: "Change an entry's time, type or note (recorded as a new event).",
        discussion: """
            ID may be any unique prefix of at least 4 characters. --note "" removes the note. \
            --start and --end also take a signed duration that moves the current start or end: \
            --end +5m, --start -10m (a time ago is '10m ago' there; --at -10m is ten minutes ago).
            """
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

    @Option(parsing: .unconditional, help: "A timer's new start (a time, or a move of it: -10m, +5m).")
    var start: String?

    @Option(parsing: .unconditional, help: "A timer's new end (a time, or a move of it: +5m, -10m).")
    var end: String?

    @Flag(help: "Trim timers the new window overlaps, instead of refusing.")
    var adjust = false

    @OptionGroup var options: VaultOptions

    func validate() throws {
        if at != nil, start != nil { throw ValidationError("give --at or --start, not both (they are the same)") }
    }

    /// What `edit` is asked to do: fields given as values, and moves of the start or end by
    /// signed seconds (`--end +5m`), which need the entry's window to become values.
    struct Input {
        var changes: EntryChanges
        var startBy: Int64?
        var endBy: Int64?
    }

    /// A signed duration (`+5m`, `-1h30m`): a move by that many seconds; nil for anything else
    /// (a time, `10m ago`).
    static func move(_ text: String?) -> Int64? {
        guard let text = text?.drop(while: { $0 == " " }), let sign = text.first, sign == "+" || sign == "-",
            let seconds = parseDuration(String(text.dropFirst()))
        else { return nil }
        return sign == "+" ? seconds : -seconds
    }

    /// The id, the new type, start and end as the command gives them, or the refusal.
    func checkedInput(_ time: TimeExpression) throws -> Input {
        try Self.input(id: id, at: at, type: type, start: start, end: end, time)
    }

    /// `checkedInput` for a request's fields.
    static func input(id: String, at: String?, type: String?, start: String?, end: String?, _ time: TimeExpression)
        throws -> Input
    {
        try InputCheck.entryPrefix(id)
        let (startBy, endBy) = (move(start), move(end))
        return Input(
            changes: EntryChanges(
                type: try type.map(InputCheck.typeName),
                at: try InputCheck.instant(startBy == nil ? start ?? at : at, time),
                end: try InputCheck.instant(endBy == nil ? end : nil, time)),
            startBy: startBy, endBy: endBy)
    }

    func execute() throws -> Edited {
        try EditRequest(
            id: id, at: at, type: type, note: try NoteSource(note: note, file: noteFile), start: start, end: end,
            adjust: adjust
        ).perform(in: options.access)
    }

    /// `edit`'s work, shared with `lengthen` and `shorten`: the moves become times (checked
    /// as any time given: not in the future), then the edit is checked before the vault's
    /// queue is committed, and recorded.
    static func perform(id: String, _ input: Input, adjust: Bool, access: VaultAccess, time: TimeExpression)
        throws -> Edited
    {
        func changes(in vault: Vault) throws -> EntryChanges {
            var changes = input.changes
            guard input.startBy != nil || input.endBy != nil else { return changes }
            let moved = try vault.timers.movedWindow(
                of: id, startBy: input.startBy, endBy: input.endBy, zone: time.zone)
            if let start = moved.start { changes.at = try time.recordable(start, as: "the new start") }
            if let end = moved.end { changes.end = try time.recordable(end, as: "the new end") }
            return changes
        }
        let vault = try access.open { try $0.checkEdit(id, changes: try changes(in: $0), adjust: adjust) }
        let (entry, appended) = try vault.edit(id, changes: try changes(in: vault), adjust: adjust)
        // A timed entry shows its window as the timeline now lays it (the new end, or running).
        let window = entry.isTimed ? try vault.state().timeline.interval(of: entry.id) : nil
        return Edited(
            entry: entry, window: window, types: Render.typeMap(try vault.summary().allTypes),
            recorded: appended != nil, warnings: appended?.warnings ?? [])
    }

    func render(_ edited: Edited) { Self.say(edited) }

    static func say(_ edited: Edited) { edited.say() }
}
