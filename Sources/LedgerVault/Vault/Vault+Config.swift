import LedgerGit

/// `alog config`: every key alog reads, where it is kept, and what it does.
public struct ConfigKey: Sendable {
    public enum Scope: String, Sendable {
        /// In the vault's `.git/config` (this clone only; git's global values count too).
        case clone
        /// In `$XDG_CONFIG_HOME/alog/config` (this user, every vault).
        case user
    }

    public var name: String
    public var scope: Scope
    public var help: String

    /// The keys, in the order `alog config` lists them.
    public static let all: [ConfigKey] = [
        ConfigKey(name: "vault", scope: .user, help: "the vault used without --vault or $ALOG_VAULT"),
        ConfigKey(name: "user.name", scope: .clone, help: "the name alog signs its commits with (git's own key)"),
        ConfigKey(name: "user.email", scope: .clone, help: "the email alog signs its commits with (git's own key)"),
        ConfigKey(
            name: "alog.token", scope: .clone, help: "token for https remotes ($ALOG_GIT_TOKEN wins)"),
        ConfigKey(
            name: "alog.sshKey", scope: .clone,
            help: "private key file for ssh remotes, after the ssh agent ($ALOG_SSH_KEY wins)"),
        ConfigKey(name: "alog.username", scope: .clone, help: "user name for ssh and https remotes"),
    ]

    public static func named(_ name: String) -> ConfigKey? { all.first { $0.name == name } }
}

extension Vault {
    /// A clone key's value, as alog reads it (the vault's `.git/config`, then git's global
    /// files); nil when unset.
    public func config(_ key: ConfigKey) throws -> String? {
        try repository.configString(key.name)
    }

    /// Sets a clone key in `.git/config`; nil removes it.
    public func setConfig(_ key: ConfigKey, _ value: String?) throws {
        if let value { try repository.setConfigString(key.name, value) } else { try repository.unsetConfig(key.name) }
    }
}
