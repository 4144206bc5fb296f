internal import LedgerCore
import LedgerGit
internal import LedgerSystem

extension Vault {
    /// A configured remote: its name and URL.
    public struct Remote: Sendable, Equatable {
        public var name: String
        public var url: String
    }

    /// The configured remotes.
    public func remotes() throws -> [Remote] {
        try repository.remotes().map { Remote(name: $0.name, url: $0.url) }
    }

    /// Adds a remote to sync with. The URL may be a path, file://, git://, ssh://, scp-like
    /// `user@host:path`, http:// or https://.
    public func addRemote(name: String, url: String) throws {
        try Self.checkRemoteName(name)
        guard Self.isUsableURL(url) else { throw SyncError.invalidURL(url) }
        if let existing = try repository.remoteURL(name) { throw SyncError.remoteExists(name, url: existing) }
        let stored = Self.isLocalPath(url) ? FileSystem.absolute(url) : url
        try repository.addRemote(name: name, url: stored)
    }

    /// Removes a remote and what this device remembered about it.
    public func removeRemote(name: String) throws {
        try Self.checkRemoteName(name)
        guard try repository.remoteURL(name) != nil else {
            throw SyncError.unknownRemote(name, known: try repository.remotes().map(\.name))
        }
        try repository.removeRemote(name: name)
        try repository.deleteReference(Self.syncedReference(name))
    }

    /// alog's one rule for a remote's name, applied wherever one is given (`remote add`,
    /// `remote remove`, `sync NAME`): ASCII letters, digits, '-', '_' or '.', starting with a
    /// letter or digit, at most 100 characters, and a name git accepts too (no `..`, not ending
    /// in `.lock`).
    public static func checkRemoteName(_ name: String) throws {
        let allowed = name.utf8.allSatisfy { byte in
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || byte == 0x2D || byte == 0x5F || byte == 0x2E
        }
        guard allowed, let first = name.utf8.first, first != 0x2D, first != 0x5F, first != 0x2E,
            name.utf8.count <= 100, Repository.isValidRemoteName(name)
        else { throw SyncError.invalidRemoteName(name) }
    }

    /// The absolute path of a local remote (a path or file:// URL) that does not exist; nil for
    /// other URLs and for paths that exist.
    public static func missingLocalRepository(_ url: String) -> String? {
        guard let path = VaultSync.localRepositoryPath(url) else { return nil }
        let absolute = FileSystem.absolute(path)
        return FileSystem.exists(absolute) ? nil : absolute
    }

    /// A local path (or file:// URL) that names nothing: libgit2 would say "unsupported URL
    /// protocol".
    static func checkLocalRepositoryExists(_ url: String) throws {
        guard let path = VaultSync.localRepositoryPath(url) else { return }
        let absolute = FileSystem.absolute(path)
        if !FileSystem.exists(absolute) { throw SyncError.noSuchLocalRepository(url, path: absolute) }
        // A plain file, or a folder that holds no repository: libgit2 would say "unsupported
        // URL protocol" or "could not find repository".
        if !Repository.exists(at: absolute) {
            throw SyncError.notARepository(url, path: absolute, isFile: !FileSystem.isDirectory(absolute))
        }
    }

    /// The remote `alog sync` uses when none is named: the branch's upstream, else `origin`,
    /// else the only remote.
    func defaultRemote(branch: String) throws -> String {
        let remotes = try repository.remotes().map(\.name)
        if let upstream = try repository.configString("branch.\(branch).remote"), remotes.contains(upstream) {
            return upstream
        }
        if remotes.contains("origin") { return "origin" }
        if remotes.count == 1 { return remotes[0] }
        throw remotes.isEmpty ? SyncError.noRemote(vault: root) : SyncError.ambiguousRemote(remotes)
    }

    /// Where this device records the last commit it received from (or sent to) `remote`; the
    /// remote's branch must always contain it, or its history was rewritten.
    static func syncedReference(_ remote: String) -> String { "refs/alog/synced/\(remote)" }

    /// Credentials from the environment first, then the repository's configuration:
    /// `ALOG_GIT_TOKEN` / `alog.token`, `ALOG_SSH_KEY` / `alog.sshKey`, `ALOG_SSH_PASSPHRASE`,
    /// `alog.username`.
    func credentials() -> Credentials {
        let config = { (key: String) in (try? self.repository.configString(key)) ?? nil }
        return Self.credentials(config: config)
    }

    static func credentials(config: (String) -> String?) -> Credentials {
        var key = FileSystem.environment("ALOG_SSH_KEY") ?? config("alog.sshKey")
        if let path = key, path.hasPrefix("~/"), let home = FileSystem.environment("HOME") {
            key = home + path.dropFirst()
        }
        return Credentials(
            useSSHAgent: true, sshKeyPath: key, sshPassphrase: FileSystem.environment("ALOG_SSH_PASSPHRASE"),
            token: FileSystem.environment("ALOG_GIT_TOKEN") ?? config("alog.token"),
            username: config("alog.username"))
    }

    static func isLocalPath(_ url: String) -> Bool {
        !url.contains("://") && !isSCPLike(url)
    }

    private static func isSCPLike(_ url: String) -> Bool {
        // `host:path` or `user@host:path`, but not `C:\` or a path with a slash before the colon.
        guard let colon = url.firstIndex(of: ":") else { return false }
        let host = url[..<colon]
        return host.count > 1 && !host.contains("/")
    }

    static func isUsableURL(_ url: String) -> Bool {
        guard !url.isEmpty, !url.unicodeScalars.contains(where: { DisplayText.isUnsafe($0) }) else { return false }
        let parts = url.split(separator: "://", maxSplits: 1, omittingEmptySubsequences: false)
        if parts.count == 2 {
            let scheme = parts[0].lowercased()
            guard ["file", "git", "ssh", "http", "https"].contains(scheme), !parts[1].isEmpty else { return false }
            // Every scheme but file:// names a host: `ssh://user@:22/x` or `https:///x` has none.
            return scheme == "file" || !host(of: parts[1].prefix { $0 != "/" }).isEmpty
        }
        // Git's scp-like form, `[user@]host:path` (a colon before any slash): a host and a path
        // are both needed (`user@:x`, `host:` are not remotes); anything else is a local path.
        guard let colon = url.firstIndex(of: ":"), !url[..<colon].contains("/") else { return true }
        let authority = url[..<colon]
        if let at = authority.lastIndex(of: "@"), authority[..<at].isEmpty { return false }
        return !host(of: authority).isEmpty && url.index(after: colon) != url.endIndex
    }

    /// The host in `[user@]host[:port]` (empty when there is none).
    private static func host(of authority: Substring) -> Substring {
        let afterUser = authority.lastIndex(of: "@").map { authority[authority.index(after: $0)...] } ?? authority
        if afterUser.hasPrefix("[") { return afterUser.prefix { $0 != "]" }.dropFirst() }  // [::1]:22
        return afterUser.prefix { $0 != ":" }
    }
}
