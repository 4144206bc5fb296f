package import LedgerCore
import LedgerEnvironment
import LedgerMessages
import LedgerOutput
package import LedgerVault

/// `sync [REMOTE] [--allow-unrelated-histories]`: fetch, merge and push through a git remote.
package struct SyncRequest: UseCase {
    package var remote: String?
    package var allowUnrelatedHistories: Bool
    /// A progress line on the terminal while objects move (the CLI without `--json`).
    package var showsProgress: Bool

    package init(remote: String? = nil, allowUnrelatedHistories: Bool = false, showsProgress: Bool = false) {
        (self.remote, self.allowUnrelatedHistories, self.showsProgress) =
            (remote, allowUnrelatedHistories, showsProgress)
    }

    package func perform(in access: VaultAccess) throws -> Synced {
        let vault: Vault
        do {
            // The widget's queued taps and the day notes' changes are committed once the remote
            // answered (`afterFetch`): a sync that cannot reach it leaves them as they were.
            vault = try access.open(drainingWidgetQueue: false) { try $0.syncing.checkSync(remote: remote) }
        } catch SyncError.noRemote(let root) {
            // Entries logged into a stray default vault: the way to the vault they belong in.
            if let advice = DefaultVault.movingAdvice(VaultLocation(explicit: access.path)) {
                access.report(.note(advice))
            }
            throw SyncError.noRemote(vault: root)
        }
        var report = try vault.syncing.sync(
            remote: remote, progress: showsProgress ? ProgressLine.reporter() : nil,
            allowUnrelatedHistories: allowUnrelatedHistories, afterFetch: { access.commitPending(vault) })
        // Day notes after what came in: typed lines of notes that arrived are logged, and the
        // notes written anew from the merged events; a commit of that is sent at once.
        if report.eventsReceived > 0 || !report.notesReceived.isEmpty || !report.notesMerged.isEmpty,
            let notes = dayNotesAfterSync(vault, report, access: access), !notes.written.isEmpty || !notes.isEmpty
        {
            access.report(.dayNotes(notes))
            let again = try vault.syncing.sync(remote: remote, progress: nil, allowUnrelatedHistories: false)
            report.eventsSent += again.eventsSent
            report.pushed = report.pushed || again.pushed
            report.head = again.head
        }
        let summary = try vault.summary()
        Housekeeping.lineIssues(of: vault).forEach(access.report)
        return Synced(report: report, summary: summary)
    }

    /// The day notes after a sync: the notes of the days that received entries, and the notes
    /// that came in, written from the merged events (their typed lines logged first); nil when
    /// day notes are off.
    private func dayNotesAfterSync(_ vault: Vault, _ report: SyncOutcome, access: VaultAccess) -> DayNotesReport? {
        do {
            return try vault.writeDayNotes(afterSync: report)
        } catch {
            // The sync stands; the notes are read and written by the next command.
            access.report(
                .warning("the sync is done, but the day notes could not be written: \(Messages.text(for: error))"))
            return nil
        }
    }
}

/// What a sync did, and the state it left (`status` after it).
package struct Synced: WriteOutcome {
    package var report: SyncOutcome
    package var summary: StatusSummary

    package var warnings: [Notice] { report.warnings }
    /// What `sync --json` prints (the web's answer).
    package var json: String? {
        Sync.json(report, status: StatusView.render(summary, json: true, now: CommandClock.nowSeconds))
    }
    package var line: String {
        Sync.human(report) + "\n\n" + StatusView.render(summary, json: false, now: CommandClock.nowSeconds)
    }
}
