/// A command line of the plain shape the hot forms take (see `HotForm`): positional words,
/// switches, and options that take a value, each at most once, as `--name value` or
/// `--name=value`. Anything else (an unknown option, a repeated one, a missing value, or a
/// next-word value that looks like an option for a name outside `dashValues`, an empty
/// `--name=`) gives nil, and
/// the caller hands the whole line to the parser, which owns every help and error text.
struct PlainCommandLine {
    var positional: [String] = []
    var options: [String: String] = [:]
    var flags: Set<String> = []

    init?(_ arguments: ArraySlice<String>, valued: Set<String>, switches: Set<String>, dashValues: Set<String>) {
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let argument = arguments[index]
            index += 1
            if switches.contains(argument) {
                // A repeated switch is accepted by the parser too; it means the same.
                flags.insert(argument)
                continue
            }
            guard argument.hasPrefix("-") else {
                positional.append(argument)
                continue
            }
            var name = argument
            var value: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                value = String(argument[argument.index(after: equals)...])
                // The parser reads `--name=` as a missing value.
                if value!.isEmpty { return nil }
            }
            guard valued.contains(name), options[name] == nil else { return nil }
            if value == nil {
                guard index < arguments.endIndex else { return nil }
                value = arguments[index]
                index += 1
                // The parser takes a value that starts with `-` only for an option it declares
                // `.unconditional`, and even there its tokenizer refuses some words first
                // (`---at`, `-=x`: found by the fuzzing harness), so the fast paths take only
                // what a relative time looks like: `-` and a digit, no `=`.
                if value!.hasPrefix("-"), !dashValues.contains(name) || !Self.isRelativeTimeLike(value!) {
                    return nil
                }
            }
            options[name] = value
        }
    }

    /// `-` then a digit, and no `=`: `-15m`, `-1h30m`, `-2d`.
    static func isRelativeTimeLike(_ value: String) -> Bool {
        let bytes = value.utf8
        guard bytes.count >= 2,
            (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[bytes.index(after: bytes.startIndex)])
        else { return false }
        return !bytes.contains(UInt8(ascii: "="))
    }
}
