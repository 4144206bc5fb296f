import ArgumentParser
import LedgerCore
import LedgerEnvironment
import LedgerSystem
import LedgerVault

struct Config: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show or set alog's settings.",
        discussion: """
            'alog config' lists every key; 'alog config KEY' prints one; 'alog config KEY VALUE' sets it; \
            'alog config --unset KEY' removes it. Keys: \
            \(ConfigKey.all.map { "\($0.name) (\($0.scope == .user ? "user" : "this clone")): \($0.help)" }.joined(separator: "; ")). \
            User keys live in $XDG_CONFIG_HOME/alog/config, clone keys in the vault's .git/config.
            """)

    @Argument(help: "A key (see above).")
    var key: String?

    @Argument(help: "The value to set.")
    var value: String?

    @Flag(help: "Remove KEY.")
    var unset = false

    @OptionGroup var options: VaultOptions

    func validate() throws {
        if let key, ConfigKey.named(key) == nil {
            throw ValidationError(
                "unknown key \(DisplayText.quoted(key)); the keys are \(ConfigKey.all.map(\.name).joined(separator: ", ")) (see 'alog config --help')"
            )
        }
        if unset, key == nil { throw ValidationError("--unset needs a KEY") }
        if unset, value != nil { throw ValidationError("give either a VALUE or --unset, not both") }
        if let key, let value, let problem = ConfigKey.named(key)?.problem(with: value) {
            throw ValidationError("\(key) \(DisplayText.quoted(value)) cannot be used: \(problem)")
        }
        if let value, value.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            throw ValidationError("a value may not contain control characters (a line break, say)")
        }
    }

    func run() throws {
        guard let key, let found = ConfigKey.named(key) else { return try list() }
        switch found.scope {
        case .user:
            if unset || value != nil {
                var stored = value
                if key == "vault", let path = value { stored = FileSystem.absolute(VaultLocation.expandingHome(path)) }
                try UserConfig.set(key, stored)
                emitLine(
                    stored.map { "\(key) = \($0) (in \(UserConfig.path))" } ?? "removed \(key) from \(UserConfig.path)")
            } else {
                try show(key, UserConfig.value(key))
            }
        case .clone:
            let vault = try options.open(drainingWidgetQueue: false)
            if unset || value != nil {
                try vault.setConfig(found, value)
                emitLine(
                    value.map { "\(key) = \($0) (in \(vault.root)/.git/config)" }
                        ?? "removed \(key) from \(vault.root)/.git/config")
            } else {
                try show(key, vault.config(found))
            }
        }
    }

    private func show(_ key: String, _ value: String?) throws {
        guard let value else {
            throw VaultError.configKeyNotSet(key)
        }
        emitLine(value)
    }

    /// Every key with its value (or `(not set)`), where it is kept, and what it does.
    private func list() throws {
        let vault = try? options.open(drainingWidgetQueue: false)
        for key in ConfigKey.all {
            let value: String? =
                switch key.scope {
                case .user: UserConfig.value(key.name)
                case .clone: (try? vault?.config(key)) ?? nil
                }
            let shown = key.name == "alog.token" && value != nil ? "(set, not shown)" : value ?? "(not set)"
            emitLine("\(key.name) = \(shown)    # \(key.help)")
        }
    }
}
