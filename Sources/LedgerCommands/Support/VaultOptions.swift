import ArgumentParser
import LedgerEnvironment
import LedgerVault

/// `--vault`, shared by every command that opens the vault.
struct VaultOptions: ParsableArguments {
    @Option(
        name: .long,
        help:
            "The vault (a git repository). Default: $ALOG_VAULT, else 'alog config vault', else $XDG_DATA_HOME/alog/vault.",
        completion: .directory
    )
    var vault: String?

    var location: VaultLocation { VaultLocation(explicit: vault) }

    func validate() throws { try Self.checkExplicit(vault) }

    /// An empty `--vault ''` (say, from an unset shell variable) would otherwise be the
    /// current folder.
    static func checkExplicit(_ vault: String?) throws {
        // Thrown from `validate()`, where the parser wraps it: said in words here.
        if vault == "" { throw Refusal.presentable(VaultError.emptyVaultPath) }
    }

    /// Where the command's use case opens the vault; what opening it did is said on stderr.
    var access: VaultAccess { VaultAccess(path: vault) }

    /// Opens the vault (`VaultAccess.open`), saying its housekeeping on stderr.
    func open(
        creatingDefault: Bool = false, drainingWidgetQueue: Bool = true, reportingRemovals: Bool = true,
        validate: (Vault) throws -> Void = { _ in }
    ) throws -> Vault {
        try access.open(
            creatingDefault: creatingDefault, drainingWidgetQueue: drainingWidgetQueue,
            reportingRemovals: reportingRemovals, validate: validate)
    }

    /// `open` for a `--vault` value found without the parser.
    static func open(
        explicit: String?, creatingDefault: Bool = false, drainingWidgetQueue: Bool = true,
        reportingRemovals: Bool = true, validate: (Vault) throws -> Void = { _ in }
    ) throws -> Vault {
        try VaultAccess(path: explicit).open(
            creatingDefault: creatingDefault, drainingWidgetQueue: drainingWidgetQueue,
            reportingRemovals: reportingRemovals, validate: validate)
    }
}
