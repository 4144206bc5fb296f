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
        try StopRequest(at: at, note: try NoteSource(note: note, file: noteFile)).perform(in: options.access)
    }

    func render(_ stopped: Stopped) { Self.render(stopped) }

    func checkedInput(_ time: TimeExpression) throws -> LocalInstant { try Self.input(at: at, time) }

    /// When it stopped (now when no `--at`), or the refusal.
    static func input(at: String?, _ time: TimeExpression) throws -> LocalInstant {
        try InputCheck.instant(at, time) ?? time.zone.localInstant(at: time.now)
    }

    static func render(_ stopped: Stopped) {
        stopped.say()
    }
}
