import ArgumentParser
import LedgerOutput
import LedgerVault

struct Repair: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract:
            "Put back what damage from outside alog took away: a damaged or missing branch ref, removed event lines.",
        discussion: """
            The branch is restored to the last commit alog can prove (its caches, the reflogs); \
            event lines a commit removed are written back in one new commit. Says what it did.
            """)

    @OptionGroup var options: VaultOptions

    func run() throws {
        // The widget's queue waits: it commits on top of a repaired branch.
        let vault = try options.open(drainingWidgetQueue: false)
        let report = try vault.repair()
        report.warnings.forEach(Terminal.warn)
        if report.actions.isEmpty {
            emit("nothing to repair: the branch resolves and no committed event line is missing")
        } else {
            report.actions.forEach(emitLine)
        }
    }
}

extension Terminal {
    /// Warns, on every command, about committed event lines a commit removed, until `alog repair`.
    static func reportRemovals(_ vault: Vault) {
        for finding in vault.noticedRemovals() { warn(finding.warning) }
    }
}
