import LedgerCore
package import LedgerVault

/// The words of each `SyncError`.
extension SyncError {
    /// What the refusal says to a person: what is wrong, where, and how to fix it.
    package var sentence: String {
        switch self {
        case .noRemote(let vault):
            "the vault at \(DisplayText.quotedPath(vault)) has no remote to sync with; add one with 'alog remote add origin URL' (if you meant another vault, name it: --vault FOLDER, run alog inside its folder, or 'alog config vault FOLDER')"
        case .ambiguousRemote(let names):
            "this vault has several remotes (\(names.joined(separator: ", "))) and none is the branch's upstream or 'origin'; name one: 'alog sync NAME'"
        case .unknownRemote(let name, let known):
            "no remote named \(DisplayText.quoted(name))"
                + (known.isEmpty
                    ? "; add one with 'alog remote add \(name) URL'" : "; known: \(known.joined(separator: ", "))")
        case .invalidRemoteName(let name):
            "\(DisplayText.quoted(name)) is not a valid remote name (use letters, digits, '-', '_' or '.', starting with a letter or digit, e.g. 'origin')"
        case .remoteExists(let name, let url):
            "a remote named \(DisplayText.quoted(name)) already exists (\(url)); remove it first with 'alog remote remove \(name)'"
        case .invalidURL(let url) where url.unicodeScalars.contains(where: { DisplayText.isUnsafe($0) }):
            "the URL \(DisplayText.quoted(url)) contains control characters; give a path, file://, git://, ssh:// (or user@host:path) or https:// URL"
        case .invalidURL(let url):
            "\(DisplayText.quoted(url)) is not a remote alog can use; give a path, file://, git://, ssh:// (or user@host:path) or https:// URL"
        case .noSuchLocalRepository(let url, let path):
            "\(DisplayText.quoted(url)) does not exist (\(DisplayText.escaped(path))); give the path of an existing git repository (on a mounted disk), or a URL"
        case .notARepository(let url, let path, let isFile):
            "\(DisplayText.quoted(url)) is \(isFile ? "a file" : "a folder") (\(DisplayText.escaped(path))) but not a git repository; give the folder of a clone (the one holding .git) or of a bare repository, or a URL"
        case .remotePathMissing(let remote, let path):
            "the remote \(DisplayText.quoted(remote)) is the folder \(DisplayText.escaped(path)), which does not exist; mount the disk it is on, or point it elsewhere with 'alog remote remove \(remote)' and 'alog remote add \(remote) URL'. Nothing was changed"
        case .destinationNotEmpty(let path):
            "\(DisplayText.escaped(path)) already exists and is not empty; choose a new folder with --vault"
        case .authentication(let remote, let detail):
            "authentication to \(DisplayText.quoted(remote)) failed: \(detail)"
        case .localWriteFailed(let remote, let detail):
            "reached \(DisplayText.quoted(remote)), but could not write what it sent here (\(detail)); free disk space, or raise the file-size limit ('ulimit -f'), then retry. Nothing was changed"
        case .transfer(let remote, let detail):
            "could not reach \(DisplayText.quoted(remote)): \(Self.transferReason(detail)). Nothing was changed"
        case .unrelatedHistories(let remote, let url, let vault):
            "refused to sync the vault at \(DisplayText.quotedPath(vault)) with \(DisplayText.quoted(remote)) (\(DisplayText.quoted(url))): their histories share no commit, so this vault is not a clone of that remote, and a merge would join two separate ledgers. Nothing was changed or pushed. To use the remote's vault on this machine, run 'alog clone \(url) --vault FOLDER' and use that folder (--vault, ALOG_VAULT, or 'alog config vault FOLDER'); to join the two ledgers on purpose, run 'alog sync --allow-unrelated-histories'"
        case .historyRewritten(let remote, let had, let now):
            "refused: \(DisplayText.quoted(remote)) no longer contains commit \(had.prefix(12)), which this device already received from it (its branch \(now.map { "now points at \($0.prefix(12))" } ?? "was deleted")). Someone rewrote or reset the shared history; nothing was merged. Inspect it with 'git log \(now.map { String($0.prefix(12)) } ?? remote)' and restore the branch on the remote"
        case .eventsRewritten(let remote, let path, let detail):
            "refused: history from \(DisplayText.quoted(remote)) rewrites the append-only event log in \(DisplayText.escaped(path)) (\(detail)); nothing was merged, local data is intact"
        case .unsafePath(let remote, let path, let reason):
            "refused: history from \(DisplayText.quoted(remote)) contains the path \(DisplayText.quotedPath(path)), which \(reason); nothing was merged, local data is intact"
        case .localChangesInTheWay(let paths):
            "your uncommitted changes to \(paths.count == 1 ? "this file" : "these files") would be overwritten by the merge: \(paths.joined(separator: ", ")); commit them (e.g. with your git plugin) or move them aside, then sync again. Nothing was changed"
        case .tooManyRetries(let remote, let attempts):
            "\(DisplayText.quoted(remote)) kept moving while we pushed (\(attempts) attempts); everything is merged locally, run 'alog sync' again"
        case .localMovedBack(let remote, let from, let to, let lines):
            "refused to push to \(DisplayText.quoted(remote)): the branch moved backwards from commit \(from.prefix(12)) to \(to.prefix(12)) here, leaving out \(lines) committed event line\(lines == 1 ? "" : "s"), and a push would spread that to every device; run 'alog repair' (or 'alog repair --move-branch'), then 'alog sync' again. Nothing was pushed"
        case .localDamage(let remote, let path, let line, let reason, let count):
            "refused to push to \(DisplayText.quoted(remote)): \(count) damaged event line\(count == 1 ? "" : "s") would go with it, the first at \(DisplayText.escaped(path)):\(line) (\(reason)); run 'alog repair' (it puts the file's last good content back and keeps the damaged bytes aside), then 'alog sync' again. Nothing was pushed"
        case .localRemovals(let remote, let commit, let lines):
            "refused to push to \(DisplayText.quoted(remote)): commit \(commit.prefix(12)) removed \(lines) committed event line\(lines == 1 ? "" : "s") here, and a push would spread that to every device; run 'alog repair' (it writes them back), then 'alog sync' again. Nothing was pushed"
        }
    }

