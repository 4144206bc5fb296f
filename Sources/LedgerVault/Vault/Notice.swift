internal import LedgerCore

/// Something a user should know although the work stands (the commit landed, the sync
/// merged): as data, so the CLI, a web page and a URL handler each say it their own way
/// (LedgerMessages has the words). Writes return them (`Appended.warnings`,
/// `SyncOutcome.warnings`, …); a few are said as they happen, through `Vault.notify`.
public enum Notice: Sendable, Equatable {
    /// The ledger files of a write that was killed part-way could not be brought up to date.
    case interruptedWriteUnsettled(IndexProblem)
    /// A note a killed write had already brought up to date differs from the commit: the
    /// working copy was kept (`commit`: the branch's commit, 12 hex digits).
    case keptWorkingCopy(path: String, commit: String)
    /// Committed, but a ledger file's working copy could not be rewritten.
    case workingCopyNotUpdated(path: String, detail: String)
    /// The day note of `date` (`YYYY-MM-DD`) at `path` (absolute) is not a note alog can read
    /// (`isFolder`: a folder stands in its place; else `reason` says what is wrong): it was
    /// neither read nor written, and the command went on without it.
    case dayNoteSkipped(path: String, date: String, isFolder: Bool, reason: String)
    /// Committed, but the git index could not be brought in step with it.
    case indexNotUpdated(IndexProblem)
    /// git's `key` holds `value`, which cannot sign a commit: the device's identity stood in.
    case signatureRefused(key: String, value: String, problem: String)
    /// No git identity is set: the commits are signed `name <email>` (said once per clone).
    case signedAsDevice(missing: [String], name: String, email: String)
    /// The sync merged, but did not push: the remote at `url` is a working copy with `branch`
    /// checked out.
    case notPushedToWorkingCopy(url: String, branch: String)
    /// The sync is done, but packing the loose objects (more than `gc.auto`) failed.
    case objectsNotPacked(String)
    /// This commit went on top of a branch that had moved backwards from `from` (12 hex
    /// digits) past `lines` committed event lines: `repair --move-branch` can no longer put it
    /// back there; `repair` writes the lines back.
    case branchCannotMoveBack(from: String, lines: Int)

    /// Why the git index could not be written.
    public enum IndexProblem: Sendable, Equatable {
        /// `.git/index.lock` exists (shown relative to the vault): a git command runs, or a
        /// killed one left it.
        case locked(lockFile: String)
        case failed(String)
    }
}
