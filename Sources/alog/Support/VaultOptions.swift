import ArgumentParser
import LedgerCore
import LedgerVault

/// `--vault`, shared by every command that opens the vault.
struct VaultOptions: ParsableArguments {
    @Option(name: .long, help: "The vault (a git repository). Default: $ALOG_VAULT, else $XDG_DATA_HOME/alog/vault.")
    var vault: String?

    /// The explicit path, if any, and whether it was the built-in default.
    func location() -> (path: String, isDefault: Bool) {
        if let vault { return (vault, false) }
        if let env = FileSystem.environment("ALOG_VAULT"), !env.isEmpty { return (env, false) }
        let dataHome =
            FileSystem.environment("XDG_DATA_HOME").flatMap { $0.isEmpty ? nil : $0 }
            ?? ((FileSystem.environment("HOME") ?? ".") + "/.local/share")
        return (dataHome + "/alog/vault", true)
    }

    /// Opens the vault; the embedded default is created on first use, explicit paths must
    /// already be vaults.
    func open() throws -> Vault {
        let (path, isDefault) = location()
        let vault: Vault
        if isDefault, !FileSystem.isDirectory(path) {
            let (created, _) = try Vault.initialize(at: path)
            Terminal.note("created the default vault at \(created.root)")
            vault = created
        } else {
            vault = try Vault.open(at: path)
        }
        if let now = Clock.overriddenMillis { vault.clock = { now } }
        return vault
    }
}

/// The current time, overridable with ALOG_NOW (unix seconds or ISO 8601) for tests and demos.
enum Clock {
    static let overriddenMillis: Int64? = {
        guard let text = FileSystem.environment("ALOG_NOW"), !text.isEmpty else { return nil }
        if let seconds = Int64(text) { return seconds * 1000 }
        return ISO8601.parse(text)?.instant.map { $0.seconds * 1000 }
    }()

    static var nowMillis: Int64 { overriddenMillis ?? SystemClock.nowMillis() }
    static var nowSeconds: Int64 { nowMillis / 1000 }

    /// Parses a user's --at text against now and the local zone.
    static func parse(_ text: String) throws -> LocalInstant {
        try TimeExpression(now: nowSeconds, zone: SystemTimeZone()).parse(text)
    }
}
