package import LedgerCore
import LedgerEnvironment
import LedgerFastPath
import LedgerOutput
import LedgerSystem
import LedgerVault

/// `status`: the timers and the last-known activities.
package struct StatusQuery: ReadUseCase {
    package init() {}

    package func perform(in access: VaultAccess) throws -> StatusSummary {
        // As the front answers a warm `status`: from the summary cache alone, without libgit2,
        // when nothing needs git (`WarmStatus` says when; the default vault with entries that
        // belong elsewhere goes on to say how to move them).
        let location = VaultLocation(explicit: access.path)
        if access.path != "", let gitDirectory = location.gitDirectory,
            !(location.isDefault && location.vaultsElsewhereFile.map(FileSystem.exists) == true),
            let summary = WarmStatus.summary(gitDirectory: gitDirectory)
        {
            return summary
        }
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
