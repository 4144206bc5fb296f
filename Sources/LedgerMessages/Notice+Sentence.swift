import LedgerCore
package import LedgerVault

extension Notice {
    /// The warning as a person reads it: what happened, and what to do if anything.
    package var sentence: String {
        switch self {
        case .interruptedWriteUnsettled(let problem):
            "could not bring the ledger files of an interrupted write up to date: \(problem.reason)"
        case .keptWorkingCopy(let path, let commit):
            "\(path): kept your working copy; it differs from the version in commit \(commit) (an interrupted write left it behind)"
        case .workingCopyNotUpdated(let path, let detail):
            "committed, but could not update the working copy of \(path): \(detail)"
        case .dayNoteSkipped(let path, let date, true, _):
            "\(DisplayText.escaped(path)) is a folder where alog keeps the day note for \(date); move it away: mv \(DisplayText.shellWord(path)) \(DisplayText.shellWord(path + ".folder")). Until then that note is neither read nor written; the entries themselves are recorded"
        case .dayNoteSkipped(let path, let date, false, let reason):
            "the day note for \(date), \(DisplayText.escaped(path)), \(reason); alog leaves it as it is, neither read nor written, until it is a note again; the entries themselves are recorded"
        case .indexNotUpdated(.locked(let lockFile)):
            "committed; the git index was not updated: \(IndexProblem.locked(lockFile: lockFile).reason); until then 'git status' may show ledger files as changed"
        case .indexNotUpdated(.failed(let problem)):
            "committed; the git index could not be updated (\(problem)), so 'git status' may show ledger files as changed until the next alog write; 'rm .git/index && git reset' rebuilds the index from HEAD"
        case .signatureRefused(let key, let value, let problem):
            "git's \(key) \(DisplayText.quoted(value)) cannot sign a commit (\(problem)), so alog signs with this device's instead; set it with 'alog config \(key) …' or 'git config --global \(key) …'"
        case .signedAsDevice(let missing, let name, let email):
            "no git \(missing.joined(separator: " or ")) is set, so alog's commits are signed '\(name) <\(email)>'; to sign them as you, run 'git config --global user.name \"Your Name\"' and 'git config --global user.email you@example.com' (every repository), or 'alog config user.name \"Your Name\"' and 'alog config user.email you@example.com' (this vault). Said once for this vault"
        case .notPushedToWorkingCopy(let url, let branch):
            "not pushed: \(url) is a working copy with \(DisplayText.quoted(branch)) checked out; share a bare repository instead (git init --bare)"
        case .branchCannotMoveBack(let from, let lines):
            "this commit went on top of the branch that had moved backwards from \(from), so 'alog repair --move-branch' can no longer put it back there; 'alog repair' writes the \(lines) event line\(lines == 1 ? "" : "s") it left out back in a new commit"
        case .objectsNotPacked(let problem):
            "synced, but the vault's git objects could not be packed (\(problem)); 'alog gc' tries again, 'git gc' does the same"
        }
    }
}

extension Notice.IndexProblem {
    /// Why the index could not be written, with the fix when it is a lock file.
    var reason: String {
        switch self {
        case .locked(let lockFile):
            "\(lockFile) exists (a git command is running, or one was killed and left it); if no git command is running, remove that file"
        case .failed(let problem):
            problem
        }
    }
}
