package import LedgerCore

/// The API's endpoints and the fields each takes, named after the CLI's options: a request
/// with any other field is refused before anything runs. The fields become a typed query
/// (`TypedReads`) or request (`TypedWrites`), never a command line, so no value is ever read as
/// an option and a request reaches nothing the endpoint does not list.
package enum Endpoints {
    /// A query's or a body's values by name (a repeated name keeps every value in order).
    package typealias Values = [(name: String, value: String)]

    /// The read endpoints: `GET /api/NAME` answers what `words --json` prints, with these fields.
    package struct Read: Sendable {
        package var words: [String]
        /// Options passed on as `--name=value`.
        package var options: Set<String> = []
        /// Options that may repeat (`type`, `group`, `tag`).
        package var repeated: Set<String> = []
        /// Flags passed as `--name` for a value of `1`/`true`.
        package var flags: Set<String> = []
        /// The query name whose value is the positional word (after `--`).
        package var positional: String?
        /// The positional word may be given several times (`calendar`'s types).
        package var positionalRepeats = false
    }

    package static let reads: [String: Read] = [
        "status": Read(words: ["status"]),
        "history": Read(
            words: ["history"], options: ["limit", "since", "from", "to", "before", "after", "skip", "search"],
            repeated: ["type", "group", "tag"],
            flags: ["day", "week", "month", "year"], positional: "range"),
        "report": Read(
            words: ["report"], options: ["from", "to", "by", "tz"], repeated: ["type", "group", "tag"],
            flags: ["day", "week", "month", "year"], positional: "range"),
        "calendar": Read(
            words: ["calendar"], options: ["weeks", "levels", "by"], repeated: ["tag"], positional: "type",
            positionalRepeats: true),
        "streaks": Read(words: ["streaks"], repeated: ["tag"]),
        "tags": Read(words: ["tags"]),
        "goals": Read(words: ["goals", "list"]),
        "types": Read(words: ["types", "list"], flags: ["all"]),
        "remotes": Read(words: ["remote", "list"]),
        "audit": Read(words: ["audit"]),
        "export": Read(
            words: ["export"], options: ["format", "from", "to"], repeated: ["type", "tag"],
            flags: ["day", "week", "month", "year"], positional: "range"),
    ]

    /// A write: `POST /api/NAME` with a JSON object (or a form) of these fields, performed as
    /// the typed use case of the command `words` names (`TypedWrites`).
    package struct Write: Sendable {
        package var words: [String]
        /// The field whose value is the command's positional word.
        package var positional: String?
        /// A second positional field, required, after the first (`types rename OLD NEW`).
        package var then: String?
        package var options: [String] = []
        package var flags: [String] = []

        package var fields: [String] {
            (positional.map { [$0] } ?? []) + (then.map { [$0] } ?? []) + options + flags
        }
    }

    package static let writes: [String: Write] = [
        "log": Write(words: ["log"], positional: "type", options: ["at", "note"]),
        "start": Write(
            words: ["start"], positional: "type", options: ["at", "note", "goal"], flags: ["adjust"]),
        "stop": Write(words: ["stop"], options: ["at", "note"]),
        "resume": Write(words: ["resume"], options: ["at"]),
        "cancel": Write(words: ["cancel"]),
        "edit": Write(
            words: ["edit"], positional: "id", options: ["at", "type", "note", "start", "end"],
            flags: ["adjust"]),
        "delete": Write(words: ["delete"], positional: "id"),
        "restore": Write(words: ["restore"], positional: "id"),
        // One tag a request (a tag may hold spaces; `deep` and `+deep` alike).
        "tag": Write(words: ["tag"], positional: "id", then: "tag"),
        "untag": Write(words: ["untag"], positional: "id", then: "tag"),
        "undo": Write(words: ["undo"]),
        "sync": Write(words: ["sync", "--json"], positional: "remote"),
        // The Settings page's: a type's icon, group and colour (or a new type), its favorite
        // mark, its name, its removal, its daily goal, and the types' order (Up and Down send
        // every type's name in the order wanted; a type's name holds no space).
        "type": Write(words: ["types", "add"], positional: "type", options: ["icon", "group", "color"]),
        "favorite": Write(words: ["types", "favorite"], positional: "type", flags: ["off"]),
        "rename": Write(words: ["types", "rename"], positional: "type", then: "to"),
        "remove": Write(words: ["types", "remove"], positional: "type"),
        "goal": Write(words: ["goals", "set"], positional: "type", then: "goal"),
        "order": Write(words: ["types", "order"], positional: "types"),
    ]

    /// Refuses a query field read `read` does not take, one given twice that may not be, and a
    /// flag that is not a boolean (before the query is built, naming the fields it takes).
    package static func check(_ read: Read, query: Values) throws(RequestError) {
        var seen: Set<String> = []
        for (name, value) in query {
            if name == "page" || name == "_" { continue }  // the pages' own, and cache busters
            if read.repeated.contains(name) || (name == read.positional && read.positionalRepeats) { continue }
            guard read.options.contains(name) || read.flags.contains(name) || name == read.positional else {
                throw .unknownField(
                    name,
                    accepted: (read.options.union(read.repeated).union(read.flags)).sorted()
                        + (read.positional.map { [$0] } ?? []))
            }
            guard seen.insert(name).inserted else { throw .repeated(name) }
            if read.flags.contains(name), flag(value) == nil { throw .notABoolean(name, value) }
        }
    }

    /// Refuses a field write `write` does not take (before any other check, naming those it
    /// takes). The fields become the write's typed request (`TypedWrites`), never a command line.
    package static func check(_ write: Write, fields: [String: FieldValue]) throws(RequestError) {
        for name in fields.keys.sorted() where !write.fields.contains(name) {
            throw .unknownField(name, accepted: write.fields)
        }
    }

    /// A flag's value as a form or a query gives it (`1`, `true`, `on`, `yes`, or empty; `0`,
    /// `false`, `off`, `no`); nil for anything else.
    package static func flag(_ text: String) -> Bool? {
        switch text {
        case "1", "true", "on", "yes", "": true
        case "0", "false", "off", "no": false
        default: nil
        }
    }

    /// A field's value in a write's body.
    package enum FieldValue: Sendable, Equatable {
        case text(String)
        case flag(Bool)
    }
}

