import LedgerSystem

/// Where the vault is, found the same way by every command: `--vault PATH`, else `$ALOG_VAULT`,
/// else the embedded default `$XDG_DATA_HOME/alog/vault` (created on first use by the commands
/// that open the vault).
public struct VaultLocation: Sendable {
    public var path: String
    public var isDefault: Bool

    public init(explicit: String?) {
        if let explicit {
            (path, isDefault) = (explicit, false)
        } else if let env = FileSystem.environment("ALOG_VAULT"), !env.isEmpty {
            (path, isDefault) = (env, false)
        } else {
            let dataHome =
                FileSystem.environment("XDG_DATA_HOME").flatMap { $0.isEmpty ? nil : $0 }
                ?? ((FileSystem.environment("HOME") ?? ".") + "/.local/share")
            (path, isDefault) = (dataHome + "/alog/vault", true)
        }
    }

    /// The vault's git directory (ending in `/`), found without libgit2: `.git`, or the one a
    /// `.git` file (linked worktree) points to. Nil when the path holds no git repository with
    /// a ledger set up.
    public var gitDirectory: String? {
        let root = FileSystem.absolute(path)
        let dotGit = root + "/.git"
        var gitDirectory: String
        if FileSystem.isDirectory(dotGit) {
            gitDirectory = dotGit
        } else if let text = try? FileSystem.readString(dotGit), text.hasPrefix("gitdir:") {
            let target = text.dropFirst("gitdir:".count).split(separator: "\n").first.map(String.init) ?? ""
            let trimmed = target.drop { $0 == " " }
            gitDirectory = trimmed.hasPrefix("/") ? String(trimmed) : root + "/" + trimmed
        } else {
            return nil
        }
        guard FileSystem.isDirectory(root + "/.alog") else { return nil }
        if !gitDirectory.hasSuffix("/") { gitDirectory += "/" }
        return gitDirectory
    }

    /// The vault's per-clone state directory (`<git dir>/alog/`); nil as for `gitDirectory`.
    public var stateDirectory: String? { gitDirectory.map { $0 + "alog/" } }
}
