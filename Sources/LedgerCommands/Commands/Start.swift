import ArgumentParser
import LedgerCore
import LedgerEnvironment
import LedgerOutput
import LedgerVault

struct Start: InputChecked {
    static let configuration = CommandConfiguration(
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

    func run() throws {
        try Self.begin(
            type: type, at: at, note: note, noteFile: noteFile, goal: goal, adjust: adjust, vault: options.vault)
    }

    func checkedInput(_ time: TimeExpression) throws -> (type: String, instant: LocalInstant, goal: Int64?) {
        try Self.input(type: type, at: at, goal: goal, time)
    }

    /// The type (lower-cased), the start (now when no `--at`) and the goal, or the refusal.
    static func input(type: String, at: String?, goal: String?, _ time: TimeExpression) throws
        -> (type: String, instant: LocalInstant, goal: Int64?)
    {
        let instant = try InputCheck.instant(at, time) ?? time.zone.localInstant(at: time.now)
        return (try InputCheck.typeName(type), instant, try goal.map(Self.duration))
    }

    /// The command's work, shared with `QuickCommand` (the same command line without the parser).
    static func begin(
        type: String, at: String?, note: String?, noteFile: String? = nil, goal: String?, adjust: Bool,
        vault path: String?
    ) throws {
        let (type, instant, goalSeconds) = try input(type: type, at: at, goal: goal, CommandClock.expression)
        let note = try NoteInput.resolve(note: note, file: noteFile)
        let vault = try VaultOptions.open(explicit: path) {
            _ = try $0.timers.checkStart(type: type, at: instant, goal: goalSeconds, adjust: adjust)
        }
        let (started, plan) = try vault.timers.start(
            type: type, at: instant, note: note, goal: goalSeconds, adjust: adjust)
        started.warnings.forEach(Terminal.warn)
        let id = started.events.last!.id
        guard Terminal.stdoutIsTTY || Terminal.stderrIsTTY else { return emit(id.description) }
        let now = CommandClock.nowSeconds
        // A start before a later timer's (back-dated, or placed with --adjust) does not run: it
        // ends where that one starts, and the confirmation says so.
        var ending = ""
        if let (end, next) = try? vault.timers.timerEnd(of: id, startingAt: instant.seconds) {
            let sameDay = Render.date(end) == Render.date(instant)
            ending = ", ending at " + (sameDay ? Render.clockMarked(end) : Render.day(end, now: now))
            if let next { ending += " where \(next.type) starts" }
        }
        var text = Render.confirmation("started \(type)", at: instant, then: ending, id: id, now: now)
        if let stopped = plan.stops {
            let ran = formatDuration(instant.seconds - stopped.start.seconds)
            text += "; stopped \(stopped.entry.type) after \(ran)"
        }
        for trim in plan.trims {
            text += "; trimmed \(trim.entry.type) \(trim.entry.id) to end at \(Render.clock(trim.end))"
        }
        Log.report(id: id, confirmation: text)
    }

    /// A DURATION argument, or an error that says what is accepted (exit 1, like every refused
    /// value).
    static func duration(_ text: String) throws -> Int64 {
        guard let seconds = parseDuration(text) else { throw InvalidDuration(text: text) }
        return seconds
    }

    struct InvalidDuration: CodedError, CustomStringConvertible {
        var code: String { "invalidDuration" }
        var text: String
        var description: String {
            text.hasPrefix("-")
                ? "a duration cannot be negative (\(DisplayText.quoted(text))); use 45m, 1h30m, 1.5h, 2d, 1w or 90s"
                : "\(DisplayText.quoted(text)) is not a duration: use 45m, 1h30m, 1.5h, 2d, 1w or 90s"
        }
    }
}
