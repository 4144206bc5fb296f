import LedgerCore
import LedgerGit

/// Checks history arriving from a remote before anything of it is merged: it may add files and
/// event lines, but it may not rewrite the append-only log or place files outside the vault.
struct IncomingCheck {
    let repository: Repository
    let remote: String

    /// Validates `incoming`: the tree diff from the merge base (or the empty tree) to the
    /// remote's commit. The cost grows with the size of the change, not with the vault.
    func validate(_ incoming: [TreeChange]) throws {
        for change in incoming {
            if let reason = Self.unsafeReason(change.path) {
                throw SyncError.unsafePath(remote: remote, path: change.path, reason: reason)
            }
            if change.newMode == fileModeSymlink, let target = change.newID {
                let link = String(decoding: try repository.readBlob(target), as: UTF8.self)
                if let reason = Self.unsafeLinkReason(link, at: change.path) {
                    throw SyncError.unsafePath(remote: remote, path: change.path, reason: reason)
                }
            }
            guard VaultLayout.isEventFile(change.path), let oldID = change.oldID else { continue }
            guard let newID = change.newID else {
                throw SyncError.eventsRewritten(remote: remote, path: change.path, detail: "the file was deleted")
            }
            let old = try repository.readBlob(oldID)
            if let missing = try repository.withBlob(newID, { EventLines.firstMissing(of: old, in: $0) }) {
                throw SyncError.eventsRewritten(
                    remote: remote, path: change.path,
                    detail: "line changed or removed: \(String(decoding: missing.prefix(80), as: UTF8.self))")
            }
        }
    }

    /// Why a tracked path must not be checked out, or nil when it is fine.
    static func unsafeReason(_ path: String) -> String? {
        if path.hasPrefix("/") { return "is absolute" }
        if path.contains("\\") { return "contains a backslash, a path separator on Windows" }
        for component in path.split(separator: "/", omittingEmptySubsequences: false) {
            if component.isEmpty || component == "." || component == ".." {
                return "has an empty, '.' or '..' component and would escape the vault"
            }
            var trimmed = Substring(component.lowercased())
            while let last = trimmed.last, last == "." || last == " " { trimmed = trimmed.dropLast() }
            if trimmed == ".git" || trimmed == "git~1" { return "would write into the repository's .git folder" }
        }
        return nil
    }

    /// Why a symbolic link at `path` pointing at `target` is unsafe, or nil.
    static func unsafeLinkReason(_ target: String, at path: String) -> String? {
        if target.hasPrefix("/") { return "is a symbolic link to an absolute path (\(target))" }
        var depth = path.split(separator: "/").count - 1
        for component in target.split(separator: "/") {
            if component == ".." { depth -= 1 } else if component != "." { depth += 1 }
            if depth < 0 { return "is a symbolic link pointing outside the vault (\(target))" }
            if component.lowercased() == ".git" { return "is a symbolic link into .git (\(target))" }
        }
        return nil
    }
}
