import LedgerCore
import LedgerShell
import LedgerSystem
import LedgerWidget

/// A command in exactly the forms this front answers itself (the widget's commands, and
/// `status`); nil for anything else.
struct HotCommand {
    enum Verb {
        case tap(type: String, at: String?)
        case widgetStatus(StatusBarFormat)
        case timeline(entries: Int?, afterTap: Bool, json: Bool)
        case pending(json: Bool)
        /// `alog status`, answered only when the summary cache is current.
        case status(json: Bool)
    }

    var verb: Verb
    var location: VaultLocation

    init?(_ arguments: [String]) {
        let name = arguments.prefix(arguments.first == "widget" ? 2 : 1).joined(separator: " ")
        let valued: Set<String>
        let switches: Set<String>
        switch name {
        case "widget tap": (valued, switches) = (["--at"], [])
        case "widget status": (valued, switches) = (["--format"], [])
        case "widget timeline": (valued, switches) = (["--entries"], ["--after-tap", "--json"])
        case "widget pending": (valued, switches) = ([], ["--json"])
        case "status": (valued, switches) = ([], ["--json"])
        default: return nil
        }
        // Every value is taken as given, even one starting with `-` (`--at -5m`).
        let options = valued.union(["--vault"])
        guard
            let line = PlainCommandLine(
                arguments.dropFirst(name == "status" ? 1 : 2), valued: options, switches: switches, dashValues: options)
        else { return nil }
        let (positional, flags) = (line.positional, line.flags)
        switch name {
        case "widget tap":
            guard positional.count == 1 else { return nil }
            verb = .tap(type: positional[0], at: line.options["--at"])
        case "widget status":
            guard positional.isEmpty else { return nil }
            guard let format = StatusBarFormat(rawValue: line.options["--format"] ?? "plain") else { return nil }
            verb = .widgetStatus(format)
        case "status":
            guard positional.isEmpty else { return nil }
            verb = .status(json: flags.contains("--json"))
        case "widget timeline":
            guard positional.isEmpty else { return nil }
            var entries: Int?
            if let text = line.options["--entries"] {
                guard let count = Int(text), (1...1440).contains(count) else { return nil }
                entries = count
            }
            verb = .timeline(entries: entries, afterTap: flags.contains("--after-tap"), json: flags.contains("--json"))
        default:
            guard positional.isEmpty else { return nil }
            verb = .pending(json: flags.contains("--json"))
        }
        location = VaultLocation(explicit: line.options["--vault"])
    }

    /// Runs the command; returns the exit status, or nil when the command must be handed to
    /// the full CLI (a `status` that needs git).
    func run(gitDirectory: String) -> Int32? {
        let now = CommandClock.nowSeconds
        if case .status(let json) = verb {
            guard let summary = WarmStatus.summary(gitDirectory: gitDirectory) else { return nil }
            StandardStream.output(StatusReport.render(summary, json: json, now: now) + "\n")
            return 0
        }
        let store = WidgetStore(stateDirectory: gitDirectory + "alog/")
        let zone = SystemTimeZone()
        do {
            let output: WidgetCommands.Output
            switch verb {
            case .tap(let type, let at):
                output = try WidgetCommands.tap(store, type: type, at: at, now: now, zone: zone)
            case .widgetStatus(let format):
                output = WidgetCommands.status(store, format: format, now: now, zone: zone)
            case .timeline(let entries, let afterTap, let json):
                output = WidgetCommands.timeline(
                    store, entries: entries ?? (afterTap ? 2 : 60), json: json, now: now, zone: zone)
            case .pending(let json):
                output = WidgetCommands.pending(store, json: json, zone: zone)
            case .status:
                return nil
            }
            for note in output.notes { StandardStream.error("alog: warning: \(note)\n") }
            StandardStream.output(output.stdout + "\n")
            return 0
        } catch {
            StandardStream.error("Error: \(error)\n")
            return 1
        }
    }
}
