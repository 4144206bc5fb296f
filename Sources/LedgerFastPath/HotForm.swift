/// A command line form that a fast path takes without the argument parser: the command words,
/// how many positional words follow, and the options it may carry (each at most once, as
/// `--name value` or `--name=value`; `--vault` is always allowed). `HotForm.all` is the one
/// table both fast paths read — the front (`alog`, no libgit2) and the quick path of
/// `alog-full` — and the table a test checks against the full parser: every argument list a
/// form accepts must parse through the parser to the same values.
package struct HotForm: Sendable, Equatable {
    /// Who answers the form without the parser.
    package enum Path: Sendable, Equatable {
        /// The front, `alog`: no libgit2, no argument parser.
        case front
        /// `alog-full` before its parser starts (the form needs the vault, so git).
        case quick
    }

    /// The command words, e.g. `["widget", "tap"]`.
    package let command: [String]
    /// Exactly how many positional words follow the command.
    package let positionals: Int
    /// Options that take a value (besides `--vault`).
    package let valued: Set<String>
    /// Options without a value.
    package let switches: Set<String>
    /// Options whose value may start with `-` (`--at -15m`); declared with
    /// `parsing: .unconditional` in the parser. Any other value that starts with `-` makes the
    /// form decline, and the parser answers.
    package let dashValues: Set<String>
    package let path: Path
    /// What the parser takes for an option that is not given (`--format` is `plain`).
    package let defaults: [String: String]

    init(
        command: [String], positionals: Int, valued: Set<String>, switches: Set<String>, dashValues: Set<String>,
        path: Path, defaults: [String: String] = [:]
    ) {
        (self.command, self.positionals, self.valued, self.switches) = (command, positionals, valued, switches)
        (self.dashValues, self.path, self.defaults) = (dashValues, path, defaults)
    }

    /// The command words joined with spaces, e.g. `widget tap`.
    package var name: String { command.joined(separator: " ") }

    package static let widgetTap = HotForm(
        command: ["widget", "tap"], positionals: 1, valued: ["--at"], switches: [], dashValues: ["--at"], path: .front)
    package static let widgetStatus = HotForm(
        command: ["widget", "status"], positionals: 0, valued: ["--format"], switches: [], dashValues: [], path: .front,
        defaults: ["--format": "plain"])
    package static let widgetTimeline = HotForm(
        command: ["widget", "timeline"], positionals: 0, valued: ["--entries"], switches: ["--after-tap", "--json"],
        dashValues: [], path: .front)
    package static let widgetPending = HotForm(
        command: ["widget", "pending"], positionals: 0, valued: [], switches: ["--json"], dashValues: [], path: .front)
    /// Answered by the front when the summary cache is current, else by `alog-full`'s quick path.
    package static let status = HotForm(
        command: ["status"], positionals: 0, valued: [], switches: ["--json"], dashValues: [], path: .front)
    package static let log = HotForm(
        command: ["log"], positionals: 1, valued: ["--at", "--note"], switches: [], dashValues: ["--at"],
        path: .quick)

    package static let start = HotForm(
        command: ["start"], positionals: 1, valued: ["--at", "--note", "--goal"], switches: ["--adjust"],
        dashValues: ["--at", "--goal"], path: .quick)
    package static let stop = HotForm(
        command: ["stop"], positionals: 0, valued: ["--at", "--note"], switches: [], dashValues: ["--at"], path: .quick)

    /// Every hot form.
    package static let all: [HotForm] = [
        widgetTap, widgetStatus, widgetTimeline, widgetPending, status, log, start, stop,
    ]

    /// The command line `arguments` read as this form, or nil when it is not exactly this form
    /// (another command, an unknown or repeated option, a missing value, a value that looks
    /// like an option where the parser would not take one, the wrong number of words).
    package func read(_ arguments: [String]) -> HotInvocation? {
        guard arguments.count >= command.count, Array(arguments.prefix(command.count)) == command else { return nil }
        let options = valued.union(["--vault"])
        guard
            let line = PlainCommandLine(
                arguments.dropFirst(command.count), valued: options, switches: switches,
                dashValues: dashValues),
            line.positional.count == positionals
        else { return nil }
        return HotInvocation(form: self, positional: line.positional, options: line.options, flags: line.flags)
    }

    /// The first form of `forms` that reads `arguments`.
    package static func read(_ arguments: [String], among forms: [HotForm] = all) -> HotInvocation? {
        for form in forms {
            if let invocation = form.read(arguments) { return invocation }
        }
        return nil
    }
}

/// A command line read by a `HotForm`: the values, as the parser would have given them.
package struct HotInvocation: Sendable, Equatable {
    package let form: HotForm
    package var positional: [String]
    /// Option name (with its dashes) → value.
    package var options: [String: String]
    package var flags: Set<String>

    package init(form: HotForm, positional: [String], options: [String: String], flags: Set<String>) {
        (self.form, self.positional, self.options, self.flags) = (form, positional, options, flags)
    }

    package var vault: String? { options["--vault"] }

    /// The options with the form's defaults filled in: what the parser would hold.
    package var resolved: HotInvocation {
        var copy = self
        copy.options.merge(form.defaults) { given, _ in given }
        return copy
    }
}
