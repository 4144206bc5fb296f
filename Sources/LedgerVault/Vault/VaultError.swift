public import LedgerCore
import LedgerGit

/// Errors a user can act on, as data: each case carries what is wrong and where;
/// LedgerMessages says it in words, with how to fix it.
public enum VaultError: Error, Equatable {
    case notAVault(path: String, reason: String)
    /// Nothing names a vault and the embedded default does not exist: a command that only
    /// reads does not create it.
    case noVaultYet(defaultPath: String)
    /// `--vault` names a file: neither `open` nor `init` can use it.
    case vaultIsAFile(path: String)
    /// `--vault ''`.
    case emptyVaultPath
    /// `init` or `clone` could not make the vault's folder.
    case cannotCreateFolder(path: String, reason: String)
    /// `--vault` names a bare repository: it has no working tree to keep notes in.
    case bareRepository(path: String)
    /// `--vault` named git's own folder of a repository, or a folder inside it.
    case insideGitDirectory(path: String, vault: String)
    case unknownType(String, known: [String])
    /// The type was removed (`types remove`): it is kept for the entries logged with it.
    case archivedType(String)
    /// `alog init` in a folder inside another repository's work tree, without `--nested`.
    case insideRepository(path: String, enclosing: String)
    /// This process may not write to the vault's `.git` (a read-only mount, permissions).
    case notWritable(path: String, reason: String)
    case invalidTypeName(String, reason: String)
    /// A tag no entry can carry (`Tags.problem`).
    case invalidTag(String, reason: String)
    /// `notes enable --folder` with a folder day notes cannot live in.
    case invalidNotesFolder(String, reason: String)
    /// `notes rebuild` while day notes are off.
    case dayNotesOff
    /// `types add` was given an icon, group or colour it cannot keep.
    case invalidTypeField(field: String, reason: String)
    case unknownEntry(String)
    case ambiguousEntry(String, candidates: [String])
    case entryPrefixTooShort(String)
    /// HEAD names no branch; `branch` is the one to switch back to, when alog can tell.
    case detachedHead(path: String, branch: String?)
    case branchLocked(lockFile: String)
    /// Another git process kept `.git/index.lock` for longer than a write waits for it: nothing
    /// was committed (the branch only moves while alog holds that lock).
    case indexLocked(lockFile: String)
    /// The working copy of a committed file, or the git index, could not be written before the
    /// branch moved: nothing was committed.
    case workingTreeNotWritten(reason: String)
    /// A folder stands where the commit's file `path` (absolute) belongs in the working tree
    /// (`isLedgerFile`: one of the ledger's own files under `.alog/`, else a note): nothing was
    /// committed.
    case folderInPlace(path: String, isLedgerFile: Bool)
    case nothingToChange
    /// `alog undo` found no action of this device left to undo.
    case nothingToUndo
    /// `types remove` of a type that is not defined.
    case noSuchType(String, types: [String])
    /// `types remove` of a type already removed.
    case typeAlreadyRemoved(String)
    /// `types remove` while a timer of the type runs.
    case typeTimerRunning(type: String, entry: String)
    /// A name that a rename gave away (`types add`, `types rename` onto it).
    case typeRenamedAway(String, to: String)
    /// `types rename` onto a name a type already has.
    case typeNameTaken(String)
    /// `types rename` of (or onto) one of the four built-in types.
    case builtInRename(String)
    /// `edit` of a deleted entry.
    case editOfDeletedEntry(String)
    case entryAlreadyDeleted(String)
    case entryNotDeleted(String)
    /// `config --unset` of a key that is not set.
    case configKeyNotSet(String)
    /// HEAD's branch cannot be read, or is missing although the vault has history.
    case branchDamaged(ref: String, reason: String)
    /// `.git/HEAD` names neither a branch nor a commit (empty, garbled, a directory).
    case headDamaged(path: String, reason: String)
    /// `repair` found `.git/HEAD` damaged and cannot tell which of `branches` is the vault's.
    case headBranchUnknown(path: String, reason: String, branches: [String])
    case clockOutOfRange(millis: Int64)
    /// A file of `.git/alog/` (a cache, the device id) cannot be read.
    case damagedStateFile(path: String, reason: String)
    /// `alog repair` cannot prove which commit a damaged branch held.
    case branchUnrecoverable(ref: String, reason: String)
    /// `alog repair` found a folder holding files in the place of a branch ref.
    case branchRefIsFolder(ref: String, holding: [String])
    /// `repair --move-branch` found nothing it may move the branch back to.
    case nothingToMoveBack
    /// `repair --move-branch`: the branch moved backwards from `from` (12 hex digits), but
    /// commits were made on it since, which putting it back would drop.
    case branchMovedOnSince(from: String)
    /// `repair --move-branch` would overwrite notes changed in the working tree.
    case notesInTheWay(paths: [String])

}

extension Vault {
    /// True when `error` is damage to the git repository itself (its configuration, a
    /// reference, an object, the index), which every command that reads it meets and reports.
    public static func isRepositoryDamage(_ error: any Error) -> Bool {
        if (error as? GitError)?.isLocalDamage == true { return true }
        switch error as? VaultError {
        case .headDamaged?, .branchDamaged?: return true
        default: return false
        }
    }
}

extension VaultError: CodedError {
    /// The stable code of each case (docs/cli.md, "Error codes").
    public var code: ErrorCode {
        switch self {
        case .notAVault: .notAVault
        case .noVaultYet: .noVault
        case .vaultIsAFile: .vaultIsAFile
        case .emptyVaultPath: .emptyVaultPath
        case .cannotCreateFolder: .cannotCreateFolder
        case .bareRepository: .bareRepository
        case .insideGitDirectory: .notAVault
        case .unknownType: .unknownType
        case .archivedType: .archivedType
        case .insideRepository: .insideRepository
        case .notWritable: .notWritable
        case .invalidTypeName: .invalidTypeName
        case .invalidTag: .invalidTag
        case .invalidNotesFolder: .invalidNotesFolder
        case .dayNotesOff: .dayNotesOff
        case .invalidTypeField: .invalidTypeField
        case .unknownEntry: .unknownEntry
        case .ambiguousEntry: .ambiguousEntry
        case .entryPrefixTooShort: .entryPrefixTooShort
        case .detachedHead: .detachedHead
        case .branchLocked: .branchLocked
        case .indexLocked: .indexLocked
        case .workingTreeNotWritten: .workingTreeNotWritten
        case .folderInPlace: .folderInPlace
        case .nothingToChange: .nothingToChange
        case .nothingToUndo: .nothingToUndo
        case .noSuchType, .typeAlreadyRemoved, .typeTimerRunning, .editOfDeletedEntry, .entryAlreadyDeleted,
            .entryNotDeleted, .configKeyNotSet:
            .alreadyInState
        case .branchDamaged: .branchDamaged
        case .headDamaged, .headBranchUnknown: .headDamaged
        case .clockOutOfRange: .clockOutOfRange
        case .damagedStateFile: .damagedStateFile
        case .branchUnrecoverable, .branchRefIsFolder: .branchUnrecoverable
        case .nothingToMoveBack: .nothingToMoveBack
        case .branchMovedOnSince: .branchMovedOnSince
        case .notesInTheWay: .notesInTheWay
        case .typeRenamedAway: .typeRenamed
        case .typeNameTaken: .typeNameTaken
        case .builtInRename: .builtInType
        }
    }
}
