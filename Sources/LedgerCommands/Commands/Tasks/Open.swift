import ArgumentParser
import LedgerCore
import LedgerEnvironment
import LedgerNotes
import LedgerOutput
import LedgerSystem
import LedgerVault

struct Open: OutcomeCommand {
    static let configuration = CommandConfiguration(
        commandName: "open",
        abstract: "Handle a task link: exocortex://task/start?… or exocortex://task/complete?… (docs/obsidian.md).",
        discussion: """
            start: id (the note's file name), title, startTime (ISO 8601, not in the future), vaultName \
            (this vault's folder name), optional x-success and x-cancel (exocortex:// or obsidian:// \
            only). It sets the note to Doing and starts its timer at startTime; complete?id=… stops it \
            and sets Done. On success x-success is opened with xdg-open; on a refusal x-cancel is, and \
            the command exits 1. --print prints those URLs (and completion's Obsidian Advanced URI) \
            instead of opening them. --install-handler makes alog the desktop's handler of exocortex:// links.
            """)

    @Argument(help: "The link.")
    var url: String?

    @Flag(help: "Print the callback URL (and completion's Advanced URI) instead of opening it.")
    var print = false

    @Flag(help: "Register alog as the desktop's handler of exocortex:// links (.desktop file + xdg-mime).")
    var installHandler = false

    @OptionGroup var options: VaultOptions

    enum Outcome {
        case started(title: String, path: String, id: EventID?, success: String?)
        case completed(title: String, path: String, advancedURI: String, success: String?)
        case installed(HandlerInstall.Installed)
    }

    func validate() throws {
        if installHandler == (url != nil) {
            throw ValidationError("give a link to open, or --install-handler (not both)")
        }
    }

    func execute() throws -> Outcome {
        if installHandler { return .installed(try HandlerInstall.install()) }
        _ = TaskNotes.required()  // in alog-full: hands the command line to alog-notes
        let text = url!
        let now = CommandClock.expression.now
        // The vault's name is what a link must name: the vault is found first (no write yet).
        let vault: Vault
        var parsed: TaskLink?
        var found: (task: TaskNote, change: NoteChange?)?
        do {
            // The link and its note are checked before anything is written.
            vault = try VaultOptions.open(explicit: options.vault) { vault in
                let link = try TaskLink.parse(text, now: now, vaultName: vault.vaultName)
                parsed = link
                do {
                    found = try TaskNotes.noteChange(link.id, in: vault, status: Self.isStart(link) ? .doing : .done)
                    if case .start(let start) = link, let task = found?.task {
                        try Self.checkStart(start, of: task, in: vault, now: now)
                    }
                } catch {
                    throw Cancelled(error: error, cancel: link.callbacks.cancel)
                }
            }
        } catch let error as TaskLinkError {
            throw cancelled(error, cancel: error.cancel)
        } catch let error as Cancelled {
            throw cancelled(error.error, cancel: error.cancel)
        } catch {
            throw cancelled(error, cancel: (try? TaskLink.parse(text, now: now, vaultName: nil))?.callbacks.cancel)
        }
        let link = parsed!
        do {
            switch link {
            case .start(let start):
                let (task, change) = found!
                if let running = try vault.tasks.running(), running.entry.task?.path == task.path {
                    // The same link opened twice: the task already runs.
                    return .started(title: task.title, path: task.path, id: nil, success: start.callbacks.success)
                }
                let (started, _) = try vault.tasks.start(
                    task: TaskRef(path: task.path, title: task.title), type: VaultTasks.defaultType.name,
                    at: start.startTime, adjust: false, note: change)
                started.warnings.forEach(Terminal.warn)
                return .started(
                    title: task.title, path: task.path, id: started.events.last!.id, success: start.callbacks.success)
            case .complete(let complete):
                let (task, change) = found!
                let at = SystemTimeZone().localInstant(at: now)
                let (_, appended) = try vault.tasks.complete(task: task.path, at: at, note: change)
                appended?.warnings.forEach(Terminal.warn)
                return .completed(
                    title: task.title, path: task.path,
                    advancedURI: AdvancedURI.completion(vault: vault.vaultName, filepath: task.path),
                    success: complete.callbacks.success)
            }
        } catch {
            throw cancelled(error, cancel: link.callbacks.cancel)
        }
    }

    /// A start link is refused when it would rewrite time or a finished task without a word:
    /// its start more than a day back, or before the task's timer last stopped, or a task whose
    /// note says it is done (`alog task start … --at` does each on purpose). The same link
    /// opened again while its task runs from that start is no refusal.
    static func checkStart(_ start: TaskStartLink, of task: TaskNote, in vault: Vault, now: Int64) throws {
        if let running = try vault.tasks.running(), running.entry.task?.path == task.path,
            running.start.seconds == start.startTime.seconds
        {
            return
        }
        let refuse = { (reason: TaskError.LinkStartProblem) in
            TaskError.linkStartRefused(path: task.path, startTime: start.startTime, reason: reason)
        }
        if task.status == .done { throw refuse(.taskDone) }
        if now - start.startTime.seconds > TaskError.linkStartReach { throw refuse(.moreThanADayBack) }
        if let stop = try vault.tasks.lastStop(task: task.path), start.startTime.seconds < stop.seconds {
            throw refuse(.beforeLastStop(stop))
        }
    }

    static func isStart(_ link: TaskLink) -> Bool {
        if case .start = link { return true }
        return false
    }

    /// A refusal met after the link was read: its `x-cancel` goes with it.
    struct Cancelled: Error {
        var error: any Error
        var cancel: String?
    }

    /// Opens (or prints) `cancel`, then the refusal.
    func cancelled(_ error: any Error, cancel: String?) -> any Error {
        if let cancel { follow(cancel) }
        return error
    }

    func follow(_ callback: String) {
        if print { return emit(callback) }
        if let problem = Launcher.open(callback) { Terminal.warn("\(problem); the callback was \(callback)") }
    }

    func render(_ outcome: Outcome) {
        switch outcome {
        case .started(let title, let path, let id, let success):
            Terminal.note(
                id == nil
                    ? "task \(DisplayText.quoted(title)) (\(path)) is already running"
                    : "started task \(DisplayText.quoted(title)) (\(path))")
            if let success { follow(success) }
        case .completed(let title, let path, let uri, let success):
            Terminal.note("completed task \(DisplayText.quoted(title)) (\(path))")
            if print { emit(uri) }
            if let success { follow(success) }
        case .installed(let installed):
            emit("alog now opens exocortex:// links: \(installed.desktopFile)")
            if let warning = installed.warning { Terminal.warn(warning) }
        }
    }
}
