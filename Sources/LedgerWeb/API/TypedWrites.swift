package import LedgerCommands

/// The writes, performed as typed use cases (`UseCase` in LedgerCommands): a body's fields
/// become the request itself, never a command line, and the answer is built from the outcome,
/// never from printed text. The fields each takes are `Endpoints.writes`' (one table: the
/// docs' and the refusals' list of fields).
package enum TypedWrites {
    /// The request of write `name` from its fields (already checked against the endpoint's
    /// list), nil for a name that is no write.
    package static func request(_ name: String, _ fields: Fields) throws(RequestError) -> (any UseCase)? {
        switch name {
        case "log":
            return LogRequest(type: try fields.required("type"), at: try fields.text("at"), note: try fields.note())
        case "start":
            return StartRequest(
                type: try fields.required("type"), at: try fields.text("at"), note: try fields.note(),
                goal: try fields.text("goal"), adjust: try fields.flag("adjust"))
        case "stop": return StopRequest(at: try fields.text("at"), note: try fields.note())
        case "resume": return ResumeRequest(at: try fields.text("at"))
        case "cancel": return CancelRequest()
        case "edit":
            return EditRequest(
                id: try fields.required("id"), at: try fields.text("at"), type: try fields.text("type"),
                note: try fields.note(), start: try fields.text("start"), end: try fields.text("end"),
                adjust: try fields.flag("adjust"))
        case "delete": return EntryVisibilityRequest(id: try fields.required("id"), restores: false)
        case "restore": return EntryVisibilityRequest(id: try fields.required("id"), restores: true)
        case "tag", "untag":
            return TagRequest(id: try fields.required("id"), tags: [try fields.required("tag")], puts: name == "tag")
        case "undo": return UndoRequest()
        case "sync": return SyncRequest(remote: try fields.text("remote"))
        case "type":
            return DefineTypeRequest(
                name: try fields.required("type"), icon: try fields.text("icon"), group: try fields.text("group"),
                color: try fields.text("color"))
        case "favorite": return FavoriteRequest(name: try fields.required("type"), on: !(try fields.flag("off")))
        case "rename": return RenameTypeRequest(old: try fields.required("type"), new: try fields.required("to"))
        case "remove": return RemoveTypeRequest(name: try fields.required("type"))
        case "goal": return DailyGoalRequest(type: try fields.required("type"), duration: try fields.required("goal"))
        case "order":
            // The names in the order wanted, separated by spaces (a type's name holds none).
            let names = try fields.required("types").split(whereSeparator: \.isWhitespace).map(String.init)
            return TypeOrderRequest(names: names)
        default: return nil
        }
    }

    /// A write's fields by name: strings, and booleans for flags (or a form's `1`/`true`…).
    package struct Fields {
        package var values: [String: Endpoints.FieldValue]

        package init(values: [String: Endpoints.FieldValue]) { self.values = values }

        func text(_ name: String) throws(RequestError) -> String? {
            switch values[name] {
            case .text(let text)?: text
            case .flag?: throw .notAString(name)
            case nil: nil
            }
        }

        func required(_ name: String) throws(RequestError) -> String {
            guard let text = try text(name) else { throw .missing(name) }
            return text
        }

        func flag(_ name: String) throws(RequestError) -> Bool {
            switch values[name] {
            case .flag(let on)?: return on
            case .text(let text)?:
                guard let on = Endpoints.flag(text) else { throw .notABoolean(name, text) }
                return on
            case nil: return false
            }
        }

        /// The note as given: its text, even a lone `-` (the CLI's "read standard input").
        func note() throws(RequestError) -> NoteSource? { try text("note").map(NoteSource.text) }

        /// Every string value, for cutting a long one in a refusal as the CLI cuts its words.
        package var words: [String] {
            values.values.compactMap { if case .text(let text) = $0 { text } else { nil } }
        }
    }
}
