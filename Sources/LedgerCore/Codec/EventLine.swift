/// The on-disk form of an event: one JSON object on one line, keys in a fixed order, so the
/// same event is always the same bytes. See docs/event-format.md.
///
///     {"v":1,"id":"7k2m9q4x8c3p","dev":"h4x9k2m7qa","hlc":"1703123456789-0","wall":1703123456789,
///      "kind":"log","type":"sleep","at":"2023-12-20T23:00:00+01:00","note":"late film"}
public enum EventLine {
    /// Why a line could not be read. Reported with file and line by the vault; the line is skipped.
    public struct DecodeError: Error, Equatable, Sendable, CustomStringConvertible {
        public var reason: String
        /// True when the line is well-formed but written by a newer alog (a newer version or kind).
        public var isFromNewerVersion: Bool = false
        public var description: String { reason }
    }

    public static func encode(_ event: Event) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(160)
        func key(_ name: StaticString, first: Bool = false) {
            if !first { out.append(44) }
            out.append(34)
            out.append(contentsOf: UnsafeRawBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
            out.append(contentsOf: [34, 58])
        }
        func string(_ name: StaticString, _ value: String) {
            key(name)
            FlatJSON.appendString(value, to: &out)
        }
        out.append(123)
        key("v", first: true)
        out.append(contentsOf: Array(String(event.version).utf8))
        string("id", event.id.description)
        string("dev", event.device)
        string("hlc", event.stamp.description)
        key("wall")
        out.append(contentsOf: Array(String(event.wallMillis).utf8))
        string("kind", event.body.kind)
        switch event.body {
        case .logged(let type, let at, let note):
            string("type", type)
            string("at", at.iso8601)
            if let note { string("note", note) }
        case .edited(let target, let changes):
            string("target", target.description)
            if let type = changes.type { string("type", type) }
            if let at = changes.at { string("at", at.iso8601) }
            if let note = changes.note { string("note", note) }
            if let end = changes.end { string("end", end.iso8601) }
            if changes.clearsEnd {
                key("end")
                out.append(contentsOf: Array("null".utf8))
            }
        case .deleted(let target), .restored(let target):
            string("target", target.description)
        case .typeDefined(let definition):
            string("name", definition.name)
            string("icon", definition.icon)
            string("group", definition.group)
            string("color", definition.color)
            if definition.archived {
                key("archived")
                out.append(contentsOf: Array("true".utf8))
            }
        case .started(let type, let at, let note, let goal, let task, let ref):
            string("type", type)
            string("at", at.iso8601)
            if let note { string("note", note) }
            if let goal {
                key("goal")
                out.append(contentsOf: Array(String(goal).utf8))
            }
            if let task {
                string("task", task.path)
                string("title", task.title)
            }
            if let ref { string("ref", ref) }
        case .stopped(let target, let at, let note):
            string("target", target.description)
            string("at", at.iso8601)
            if let note { string("note", note) }
        case .goalSet(let type, let seconds):
            string("type", type)
            key("seconds")
            out.append(contentsOf: Array(String(seconds).utf8))
        case .favoriteSet(let type, let on):
            string("type", type)
            key("on")
            out.append(contentsOf: Array((on ? "true" : "false").utf8))
        case .orderSet(let types):
            string("types", types.joined(separator: " "))
        case .renamed(let from, let to):
            string("type", from)
            string("to", to)
        case .tagged(let target, let tags, _):
            string("target", target.description)
            key("tags")
            out.append(91)
            for (n, tag) in tags.enumerated() {
                if n > 0 { out.append(44) }
                FlatJSON.appendString(tag, to: &out)
            }
            out.append(93)
        }
        out.append(125)
        return out
    }

    public static func encodeString(_ event: Event) -> String {
        String(decoding: encode(event), as: UTF8.self)
    }

