import LedgerCommands

/// The API's reads performed as typed queries (`ReadUseCase` in LedgerCommands): the query's
/// fields become the query itself, and the answer is the bytes its `--json` encoder writes,
/// the same function `alog … --json` prints with. The fields each takes are
/// `CommandLines.reads`' (checked there first: an unknown or repeated field, a flag that is not
/// a boolean). A read not listed here still runs as its command line.
enum TypedReads {
    static func query(_ name: String, _ values: CommandLines.Values) throws(RequestError) -> (any ReadUseCase)? {
        let fields = Fields(values: values)
        switch name {
        case "status": return StatusQuery()
        case "history":
            return HistoryQuery(
                limit: try fields.integer("limit"), since: fields.last("since"),
                range: RangeWords(
                    range: fields.last("range"), day: try fields.flag("day"), week: try fields.flag("week"),
                    month: try fields.flag("month"), year: try fields.flag("year"), from: fields.last("from"),
                    to: fields.last("to")),
                before: fields.last("before"), after: fields.last("after"), skip: try fields.integer("skip"),
                search: fields.last("search"), types: fields.all("type"), groups: fields.all("group"),
                tags: fields.all("tag"))
        default: return nil
        }
    }

    /// A query's values by name.
    struct Fields {
        var values: CommandLines.Values

        func all(_ name: String) -> [String] { values.filter { $0.name == name }.map(\.value) }
        func last(_ name: String) -> String? { all(name).last }

        func flag(_ name: String) throws(RequestError) -> Bool {
            guard let text = last(name) else { return false }
            guard let on = CommandLines.flag(text) else { throw .notABoolean(name, text) }
            return on
        }

        /// A whole number, refused as the CLI's parser refuses one.
        func integer(_ name: String) throws(RequestError) -> Int? {
            guard let text = last(name) else { return nil }
            guard let number = Int(text) else { throw .notAnInteger(name, text) }
            return number
        }

        var words: [String] { values.map(\.value) }
    }
}
