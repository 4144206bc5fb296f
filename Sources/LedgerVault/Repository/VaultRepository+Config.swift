import LedgerEnvironment
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
        ConfigKey(
            name: "day-start", scope: .user,
            help:
                "when a day starts for reports, calendar, streaks, goals and :today (HH:MM up to 12:00; default 00:00)"),
        ConfigKey(
            name: "week-start", scope: .user,
            help: "the first day of a week for reports and the calendar (default monday)"),
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

    /// Why `value` cannot be this key's (nil when it can): a commit's signature needs a name
    /// and an email that are not blank and hold no `<` or `>` (git writes them as
    /// `Name <email>`), and an email with an `@`.
    public func problem(with value: String) -> String? {
        switch name {
        case "user.name", "user.email":
            let what = name == "user.name" ? "a name" : "an email address"
            if value.allSatisfy(\.isWhitespace) { return "it is blank, and a commit needs \(what)" }
            if value.contains(where: \.isNewline) {
                return "it contains a line break, which a commit's signature cannot hold; give it on one line"
            }
            if value.contains(where: { $0 == "<" || $0 == ">" }) {
                return "it contains '<' or '>', which a commit's signature cannot hold"
            }
            if name == "user.email", !value.contains("@") { return "it is not an email address (name@example.com)" }
            return nil
        case "day-start":
            return UserCalendar.dayStart(value) == nil ? "give a time of day from 00:00 to 12:00, such as 04:00" : nil
        case "week-start":
            return UserCalendar.firstWeekday(value) == nil ? "give a day of the week, such as monday or sunday" : nil
        default: return nil
        }
    }
}

extension VaultRepository {
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
