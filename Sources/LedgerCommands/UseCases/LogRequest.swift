package import LedgerCore
import LedgerEnvironment
import LedgerMessages
import LedgerOutput
package import LedgerVault

/// `log TYPE [+TAG…] [--at TIME] [--note TEXT]`: an activity logged.
package struct LogRequest: UseCase {
    package var type: String
    package var at: String?
    package var note: NoteSource?
    package var tags: [String]

    package init(type: String, at: String? = nil, note: NoteSource? = nil, tags: [String] = []) {
        (self.type, self.at, self.note, self.tags) = (type, at, note, tags)
    }

    package func perform(in access: VaultAccess) throws -> Logged {
        let (type, instant) = try Log.input(type: type, at: at, CommandClock.expression)
        let tags = try InputCheck.tags(tags)
        let note = try NoteInput.resolve(note)
        let vault = try access.open(creatingDefault: true) { try $0.checkLog(type: type) }
        let appended = try vault.log(type: type, at: instant, note: note, tags: tags)
        return Logged(id: appended.entryID!, type: type, instant: instant, tags: tags, warnings: appended.warnings)
    }
}

/// What a `log` did: the new entry, as data.
package struct Logged: WriteOutcome {
    package var id: EventID
    package var type: String
    package var instant: LocalInstant
    package var tags: [String] = []
    /// Problems after the commit landed (the entry is safe).
    package var warnings: [Notice]

    package var newEntry: EventID? { id }
    package var line: String { id.description }
}
