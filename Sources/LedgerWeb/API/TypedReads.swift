package import LedgerCommands

/// The API's reads performed as typed queries (`ReadUseCase` in LedgerCommands): the query's
/// fields become the query itself, and the answer is the bytes its `--json` encoder writes,
/// the same function `alog … --json` prints with. The fields each takes are
/// `Endpoints.reads`' (checked there first: an unknown or repeated field, a flag that is not
/// a boolean). Every read of `Endpoints.reads` has its query here.
package enum TypedReads {
    package static func query(_ name: String, _ values: Endpoints.Values) throws(RequestError) -> (any ReadUseCase)? {
        let fields = Fields(values: values)
        switch name {
        case "status": return StatusQuery()
        case "history":
            return HistoryQuery(
                limit: try fields.integer("limit"), since: fields.last("since"),
                range: try fields.range(),
                before: fields.last("before"), after: fields.last("after"), skip: try fields.integer("skip"),
                search: fields.last("search"), types: fields.all("type"), groups: fields.all("group"),
                tags: fields.all("tag"))
        case "report":
            return ReportQuery(
                range: try fields.range(), by: fields.last("by") ?? "type", types: fields.all("type"),
                groups: fields.all("group"), tags: fields.all("tag"), tz: fields.last("tz"))
        case "calendar":
            return CalendarQuery(
                types: fields.all("type"), weeks: try fields.integer("weeks") ?? 53,
                levels: fields.last("levels") ?? "seed", by: fields.last("by") ?? "count", tags: fields.all("tag"))
        case "export":
            return ExportQuery(
                format: fields.last("format") ?? "csv", range: try fields.range(), types: fields.all("type"),
                tags: fields.all("tag"))
        case "types": return TypesQuery(all: try fields.flag("all"))
        case "goals": return GoalsQuery()
        case "tags": return TagsQuery()
        case "remotes": return RemotesQuery()
        case "audit": return AuditQuery()
        case "streaks": return StreaksQuery(tags: fields.all("tag"))
        default: return nil
        }
    }

    /// A query's values by name.
    package struct Fields {
        package var values: Endpoints.Values

        package init(values: Endpoints.Values) { self.values = values }

        func all(_ name: String) -> [String] { values.filter { $0.name == name }.map(\.value) }
        func last(_ name: String) -> String? { all(name).last }

        func flag(_ name: String) throws(RequestError) -> Bool {
            guard let text = last(name) else { return false }
            guard let on = Endpoints.flag(text) else { throw .notABoolean(name, text) }
            return on
        }

        /// A whole number, refused as the CLI's parser refuses one.
        func integer(_ name: String) throws(RequestError) -> Int? {
            guard let text = last(name) else { return nil }
            guard let number = Int(text) else { throw .notAnInteger(name, text) }
            return number
        }

        /// The range words: `range`, `day`/`week`/`month`/`year`, `from` and `to`.
        func range() throws(RequestError) -> RangeWords {
            RangeWords(
                range: last("range"), day: try flag("day"), week: try flag("week"), month: try flag("month"),
                year: try flag("year"), from: last("from"), to: last("to"))
        }

        package var words: [String] { values.map(\.value) }
    }
}