    public static func decode(_ line: String) -> Result<Event, DecodeError> {
        var copy = line
        return copy.withUTF8 { decode(UnsafeRawBufferPointer($0)) }
    }

    public static func decode(_ bytes: UnsafeRawBufferPointer) -> Result<Event, DecodeError> {
        var memo = Memo()
        return decode(bytes, memo: &memo)
    }

    /// Remembers the device and type of the previous line: the lines of one file share their
    /// device and repeat a few types, so a reader of many lines validates and allocates each
    /// once instead of once a line.
    public struct Memo {
        var device = Recent()
        var type = Recent()

        public init() {}

        struct Recent {
            var bytes: [UInt8] = []
            var value: String?
            var isValid = false

            /// The string for `raw` (unescaped UTF-8) and whether it passed `validate`.
            mutating func lookup(_ raw: UnsafeRawBufferPointer, validate: (String) -> Bool) -> (String, Bool)? {
                if let value, raw.count == bytes.count, bytes.withUnsafeBytes({ $0.elementsEqual(raw) }) {
                    return (value, isValid)
                }
                guard let decoded = String(validating: raw, as: UTF8.self) else { return nil }
                bytes = Array(raw)
                value = decoded
                isValid = validate(decoded)
                return (decoded, isValid)
            }
        }
    }

    /// The members of one line as they are read (a struct sink: no closure context on the hot path).
    private struct Fields: MemberSink {
        var memo: Memo
        var version: Int64?
        var id: EventID?
        var device: String?
        var deviceIsValid = false
        var typeIsValid = false
        var stamp: Stamp?
        var wall: Int64?
        var kind: UnsafeRawBufferPointer?
        var type: String?
        var at: LocalInstant?
        var note: String?
        var target: EventID?
        var name: String?
        var icon: String?
        var group: String?
        var color: String?
        var end: LocalInstant?
        var goal: Int64?
        var seconds: Int64?
        var archived = false
        var on: Bool?
        var types: String?
        var to: String?
        var task: String?
        var title: String?
        var ref: String?
        var tags: [String]?
        var endIsNull = false
        var problem: String?

        init(memo: Memo) { self.memo = memo }

        mutating func text(_ value: FlatJSON.Value, _ field: String) -> String? {
            guard case .string(let raw, let escaped) = value, let s = FlatJSON.decodeString(raw, escaped: escaped)
            else {
                problem = problem ?? "\"\(field)\" must be a string"
                return nil
            }
            return s
        }

        mutating func instant(_ value: FlatJSON.Value, _ field: String) -> LocalInstant? {
            guard case .string(let raw, false) = value, let parsed = ISO8601.parse(raw), let instant = parsed.instant
            else {
                problem = problem ?? "\"\(field)\" must be ISO 8601 with a UTC offset"
                return nil
            }
            return instant
        }

        /// A whole number of seconds from 0 to 10 years.
        mutating func seconds(_ value: FlatJSON.Value, _ field: String) -> Int64? {
            guard case .integer(let number) = value, (0...315_360_000).contains(number) else {
                problem = problem ?? "\"\(field)\" must be a number of seconds"
                return nil
            }
            return number
        }

        mutating func flag(_ value: FlatJSON.Value, _ field: String) -> Bool? {
            guard case .boolean(let flag) = value else {
                problem = problem ?? "\"\(field)\" must be true or false"
                return nil
            }
            return flag
        }

        mutating func identifier(_ value: FlatJSON.Value, _ field: String) -> EventID? {
            guard case .string(let raw, false) = value, let id = EventID(bytes: raw) else {
                problem = problem ?? "\"\(field)\" must be a 12-character event id"
                return nil
            }
            return id
        }

