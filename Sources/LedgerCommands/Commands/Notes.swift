import ArgumentParser
import LedgerCore
import LedgerEnvironment
import LedgerOutput
import LedgerVault

/// `alog notes …`: one readable Markdown note per day in the vault (docs/obsidian.md).
struct Notes: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "notes",
        abstract: "Day notes: one Markdown note per day with its entries (Obsidian, Dataview, Tracker).",
        discussion: """
            With day notes on, every command that changes a day's entries writes that day's note \
            (Activities/YYYY-MM-DD.md by default) in the same commit: alog_ keys in the frontmatter \
            and one line per entry between %% alog:begin %% and %% alog:end %%. A line you type there \
            (- 12:30 meal pasta) is logged by the next command; a changed line is an edit, a removed \
            one a delete. The setting is committed: every device of the vault writes the notes.
            """,
        subcommands: [NotesStatus.self, NotesEnable.self, NotesDisable.self, NotesRebuild.self],
        defaultSubcommand: NotesStatus.self
    )
}

struct NotesStatus: OutcomeCommand {
    static let configuration = CommandConfiguration(
        commandName: "status", abstract: "Say whether day notes are on, and where.")

    @OptionGroup var options: VaultOptions

    func execute() throws -> DayNotesSetting? {
        try VaultOptions.open(explicit: options.vault).dayNotesSetting()
    }

    func render(_ setting: DayNotesSetting?) {
        guard let setting else { return emit("day notes are off; 'alog notes enable' turns them on") }
        let folder = setting.folder.isEmpty ? "the vault's top folder" : setting.folder + "/"
        emit(
            "day notes are on: \(folder)YYYY-MM-DD.md, days starting at \(LocalInstant.clock(setting.dayStart, seconds: false))"
        )
    }
}

struct NotesEnable: OutcomeCommand {
    static let configuration = CommandConfiguration(
        commandName: "enable", abstract: "Turn day notes on, and write the note of every day with entries.")

    @Option(help: "The folder of the notes, inside the vault (default: Activities).")
    var folder: String = DayNotesSetting.defaultFolder

    @OptionGroup var options: VaultOptions

    func execute() throws -> DayNotesReport? {
        if let problem = DayNotesSetting.folderProblem(folder) {
            throw VaultError.invalidNotesFolder(folder, reason: problem)
        }
        let vault = try VaultOptions.open(explicit: options.vault, creatingDefault: true)
        let dayStart = Int(UserCalendar.current().dayStart)
        return try vault.enableDayNotes(DayNotesSetting(folder: folder, dayStart: dayStart))
    }

    func render(_ report: DayNotesReport?) {
        if let report { Terminal.reportDayNotes(report) }
        let count = report?.written.count ?? 0
        emit(
            "day notes are on in \(folder.isEmpty ? "the vault's top folder" : folder + "/"); wrote \(count) note\(count == 1 ? "" : "s")"
        )
    }
}

struct NotesDisable: OutcomeCommand {
    static let configuration = CommandConfiguration(
        commandName: "disable", abstract: "Turn day notes off (the notes stay as they are).")

    @OptionGroup var options: VaultOptions

    func execute() throws -> Bool { try VaultOptions.open(explicit: options.vault).disableDayNotes() }

    func render(_ changed: Bool) {
        emit(changed ? "day notes are off; the notes stay as they are" : "day notes were already off")
    }
}

struct NotesRebuild: OutcomeCommand {
    static let configuration = CommandConfiguration(
        commandName: "rebuild", abstract: "Read every day note, then write each anew from the ledger.")

    @OptionGroup var options: VaultOptions

    func execute() throws -> DayNotesReport? {
        let vault = try VaultOptions.open(explicit: options.vault) { vault in
            guard try vault.dayNotesSetting() != nil else { throw VaultError.dayNotesOff }
        }
        return try vault.writeAllDayNotes()
    }

    func render(_ report: DayNotesReport?) {
        if let report { Terminal.reportDayNotes(report) }
        let count = report?.written.count ?? 0
        emit("wrote \(count) day note\(count == 1 ? "" : "s")")
    }
}
