internal import LedgerCore
import LedgerGit

/// The projection part of a vault, in memory: the folded state and the status summary of the
/// commits last read or written (the caches in `.git/alog/` hold the same on disk, each
/// keyed by its commit), and the damaged lines folding met. `Vault+Projections` moves them
/// from commit to commit through the repository part.
final class ProjectionStore {
    var memoState: (commit: ObjectID, state: LedgerState)?
    var memoSummary: (commit: ObjectID, summary: StatusSummary)?
    /// Damaged lines met while folding; each is skipped, everything else still loads.
    var lineIssues: [LineIssue] = []
}