        mutating func take(_ key: UnsafeRawBufferPointer, _ value: FlatJSON.Value) {
            // Dispatch on length and first byte: a rebuild reads millions of lines.
            guard let first = key.first else { return }
            switch (key.count, first) {
            case (1, UInt8(ascii: "v")):
                if case .integer(let v) = value {
                    version = v
                } else {
                    problem = problem ?? "\"v\" must be a number"
                }
            case (2, UInt8(ascii: "i")) where key.equals("id"):
                id = identifier(value, "id")
            case (2, UInt8(ascii: "a")) where key.equals("at"):
                at = instant(value, "at")
            case (3, UInt8(ascii: "e")) where key.equals("end"):
                if case .null = value { endIsNull = true } else { end = instant(value, "end") }
            case (4, UInt8(ascii: "g")) where key.equals("goal"):
                goal = seconds(value, "goal")
            case (7, UInt8(ascii: "s")) where key.equals("seconds"):
                seconds = seconds(value, "seconds")
            case (3, UInt8(ascii: "d")) where key.equals("dev"):
                if case .string(let raw, false) = value,
                    let (text, valid) = memo.device.lookup(raw, validate: DeviceID.isValid)
                {
                    (device, deviceIsValid) = (text, valid)
                } else {
                    device = text(value, "dev")
                    deviceIsValid = device.map(DeviceID.isValid) ?? false
                }
            case (3, UInt8(ascii: "h")) where key.equals("hlc"):
                guard case .string(let raw, false) = value, let parsed = Stamp(bytes: raw) else {
                    problem = problem ?? "\"hlc\" must look like <millis>-<counter>"
                    return
                }
                stamp = parsed
            case (4, UInt8(ascii: "w")) where key.equals("wall"):
                if case .integer(let w) = value {
                    wall = w
                } else {
                    problem = problem ?? "\"wall\" must be a number"
                }
            case (4, UInt8(ascii: "k")) where key.equals("kind"):
                if case .string(let raw, false) = value { kind = raw } else { problem = problem ?? "bad \"kind\"" }
            case (4, UInt8(ascii: "t")) where key.equals("type"):
                if case .string(let raw, false) = value,
                    let (text, valid) = memo.type.lookup(raw, validate: { ActivityTypes.validateName($0) == nil })
                {
                    (type, typeIsValid) = (text, valid)
                } else {
                    type = text(value, "type")
                    typeIsValid = type.map { ActivityTypes.validateName($0) == nil } ?? false
                }
            case (4, UInt8(ascii: "n")) where key.equals("note"):
                note = text(value, "note")
            case (4, UInt8(ascii: "n")) where key.equals("name"):
                name = text(value, "name")
            case (4, UInt8(ascii: "i")) where key.equals("icon"):
                icon = text(value, "icon")
            case (5, UInt8(ascii: "g")) where key.equals("group"):
                group = text(value, "group")
            case (5, UInt8(ascii: "c")) where key.equals("color"):
                color = text(value, "color")
            case (8, UInt8(ascii: "a")) where key.equals("archived"):
                archived = flag(value, "archived") ?? false
            case (6, UInt8(ascii: "t")) where key.equals("target"):
                target = identifier(value, "target")
            case (2, UInt8(ascii: "o")) where key.equals("on"):
                on = flag(value, "on")
            case (5, UInt8(ascii: "t")) where key.equals("types"):
                types = text(value, "types")
            case (2, UInt8(ascii: "t")) where key.equals("to"):
                to = text(value, "to")
            case (4, UInt8(ascii: "t")) where key.equals("task"):
                task = text(value, "task")
            case (5, UInt8(ascii: "t")) where key.equals("title"):
                title = text(value, "title")
            case (3, UInt8(ascii: "r")) where key.equals("ref"):
                // An optional key (older readers skip it): a value that is not a reference is
                // left out, and the timer is read without it.
                if case .string = value, let raw = text(value, "ref"), TimerFacts.refProblem(raw) == nil { ref = raw }
            case (4, UInt8(ascii: "t")) where key.equals("tags"):
                // Meant only by a tag or untag (checked there): another kind ignores the key.
                if case .array(let raw) = value { tags = FlatJSON.strings(in: raw) }
            default:
                break
            }
        }
    }

