import ArgumentParser
import LedgerEnvironment
import LedgerMessages
import LedgerOutput
import LedgerVault

struct Repair: OutcomeCommand {
    static let configuration = CommandConfiguration(
        commandName: "repair",
        abstract:
            "Put back what damage from outside alog took away: a damaged or missing branch ref, removed or damaged event lines.",
        discussion: """
            The branch is restored to the last commit alog can prove (its caches, the reflogs); \
            event lines a commit removed, or that the branch left behind moving backwards, are \
            written back in one new commit, and damaged lines in the event files are moved aside \
            to .alog/damaged/ in it. With --move-branch, a branch that moved backwards (a reset \
            from outside) is put back where alog last saw it instead. Says what it did.
            """)

    @OptionGroup var options: VaultOptions

    @Flag(
        help:
            "Put a branch that moved backwards back on the commit alog last saw it on (a fast-forward), instead of writing its lines back."
    )
    var moveBranch = false

    func execute() throws -> (cleared: [RepairAction], repaired: VaultRepair.RepairOutcome) {
        // The widget's queue waits: it commits on top of a repaired branch.
        // Whatever in .git/alog/ stops every command (as rebuild does) goes first.
        let cleared =
            try Vault.repairHead(at: options.location.path) + Vault.clearDamagedState(at: options.location.path)
        let vault = try options.open(drainingWidgetQueue: false, reportingRemovals: false)
        return (cleared, try vault.repairs.repair(moveBranch: moveBranch))
    }

    func render(_ outcome: (cleared: [RepairAction], repaired: VaultRepair.RepairOutcome)) {
        outcome.cleared.forEach { emitLine($0.sentence) }
        let report = outcome.repaired
        report.warnings.forEach(Terminal.warn)
        if report.actions.isEmpty, outcome.cleared.isEmpty {
            emit(
                "nothing to repair: the branch resolves, no committed event line is missing and no event line is damaged"
            )
        } else {
            report.actions.forEach { emitLine($0.sentence) }
        }
    }
}
