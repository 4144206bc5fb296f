import LedgerEnvironment
import LedgerMessages
import LedgerSystem
package import LedgerVault

/// Where a use case opens its vault (`--vault`, or the default's rules), and who hears what
/// opening it did: each `Housekeeping` item as it happens, and every warning of the library
/// while the vault stays open. The CLI says them on stderr at once; the web collects them.
package struct VaultAccess {
    /// The `--vault` given, or nil for `$ALOG_VAULT`, the config, then the embedded default.
    package var path: String?
    package var report: (Housekeeping) -> Void

    package init(path: String?, report: @escaping (Housekeeping) -> Void = Housekeeping.sayOnTerminal) {
        self.path = path
        self.report = report
    }

    /// Opens the vault; explicit paths must already be vaults. The embedded default is created
    /// on first use only by a use case that records something (`creatingDefault`): one that
    /// only reads refuses with `VaultError.noVaultYet` and creates nothing. `validate` is the
    /// use case's check of its request against the vault: it runs before the widget's queue
    /// is committed, so a refused request commits nothing. A read of a shell that must not
    /// write (`Invocation.readsOnly`, the web's `GET`) commits nothing: the next write does.
    package func open(
        creatingDefault: Bool = false, drainingWidgetQueue: Bool = true, reportingRemovals: Bool = true,
        validate: (Vault) throws -> Void = { _ in }
    ) throws -> Vault {
        if path == "" { throw VaultError.emptyVaultPath }
        let location = VaultLocation(explicit: path)
        let vault: Vault
        if location.isDefault, !FileSystem.isDirectory(location.path) {
            guard creatingDefault else { throw VaultError.noVaultYet(defaultPath: location.path) }
            let (created, _) = try Vault.initialize(
                at: location.path, nested: true, notify: { report(.notice($0)) })
            report(.createdDefaultVault(path: created.root))
            vault = created
        } else {
            vault = try Vault.open(at: location.path)
        }
        if let now = CommandClock.overriddenMillis { vault.clock = { now } }
        vault.notify = { report(.notice($0)) }
        let readsOnly = Invocation.current?.readsOnly == true
        if !readsOnly { finishInterruptedWrite(vault) }
        try validate(vault)
        if drainingWidgetQueue, !readsOnly { commitPending(vault) }
        // (`repair` and `verify` say it in their own words, not "run 'alog repair'".)
        if reportingRemovals { reportRemovals(vault) }
        return vault
    }

    /// A write killed half-way (after moving the branch, before the working tree followed) is
    /// finished by whichever command opens the vault next.
    private func finishInterruptedWrite(_ vault: Vault) {
        do {
            for notice in try vault.repo.finishInterruptedWrite() { report(.notice(notice)) }
        } catch {
            report(.warning("could not finish an interrupted write: \(Messages.text(for: error))"))
        }
    }

    /// What every command that opens the vault commits first: the widget's queued taps, and
    /// what changed day notes ask for. `sync` does it only once the remote answered.
    package func commitPending(_ vault: Vault) {
        commitWidgetQueue(vault)
        pickUpDayNotes(vault)
    }

    /// Every command that opens the vault reads the day notes someone changed since (typed
    /// lines, changed or removed entry lines) and commits what they ask for. A failure here
    /// never stops the command: the notes are read again by the next one.
    private func pickUpDayNotes(_ vault: Vault) {
        do {
            if let notes = try vault.pickUpDayNotes() { report(.dayNotes(notes)) }
        } catch  where Vault.isRepositoryDamage(error) {
        } catch {
            report(
                .warning("could not read the day notes (they are read again next time): \(Messages.text(for: error))"))
        }
    }

    /// Every command that opens the vault first commits the widget's queued taps. A failure
    /// here never stops the command: the taps stay queued for the next one.
    private func commitWidgetQueue(_ vault: Vault) {
        do {
            if let drained = try vault.widgetDrain.drainWidgetQueue() { report(.drained(drained)) }
            try vault.ensureWidgetCache()
        } catch  where Vault.isRepositoryDamage(error) {
            // Damage to the repository itself: the command meets it too and says it as its
            // error; the taps stay queued.
        } catch {
            report(
                .warning("could not commit the widget's queued taps (they stay queued): \(Messages.text(for: error))"))
        }
    }

    /// On every command, committed event lines a commit removed, until `alog repair`; and
    /// where HEAD is when a checkout took it off the branch alog was reading: once for a
    /// switch to another branch, on every command while HEAD is detached.
    private func reportRemovals(_ vault: Vault) {
        for finding in vault.noticedRemovals() { report(.warning(finding.sentence)) }
        if let detached = vault.repo.detachedHead() {
            report(.warning(detached.sentence))
        } else if let checkout = vault.noticedCheckout {
            report(.note(checkout.sentence))
        }
    }
}
