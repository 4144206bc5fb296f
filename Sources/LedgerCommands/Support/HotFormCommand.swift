import ArgumentParser
import LedgerFastPath
import LedgerWidget

/// A command whose everyday forms the fast paths also read (see `HotForm`). `hotInvocation`
/// gives the values the parser found in the fast paths' terms, so a test can check that both
/// readers of a command line agree on every line the fast paths accept.
protocol HotFormCommand: ParsableCommand {
    static var hotForm: HotForm { get }
    var hotInvocation: HotInvocation { get }
}

extension Alog {
    /// The commands behind the hot forms, one per form (see `CommandTable`).
    static var hotFormCommands: [any HotFormCommand.Type] { CommandTable.hotFormCommands }

    /// Parses `arguments` (whole, command words included) as the hot command of `form`: the
    /// same values the root would give, without building the whole command tree.
    static func parse(_ arguments: [String], as form: HotForm) throws -> any HotFormCommand {
        guard let type = hotFormCommands.first(where: { $0.hotForm == form }) else {
            throw ValidationError("no command behind the hot form '\(form.name)'")
        }
        return try type.parse(Array(arguments.dropFirst(form.command.count)))
    }
}

extension HotFormCommand {
    /// An invocation of `Self.hotForm` from the parser's values (nil ones left out).
    func invocation(positional: [String], options: [String: String?], flags: [String: Bool]) -> HotInvocation {
        HotInvocation(
            form: Self.hotForm, positional: positional, options: options.compactMapValues { $0 },
            flags: Set(flags.filter(\.value).keys))
    }
}

extension Log: HotFormCommand {
    static var hotForm: HotForm { .log }
    var hotInvocation: HotInvocation {
        invocation(positional: [type], options: ["--at": at, "--note": note, "--vault": options.vault], flags: [:])
    }
}

extension Status: HotFormCommand {
    static var hotForm: HotForm { .status }
    var hotInvocation: HotInvocation {
        invocation(positional: [], options: ["--vault": options.vault], flags: ["--json": json])
    }
}

extension WidgetTap: HotFormCommand {
    static var hotForm: HotForm { .widgetTap }
    var hotInvocation: HotInvocation {
        invocation(positional: [type], options: ["--at": at, "--vault": options.vault], flags: [:])
    }
}

extension WidgetStatus: HotFormCommand {
    static var hotForm: HotForm { .widgetStatus }
    var hotInvocation: HotInvocation {
        invocation(positional: [], options: ["--format": format.rawValue, "--vault": options.vault], flags: [:])
    }
}

extension WidgetTimeline: HotFormCommand {
    static var hotForm: HotForm { .widgetTimeline }
    var hotInvocation: HotInvocation {
        invocation(
            positional: [], options: ["--entries": entries.map(String.init), "--vault": options.vault],
            flags: ["--after-tap": afterTap, "--json": json])
    }
}

extension Start: HotFormCommand {
    static var hotForm: HotForm { .start }
    var hotInvocation: HotInvocation {
        invocation(
            positional: [type], options: ["--at": at, "--note": note, "--goal": goal, "--vault": options.vault],
            flags: ["--adjust": adjust])
    }
}

extension Stop: HotFormCommand {
    static var hotForm: HotForm { .stop }
    var hotInvocation: HotInvocation {
        invocation(positional: [], options: ["--at": at, "--note": note, "--vault": options.vault], flags: [:])
    }
}

extension WidgetPending: HotFormCommand {
    static var hotForm: HotForm { .widgetPending }
    var hotInvocation: HotInvocation {
        invocation(positional: [], options: ["--vault": options.vault], flags: ["--json": json])
    }
}
