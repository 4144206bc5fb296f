import ArgumentParser
import LedgerCore
import LedgerEnvironment
import LedgerSystem
import LedgerVault

struct Config: OutcomeCommand {
    static let configuration = CommandConfiguration(
        commandName: "config", abstract: "Show or set alog's settings.",
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

    /// What `config` did: every key's value, one key's value, or a key set (nil: removed)
    /// in a file.
    enum Outcome {
        case listed([(key: ConfigKey, value: String?)])
        case shown(String)
        case stored(key: String, value: String?, file: String)
    }

    func execute() throws -> Outcome {
        guard let key, let found = ConfigKey.named(key) else { return .listed(try list()) }
        switch found.scope {
        case .user:
            guard unset || value != nil else { return .shown(try shown(key, UserConfig.value(key))) }
            var stored = value
            if key == "vault", let path = value { stored = FileSystem.absolute(VaultLocation.expandingHome(path)) }
            try UserConfig.set(key, stored)
            return .stored(key: key, value: stored, file: UserConfig.path)
        case .clone:
            let vault = try options.open(drainingWidgetQueue: false)
            guard unset || value != nil else { return .shown(try shown(key, vault.repo.config(found))) }
            try vault.repo.setConfig(found, value)
            return .stored(key: key, value: value, file: "\(vault.root)/.git/config")
        }
    }

    func render(_ outcome: Outcome) {
        switch outcome {
        case .listed(let values):
            for (key, value) in values {
                let shown = key.name == "alog.token" && value != nil ? "(set, not shown)" : value ?? "(not set)"
                emitLine("\(key.name) = \(shown)    # \(key.help)")
            }
        case .shown(let value):
            emitLine(value)
        case .stored(let key, let value, let file):
            emitLine(value.map { "\(key) = \($0) (in \(file))" } ?? "removed \(key) from \(file)")
        }
    }

    private func shown(_ key: String, _ value: String?) throws -> String {
        guard let value else { throw VaultError.configKeyNotSet(key) }
        return value
    }

    /// Every key with its value (nil: not set).
    private func list() throws -> [(key: ConfigKey, value: String?)] {
        let vault = try? options.open(drainingWidgetQueue: false)
        return ConfigKey.all.map { key in
            switch key.scope {
            case .user: (key, UserConfig.value(key.name))
            case .clone: (key, (try? vault?.repo.config(key)) ?? nil)
            }
        }
    }
}
