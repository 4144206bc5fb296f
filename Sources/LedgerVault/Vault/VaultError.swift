public import LedgerCore
import LedgerGit

/// Errors a user can act on; each says what is wrong, where, and how to fix it.
public enum VaultError: Error, CustomStringConvertible, Equatable {
    case notAVault(path: String, reason: String)
    /// `--vault` names a file: neither `open` nor `init` can use it.
    case vaultIsAFile(path: String)
    /// `--vault ''`.
    case emptyVaultPath
    /// `init` or `clone` could not make the vault's folder.
    case cannotCreateFolder(path: String, reason: String)
    /// `--vault` names a bare repository: it has no working tree to keep notes in.
    case bareRepository(path: String)
    case unknownType(String, known: [String])
    /// The type was removed (`types remove`): it is kept for the entries logged with it.
    case archivedType(String)
    /// `alog init` in a folder inside another repository's work tree, without `--nested`.
    case insideRepository(path: String, enclosing: String)
    /// This process may not write to the vault's `.git` (a read-only mount, permissions).
    case notWritable(path: String, reason: String)
    case invalidTypeName(String, reason: String)
    /// `types add` was given an icon, group or colour it cannot keep.
    case invalidTypeField(field: String, reason: String)
    case unknownEntry(String)
    case ambiguousEntry(String, candidates: [String])
    case entryPrefixTooShort(String)
    case detachedHead(path: String)
    case branchLocked(lockFile: String)
    case nothingToChange
    /// `alog undo` found no action of this device left to undo.
    case nothingToUndo
    case alreadyInState(String)
    /// HEAD's branch cannot be read, or is missing although the vault has history.
    case branchDamaged(ref: String, reason: String)
    /// `.git/HEAD` names neither a branch nor a commit (empty, garbled, a directory).
    case headDamaged(path: String, reason: String)
    case clockOutOfRange(millis: Int64)
    /// A file of `.git/alog/` (a cache, the device id) cannot be read.
    case damagedStateFile(path: String, reason: String)
    /// `alog repair` cannot prove which commit a damaged branch held.
    case branchUnrecoverable(ref: String, reason: String)
    /// `repair --move-branch` found nothing it may move the branch back to.
    case nothingToMoveBack
    /// `repair --move-branch` would overwrite notes changed in the working tree.
    case notesInTheWay(paths: [String])

