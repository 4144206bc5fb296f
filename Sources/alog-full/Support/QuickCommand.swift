import LedgerShell

/// The everyday forms of the commands started most often, recognised without the argument
/// parser: building the parser's command tree by reflection costs about 2 ms, a tenth of a
/// whole log, and more than the work of a `status` that folds one pulled event.
/// - `log TYPE` with at most one each of `--at`, `--note` and `--vault`;
/// - `status` with at most `--json` and one `--vault`
/// (options as `--name value` or `--name=value`). Anything else (help, a typo, a note that
/// starts with `-`, a second type) returns nil and goes through the parser, which owns every
/// help and error text.
enum QuickCommand {
    case log(type: String, at: String?, note: String?, vault: String?)
    case status(json: Bool, vault: String?)

    init?(_ arguments: [String]) {
        switch arguments.first {
        case "log":
            // `--at` takes any value (`--at -15m`); the others follow the parser's rule that a
            // value does not look like an option.
            guard
                let line = PlainCommandLine(
                    arguments.dropFirst(), valued: ["--at", "--note", "--vault"], dashValues: ["--at"]),
                line.positional.count == 1
            else { return nil }
            self = .log(
                type: line.positional[0], at: line.options["--at"], note: line.options["--note"],
                vault: line.options["--vault"])
        case "status":
            guard
                let line = PlainCommandLine(
                    arguments.dropFirst(), valued: ["--vault"], switches: ["--json"], dashValues: []),
                line.positional.isEmpty
            else { return nil }
            self = .status(json: line.flags.contains("--json"), vault: line.options["--vault"])
        default:
            return nil
        }
    }

    func run() throws {
        switch self {
        case .log(let type, let at, let note, let vault):
            try Log.log(type: type, at: at, note: note, vault: vault)
        case .status(let json, let vault):
            try Status.show(json: json, vault: vault)
        }
    }
}
