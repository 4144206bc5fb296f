internal import LedgerCore
package import LedgerEnvironment
internal import LedgerGitLayout
internal import LedgerOutput
internal import LedgerSystem
package import LedgerWidget

/// A command the front (`alog`) answers itself, read from the front's hot forms (see
/// `HotForm`): the widget's commands, and `status` when its summary cache is current.
package struct HotCommand {
    package enum Verb: Equatable, Sendable {
        case tap(type: String, at: String?)
        case widgetStatus(StatusBarFormat)
        case timeline(entries: Int, json: Bool)
        case pending(json: Bool)
        /// `alog status`, answered only when the summary cache is current.
        case status(json: Bool)
    }

    package var verb: Verb
    package var location: VaultLocation

    /// The front's forms; nil for anything else (which goes to `alog-full`).
    package init?(_ arguments: [String]) {
        guard let invocation = HotForm.read(arguments, among: HotForm.all.filter { $0.path == .front }) else {
            return nil
        }
        self.init(invocation)
    }

    init?(_ invocation: HotInvocation) {
        let (options, flags) = (invocation.options, invocation.flags)
        switch invocation.form {
        case .widgetTap:
            verb = .tap(type: invocation.positional[0], at: options["--at"])
        case .widgetStatus:
            // An unknown format is the parser's to report.
            guard let format = StatusBarFormat(rawValue: options["--format"] ?? "plain") else { return nil }
            verb = .widgetStatus(format)
        case .widgetTimeline:
            var entries = WidgetCommands.defaultTimelineEntries(afterTap: flags.contains("--after-tap"))
            if let text = options["--entries"] {
                guard let count = Int(text), WidgetCommands.timelineEntries.contains(count) else { return nil }
                entries = count
            }
            verb = .timeline(entries: entries, json: flags.contains("--json"))
        case .widgetPending:
            verb = .pending(json: flags.contains("--json"))
        case .status:
            verb = .status(json: flags.contains("--json"))
        default:
            return nil
        }
        // An empty --vault is refused by the full CLI, in its words.
        if invocation.vault == "" { return nil }
        location = VaultLocation(explicit: invocation.vault)
    }

    /// Runs the command; returns the exit status, or nil when the command must be handed to
    /// the full CLI (a `status` that needs git, a vault not found here).
    package func run() -> Int32? {
        guard let gitDirectory = location.gitDirectory else { return nil }
        let stateDirectory = StateDirectory(gitDirectory: gitDirectory)
        let now = CommandClock.nowSeconds
        if case .status(let json) = verb {
            // The default vault with entries that belong elsewhere: the full CLI says how to move them.
            if location.isDefault, let file = location.vaultsElsewhereFile, FileSystem.exists(file) { return nil }
            guard let summary = WarmStatus.summary(gitDirectory: gitDirectory) else { return nil }
            StandardStream.output(StatusView.render(summary, json: json, now: now) + "\n")
            return 0
        }
        let store = WidgetStore(stateDirectory: stateDirectory)
        // A tap is checked against the vault's type names; until a command has written them
        // (a new vault or clone), the full CLI writes them first.
        if case .tap = verb, !store.knowsTypes { return nil }
        let zone = SystemTimeZone()
        do {
            let output: WidgetCommands.Output
            switch verb {
            case .tap(let type, let at):
                output = try WidgetCommands.tap(store, type: type, at: at, now: now, zone: zone)
            case .widgetStatus(let format):
                output = WidgetCommands.status(store, format: format, now: now, zone: zone)
            case .timeline(let entries, let json):
                output = WidgetCommands.timeline(store, entries: entries, json: json, now: now, zone: zone)
            case .pending(let json):
                output = WidgetCommands.pending(store, json: json, zone: zone)
            case .status:
                return nil
            }
            output.notes.forEach(Terminal.warn)
            StandardStream.output(output.stdout + "\n")
            return 0
        } catch {
            StandardStream.error("Error: \(DisplayText.escaped(String(describing: error)))\n")
            return 1
        }
    }
}
