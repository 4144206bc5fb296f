package import LedgerCore
import LedgerMessages
import LedgerOutput
package import LedgerVault

/// `cancel`: the running timer dropped as if it had not started.
package struct CancelRequest: UseCase {
    package init() {}

    package func perform(in access: VaultAccess) throws -> Cancelled {
        let vault = try access.open { try $0.timers.checkCancel() }
        let (cancelled, appended) = try vault.timers.cancel()
        return Cancelled(interval: cancelled, warnings: appended.warnings)
    }
}

/// What a `cancel` did: the timer it dropped.
package struct Cancelled: WriteOutcome {
    package var interval: Timeline.Interval
    package var warnings: [Notice]

    package var line: String {
        "cancelled \(DisplayText.escaped(interval.entry.type)) (\(interval.entry.id)), started \(Render.clockAndDate(interval.start)); nothing of it is counted"
    }
}
