import ArgumentParser
import LedgerCore
import LedgerEnvironment
import LedgerOutput
import LedgerVault

struct Stop: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Stop the running timer.")

    @Option(parsing: .unconditional, help: "When it stopped (default: now).")
    var at: String?

    @Option(
        help: "A note for the entry (replaces its note; at most 2,000 characters); '-' reads it from standard input.")
    var note: String?

    @Option(name: .customLong("note-file"), help: ArgumentHelp("Read the note from FILE (UTF-8).", valueName: "file"))
    var noteFile: String?

    @OptionGroup var options: VaultOptions

    func run() throws {
        try Self.end(at: at, note: note, noteFile: noteFile, vault: options.vault)
    }

    /// The command's work, shared with `QuickCommand` (the same command line without the parser).
    static func end(at: String?, note: String?, noteFile: String? = nil, vault path: String?) throws {
        let note = try NoteInput.resolve(note: note, file: noteFile)
        let instant = try at.map(CommandClock.parse) ?? SystemTimeZone().localInstant(at: CommandClock.nowSeconds)
        let vault = try VaultOptions.open(explicit: path) { try $0.checkStop(at: instant) }
        let (stopped, appended) = try vault.stopTimer(at: instant, note: note)
        appended.warnings.forEach(Terminal.warn)
        emit(
            "stopped \(DisplayText.escaped(stopped.entry.type)) (\(stopped.entry.id)) at \(Render.clock(instant)) after \(formatDuration(stopped.seconds(now: instant.seconds)))"
        )
    }
}
