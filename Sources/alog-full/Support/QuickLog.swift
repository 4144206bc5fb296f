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
        guard arguments.first == "log" else { return nil }
        var type: String?
        var values: [String: String] = [:]
        var index = 1
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            guard argument.hasPrefix("-") else {
                guard type == nil else { return nil }
                type = argument
                continue
            }
            var name = argument
            var value: String?
            if let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                value = String(argument[argument.index(after: equals)...])
            }
            guard ["--at", "--note", "--vault"].contains(name), values[name] == nil else { return nil }
            if value == nil {
                guard index < arguments.count else { return nil }
                value = arguments[index]
                index += 1
                // `--at` takes any value (`--at -15m`); the others follow the parser's rule
                // that a value does not look like an option.
                if name != "--at", value!.hasPrefix("-") { return nil }
            }
            values[name] = value
        }
        guard let type else { return nil }
        self.type = type
        at = values["--at"]
        note = values["--note"]
        vault = values["--vault"]
    }
}
