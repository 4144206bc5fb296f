package import LedgerGitLayout
internal import LedgerSystem

/// Where the vault is, found the same way by every command (the front and `alog-full` alike):
/// `--vault PATH`, else `$ALOG_VAULT`, else the vault whose work tree holds the current folder
/// (at any depth, as git finds its repository), else the user's `vault` setting (`alog config
/// vault PATH`), else the embedded default `$XDG_DATA_HOME/alog/vault` (created on first use by
/// the commands that record something; the others refuse while it does not exist).
package struct VaultLocation: Sendable {
    package var path: String
    package var isDefault: Bool
    /// True when the vault was found from the current folder.
    package var isFromCurrentFolder = false

    /// `lookingAround: false` leaves the current folder out (`clone` names a new folder).
    package init(explicit: String?, lookingAround: Bool = true) {
        if let explicit {
            (path, isDefault) = (Self.expandingHome(explicit), false)
        } else if let env = FileSystem.environment("ALOG_VAULT"), !env.isEmpty {
            (path, isDefault) = (Self.expandingHome(env), false)
        } else if lookingAround, let enclosing = Self.enclosingVault() {
            (path, isDefault, isFromCurrentFolder) = (enclosing, false, true)
        } else if let configured = UserConfig.value("vault"), !configured.isEmpty {
            (path, isDefault) = (Self.expandingHome(configured), false)
        } else {
            let dataHome =
                FileSystem.environment("XDG_DATA_HOME").flatMap { $0.isEmpty ? nil : $0 }
                ?? ((FileSystem.environment("HOME") ?? ".") + "/.local/share")
            (path, isDefault) = (dataHome + "/alog/vault", true)
        }
    }

    /// The work tree that holds the current folder when it is a vault: the nearest folder up
    /// from here with a `.git` (folder or file), if it also has the ledger's `.alog/` folder.
    /// A git repository without a ledger is no vault (nothing further up is looked at, as git
    /// stops at the nearest repository). A few `stat` calls, no libgit2.
    package static func enclosingVault() -> String? {
        var folder = FileSystem.absolute(".")
        while true {
            let base = folder == "/" ? "" : folder
            if FileSystem.exists(base + "/.git") {
                return FileSystem.isDirectory(base + "/.alog") ? folder : nil
            }
            guard folder != "/", let slash = folder.lastIndex(of: "/") else { return nil }
            folder = slash == folder.startIndex ? "/" : String(folder[..<slash])
        }
    }

    /// `~` and `~/…` with `$HOME` in place of the `~`, as a shell would have done: a quoted
    /// `--vault '~/Notes'` or `ALOG_VAULT='~/Notes'` (say, in a service file) reaches alog as is.
    /// `~user` is left alone.
    package static func expandingHome(_ path: String) -> String {
        guard path == "~" || path.hasPrefix("~/"),
            let home = FileSystem.environment("HOME"), !home.isEmpty
        else { return path }
        return home + path.dropFirst()
    }

    /// The vault's git directory (ending in `/`), found without libgit2. Nil when the path holds
    /// no git repository with a ledger set up.
    package var gitDirectory: String? {
        let root = FileSystem.absolute(path)
        guard let gitDirectory = GitDirectory.of(workTree: root), FileSystem.isDirectory(root + "/.alog") else {
            return nil
        }
        return gitDirectory
    }

    /// The vault's per-clone state directory; nil as for `gitDirectory`.
    package var stateDirectory: StateDirectory? { gitDirectory.map(StateDirectory.init(gitDirectory:)) }

    /// The file in which the embedded default vault keeps the vaults set up while it held
    /// entries (`StateDirectory.vaultsElsewhere`); nil as for `gitDirectory`.
    package var vaultsElsewhereFile: String? { stateDirectory?.vaultsElsewhere }
}
