import ArgumentParser
package import LedgerCore
import LedgerEnvironment
import LedgerMessages
import LedgerOutput
package import LedgerVault

/// `edit ID [--at TIME] [--type TYPE] [--note TEXT] [--start TIME|±DURATION]
/// [--end TIME|±DURATION] [--adjust]`: an entry's time, type, note or window changed.
package struct EditRequest: UseCase {
    package var id: String
    package var at: String?
    package var type: String?
    package var note: NoteSource?
    package var start: String?
    package var end: String?
    package var adjust: Bool

    package init(
        id: String, at: String? = nil, type: String? = nil, note: NoteSource? = nil, start: String? = nil,
        end: String? = nil, adjust: Bool = false
    ) {
        (self.id, self.at, self.type, self.note, self.start, self.end, self.adjust) =
            (id, at, type, note, start, end, adjust)
    }

    package func perform(in access: VaultAccess) throws -> Edited {
        if at != nil, start != nil { throw ValidationError("give --at or --start, not both (they are the same)") }
        let time = CommandClock.expression
        var input = try Edit.input(id: id, at: at, type: type, start: start, end: end, time)
        input.changes.note = try NoteInput.resolve(note)
        return try Edit.perform(id: id, input, adjust: adjust, access: access, time: time)
    }
}

/// What an `edit` did: the entry as it is now (and its window, for a timer), or that nothing
/// changed (`recorded` false: no event was written).
package struct Edited: WriteOutcome {
    package var entry: Entry
    package var window: Timeline.Interval?
    package var types: [String: ActivityTypeDefinition]
    package var recorded: Bool
    package var warnings: [Notice]

    package var notes: [String] {
        recorded ? [] : ["nothing changed: entry \(entry.id) already has the values given; no event was recorded"]
    }

    package var line: String {
        Render.entryLine(entry, types: types, window: window.map { Render.Window($0, now: CommandClock.nowSeconds) })
    }
}
