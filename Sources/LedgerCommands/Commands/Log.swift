import ArgumentParser
import LedgerCore
import LedgerEnvironment
import LedgerOutput
import LedgerSystem
import LedgerVault

struct Log: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Log an activity; prints the new entry's id.",
        discussion: "TIME: ISO 8601, HH:MM, 'yesterday 22:10', -15m, -1h30m, now (default)."
    )

    @Argument(help: "The activity type (wake, sleep, meal, exercise, or one added with 'alog types add').")
    var type: String

    @Option(parsing: .unconditional, help: "When it happened (default: now).")
    var at: String?

    @Option(help: "A note to keep with the entry (at most 2,000 characters); '-' reads it from standard input.")
    var note: String?

    @Option(name: .customLong("note-file"), help: ArgumentHelp("Read the note from FILE (UTF-8).", valueName: "file"))
    var noteFile: String?

    @OptionGroup var options: VaultOptions

    func run() throws {
        try Self.log(type: type, at: at, note: note, noteFile: noteFile, vault: options.vault)
    }

    /// The command's work, shared with `QuickCommand` (the same command line without the parser).
    static func log(type: String, at: String?, note: String?, noteFile: String? = nil, vault path: String?) throws {
        let note = try NoteInput.resolve(note: note, file: noteFile)
        let instant = try at.map(CommandClock.parse) ?? SystemTimeZone().localInstant(at: CommandClock.nowSeconds)
        let vault = try VaultOptions.open(explicit: path) { try $0.checkLog(type: type.lowercased()) }
        let appended = try vault.log(type: type.lowercased(), at: instant, note: note)
        appended.warnings.forEach(Terminal.warn)
        emit(appended.events[0].id.description)
        if Terminal.stderrIsTTY {
            Terminal.note("logged \(type.lowercased()) at \(instant.localTime) on \(instant.localDateAndTime.date.iso)")
        }
    }
}
