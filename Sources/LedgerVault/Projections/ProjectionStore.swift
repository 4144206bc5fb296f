internal import LedgerCore
import LedgerGit
internal import LedgerGitLayout

/// The projection part of a vault: the folded state (`LedgerState`), the status summary and
/// the time index of a commit, each kept in `.git/alog/` keyed by the commit it reflects and
/// moved on from commit to commit by the events the tree diff shows as new
/// (`ProjectionStore+Caches`, `+TimeIndex`). It reads events through the repository part and
/// never writes to the repository; the memos here spare a command reading a cache twice.
///
/// Not `Sendable`: it reads through the repository part's libgit2 handle (one thread).
final class ProjectionStore {
    /// Where the events are read from.
    let repo: VaultRepository
    var memoState: (commit: ObjectID, state: LedgerState)?
    var memoSummary: (commit: ObjectID, summary: StatusSummary)?
    /// Damaged lines met while folding; each is skipped, everything else still loads.
    var lineIssues: [LineIssue] = []
    /// Handed every summary stored for HEAD (the widget's cache follows the vault's).
    var onHeadSummary: (StatusSummary) -> Void = { _ in }

    init(repo: VaultRepository) { self.repo = repo }

    var repository: Repository { get throws { try repo.repository } }
    var stateFiles: StateDirectory { repo.stateFiles }

    /// Forgets both memos (the branch moved by other means than an append: a repair, say);
    /// the next read takes the caches.
    func forgetMemos() {
        memoState = nil
        memoSummary = nil
    }

    /// Forgets the summary's memo (a commit not folded into it here: an import, a setting).
    func forgetSummary() { memoSummary = nil }

    /// True when the folded state of `commit` is in memory (an edit or delete built it).
    func holdsState(at commit: ObjectID) -> Bool { memoState?.commit == commit }

    /// Forgets both memos and what folding met (`rebuild`).
    func forget() {
        forgetMemos()
        lineIssues = []
    }
}
