import ArgumentParser
import LedgerCore
import LedgerEnvironment
import LedgerMessages
import LedgerOutput
import LedgerSystem
import LedgerVault

struct Sync: OutcomeCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync", abstract: "Fetch, merge and push the vault through a git remote.",
        discussion: """
            REMOTE defaults to the branch's upstream, else 'origin', else the only remote. The merge \
            rules are in docs/sync.md: events are never lost or duplicated, and where a note was \
            changed on both sides in the same place the remote's version stays and yours is kept \
            next to it as a conflict copy, committed in the merge so that every device has both \
            (the one time alog commits a file outside .alog/).
            """)

    @Argument(help: "The remote to sync with.", completion: DynamicCompletion.remotes)
    var remote: String?

    @Flag(help: "Print JSON (documented in docs/cli.md).")
    var json = false

    @Flag(
        help:
            "Merge a remote whose history shares no commit with this vault's (two separate ledgers joined on purpose), as git's flag of that name does."
    )
    var allowUnrelatedHistories = false

    @OptionGroup var options: VaultOptions

    func execute() throws -> Synced {
        try SyncRequest(remote: remote, allowUnrelatedHistories: allowUnrelatedHistories, showsProgress: !json)
            .perform(in: options.access)
    }

    func render(_ synced: Synced) {
        synced.warnings.forEach(Terminal.warn)
        emit(json ? synced.json! : synced.line)
    }

    static func json(_ report: SyncOutcome, status: String) -> String {
        JSONText.object([
            ("remote", JSONText.string(report.remote)),
            ("url", JSONText.string(report.url)),
            ("branch", JSONText.string(report.branch)),
            ("action", JSONText.string(report.action.rawValue)),
            ("eventsReceived", String(report.eventsReceived)),
            ("eventsSent", String(report.eventsSent)),
            ("pushed", String(report.pushed)),
            ("retries", String(report.retries)),
            ("objectsPacked", String(report.objectsPacked)),
            ("packsMerged", String(report.packsMerged)),
            ("notesReceived", JSONText.array(report.notesReceived.map(JSONText.string))),
            ("notesMerged", JSONText.array(report.notesMerged.map(JSONText.string))),
            ("notesNotSent", JSONText.array(report.notesNotSent.map(JSONText.string))),
            (
                "conflictCopies",
                JSONText.array(
                    report.conflictCopies.map {
                        JSONText.object([
                            ("path", JSONText.string($0.path)), ("copy", JSONText.string($0.copy)),
                            ("reason", JSONText.string($0.reason)),
                        ])
                    })
            ),
            ("editsKeptOverDeletes", JSONText.array(report.editsKeptOverDeletes.map(JSONText.string))),
            ("warnings", JSONText.array(report.warnings.map { JSONText.string($0.sentence) })),
            (
                "aheadOfClock",
                JSONText.array(
                    report.aheadOfClock.map {
                        JSONText.object([
                            ("device", JSONText.string($0.device)), ("events", String($0.events)),
                            (
                                "latest",
                                JSONText.string(LocalInstant(seconds: $0.latestMillis / 1000, offset: 0).iso8601)
                            ),
                        ])
                    })
            ),
            ("head", report.head.map { JSONText.string($0.hex) } ?? "null"),
            ("status", status),
        ])
    }

    static func human(_ report: SyncOutcome) -> String {
        // Paths and names come from the vault's files and the remote: shown escaped.
        let shown = { (text: String) in DisplayText.escaped(text) }
        let what: String =
            switch report.action {
            case .upToDate: "already up to date"
            case .pushed: "sent local changes"
            case .fastForward: "fast-forwarded"
            case .merged: "merged"
            }
        var lines = [
            Terminal.bold("Synced with \(shown(report.remote))") + " \(Terminal.dim(shown(report.url))): \(what)"
                + (report.retries > 0 ? " (after \(report.retries) retr\(report.retries == 1 ? "y" : "ies"))" : "")
        ]
        lines.append("  events received \(report.eventsReceived), sent \(report.eventsSent)")
        if report.objectsPacked > 0 {
            lines.append("  packed \(report.objectsPacked) loose git objects (more than gc.auto had gathered)")
        }
        if report.packsMerged > 0 {
            lines.append("  merged \(report.packsMerged) git packs into one (more than gc.autoPackLimit had gathered)")
        }
        if !report.notesReceived.isEmpty {
            lines.append("  notes updated from the remote: \(report.notesReceived.count)")
        }
        for path in report.notesMerged { lines.append("  merged note: \(shown(path))") }
        if !report.notesNotSent.isEmpty {
            let names = report.notesNotSent.prefix(5).map(shown).joined(separator: ", ")
            let more = report.notesNotSent.count > 5 ? " and \(report.notesNotSent.count - 5) more" : ""
            lines.append(
                "  not sent: \(report.notesNotSent.count) note\(report.notesNotSent.count == 1 ? "" : "s") with uncommitted changes (\(names)\(more)); alog commits only .alog/, so commit them with git (or your git plugin) to sync them"
            )
        }
        for path in report.editsKeptOverDeletes {
            lines.append("  kept the edited version of \(shown(path)) (deleted on the other side)")
        }
        for ahead in report.aheadOfClock {
            let latest = LocalInstant(seconds: ahead.latestMillis / 1000, offset: 0).iso8601
            lines.append(
                Terminal.yellow(
                    "  clock: \(ahead.events) event\(ahead.events == 1 ? "" : "s") from device \(shown(ahead.device))")
                    + " stamped up to \(latest), more than a day ahead of this clock; check that device's clock"
                    + " (nothing is lost; see docs/sync.md, \"Clocks\")")
        }
        for copy in report.conflictCopies {
            lines.append(
                Terminal.yellow("  conflict: \(shown(copy.path))")
                    + " (\(shown(copy.reason))): the remote's version stays there; yours is kept as \(shown(copy.copy))"
                    + " (committed in the merge, so every device has it; keep what you want and delete the copy)"
            )
        }
        return lines.joined(separator: "\n")
    }
}
