package import LedgerCore
import LedgerEnvironment
import LedgerOutput
import LedgerVault

/// `status`: the timers and the last-known activities.
package struct StatusQuery: ReadUseCase {
    package init() {}

    package func perform(in access: VaultAccess) throws -> StatusSummary {
        let vault = try access.open()
        if let advice = DefaultVault.movingAdvice(VaultLocation(explicit: access.path)) { access.report(.note(advice)) }
        let summary = try vault.summary()
        Housekeeping.lineIssues(of: vault).forEach(access.report)
        return summary
    }

    package func json(_ summary: StatusSummary, write: ([UInt8]) -> Void) {
        write(Array((StatusView.render(summary, json: true, now: CommandClock.nowSeconds) + "\n").utf8))
    }
}
