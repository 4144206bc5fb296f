/// Options given before the command, as git takes them (`alog --vault ~/Notes remote add …`):
/// moved behind the command's own words, where every command that opens a vault reads them.
/// Both executables do this first, so they read the same command line.
package enum GlobalOptions {
    /// `arguments` with leading `--vault VALUE` / `--vault=VALUE` moved to the end (before a
    /// `--` that ends the options, if there is one). Anything else is left as it is; a
    /// `--vault` without a value stays where it is, for the parser to refuse.
    package static func hoisted(_ arguments: [String]) -> [String] {
        var rest = arguments[...]
        var moved: [String] = []
        while let first = rest.first {
            if first == "--vault", rest.count >= 2 {
                moved += ["--vault", rest[rest.startIndex + 1]]
                rest = rest.dropFirst(2)
            } else if first.hasPrefix("--vault=") {
                moved += ["--vault", String(first.dropFirst("--vault=".count))]
                rest = rest.dropFirst()
            } else {
                break
            }
        }
        guard !moved.isEmpty, !rest.isEmpty else { return arguments }
        var result = Array(rest)
        let end = result.firstIndex(of: "--") ?? result.endIndex
        result.insert(contentsOf: moved, at: end)
        return result
    }
}