    public var description: String {
        switch self {
        case .notAVault(let path, let reason):
            "\(DisplayText.escaped(path)) is not an alog vault (\(reason)); run 'alog init --vault \(DisplayText.escaped(path))' to create or adopt one"
        case .vaultIsAFile(let path):
            "\(DisplayText.escaped(path)) is a file, not a folder; give --vault the folder of your notes (or a new folder's path)"
        case .cannotCreateFolder(let path, let reason):
            "cannot create the folder \(DisplayText.escaped(path)) (\(reason)); nothing was written. Give --vault a folder you can write, e.g. ~/Notes"
        case .emptyVaultPath:
            "--vault is empty (an unset variable?); give the folder of your notes, or leave --vault out to use $ALOG_VAULT or the default vault"
        case .bareRepository(let path):
            "\(DisplayText.escaped(path)) is a bare git repository (no working tree), so it cannot be a vault; make a vault from it with 'alog clone \(DisplayText.escaped(path)) --vault NEW-FOLDER', or sync with it ('alog remote add origin \(DisplayText.escaped(path))')"
        case .notWritable(let path, let reason):
            "the vault at \(DisplayText.escaped(path)) is not writable (\(reason)), so nothing was written; reading commands (status, history, show, audit, verify) still work. To write, make its .git folder writable for this user or mount the disk read-write"
        case .insideRepository(let path, let enclosing):
            "\(DisplayText.escaped(path)) is inside the git repository at \(DisplayText.escaped(enclosing)); nothing was created. To keep the ledger in that repository, run 'alog init --vault \(DisplayText.escaped(enclosing))'; to make a separate repository here (the enclosing one will list it as untracked), run 'alog init --vault \(DisplayText.escaped(path)) --nested'"
        case .unknownType(let name, let known):
            if let reason = ActivityTypes.validateName(name.lowercased()) {
                "\(DisplayText.quoted(name)) is not a type name (\(reason)); known types: \(known.joined(separator: ", "))"
            } else {
                "unknown activity type \(DisplayText.quoted(name))"
                    + (NearMiss.candidates(for: name.lowercased(), among: known).first.map {
                        "; did you mean \(DisplayText.quoted($0))?"
                    } ?? ".")
                    + " Known types: \(known.joined(separator: ", ")). To define a new one: 'alog types add \(name)'"
            }
        case .archivedType(let name):
            ActivityTypes.removedMessage(name)
        case .invalidTypeName(let name, let reason):
            "invalid type name \(DisplayText.quoted(name)): \(reason)"
        case .invalidTypeField(let field, let reason):
            "invalid --\(field): \(reason)"
        case .unknownEntry(let prefix):
            "no entry with id \(DisplayText.quoted(prefix)); see 'alog history' for ids"
        case .ambiguousEntry(let prefix, let candidates):
            "id prefix \(DisplayText.quoted(prefix)) matches \(candidates.count) entries (\(candidates.prefix(5).joined(separator: ", "))\(candidates.count > 5 ? ", …" : "")); give more characters"
        case .entryPrefixTooShort(let prefix):
            "id prefix \(DisplayText.quoted(prefix)) is too short; give at least 4 characters"
        case .detachedHead(let path):
            "the vault at \(DisplayText.escaped(path)) has a detached HEAD; check out a branch (git -C \(DisplayText.escaped(path)) switch main) and retry"
        case .branchLocked(let lockFile):
            "another git process is updating the branch (\(lockFile) exists), so nothing was committed; retry when it is done, or, if no git command is running, remove that file and retry"
        case .nothingToChange:
            "nothing to change: give at least one of --at, --type, --note"
        case .nothingToUndo:
            "nothing to undo: this device has no action left that 'alog undo' has not undone (see 'alog audit'). Nothing was written"
        case .alreadyInState(let message):
            message
        case .branchDamaged(let ref, let reason):
            "the branch ref \(ref) is damaged (\(reason)); nothing was read or written. Run 'alog repair'"
        case .clockOutOfRange(let millis):
            "the clock reads \(millis / 1000) seconds since 1970, outside 1970-01-01 to 9999-12-30; nothing was written. Set the clock (or ALOG_NOW) and try again"
        case .headDamaged(let path, let reason):
            "HEAD (\(DisplayText.escaped(path))) is damaged (\(reason)); nothing was read or written. Point it at the branch again, usually with: echo 'ref: refs/heads/main' > \(DisplayText.escaped(path))"
        case .damagedStateFile(let path, let reason):
            "alog's own file \(DisplayText.escaped(path)) cannot be read (\(reason)); run 'alog rebuild' or 'alog repair', which replace it"
        case .nothingToMoveBack:
            "the branch has not moved backwards past any committed event line, so there is nothing to move it back to; 'alog repair' alone puts back what can be put back"
        case .notesInTheWay(let paths):
            "moving the branch back would overwrite changes in your working copies of \(paths.map { DisplayText.quoted($0) }.joined(separator: ", ")); commit or move them aside, then run 'alog repair --move-branch' again. Nothing was changed"
        case .branchUnrecoverable(let ref, let reason):
            "cannot restore the branch ref \(ref): \(reason). Nothing was changed"
        }
    }
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
    public var code: String {
        switch self {
        case .notAVault: "notAVault"
        case .vaultIsAFile: "vaultIsAFile"
        case .emptyVaultPath: "emptyVaultPath"
        case .cannotCreateFolder: "cannotCreateFolder"
        case .bareRepository: "bareRepository"
        case .unknownType: "unknownType"
        case .archivedType: "archivedType"
        case .insideRepository: "insideRepository"
        case .notWritable: "notWritable"
        case .invalidTypeName: "invalidTypeName"
        case .invalidTypeField: "invalidTypeField"
        case .unknownEntry: "unknownEntry"
        case .ambiguousEntry: "ambiguousEntry"
        case .entryPrefixTooShort: "entryPrefixTooShort"
        case .detachedHead: "detachedHead"
        case .branchLocked: "branchLocked"
        case .nothingToChange: "nothingToChange"
        case .nothingToUndo: "nothingToUndo"
        case .alreadyInState: "alreadyInState"
        case .branchDamaged: "branchDamaged"
        case .headDamaged: "headDamaged"
        case .clockOutOfRange: "clockOutOfRange"
        case .damagedStateFile: "damagedStateFile"
        case .branchUnrecoverable: "branchUnrecoverable"
        case .nothingToMoveBack: "nothingToMoveBack"
        case .notesInTheWay: "notesInTheWay"
        }
    }
}
