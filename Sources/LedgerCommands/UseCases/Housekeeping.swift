import LedgerCore
import LedgerMessages
import LedgerNotes
import LedgerOutput
package import LedgerVault

/// What opening the vault did before a command's own work, as data, in the order it happened:
/// the default vault created, an interrupted write finished, the widget's queued taps and the
/// day notes' changes committed, removals noticed, and what went wrong doing it (never a
/// refusal: the command still runs). A shell says it its own way: the CLI at once on stderr
/// (`sayOnTerminal`), the web in the answer's `warnings` (`said(onTerminal: false)`).
package enum Housekeeping {
    case createdDefaultVault(path: String)
    case drained(VaultWidgetDrain.DrainOutcome)
    case dayNotes(DayNotesReport)
    /// A warning of the library while the vault is open (a skipped damaged line, a repair).
    case notice(Notice)
    /// A warning in words: an interrupted write finished, a step that failed and waits for
    /// the next command, a removal noticed.
    case warning(String)
    /// Something worth knowing, not a problem (a checkout noticed).
    case note(String)

    /// One thing said about it, a note or a warning.
    package enum Said: Equatable, Sendable {
        case note(String)
        case warning(String)

        package var text: String {
            switch self {
            case .note(let text), .warning(let text): text
            }
        }
    }

    /// What to say of it. `onTerminal`: the counts of what was committed, which only a person
    /// at a terminal is told (a script sees the effect).
    package func said(onTerminal: Bool) -> [Said] {
        switch self {
        case .createdDefaultVault(let path): return [.note("created the default vault at \(path)")]
        case .notice(let notice): return [.warning(notice.sentence)]
        case .warning(let text): return [.warning(text)]
        case .note(let text): return [.note(text)]
        case .drained(let report):
            var said: [Said] = []
            if report.committed > 0, onTerminal {
                said.append(
                    .note("committed \(report.committed) widget tap\(report.committed == 1 ? "" : "s") from the queue"))
            }
            said += report.savedAside.map { .warning("unreadable widget queue text was saved aside in \($0)") }
            said += report.warnings.map { .warning($0.sentence) }
            let stuck = report.failures.count + report.invalid
            if stuck > 0 {
                let first = report.failures.first.map { ": \($0.reason)" } ?? ""
                said.append(
                    .warning(
                        "\(stuck) widget item\(stuck == 1 ? "" : "s") could not be committed and stay\(stuck == 1 ? "s" : "") queued\(first); see 'alog widget pending'"
                    ))
            }
            return said
        case .dayNotes(let report):
            var said: [Said] = []
            if !report.logged.isEmpty {
                said.append(
                    .note(
                        "logged \(report.logged.count) typed line\(report.logged.count == 1 ? "" : "s") of the day notes"
                    ))
            }
            if !report.edited.isEmpty {
                said.append(
                    .note(
                        "recorded \(report.edited.count) changed line\(report.edited.count == 1 ? "" : "s") of the day notes"
                    ))
            }
            for (id, line) in report.deleted {
                said.append(
                    .warning(
                        "deleted entry \(id) (its line \(DisplayText.quoted(line)) was removed from its day note); "
                            + "'alog restore \(id)' brings it back"))
            }
            said += report.problems.map { .warning("\($0.path):\($0.problem.line): \($0.problem.message)") }
            said += report.skipped.map { .warning($0.sentence) }
            return said
        }
    }

    /// The damaged event lines met while loading (they were skipped): the first 20, then how
    /// many more.
    package static func lineIssues(of vault: Vault) -> [Housekeeping] {
        let issues = vault.lineIssues
        return issues.prefix(20).map { .warning("skipped damaged event line \($0)") }
            + (issues.count > 20 ? [.warning("… and \(issues.count - 20) more; run 'alog verify'")] : [])
    }

    /// The CLI's way: each at once on stderr, a warning once per command.
    package static func sayOnTerminal(_ item: Housekeeping) {
        for said in item.said(onTerminal: Terminal.stderrIsTTY) {
            switch said {
            case .note(let text): Terminal.note(text)
            case .warning(let text): Terminal.warn(text)
            }
        }
    }
}
