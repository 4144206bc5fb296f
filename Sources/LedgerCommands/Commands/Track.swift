import ArgumentParser
import LedgerCore
import LedgerEnvironment
import LedgerOutput
import LedgerVault

struct Track: InputChecked, OutcomeCommand {
    static let configuration = CommandConfiguration(
        commandName: "track", abstract: "Record a timer that already ran, from one time to another, in one step.",
        discussion: """
            alog track reading 9:00 - 10:30
            alog track reading yesterday 21:00 to yesterday 22:15
            alog track work from 13:00 for 1h30m
            alog track work --from 13:00 --to 14:30
            alog track code +deep +client-x 9:00 - 10:30

            TIME: as for 'alog log' (a bare clock time is today's). The window may not overlap another \
            timer's; --adjust trims a neighbour that sticks out on one side instead.
            """
    )

    @Argument(help: "The activity type (any type can be timed).", completion: DynamicCompletion.types)
    var type: String

    @Argument(
        parsing: .allUnrecognized,
        help: ArgumentHelp("FROM - TO, FROM to TO or FROM for DURATION.", valueName: "window"))
    var window: [String] = []

    @Option(parsing: .unconditional, help: "When it started.")
    var from: String?

    @Option(parsing: .unconditional, help: "When it ended.")
    var to: String?

    @Option(name: .customLong("for"), parsing: .unconditional, help: "How long it ran (DURATION), instead of --to.")
    var duration: String?

    @Option(help: "A note to keep with the entry (at most 2,000 characters); '-' reads it from standard input.")
    var note: String?

    @Option(name: .customLong("note-file"), help: ArgumentHelp("Read the note from FILE (UTF-8).", valueName: "file"))
    var noteFile: String?

    @Flag(help: "Trim a timer the window overlaps on one side, instead of refusing.")
    var adjust = false

    @OptionGroup var options: VaultOptions

    /// The window's two ends as written: from the words, else the options.
    func ends() throws -> (from: String, to: String?, duration: String?) {
        guard window.contains(where: { !Tags.isTagWord($0) }) else {
            guard let from else { throw ValidationError("say when it ran: 'alog track \(type) 9:00 - 10:30'") }
            guard (to == nil) != (duration == nil) else {
                throw ValidationError("give the end with --to TIME or the length with --for DURATION (one of them)")
            }
            return (from, to, duration)
        }
        guard from == nil, to == nil, duration == nil else {
            throw ValidationError("give the window either as words (9:00 - 10:30) or with --from/--to, not both")
        }
        // The window takes the words the parser did not (so `-2h` can start it): an option it
        // does not know is refused here, by name, rather than read as a time.
        if let unknown = window.first(where: { $0.hasPrefix("--") }) {
            throw ValidationError("unknown option \(DisplayText.quoted(unknown)); see 'alog track --help'")
        }
        var words = window.filter { !Tags.isTagWord($0) }
        if words.first?.lowercased() == "from" { words.removeFirst() }
        let separators = ["-", "–", "to", "..", "for"]
        guard let split = words.firstIndex(where: { separators.contains($0.lowercased()) }), split > 0,
            split < words.count - 1
        else {
            throw ValidationError(
                "\(DisplayText.quoted(window.joined(separator: " "))) is not a window: write FROM - TO (9:00 - 10:30), FROM to TO, or FROM for DURATION (13:00 for 1h30m)"
            )
        }
        let start = words[..<split].joined(separator: " ")
        let rest = words[(split + 1)...].joined(separator: " ")
        return words[split].lowercased() == "for" ? (start, nil, rest) : (start, rest, nil)
    }

    /// The window's `+tag` words.
    func tags() throws -> [String] { try InputCheck.tags(window.filter(Tags.isTagWord)) }

    /// The type (lower-cased) and the window, or the refusal.
    func checkedInput(_ time: TimeExpression) throws -> (type: String, start: LocalInstant, end: LocalInstant) {
        _ = try tags()
        let (fromText, toText, durationText) = try ends()
        let start = try time.parse(fromText)
        let end: LocalInstant
        if let toText {
            end = try time.parse(toText)
        } else {
            let computed = time.zone.localInstant(at: start.seconds + (try Start.duration(durationText!)))
            end = try time.recordable(computed, as: "\(fromText) for \(durationText!)")
        }
        return (try InputCheck.typeName(type), start, end)
    }

    /// What a `track` did: the new entry's window and the neighbours it trimmed.
    struct Tracked {
        var id: EventID
        var type: String
        var start: LocalInstant
        var end: LocalInstant
        var tags: [String]
        var trims: [(entry: Entry, changes: EntryChanges)]
        var warnings: [Notice]
    }

    func execute() throws -> Tracked {
        let (type, start, end) = try checkedInput(CommandClock.expression)
        let note = try NoteInput.resolve(note: note, file: noteFile)
        let vault = try options.open(creatingDefault: true) {
            _ = try $0.timers.checkTrack(type: type, from: start, to: end, adjust: adjust)
        }
        let tags = try tags()
        let (appended, trims) = try vault.timers.track(
            type: type, from: start, to: end, note: note, adjust: adjust, tags: tags)
        return Tracked(
            id: appended.entryID!, type: type, start: start, end: end, tags: tags, trims: trims,
            warnings: appended.warnings)
    }

    func render(_ tracked: Tracked) {
        tracked.warnings.forEach(Terminal.warn)
        let (start, end, now) = (tracked.start, tracked.end, CommandClock.nowSeconds)
        let sameDay = Render.date(end) == Render.date(start)
        var ending = " to " + (sameDay ? Render.clockMarked(end) : Render.day(end, now: now))
        ending += " (\(formatTrackedDuration(end.seconds - start.seconds)))"
        for trim in tracked.trims {
            let edge =
                trim.changes.end.map { "end at \(Render.clock($0))" } ?? trim.changes.at.map {
                    "start at \(Render.clock($0))"
                } ?? ""
            ending += "; trimmed \(trim.entry.type) \(trim.entry.id) to \(edge)"
        }
        Log.report(
            id: tracked.id,
            confirmation: Render.confirmation(
                "tracked \(tracked.tags.isEmpty ? tracked.type : "\(tracked.type) \(Render.tags(tracked.tags))")",
                at: start, then: ending, id: tracked.id, now: now))
    }
}
