import ArgumentParser
import LedgerCore
import LedgerEnvironment
import LedgerOutput
import LedgerVault

struct Stop: InputChecked, OutcomeCommand {
    static let configuration = CommandConfiguration(commandName: "stop", abstract: "Stop the running timer.")

    @Option(parsing: .unconditional, help: "When it stopped (default: now).")
    var at: String?

    @Option(
        help: "A note for the entry (replaces its note; at most 2,000 characters); '-' reads it from standard input.")
    var note: String?

    @Option(name: .customLong("note-file"), help: ArgumentHelp("Read the note from FILE (UTF-8).", valueName: "file"))
    var noteFile: String?

    @OptionGroup var options: VaultOptions

    func execute() throws -> Stopped {
        try Self.execute(at: at, note: note, noteFile: noteFile, vault: options.vault)
    }

    func render(_ stopped: Stopped) { Self.render(stopped) }

    func checkedInput(_ time: TimeExpression) throws -> LocalInstant { try Self.input(at: at, time) }

    /// When it stopped (now when no `--at`), or the refusal.
    static func input(at: String?, _ time: TimeExpression) throws -> LocalInstant {
        try InputCheck.instant(at, time) ?? time.zone.localInstant(at: time.now)
    }

    /// What a `stop` did: the timer's window as it now ends.
    struct Stopped {
        var interval: Timeline.Interval
        var at: LocalInstant
        var warnings: [Notice]
    }

    /// The command's work, shared with `QuickCommand` (the same command line without the parser).
    static func execute(at: String?, note: String?, noteFile: String? = nil, vault path: String?) throws -> Stopped {
        let instant = try input(at: at, CommandClock.expression)
        let note = try NoteInput.resolve(note: note, file: noteFile)
        let vault = try VaultOptions.open(explicit: path) { try $0.timers.checkStop(at: instant) }
        let (stopped, appended) = try vault.timers.stop(at: instant, note: note)
        return Stopped(interval: stopped, at: instant, warnings: appended.warnings)
    }

    static func render(_ stopped: Stopped) {
        stopped.warnings.forEach(Terminal.warn)
        let entry = stopped.interval.entry
        emit(
            "stopped \(DisplayText.escaped(entry.type)) (\(entry.id)) at \(Render.clock(stopped.at)) after \(formatTrackedDuration(stopped.interval.seconds(now: stopped.at.seconds)))"
        )
    }
}
