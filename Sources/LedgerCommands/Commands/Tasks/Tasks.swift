import ArgumentParser
import LedgerCore
import LedgerEnvironment
import LedgerNotes
import LedgerOutput
import LedgerVault

struct Tasks: OutcomeCommand {
    static let configuration = CommandConfiguration(
        commandName: "tasks",
        abstract: "List the vault's task notes (default: those in progress) with the time tracked on each.",
        discussion: """
            A task is a Markdown note whose frontmatter has ems__Effort_status; its title is \
            exo__Asset_label, else its file name. doing: Doing; todo: Draft, Backlog, Analysis, To Do, \
            Waiting; done: Done; all: every task (Trashed and unknown statuses too). Notes that cannot \
            be read are reported with file and line on stderr, and skipped.
            """)

    @Option(help: ArgumentHelp("doing, todo, done or all.", valueName: "status"))
    var status: String = "doing"

    var filter: TaskStatusFilter { TaskStatusFilter(rawValue: status) ?? .doing }

    /// `--status` with a word it does not know (exit 1, like every refused value).
    struct InvalidStatus: CodedError, CustomStringConvertible {
        var code: ErrorCode { .invalidTaskStatus }
        var text: String
        var description: String { "--status \(DisplayText.quoted(text)) is not one of doing, todo, done, all" }
    }

    @Flag(help: "JSON: [{path, id, title, status, trackedSeconds, running}].")
    var json = false

    @OptionGroup var options: VaultOptions

    struct Row {
        var task: TaskNote
        var seconds: Int64
        var running: Bool
    }

    struct Listing {
        var rows: [Row]
        var problems: [String]
    }

    func execute() throws -> Listing {
        guard TaskStatusFilter(rawValue: status) != nil else { throw InvalidStatus(text: status) }
        let reader = TaskNotes.required()
        let vault = try VaultOptions.open(explicit: options.vault)
        let now = CommandClock.nowSeconds
        try TaskNotes.stopOrphan(vault, at: SystemTimeZone().localInstant(at: now))
        let (tasks, problems) = reader.scan(vault: vault.root)
        let shown = tasks.filter { filter.includes($0.status) }
        // Tracked time: every window of a timer bound to the note (the full timeline only when
        // some timer ever was).
        var seconds: [String: Int64] = [:]
        var running: String?
        if !(try vault.summary().taskBindings.isEmpty) {
            for interval in try vault.state().timeline.intervals {
                guard let task = interval.entry.task, !interval.entry.isDeleted else { continue }
                seconds[task.path, default: 0] += interval.seconds(now: now)
                if interval.end == nil { running = task.path }
            }
        }
        return Listing(
            rows: shown.map { Row(task: $0, seconds: seconds[$0.path] ?? 0, running: $0.path == running) },
            problems: problems)
    }

    func render(_ listing: Listing) {
        for problem in listing.problems { Terminal.warn("skipped \(problem)") }
        if json {
            return emit(
                JSONText.array(
                    listing.rows.map { row in
                        JSONText.object([
                            ("path", JSONText.string(row.task.path)), ("id", JSONText.string(row.task.id)),
                            ("title", JSONText.string(row.task.title)),
                            ("status", JSONText.string(row.task.status.label)),
                            ("trackedSeconds", String(row.seconds)), ("running", row.running ? "true" : "false"),
                        ])
                    }))
        }
        guard !listing.rows.isEmpty else {
            return emit(
                filter == .doing ? "no task in progress ('alog tasks --status all' lists every task)" : "no tasks")
        }
        let titleWidth = min(
            50, listing.rows.map { DisplayText.width(DisplayText.line($0.task.title, width: 50)) }.max() ?? 0)
        for row in listing.rows {
            let tracked = row.seconds > 0 ? formatDuration(row.seconds) : "–"
            let mark = row.running ? "▶ " : "  "
            emit(
                mark + Terminal.pad(DisplayText.line(row.task.title, width: 50), titleWidth) + "  "
                    + Terminal.pad(row.task.status.label, 8) + "  " + Terminal.pad(tracked, 8) + "  "
                    + Terminal.dim(DisplayText.escaped(row.task.path)))
        }
    }
}