    /// Decodes one line. `maxVersion` is the newest format version to accept (this build's by
    /// default; a test plays an older reader with 1).
    public static func decode(
        _ bytes: UnsafeRawBufferPointer, memo: inout Memo, maxVersion: Int = Event.formatVersion
    ) -> Result<Event, DecodeError> {
        var fields = Fields(memo: memo)
        defer { memo = fields.memo }
        do {
            try FlatJSON.forEachMember(bytes, into: &fields)
        } catch {
            return .failure(DecodeError(reason: "not valid JSON at byte \(error.offset + 1): \(error.reason)"))
        }
        let (version, id, device, stamp, wall, kind) = (
            fields.version, fields.id, fields.device, fields.stamp, fields.wall, fields.kind
        )
        let (type, at, note, target, name, icon, group, color) = (
            fields.type, fields.at, fields.note, fields.target, fields.name, fields.icon, fields.group, fields.color
        )
        let (end, goal, seconds) = (fields.end, fields.goal, fields.seconds)
        let (deviceIsValid, typeIsValid, problem) = (fields.deviceIsValid, fields.typeIsValid, fields.problem)
        guard let version else { return .failure(DecodeError(reason: "missing \"v\" (format version)")) }
        if version > Int64(maxVersion) || version < 1 {
            let reads = maxVersion == 1 ? "version 1" : "versions 1 to \(maxVersion)"
            return .failure(
                DecodeError(
                    reason:
                        "written by a newer alog (format version \(version); this one reads \(reads)); upgrade alog",
                    isFromNewerVersion: version > Int64(maxVersion)))
        }
        if let problem { return .failure(DecodeError(reason: problem)) }
        guard let id else { return .failure(DecodeError(reason: "missing \"id\"")) }
        guard let device, deviceIsValid else {
            return .failure(DecodeError(reason: "missing or invalid \"dev\""))
        }
        guard let stamp else { return .failure(DecodeError(reason: "missing \"hlc\"")) }
        guard let wall else { return .failure(DecodeError(reason: "missing \"wall\"")) }
        guard let kind else { return .failure(DecodeError(reason: "missing \"kind\"")) }

        let body: EventBody
        if kind.equals("log") {
            guard let type, typeIsValid else {
                return .failure(DecodeError(reason: "a log needs a valid \"type\""))
            }
            guard let at else { return .failure(DecodeError(reason: "a log needs \"at\"")) }
            body = .logged(type: type, at: at, note: note)
        } else if kind.equals("edit") {
            guard let target else { return .failure(DecodeError(reason: "an edit needs \"target\"")) }
            if type != nil, !typeIsValid {
                return .failure(DecodeError(reason: "invalid \"type\" in an edit"))
            }
            // `"end": null` (the end taken away) is version 3's.
            if fields.endIsNull && version < 3 {
                return .failure(DecodeError(reason: "\"end\" must be ISO 8601 with a UTC offset"))
            }
            let clearsEnd = fields.endIsNull
            body = .edited(
                target: target, changes: EntryChanges(type: type, at: at, note: note, end: end, clearsEnd: clearsEnd))
        } else if kind.equals("delete") || kind.equals("restore") {
            guard let target else { return .failure(DecodeError(reason: "\"target\" missing")) }
            body = kind.equals("delete") ? .deleted(target: target) : .restored(target: target)
        } else if kind.equals("type") {
            guard let name, ActivityTypes.validateName(name) == nil else {
                return .failure(DecodeError(reason: "a type definition needs a valid \"name\""))
            }
            // `archived` is version 3's; an older line that carries the key does not mean it.
            body = .typeDefined(
                ActivityTypeDefinition(
                    name: name, icon: icon ?? "•", group: group ?? "", color: color ?? "",
                    archived: version >= 3 && fields.archived))
        } else if kind.equals("start"), version >= 2 {
            guard let type, typeIsValid else {
                return .failure(DecodeError(reason: "a start needs a valid \"type\""))
            }
            guard let at else { return .failure(DecodeError(reason: "a start needs \"at\"")) }
            // `task` and `title` are version 5's; an older line that carries them does not mean them.
            var task: TaskRef?
            if version >= 5, fields.task != nil || fields.title != nil {
                guard let path = fields.task, let title = fields.title else {
                    return .failure(DecodeError(reason: "a start bound to a task needs both \"task\" and \"title\""))
                }
                if let problem = TaskRef.pathProblem(path) {
                    return .failure(DecodeError(reason: "\"task\" is not a note's path in the vault: \(problem)"))
                }
                if let problem = TaskRef.titleProblem(title) {
                    return .failure(DecodeError(reason: "\"title\" of the task: \(problem)"))
                }
                task = TaskRef(path: path, title: title)
            }
            body = .started(type: type, at: at, note: note, goal: goal, task: task, ref: fields.ref)
        } else if kind.equals("stop"), version >= 2 {
            guard let target else { return .failure(DecodeError(reason: "a stop needs \"target\"")) }
            guard let at else { return .failure(DecodeError(reason: "a stop needs \"at\"")) }
            body = .stopped(target: target, at: at, note: note)
        } else if kind.equals("goal"), version >= 2 {
            guard let type, typeIsValid else {
                return .failure(DecodeError(reason: "a goal needs a valid \"type\""))
            }
            guard let seconds else { return .failure(DecodeError(reason: "a goal needs \"seconds\"")) }
            body = .goalSet(type: type, seconds: seconds)
        } else if kind.equals("favorite"), version >= 4 {
            guard let type, typeIsValid else {
                return .failure(DecodeError(reason: "a favorite needs a valid \"type\""))
            }
            guard let on = fields.on else { return .failure(DecodeError(reason: "a favorite needs \"on\"")) }
            body = .favoriteSet(type: type, on: on)
        } else if kind.equals("order"), version >= 4 {
            guard let names = fields.types else { return .failure(DecodeError(reason: "an order needs \"types\"")) }
            let list = names.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
            guard list.allSatisfy({ ActivityTypes.validateName($0) == nil }) else {
                return .failure(DecodeError(reason: "an order's \"types\" must be type names separated by spaces"))
            }
            body = .orderSet(types: list)
        } else if kind.equals("rename"), version >= 4 {
            guard let type, typeIsValid else {
                return .failure(DecodeError(reason: "a rename needs a valid \"type\""))
            }
            guard let to = fields.to, ActivityTypes.validateName(to) == nil else {
                return .failure(DecodeError(reason: "a rename needs a valid \"to\""))
            }
            body = .renamed(from: type, to: to)
        } else if kind.equals("tag") || kind.equals("untag"), version >= 6 {
            guard let target else { return .failure(DecodeError(reason: "a tag or untag needs \"target\"")) }
            guard let tags = fields.tags, !tags.isEmpty else {
                return .failure(
                    DecodeError(reason: "a tag or untag needs \"tags\", a list of one string or more"))
            }
            if let bad = tags.first(where: { Tags.problem($0) != nil }) {
                return .failure(DecodeError(reason: "\"tags\" holds \(JSONText.string(bad)): \(Tags.problem(bad)!)"))
            }
            body = .tagged(target: target, tags: Tags.normalized(tags), on: kind.equals("tag"))
        } else {
            let shown = String(decoding: kind, as: UTF8.self)
            return .failure(
                DecodeError(
                    reason: "unknown kind \"\(shown)\" (written by a newer alog?); upgrade alog",
                    isFromNewerVersion: true))
        }
        return .success(
            Event(id: id, device: device, stamp: stamp, wallMillis: wall, body: body, version: Int(version)))
    }
}
