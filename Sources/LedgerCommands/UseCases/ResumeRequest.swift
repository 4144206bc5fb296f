package import LedgerCore
import LedgerEnvironment
import LedgerMessages
package import LedgerVault

/// `resume [ID] [--at TIME]`: a new timer like the last stopped one (or timer ID).
package struct ResumeRequest: UseCase {
    package var id: String?
    package var at: String?

    package init(id: String? = nil, at: String? = nil) { (self.id, self.at) = (id, at) }

    /// The instant it starts again, once the id prefix is checked.
    func checkedInput(_ time: TimeExpression) throws -> LocalInstant {
        if let id { try InputCheck.entryPrefix(id) }
        return try Stop.input(at: at, time)
    }

    package func perform(in access: VaultAccess) throws -> Resumed {
        let instant = try checkedInput(CommandClock.expression)
        let vault = try access.open { try $0.timers.checkResume(at: instant, entry: id) }
        let (resumed, started) = try vault.timers.resume(at: instant, entry: id)
        return Resumed(from: resumed, id: started.entryID!, at: instant, warnings: started.warnings)
    }
}

/// What a `resume` did: the stopped timer it took after, and the new entry.
package struct Resumed: WriteOutcome {
    package var from: Timeline.Interval
    package var id: EventID
    package var at: LocalInstant
    package var warnings: [Notice]

    package var newEntry: EventID? { id }
    package var line: String { id.description }
}