/// A request the server refuses before any command runs (a 400 in the CLI's refusal shape).
package enum RequestError: Error, Equatable {
    case unknownField(String, accepted: [String])
    case repeated(String)
    case missing(String)
    case notAString(String)
    case notABoolean(String, String)
    case notAnInteger(String, String)
    case malformedBody(String)
    case malformedForm(String)
    case tooLarge(limit: Int)
    case unsupportedMediaType(String)

    package var code: ErrorCode {
        switch self {
        case .tooLarge: .bodyTooLarge
        case .unsupportedMediaType: .unsupportedMediaType
        case .malformedBody, .malformedForm: .malformedBody
        default: .usage
        }
    }

    package var message: String {
        switch self {
        case .unknownField(let name, let accepted):
            let list = accepted.isEmpty ? "none" : accepted.map { "'\($0)'" }.joined(separator: ", ")
            return "unknown field '\(name)'; this endpoint takes: \(list)"
        case .repeated(let name): return "'\(name)' is given twice; give it once"
        case .missing(let name): return "'\(name)' is missing; give it (a string)"
        case .notAString(let name): return "'\(name)' must be a string"
        case .notABoolean(let name, let value):
            return "'\(name)' must be true or false, not '\(value.prefix(40))'"
        case .notAnInteger(let name, let value):
            // The words the CLI's parser says it in (`--limit abc`).
            return "The value '\(value.prefix(40))' is invalid for '--\(name) <\(name)>'"
        case .malformedBody(let reason): return "the body is not a JSON object: \(reason)"
        case .malformedForm(let reason): return "the form in the body is malformed: \(reason)"
        case .tooLarge(let limit):
            return "the body is larger than \(limit / 1024) KiB; a request to alog is a few fields"
        case .unsupportedMediaType(let type):
            return "the body is '\(type.prefix(60))'; send application/json (or a form)"
        }
    }
}
