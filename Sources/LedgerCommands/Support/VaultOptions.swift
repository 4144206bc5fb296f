import ArgumentParser
import LedgerCore
import LedgerEnvironment
import LedgerMessages
import LedgerOutput
import LedgerSystem
import LedgerVault
import LedgerWidget

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

    /// Opens the vault; explicit paths must already be vaults. The embedded default is created
    /// on first use only by a command that records something (`creatingDefault`): a command
    /// that only reads refuses with `VaultError.noVaultYet` and creates nothing. `validate` is
    /// the command's check of its input against the vault: it runs before the widget's queue
    /// is committed, so a refused command commits nothing.
    func open(
        creatingDefault: Bool = false, drainingWidgetQueue: Bool = true, reportingRemovals: Bool = true,
        validate: (Vault) throws -> Void = { _ in }
    ) throws -> Vault {
        try Self.open(
            explicit: vault, creatingDefault: creatingDefault, drainingWidgetQueue: drainingWidgetQueue,
            reportingRemovals: reportingRemovals, validate: validate)
    }

    /// `open` for a `--vault` value found without the parser.
    static func open(
        explicit: String?, creatingDefault: Bool = false, drainingWidgetQueue: Bool = true,
        reportingRemovals: Bool = true, validate: (Vault) throws -> Void = { _ in }
    ) throws -> Vault {
        try checkExplicit(explicit)
        let location = VaultLocation(explicit: explicit)
        let (path, isDefault) = (location.path, location.isDefault)
        let vault: Vault
        if isDefault, !FileSystem.isDirectory(path) {
            guard creatingDefault else { throw VaultError.noVaultYet(defaultPath: path) }
            let (created, _) = try Vault.initialize(at: path, nested: true, notify: { Terminal.warn($0.sentence) })
            Terminal.note("created the default vault at \(created.root)")
            vault = created
        } else {
            vault = try Vault.open(at: path)
        }
        if let now = CommandClock.overriddenMillis { vault.clock = { now } }
        vault.notify = { Terminal.warn($0.sentence) }
        // A shell's read (the web's `GET`) commits nothing: the next write does this work.
        let readsOnly = Invocation.current?.readsOnly == true
        if !readsOnly { finishInterruptedWrite(vault) }
        try validate(vault)
        if drainingWidgetQueue, !readsOnly { commitPending(vault) }
        // (`repair` and `verify` say it in their own words, not "run 'alog repair'".)
        if reportingRemovals { Terminal.reportRemovals(vault) }
        return vault
    }

    /// A write killed half-way (after moving the branch, before the working tree followed) is
    /// finished by whichever command opens the vault next.
    private static func finishInterruptedWrite(_ vault: Vault) {
        do {
            for warning in try vault.finishInterruptedWrite() { Terminal.warn(warning) }
        } catch {
            Terminal.warn("could not finish an interrupted write: \(Messages.text(for: error))")
        }
    }

    /// What every command that opens the vault commits first: the widget's queued taps, and
    /// what changed day notes ask for. `sync` does it only once the remote answered.
    static func commitPending(_ vault: Vault) {
        commitWidgetQueue(vault)
        pickUpDayNotes(vault)
    }

    /// Every command that opens the vault reads the day notes someone changed since (typed
    /// lines, changed or removed entry lines) and commits what they ask for. A failure here
    /// never stops the command: the notes are read again by the next one.
    private static func pickUpDayNotes(_ vault: Vault) {
        do {
            if let report = try vault.pickUpDayNotes() { Terminal.reportDayNotes(report) }
        } catch  where Vault.isRepositoryDamage(error) {
        } catch {
            Terminal.warn("could not read the day notes (they are read again next time): \(Messages.text(for: error))")
        }
    }

    /// Every command that opens the vault first commits the widget's queued taps. A failure
    /// here never stops the command: the taps stay queued for the next one.
    private static func commitWidgetQueue(_ vault: Vault) {
        do {
            if let report = try vault.widgetDrain.drainWidgetQueue() { Terminal.reportDrain(report) }
            try vault.ensureWidgetCache()
        } catch  where Vault.isRepositoryDamage(error) {
            // Damage to the repository itself: the command meets it too and says it as its
            // error; the taps stay queued.
        } catch {
            Terminal.warn("could not commit the widget's queued taps (they stay queued): \(Messages.text(for: error))")
        }
    }
}
