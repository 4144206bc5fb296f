package import LedgerCore
import LedgerEnvironment
import LedgerMessages
package import LedgerVault

/// `start TYPE [+TAG…] [--at TIME] [--note TEXT] [--goal DURATION] [--adjust]`: a timer started.
package struct StartRequest: UseCase {
    package var type: String
    package var at: String?
    package var note: NoteSource?
    package var goal: String?
    package var adjust: Bool
    package var tags: [String]

    package init(
        type: String, at: String? = nil, note: NoteSource? = nil, goal: String? = nil, adjust: Bool = false,
        tags: [String] = []
    ) {
        (self.type, self.at, self.note, self.goal, self.adjust, self.tags) = (type, at, note, goal, adjust, tags)
    }

    package func perform(in access: VaultAccess) throws -> Started {
        let (type, instant, goalSeconds) = try Start.input(type: type, at: at, goal: goal, CommandClock.expression)
        let tags = try InputCheck.tags(tags)
        let note = try NoteInput.resolve(note)
        let vault = try access.open(creatingDefault: true) {
            _ = try $0.timers.checkStart(type: type, at: instant, goal: goalSeconds, adjust: adjust)
        }
        let (started, plan) = try vault.timers.start(
            type: type, at: instant, note: note, goal: goalSeconds, adjust: adjust, tags: tags)
        let id = started.entryID!
        // A start before a later timer's (back-dated, or placed with --adjust) does not run: it
        // ends where that one starts.
        let end = (try? vault.timers.timerEnd(of: id, startingAt: instant.seconds)).flatMap { $0 }.map {
            (at: $0.end, nextType: $0.next?.type)
        }
        return Started(
            id: id, type: type, instant: instant, end: end, plan: plan, tags: tags, warnings: started.warnings)
    }
}

/// What a `start` did, as data.
package struct Started: WriteOutcome {
    package var id: EventID
    package var type: String
    package var instant: LocalInstant
    /// Where the new timer ends when it does not run on (a back-dated start before a later
    /// timer's): that end, and the type of the timer that starts there.
    package var end: (at: LocalInstant, nextType: String?)?
    /// The timer the start stopped, and what it trimmed (`--adjust`).
    package var plan: VaultTimers.StartPlan
    package var tags: [String] = []
    package var warnings: [Notice]

    package var newEntry: EventID? { id }
    package var line: String { id.description }
}
