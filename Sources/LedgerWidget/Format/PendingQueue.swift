import LedgerCore

/// The widget's pending queue as stored: a JSON array of items (see `PendingItem`) in
/// `PendingActivities.json`, the file other programs write too, followed by the records of
/// `queue.log`, where alog's own taps are appended (`QueueLog`). `elements` holds both, the
/// array's first: that is the queue's order, and the numbering of `alog widget pending`.
///
/// Parsing is lenient so that a damaged file never costs the good items in it: each element
/// keeps its exact bytes (unknown fields survive a rewrite untouched), an element that is not
/// a valid item is kept with its error, and where the array itself breaks off (a truncated
/// write, say) the rest is reported as `damage` with its line, for the caller to save aside;
/// so are the log's lines that fail their checksum (`logDamage`).
package struct PendingQueue: Sendable {
    package struct Element: Sendable {
        /// The element's bytes exactly as found (or as written by `append`).
        package var raw: [UInt8]
        /// 1-based line of the element's first byte in its file.
        package var line: Int
        package var item: Result<PendingItem, ItemError>
        /// Fields of neither shape, ignored (but kept in `raw`).
        package var unknownFields: [String]
        /// The file the element is in.
        package var origin: Origin = .array

        package enum Origin: Sendable, Equatable {
            /// `PendingActivities.json`.
            case array
            /// `queue.log`.
            case log
        }

        /// A new activity item in the NavWidget's shape.
        package static func activity(type: String, time: Int64) -> Element {
            var raw: [UInt8] = Array("{\"activityType\": ".utf8)
            FlatJSON.appendString(type, to: &raw)
            raw += Array(", \"activityTime\": \(time)}".utf8)
            return Element(raw: raw, line: 0, item: .success(.activity(type: type, time: time)), unknownFields: [])
        }

        /// Sets a widget action's `processed` to true, editing only that value in `raw` (the
        /// rest of the text, unknown fields included, stays as it was).
        package mutating func markProcessed() {
            guard case .success(.action(var action)) = item, !action.processed else { return }
            action.processed = true
            item = .success(.action(action))
            let key = Array("\"processed\"".utf8)
            var i = 0
            while i + key.count <= raw.count {
                if raw[i..<i + key.count].elementsEqual(key) {
                    var j = i + key.count
                    while j < raw.count, FlatJSON.isWhitespace(raw[j]) { j += 1 }
                    if j < raw.count, raw[j] == UInt8(ascii: ":") {
                        j += 1
                        while j < raw.count, FlatJSON.isWhitespace(raw[j]) { j += 1 }
                        if raw[j...].starts(with: Array("false".utf8)) {
                            raw.replaceSubrange(j..<j + 5, with: Array("true".utf8))
                            return
                        }
                    }
                }
                i += 1
            }
            // No `processed` member: add one before the closing brace.
            if let close = raw.lastIndex(of: UInt8(ascii: "}")) {
                raw.replaceSubrange(close..<close, with: Array(", \"processed\": true".utf8))
            }
        }
    }

    package struct ItemError: Error, Hashable, Sendable, CustomStringConvertible {
        package var reason: String
        package var description: String { reason }
    }

    /// Where the file stops being a readable array: the bytes from `offset` on are not items.
    package struct Damage: Sendable, Equatable {
        package var offset: Int
        package var line: Int
        package var reason: String
        package var bytes: [UInt8]
    }

    package var elements: [Element] = []
    /// Where the array file stops being readable, if it does.
    package var damage: Damage?
    /// The log's lines that are not records (`offset` is the line's place in the log).
    package var logDamage: [Damage] = []

    package init() {}

    /// Reads the array file's bytes (an empty or all-blank file is an empty queue), then the
    /// log's (`QueueLog`; an unfinished last record is not read).
    package init(parsing bytes: [UInt8], log: [UInt8] = []) {
        bytes.withUnsafeBytes { parse(UnsafeRawBufferPointer($0)) }
        guard !log.isEmpty else { return }
        var records: [Element] = []
        let scan = log.withUnsafeBytes { buffer in
            QueueLog.scan(buffer) { raw, line in
                var element = Self.element(raw, line: line)
                element.origin = .log
                records.append(element)
            }
        }
        elements += records
        logDamage = scan.damaged.map { line, bytes in
            Damage(offset: 0, line: line, reason: "a line of queue.log that is not a whole record", bytes: bytes)
        }
    }

    /// The items that parsed, in queue order.
    package var items: [PendingItem] {
        elements.compactMap { try? $0.item.get() }
    }

    /// The array file's form (the elements that are in it): one element per line, so a person
    /// can read and edit the queue.
    package func encoded() -> [UInt8] {
        let elements = elements.filter { $0.origin == .array }
        if elements.isEmpty { return Array("[]\n".utf8) }
        var out: [UInt8] = [UInt8(ascii: "["), UInt8(ascii: "\n")]
        out.reserveCapacity(elements.count * 56 + 4)
        for (index, element) in elements.enumerated() {
            out += [UInt8(ascii: " "), UInt8(ascii: " ")]
            out += element.raw
            out += index == elements.count - 1 ? [UInt8(ascii: "\n")] : [UInt8(ascii: ","), UInt8(ascii: "\n")]
        }
        out += [UInt8(ascii: "]"), UInt8(ascii: "\n")]
        return out
    }

    /// The log's form: a record per element that is in it (empty when none is).
    package func encodedLog() -> [UInt8] {
        var out: [UInt8] = []
        for element in elements where element.origin == .log { out += QueueLog.record(element.raw) }
        return out
    }

    private mutating func parse(_ bytes: UnsafeRawBufferPointer) {
        var elements: [Element] = []
        damage = Self.scan(bytes) { raw, line in elements.append(Self.element(raw, line: line)) }
        self.elements = elements
    }

    /// Walks the array's elements without reading them (each is handed over with its first
    /// line); returns where the array stops being readable, if it does. Allocates nothing
    /// itself, so a tap or a status-bar refresh can afford it on a long queue.
    package static func scan(
        _ bytes: UnsafeRawBufferPointer, element: (UnsafeRawBufferPointer, Int) -> Void
    ) -> Damage? {
        var i = 0
        var line = 1
        let n = bytes.count
        func skipSpace() {
            while i < n, FlatJSON.isWhitespace(bytes[i]) {
                if bytes[i] == UInt8(ascii: "\n") { line += 1 }
                i += 1
            }
        }
        func damaged(_ reason: String) -> Damage {
            Damage(offset: i, line: line, reason: reason, bytes: Array(bytes[i...]))
        }
        skipSpace()
        if i == n { return nil }
        guard bytes[i] == UInt8(ascii: "[") else { return damaged("the queue must be a JSON array ('[' expected)") }
        i += 1
        skipSpace()
        if i < n, bytes[i] == UInt8(ascii: "]") {
            i += 1
            skipSpace()
            return i < n ? damaged("text after the closing ']'") : nil
        }
        while true {
            skipSpace()
            guard i < n else { return damaged("the array ends early (no closing ']'); the file looks truncated") }
            guard bytes[i] == UInt8(ascii: "{") else { return damaged("an item must be a JSON object ('{' expected)") }
            guard let end = objectEnd(bytes, from: i) else {
                return damaged("an item breaks off before its closing '}'; the file looks truncated")
            }
            let raw = UnsafeRawBufferPointer(rebasing: bytes[i..<end])
            let startLine = line
            for byte in raw where byte == UInt8(ascii: "\n") { line += 1 }
            element(raw, startLine)
            i = end
            skipSpace()
            guard i < n else { return damaged("the array ends early (no closing ']'); the file looks truncated") }
            if bytes[i] == UInt8(ascii: ",") {
                i += 1
                continue
            }
            guard bytes[i] == UInt8(ascii: "]") else { return damaged("expected ',' or ']' after an item") }
            i += 1
            skipSpace()
            return i < n ? damaged("text after the closing ']'") : nil
        }
    }

    /// The index just past the object starting at `start`, or nil if it never closes.
    static func objectEnd(_ bytes: UnsafeRawBufferPointer, from start: Int) -> Int? {
        var depth = 0
        var i = start
        var inString = false
        while i < bytes.count {
            let byte = bytes[i]
            if inString {
                if byte == UInt8(ascii: "\\") {
                    i += 2
                    continue
                }
                if byte == UInt8(ascii: "\"") { inString = false }
            } else if byte == UInt8(ascii: "\"") {
                inString = true
            } else if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") {
                depth += 1
            } else if byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") {
                depth -= 1
                if depth == 0 { return i + 1 }
            }
            i += 1
        }
        return nil
    }

    /// The fields of either shape, as found in one element.
    private struct Fields {
        var activityType: FlatJSON.Value?
        var activityTime: FlatJSON.Value?
        var id: FlatJSON.Value?
        var type: FlatJSON.Value?
        var taskID: FlatJSON.Value?
        var date: FlatJSON.Value?
        var timestamp: FlatJSON.Value?
        var processed: FlatJSON.Value?
        var tracksUnknown: Bool
        var unknown: [String] = []

        init(tracksUnknown: Bool) { self.tracksUnknown = tracksUnknown }

        mutating func take(_ key: UnsafeRawBufferPointer, _ value: FlatJSON.Value) {
            if key.equals("activityType") {
                activityType = value
            } else if key.equals("activityTime") {
                activityTime = value
            } else if key.equals("id") {
                id = value
            } else if key.equals("type") {
                type = value
            } else if key.equals("taskId") {
                taskID = value
            } else if key.equals("date") {
                date = value
            } else if key.equals("timestamp") {
                timestamp = value
            } else if key.equals("processed") {
                processed = value
            } else if tracksUnknown {
                unknown.append(String(decoding: key, as: UTF8.self))
            }
        }

        func string(_ value: FlatJSON.Value?) -> String? {
            guard case .string(let raw, let escaped)? = value else { return nil }
            return FlatJSON.decodeString(raw, escaped: escaped)
        }
    }

    /// Reads one element as an item (nil when it is not a valid one), skipping what `element`
    /// also records; for readers that only need the items.
    package static func item(_ raw: UnsafeRawBufferPointer) -> PendingItem? {
        var fields = Fields(tracksUnknown: false)
        guard (try? FlatJSON.forEachMember(raw) { key, value in fields.take(key, value) }) != nil else { return nil }
        return try? item(fields).get()
    }

    static func element(_ raw: UnsafeRawBufferPointer, line: Int) -> Element {
        var fields = Fields(tracksUnknown: true)
        do {
            try FlatJSON.forEachMember(raw) { key, value in fields.take(key, value) }
        } catch {
            return Element(
                raw: Array(raw), line: line, item: .failure(ItemError(reason: "not valid JSON: \(error.reason)")),
                unknownFields: [])
        }
        return Element(raw: Array(raw), line: line, item: item(fields), unknownFields: fields.unknown)
    }

    private static func item(_ fields: Fields) -> Result<PendingItem, ItemError> {
        func fail(_ reason: String) -> Result<PendingItem, ItemError> { .failure(ItemError(reason: reason)) }
        if fields.activityType != nil || fields.activityTime != nil {
            guard let type = fields.string(fields.activityType), !type.isEmpty else {
                return fail("'activityType' must be a non-empty string")
            }
            guard case .integer(let time)? = fields.activityTime else {
                return fail("'activityTime' must be whole unix seconds (an integer)")
            }
            return .success(.activity(type: Self.lowercased(type), time: time))
        }
        guard fields.type != nil || fields.taskID != nil else {
            return fail(
                "neither shape: expected {\"activityType\", \"activityTime\"} or a widget action {\"id\", \"type\", \"taskId\", \"date\", \"timestamp\", \"processed\"}"
            )
        }
        guard let id = fields.string(fields.id), !id.isEmpty else {
            return fail("a widget action needs a non-empty 'id'")
        }
        guard let kindText = fields.string(fields.type), let kind = WidgetAction.Kind(rawValue: kindText) else {
            return fail("'type' must be \"quick_add\" or \"quick_remove\"")
        }
        guard let task = fields.string(fields.taskID), !task.isEmpty else {
            return fail("'taskId' must name an activity type")
        }
        guard let dateText = fields.string(fields.date), let date = ISO8601.parse(dateText), !date.hasTime else {
            return fail("'date' must be YYYY-MM-DD")
        }
        guard let stampText = fields.string(fields.timestamp), let stamp = ISO8601.parse(stampText), stamp.hasTime
        else {
            return fail("'timestamp' must be an ISO 8601 date and time")
        }
        var processed = false
        if let value = fields.processed {
            guard case .boolean(let flag) = value else { return fail("'processed' must be true or false") }
            processed = flag
        }
        return .success(
            .action(
                WidgetAction(
                    id: id, kind: kind, taskID: Self.lowercased(task),
                    date: CivilDate(daysSinceEpoch: floorDiv(date.localSeconds, 86_400)), timestamp: stamp,
                    processed: processed)))
    }

    /// Type names are lowercase; most already are, so skip the copy then.
    private static func lowercased(_ text: String) -> String {
        text.utf8.contains { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") } ? text.lowercased() : text
    }
}
