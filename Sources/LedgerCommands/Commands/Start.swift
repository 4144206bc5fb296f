import ArgumentParser
import LedgerCore
import LedgerEnvironment
import LedgerOutput
import LedgerVault

struct Start: InputChecked, OutcomeCommand {
    static let configuration = CommandConfiguration(
        commandName: "start",
        abstract:
            "Start a timer; prints the new entry's id. A timer running since before it is stopped where this one starts.",
        discussion: """
            TIME: as for 'alog log'. DURATION: 45m, 1h30m, 1.5h, 2d, 1w, 90s. One rule for a back-dated \
            start (the timeline's, as a sync applies it): after the running timer's start, it stops \
            that timer there (a switch); before it, the running timer goes on and the new one ends \
            where that one starts (said on the terminal); inside another timer's stopped window it \
            is refused, and --adjust trims that timer instead.
            """,
        aliases: ["switch"]
    )

    @Argument(help: "The activity type (any type can be timed).", completion: DynamicCompletion.types)
    var type: String

    @Argument(
        parsing: .allUnrecognized, help: "Tags (+deep +client-x; see 'alog tag --help').",
        completion: DynamicCompletion.tags)
    var tags: [String] = []

    @Option(parsing: .unconditional, help: "When it started (default: now).")
    var at: String?

    @Option(help: "A note to keep with the entry (at most 2,000 characters); '-' reads it from standard input.")
    var note: String?

    @Option(name: .customLong("note-file"), help: ArgumentHelp("Read the note from FILE (UTF-8).", valueName: "file"))
    var noteFile: String?

    @Option(
        parsing: .unconditional, help: "How long it is meant to run (DURATION); status shows when it will be reached.")
    var goal: String?

    @Flag(help: "Trim a timer whose window the start falls into, instead of refusing.")
    var adjust = false

    @OptionGroup var options: VaultOptions

    func validate() throws { try InputCheck.plusWritten(tags) }

    func execute() throws -> Started { try request().perform(in: options.access) }

    /// The typed request of this command line (`--note -` and `--note-file` read when performed).
    func request() throws -> StartRequest {
        StartRequest(
            type: type, at: at, note: try NoteSource(note: note, file: noteFile), goal: goal, adjust: adjust, tags: tags
        )
    }

    func render(_ started: Started) { Self.render(started) }

    func checkedInput(_ time: TimeExpression) throws -> (type: String, instant: LocalInstant, goal: Int64?) {
        _ = try InputCheck.tags(tags)
        return try Self.input(type: type, at: at, goal: goal, time)
    }

    /// The type (lower-cased), the start (now when no `--at`) and the goal, or the refusal.
    static func input(type: String, at: String?, goal: String?, _ time: TimeExpression) throws
        -> (type: String, instant: LocalInstant, goal: Int64?)
    {
        let instant = try InputCheck.instant(at, time) ?? time.zone.localInstant(at: time.now)
        return (try InputCheck.typeName(type), instant, try goal.map(Self.duration))
    }

    /// Says what `execute` did: the id, and on a terminal what started, stopped and was trimmed.
    static func render(_ started: Started) {
        started.warnings.forEach(Terminal.warn)
        guard Terminal.stdoutIsTTY || Terminal.stderrIsTTY else { return emit(started.id.description) }
        let (instant, now) = (started.instant, CommandClock.nowSeconds)
        var ending = ""
        if let end = started.end {
            let sameDay = Render.date(end.at) == Render.date(instant)
            ending = ", ending at " + (sameDay ? Render.clockMarked(end.at) : Render.day(end.at, now: now))
            if let next = end.nextType { ending += " where \(next) starts" }
        }
        let what = Render.typed(started.type, tags: started.tags)
        var text = Render.confirmation("started \(what)", at: instant, then: ending, id: started.id, now: now)
        if let stopped = started.plan.stops {
            let ran = formatDuration(instant.seconds - stopped.start.seconds)
            text += "; stopped \(stopped.entry.type) after \(ran)"
        }
        for trim in started.plan.trims {
            text += "; trimmed \(trim.entry.type) \(trim.entry.id) to end at \(Render.clock(trim.end))"
        }
        Log.report(id: started.id, confirmation: text)
    }

    /// A DURATION argument, or an error that says what is accepted (exit 1, like every refused
    /// value).
    static func duration(_ text: String) throws -> Int64 {
        guard let seconds = parseDuration(text) else { throw InvalidDuration(text: text) }
        return seconds
    }

    struct InvalidDuration: CodedError, CustomStringConvertible {
        var code: ErrorCode { .invalidDuration }
        var text: String
        var description: String {
            text.hasPrefix("-")
                ? "a duration cannot be negative (\(DisplayText.quoted(text))); use 45m, 1h30m, 1.5h, 2d, 1w or 90s"
                : "\(DisplayText.quoted(text)) is not a duration: use 45m, 1h30m, 1.5h, 2d, 1w or 90s"
        }
    }
}
