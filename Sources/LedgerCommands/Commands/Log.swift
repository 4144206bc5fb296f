import ArgumentParser
import LedgerCore
import LedgerEnvironment
import LedgerOutput
import LedgerSystem
import LedgerVault

struct Log: InputChecked, OutcomeCommand {
    static let configuration = CommandConfiguration(
        commandName: "log",
        abstract: "Log an activity; prints the new entry's id (on a terminal, with what was logged).",
        discussion: "TIME: ISO 8601, HH:MM, 'yesterday 22:10', -15m, -1h30m, now (default)."
    )

    @Argument(
        help: "The activity type (wake, sleep, meal, exercise, or one added with 'alog types add').",
        completion: DynamicCompletion.types)
    var type: String

    @Argument(
        parsing: .allUnrecognized, help: "Tags (+home +guests; see 'alog tag --help').",
        completion: DynamicCompletion.tags)
    var tags: [String] = []

    @Option(parsing: .unconditional, help: "When it happened (default: now).")
    var at: String?

    @Option(help: "A note to keep with the entry (at most 2,000 characters); '-' reads it from standard input.")
    var note: String?

    @Option(name: .customLong("note-file"), help: ArgumentHelp("Read the note from FILE (UTF-8).", valueName: "file"))
    var noteFile: String?

    @OptionGroup var options: VaultOptions

    func validate() throws { try InputCheck.plusWritten(tags) }

    func execute() throws -> Logged { try request().perform(in: options.access) }

    /// The typed request of this command line (`--note -` and `--note-file` read when performed).
    func request() throws -> LogRequest {
        LogRequest(type: type, at: at, note: try NoteSource(note: note, file: noteFile), tags: tags)
    }

    func render(_ logged: Logged) { Self.render(logged) }

    func checkedInput(_ time: TimeExpression) throws -> (type: String, instant: LocalInstant, tags: [String]) {
        let (type, instant) = try Self.input(type: type, at: at, time)
        return (type, instant, try InputCheck.tags(tags))
    }

    /// The type (lower-cased) and the instant (now when no `--at`), or the refusal.
    static func input(type: String, at: String?, _ time: TimeExpression) throws -> (type: String, instant: LocalInstant)
    {
        (try InputCheck.typeName(type), try InputCheck.instant(at, time) ?? time.zone.localInstant(at: time.now))
    }

    /// Says what `execute` did: its warnings on stderr, the entry as `report` does.
    static func render(_ logged: Logged) {
        logged.warnings.forEach(Terminal.warn)
        let what = Render.typed(logged.type, tags: logged.tags)
        let confirmation = Render.confirmation(what, at: logged.instant, id: logged.id, now: CommandClock.nowSeconds)
        report(id: logged.id, confirmation: confirmation)
    }

    /// Prints a new entry as `Terminal.entryReport` says (the front's `log` prints the same).
    static func report(id: EventID, confirmation: String) {
        let report = Terminal.entryReport(id: id, confirmation: confirmation)
        emit(report.stdout)
        report.note.map(Terminal.note)
    }
}
