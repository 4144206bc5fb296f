import LedgerCore
import LedgerSystem
import LedgerWidget

/// A widget command in exactly the forms this front answers itself; nil for anything else.
struct HotCommand {
    enum Verb {
        case tap(type: String, at: String?)
        case status(StatusBarFormat)
        case timeline(entries: Int?, afterTap: Bool, json: Bool)
        case pending(json: Bool)
    }

    var verb: Verb
    var location: VaultLocation

    init?(_ arguments: [String]) {
        guard arguments.count >= 2, arguments[0] == "widget" else { return nil }
        var vault: String?
        var positional: [String] = []
        var options: [String: String] = [:]
        var flags: Set<String> = []
        let valued: Set<String>
        let switches: Set<String>
        switch arguments[1] {
        case "tap": (valued, switches) = (["--at"], [])
        case "status": (valued, switches) = (["--format"], [])
        case "timeline": (valued, switches) = (["--entries"], ["--after-tap", "--json"])
        case "pending": (valued, switches) = ([], ["--json"])
        default: return nil
        }
        var index = 2
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            var name = argument
            var inline: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inline = String(argument[argument.index(after: equals)...])
            }
            if name == "--vault" || valued.contains(name) {
                guard let value = inline ?? (index < arguments.count ? arguments[index] : nil) else { return nil }
                if inline == nil { index += 1 }
                guard options[name] == nil else { return nil }
                options[name] = value
                if name == "--vault" { vault = value }
            } else if switches.contains(argument) {
                flags.insert(argument)
            } else if argument.hasPrefix("-") {
                return nil
            } else {
                positional.append(argument)
            }
        }
        switch arguments[1] {
        case "tap":
            guard positional.count == 1 else { return nil }
            verb = .tap(type: positional[0], at: options["--at"])
        case "status":
            guard positional.isEmpty else { return nil }
            guard let format = StatusBarFormat(rawValue: options["--format"] ?? "plain") else { return nil }
            verb = .status(format)
        case "timeline":
            guard positional.isEmpty else { return nil }
            var entries: Int?
            if let text = options["--entries"] {
                guard let count = Int(text), (1...1440).contains(count) else { return nil }
                entries = count
            }
            verb = .timeline(entries: entries, afterTap: flags.contains("--after-tap"), json: flags.contains("--json"))
        default:
            guard positional.isEmpty else { return nil }
            verb = .pending(json: flags.contains("--json"))
        }
        location = VaultLocation(explicit: vault)
    }

    /// Runs the command; returns the exit status.
    func run(_ store: WidgetStore) -> Int32 {
        let now = CommandClock.nowSeconds
        let zone = SystemTimeZone()
        do {
            let output: WidgetCommands.Output
            switch verb {
            case .tap(let type, let at):
                output = try WidgetCommands.tap(store, type: type, at: at, now: now, zone: zone)
            case .status(let format):
                output = WidgetCommands.status(store, format: format, now: now, zone: zone)
            case .timeline(let entries, let afterTap, let json):
                output = WidgetCommands.timeline(
                    store, entries: entries ?? (afterTap ? 2 : 60), json: json, now: now, zone: zone)
            case .pending(let json):
                output = WidgetCommands.pending(store, json: json, zone: zone)
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
