package import LedgerCore
import LedgerEnvironment
import LedgerMessages
import LedgerOutput
package import LedgerVault

/// `stop [--at TIME] [--note TEXT]`: the running timer stopped.
package struct StopRequest: UseCase {
    package var at: String?
    package var note: NoteSource?

    package init(at: String? = nil, note: NoteSource? = nil) { (self.at, self.note) = (at, note) }

    package func perform(in access: VaultAccess) throws -> Stopped {
        let instant = try Stop.input(at: at, CommandClock.expression)
        let note = try NoteInput.resolve(note)
        let vault = try access.open { try $0.timers.checkStop(at: instant) }
        let (stopped, appended) = try vault.timers.stop(at: instant, note: note)
        return Stopped(interval: stopped, at: instant, warnings: appended.warnings)
    }
}

/// What a `stop` did: the timer's window as it now ends.
package struct Stopped: WriteOutcome {
    package var interval: Timeline.Interval
    package var at: LocalInstant
    package var warnings: [Notice]

    package var line: String {
        let entry = interval.entry
        return
            "stopped \(DisplayText.escaped(entry.type)) (\(entry.id)) at \(Render.clock(at)) after \(formatTrackedDuration(interval.seconds(now: at.seconds)))"
    }
}