    /// A transfer failure in alog's words, with what to check, and git's own text after it (it
    /// names the host or the code): libgit2's message alone is not for users.
    static func transferReason(_ detail: String) -> String {
        let text = detail.lowercased()
        let reasons: [(clue: String, words: String)] = [
            ("failed to resolve address", "the host name is not known (a typo in the address, or no network)"),
            ("could not resolve host", "the host name is not known (a typo in the address, or no network)"),
            ("connection refused", "nothing answers at that address and port (is the server running?)"),
            ("timed out", "the server did not answer in time (check the network, or try again later)"),
            ("network is unreachable", "there is no network route to the host (are you online?)"),
            ("no route to host", "there is no network route to the host (are you online?)"),
            ("status code: 404", "the server has no repository at that address (HTTP 404); check the path"),
            ("status code: 403", "the server refused access (HTTP 403); check the token or your rights"),
            ("status code: 401", "the server wants credentials (HTTP 401); set alog.token or $ALOG_GIT_TOKEN"),
            ("status code: 5", "the server failed (an HTTP 5xx error); try again later"),
            ("certificate", "the server's TLS certificate could not be verified"),
            ("ssl", "the TLS connection failed"),
            ("early eof", "the connection closed in the middle of the transfer; try again"),
            ("hung up", "the server closed the connection; try again"),
            ("unsupported url protocol", "alog cannot use that kind of address"),
            ("malformed url", "the address is not a valid URL; fix it with 'alog remote remove' and 'alog remote add'"),
            ("invalid url", "the address is not a valid URL; fix it with 'alog remote remove' and 'alog remote add'"),
            ("could not find repository", "no git repository is there"),
            ("not found", "the server has no repository at that address"),
            (
                "repository not exported",
                "the git daemon serves no repository at that path (it does not exist there, or is not exported)"
            ),
        ]
        let words = reasons.first { text.contains($0.clue) }?.words ?? "the transfer failed"
        return "\(words) (git: \(DisplayText.escaped(detail)))"
    }
}
