public import LedgerCore

/// Why a sync, clone or remote command stopped, as data (LedgerMessages says it in words);
/// whenever one is thrown, the local branch, working tree and caches are as they were.
public enum SyncError: Error, Equatable {
    case noRemote(vault: String)
    case ambiguousRemote([String])
    case unknownRemote(String, known: [String])
    case invalidRemoteName(String)
    case remoteExists(String, url: String)
    case invalidURL(String)
    /// A local path given as a remote or a clone's source does not exist.
    case noSuchLocalRepository(String, path: String)
    /// A local path that exists but is no git repository (a file, or a plain folder).
    case notARepository(String, path: String, isFile: Bool)
    /// A remote's URL is a local path that does not exist (an unmounted disk, a moved folder).
    case remotePathMissing(remote: String, path: String)
    case destinationNotEmpty(String)
    case authentication(remote: String, detail: String)
    case transfer(remote: String, detail: String)
    /// The transfer reached the remote, but this machine could not write what came (disk full,
    /// file-size limit, permissions).
    case localWriteFailed(remote: String, detail: String)
    /// The remote's branch no longer contains a commit this device already received from it.
    case historyRewritten(remote: String, had: String, now: String?)
    /// The remote's history and the vault's share no commit: the vault is not a clone of that
    /// remote (say, a default vault created by mistake), and a merge would join two ledgers.
    case unrelatedHistories(remote: String, url: String, vault: String)
    /// Incoming history changes or removes an event line, or deletes an event file.
    case eventsRewritten(remote: String, path: String, detail: String)
    /// Incoming history holds a path that would land outside the vault (or inside `.git`).
    case unsafePath(remote: String, path: String, reason: String)
    /// Uncommitted local edits are in files the merge has to change.
    case localChangesInTheWay(paths: [String])
    case tooManyRetries(remote: String, attempts: Int)
    /// Local history removes committed event lines (`VaultRepository.pendingRemovals()`); pushing would
    /// spread the removal to every device.
    case localRemovals(remote: String, commit: String, lines: Int)
    /// The branch moved backwards (or was rewritten) past committed event lines; pushing would
    /// spread the loss.
    case localMovedBack(remote: String, from: String, to: String, lines: Int)
    /// Commits about to be pushed hold damaged event lines (say, a file garbled and committed
    /// with plain git); the other devices would read them as damaged too.
    case localDamage(remote: String, path: String, line: Int, reason: String, count: Int)

}

extension SyncError: CodedError {
    /// The stable code of each case (docs/cli.md, "Error codes").
    public var code: ErrorCode {
        switch self {
        case .noRemote: .noRemote
        case .ambiguousRemote: .ambiguousRemote
        case .unknownRemote: .unknownRemote
        case .invalidRemoteName: .invalidRemoteName
        case .remoteExists: .remoteExists
        case .invalidURL: .invalidURL
        case .noSuchLocalRepository: .noSuchLocalRepository
        case .notARepository: .notARepository
        case .remotePathMissing: .remotePathMissing
        case .destinationNotEmpty: .destinationNotEmpty
        case .authentication: .authentication
        case .transfer: .transfer
        case .localWriteFailed: .localWriteFailed
        case .historyRewritten: .historyRewritten
        case .unrelatedHistories: .unrelatedHistories
        case .eventsRewritten: .eventsRewritten
        case .unsafePath: .unsafePath
        case .localChangesInTheWay: .localChangesInTheWay
        case .tooManyRetries: .tooManyRetries
        case .localRemovals: .localRemovals
        case .localMovedBack: .localMovedBack
        case .localDamage: .localDamage
        }
    }
}
