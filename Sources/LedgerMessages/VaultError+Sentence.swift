import LedgerCore
package import LedgerVault
import LedgerWidget

/// The words of each `VaultError`: the one place they are written (a web page and a URL
/// handler show the same; `--json` carries them as `message` beside the code).
extension VaultError {
    /// What the refusal says to a person: what is wrong, where, and how to fix it.
    package var sentence: String {
        switch self {
        case .notAVault(let path, let reason):
            "\(DisplayText.escaped(path)) is not an alog vault (\(reason)); run 'alog init --vault \(DisplayText.escaped(path))' to create or adopt one"
        case .noVaultYet(let path):
            "there is no vault yet: nothing names one (--vault, $ALOG_VAULT, 'alog config vault') and the default vault \(DisplayText.escaped(path)) does not exist; nothing was created. To keep the log in your notes: 'alog init --vault ~/Notes' (or 'alog clone URL --vault ~/Notes' for a vault you already sync); or record something ('alog log wake'), which starts the default vault"
        case .vaultIsAFile(let path):
            "\(DisplayText.escaped(path)) is a file, not a folder; give --vault the folder of your notes (or a new folder's path)"
        case .cannotCreateFolder(let path, let reason):
            "cannot create the folder \(DisplayText.escaped(path)) (\(reason)); nothing was written. Give --vault a folder you can write, e.g. ~/Notes"
        case .emptyVaultPath:
            "--vault is empty (an unset variable?); give the folder of your notes, or leave --vault out to use $ALOG_VAULT or the default vault"
        case .insideGitDirectory(let path, let vault):
            "\(DisplayText.escaped(path)) is inside the git folder of the vault at \(DisplayText.escaped(vault)), which only git writes to; nothing was written. Give the vault itself: --vault \(DisplayText.escaped(vault))"
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
            RemovedType.sentence(name)
        case .dayNotesOff:
            "day notes are off; 'alog notes enable' turns them on"
        case .invalidNotesFolder(let folder, let reason):
            "day notes cannot go in \(DisplayText.quotedPath(folder)): \(reason); give a folder inside the vault (--folder Activities)"
        case .invalidTypeName(let name, let reason):
            "invalid type name \(DisplayText.quoted(name)): \(reason)"
        case .invalidTag(let tag, let reason):
            "invalid tag \(DisplayText.quoted(tag)): \(reason). Tags are 1 to \(Tags.maxLength) characters, kept as written (case counts): +deep, +client-x, '+Deep Focus'"
        case .invalidTypeField(let field, let reason):
            "invalid --\(field): \(reason)"
        case .unknownEntry(let prefix):
            "no entry with id \(DisplayText.quoted(prefix)); see 'alog history' for ids"
        case .ambiguousEntry(let prefix, let candidates):
            "id prefix \(DisplayText.quoted(prefix)) matches \(candidates.count) entries (\(candidates.prefix(5).joined(separator: ", "))\(candidates.count > 5 ? ", …" : "")); give more characters"
        case .entryPrefixTooShort(let prefix):
            "id prefix \(DisplayText.quoted(prefix)) is too short; give at least 4 characters"
        case .detachedHead(let path, let branch):
            "the vault at \(DisplayText.escaped(path)) has a detached HEAD (a 'git checkout' of a commit), so there is no branch to record on; "
                + (branch.map {
                    "switch back to \(DisplayText.quoted($0)) (git -C \(DisplayText.escaped(path)) switch \(DisplayText.escaped($0))) and retry"
                }
                    ?? "switch to a branch (git -C \(DisplayText.escaped(path)) switch BRANCH) and retry")
        case .branchLocked(let lockFile):
            "another git process is updating the branch (\(lockFile) exists), so nothing was committed; retry when it is done, or, if no git command is running, remove that file and retry"
        case .indexLocked(let lockFile):
            "another git process holds the git index (\(lockFile) exists: a 'git commit' waiting for its message, or a git client committing your notes), so nothing was committed; retry when it is done, or, if no git command is running, remove that file and retry"
        case .workingTreeNotWritten(let reason):
            "the working copy or the git index could not be written, so nothing was committed: \(reason)"
        case .folderInPlace(let path, true):
            "\(DisplayText.escaped(path)) is a folder where alog keeps a file of the ledger, so nothing was committed; move it away: mv \(DisplayText.shellWord(path)) \(DisplayText.shellWord(path + ".folder")), then retry (alog writes the file again from the last commit)"
        case .folderInPlace(let path, false):
            "\(DisplayText.escaped(path)) is a folder where alog keeps a note, so nothing was changed; move it away and bring the note back from the last commit: mv \(DisplayText.shellWord(path)) \(DisplayText.shellWord(path + ".folder")) && git -C \(DisplayText.shellWord(String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)]))) restore -- \(DisplayText.shellWord(path)), then retry"
        case .nothingToChange:
            "nothing to change: give at least one of --at, --type, --note"
        case .nothingToUndo:
            "nothing to undo: this device has no action left that 'alog undo' has not undone (see 'alog audit'). Nothing was written"
        case .noSuchType(let name, let types):
            "there is no type \(DisplayText.quoted(name)) to remove; the types are: \(types.joined(separator: ", "))"
        case .typeRenamedAway(let name, let current):
            "type \(name) was renamed to \(current), and its entries are shown as \(current); 'alog types add \(current)' changes that type, 'alog types rename \(current) \(name)' takes the old name back, or choose another name"
        case .typeNameTaken(let name):
            "there is already a type \(name); renaming onto it would merge two types, so nothing was written; choose another name ('alog types --all' lists every name in use, removed types included)"
        case .builtInRename(let name):
            "\(name) is one of the built-in types (wake, sleep, meal, exercise) that status, timers and the widget rely on, so it keeps its name; give it another icon or group with 'alog types add \(name) --icon …'"
        case .typeAlreadyRemoved(let name):
            "type \(name) is already removed; 'alog types add \(name)' brings it back"
        case .typeTimerRunning(let name, let entry):
            "a timer of type \(name) is running (entry \(entry)); stop it first with 'alog stop', then remove the type"
        case .editOfDeletedEntry(let id):
            "entry \(id) is deleted, so it cannot be edited; bring it back first with 'alog restore \(id)'"
        case .entryAlreadyDeleted(let id):
            "entry \(id) is already deleted"
        case .entryNotDeleted(let id):
            "entry \(id) is not deleted"
        case .configKeyNotSet(let key):
            "\(key) is not set; set it with 'alog config \(key) VALUE'"
        case .branchDamaged(let ref, let reason):
            "the branch ref \(ref) is damaged (\(reason)); nothing was read or written. Run 'alog repair'"
        case .clockOutOfRange(let millis):
            "the clock reads \(millis / 1000) seconds since 1970, outside 1970-01-01 to 9999-12-30; nothing was written. Set the clock (or ALOG_NOW) and try again"
        case .headDamaged(let path, let reason):
            "HEAD (\(DisplayText.escaped(path))) is damaged (\(reason)); nothing was read or written. Point it at the branch again, usually with: echo 'ref: refs/heads/main' > \(DisplayText.escaped(path))"
        case .damagedStateFile(let path, let reason):
            "alog's own file \(DisplayText.escaped(path)) cannot be read (\(reason)); run 'alog rebuild' or 'alog repair', which replace it"
        case .branchMovedOnSince(let from):
            "the branch moved backwards from \(from), but commits were made on it since, and putting it back on \(from) would drop them; 'alog repair' writes the lines it left out back in a new commit. Nothing was changed"
        case .nothingToMoveBack:
            "the branch has not moved backwards past any committed event line, so there is nothing to move it back to; 'alog repair' alone puts back what can be put back"
        case .notesInTheWay(let paths):
            "moving the branch back would overwrite changes in your working copies of \(paths.map { DisplayText.quoted($0) }.joined(separator: ", ")); commit or move them aside, then run 'alog repair --move-branch' again. Nothing was changed"
        case .headBranchUnknown(let path, let reason, let branches):
            "HEAD (\(DisplayText.escaped(path))) is damaged (\(reason), and alog cannot tell which of \(branches.isEmpty ? "no branches" : "the branches " + branches.joined(separator: ", ")) is the vault's); nothing was read or written. Point it at the branch again, usually with: echo 'ref: refs/heads/main' > \(DisplayText.escaped(path))"
        case .branchRefIsFolder(let ref, let holding):
            "cannot restore the branch ref \(ref): it is a directory holding \(holding.joined(separator: ", ")); move those out of the way, then run 'alog repair' again. Nothing was changed"
        case .branchUnrecoverable(let ref, let reason):
            "cannot restore the branch ref \(ref): \(reason). Nothing was changed"
        }
    }
}
