import LedgerShell

/// `alog log` in its everyday forms, recognised without the argument parser: building the
/// parser's command tree by reflection costs about 2 ms, a tenth of a whole log. Exactly
/// `log TYPE` with at most one each of `--at`, `--note` and `--vault` (as `--name value` or
/// `--name=value`) is taken; anything else (help, a typo, a note that starts with `-`, a
/// second type) returns nil and goes through the parser, which owns every help and error text.
struct QuickLog {
    var type: String
    var at: String?
    var note: String?
    var vault: String?

    init?(_ arguments: [String]) {
        // `--at` takes any value (`--at -15m`); the others follow the parser's rule that a
        // value does not look like an option.
        guard arguments.first == "log",
            let line = PlainCommandLine(
                arguments.dropFirst(), valued: ["--at", "--note", "--vault"], dashValues: ["--at"]),
            line.positional.count == 1
        else { return nil }
        type = line.positional[0]
        at = line.options["--at"]
        note = line.options["--note"]
        vault = line.options["--vault"]
    }
}
