/// One thing `repair` or `rebuild` did to put the vault right, as data; LedgerMessages says it
/// in words. Commits are their first 12 hex digits, paths relative to the vault.
public enum RepairAction: Sendable, Equatable {
    /// A damaged `.git/HEAD` points at `branch` again.
    case pointedHead(branch: String, problem: String)
    /// A file stood where `.git/alog/` belongs.
    case removedFileInTheWay(String)
    /// A projection cache that could not be read was removed; it is folded again.
    case replacedCache(String, problem: String)
    /// The list of noticed removals could not be read and was removed (`verify` finds them).
    case removedRemovalsFile(String, problem: String)
    /// A folder stood where one of alog's lock files belongs.
    case removedFolderInLockPlace(String)
    /// The device file was replaced: with the id the clone's own commits show (`recovered`),
    /// else a new one.
    case replacedDevice(String, problem: String, id: String, recovered: Bool)
    /// What a damaged branch ref file held was kept at `aside`.
    case keptRefContent(ref: String, aside: String)
    /// A damaged branch ref was restored to `commit`; `evidence` says what proves it.
    case restoredBranch(ref: String, reason: String, commit: String, evidence: String)
    /// `--move-branch`: the branch is on `to` again (it was on `from`).
    case movedBranchBack(to: String, from: String?)
    /// Removed event lines were written back: those `causes` (commits) removed, or those the
    /// branch left behind moving backwards.
    case wroteBack(lines: Int, leftBehind: Bool, causes: [String], files: Int, commit: String)
    /// Damaged lines left the event files for `folder` (kept as they were).
    case movedDamagedAside(lines: Int, folder: String, commit: String)
    /// The lines `causes` removed are in HEAD again: nothing to write back.
    case linesAlreadyBack(causes: [String])
}
