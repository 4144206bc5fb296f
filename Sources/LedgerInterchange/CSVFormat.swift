package import LedgerCore

/// Rows of CSV as `alog export --format csv` writes them (`id,type,group,start,end,seconds,note`,
/// RFC 4180), or as a spreadsheet keeps them: a header names the columns, in any order; `type`
/// and `start` are required, the others may be left out or empty.
///
/// - `start`/`end`: ISO 8601 (`2026-11-20T09:00:00+01:00`, `…Z`, `2026-11-20 09:00`); the entry
///   keeps the offset written, as if it had been logged there; a time without one is the
///   reader's local time (`zone`; a repeated hour is its first occurrence).
/// - A row with an `end` is a window; with no `end` and no `seconds`, an instant (a log); with
///   `seconds` and no `end`, a timer still running when it was exported.
/// - `id`: an alog entry id; the entry keeps it, so importing an export again adds nothing and
///   a round trip gives the same bytes. Without one, the id is derived from the type and start.
/// - `group`: a type defined on the way (`--define-types`) gets it.
package enum CSVFormat {
    /// The records of `bytes`, and what could not be read (file, line of the row's start, why);
    /// reading stops once `errorLimit` rows could not be read.
    package static func records(
        _ bytes: [UInt8], file: String, zone: any TimeZoneRules, errorLimit: Int = .max
    ) -> (records: [ImportRecord], errors: [ImportError]) {
        var records: [ImportRecord] = []
        var errors: [ImportError] = []
        var rows = RowReader(bytes)
        guard let first = rows.next() else {
            return (
                [], [ImportError(file: file, line: 1, reason: "the file is empty; a CSV import needs a header row")]
            )
        }
        let header: [String]
        switch first.fields {
        case .success(let fields): header = fields
        case .failure(let error): return ([], [ImportError(file: file, line: first.line, reason: error.reason)])
        }
        var column: [String: Int] = [:]
        for (index, name) in header.enumerated() {
            let key = name.trimmingBlanks().lowercased()
            guard known.contains(key) else {
                return (
                    [],
                    [
                        ImportError(
                            file: file, line: first.line,
                            reason:
                                "unknown column \(DisplayText.quoted(name)) in the header; the columns are \(known.joined(separator: ","))"
                        )
                    ]
                )
            }
            guard column[key] == nil else {
                return ([], [ImportError(file: file, line: first.line, reason: "the column \(key) appears twice")])
            }
            column[key] = index
        }
        for required in ["type", "start"] where column[required] == nil {
            return (
                [],
                [
                    ImportError(
                        file: file, line: first.line,
                        reason:
                            "the header has no \(required) column (it reads: \(header.joined(separator: ",")))")
                ]
            )
        }
        while errors.count < errorLimit, let row = rows.next() {
            let fields: [String]
            switch row.fields {
            case .success(let read): fields = read
            case .failure(let error):
                errors.append(ImportError(file: file, line: row.line, reason: error.reason))
                continue
            }
            if fields.count == 1, fields[0].isEmpty { continue }  // a blank line
            guard fields.count == header.count else {
                let reason = "\(fields.count) fields where the header has \(header.count)"
                errors.append(ImportError(file: file, line: row.line, reason: reason))
                continue
            }
            // A note is kept as it is written; the other fields may be padded with spaces.
            func value(_ key: String) -> String {
                column[key].map { key == "note" ? fields[$0] : fields[$0].trimmingBlanks() } ?? ""
            }
            switch record(value, file: file, line: row.line, zone: zone) {
            case .success(let record): records.append(record)
            case .failure(let error): errors.append(error)
            }
        }
        return (records, errors)
    }

    static let known = ["id", "type", "group", "start", "end", "seconds", "note"]

    private static func record(_ value: (String) -> String, file: String, line: Int, zone: any TimeZoneRules)
        -> Result<ImportRecord, ImportError>
    {
        /// An ISO 8601 date and time; without an offset, on the reader's clock.
        func time(_ text: String) -> LocalInstant? {
            guard let parsed = ISO8601.parse(text), parsed.hasTime else { return nil }
            return parsed.instant ?? zone.instant(forLocal: parsed.localSeconds)
        }
        func refuse(_ reason: String) -> Result<ImportRecord, ImportError> {
            .failure(ImportError(file: file, line: line, reason: reason))
        }
        let type = value("type")
        guard !type.isEmpty else { return refuse("the type is empty") }
        guard let start = time(value("start")) else {
            return refuse(
                "start \(DisplayText.quoted(value("start"))) is not an ISO 8601 date and time (e.g. 2026-11-20T09:00:00+01:00 or 2026-11-20 09:00)"
            )
        }
        var end: LocalInstant?
        if !value("end").isEmpty {
            guard let parsed = time(value("end")) else {
                return refuse("end \(DisplayText.quoted(value("end"))) is not an ISO 8601 date and time")
            }
            guard parsed.seconds >= start.seconds else {
                return refuse("the end \(parsed.iso8601) is before the start \(start.iso8601)")
            }
            end = parsed
        }
        let seconds = value("seconds")
        if !seconds.isEmpty, Int64(seconds).map({ $0 >= 0 }) != true {
            return refuse("seconds \(DisplayText.quoted(seconds)) is not a whole number of seconds")
        }
        var id: EventID?
        if !value("id").isEmpty {
            guard let parsed = EventID(value("id")) else {
                return refuse(
                    "id \(DisplayText.quoted(value("id"))) is not an alog entry id (12 characters, as export writes them)"
                )
            }
            id = parsed
        }
        let note = NoteText.normalized(value("note"))
        if let reason = NoteText.validate(note) { return refuse(reason) }
        let group = value("group")
        if let reason = ActivityTypes.validateGroup(group) {
            return refuse("group \(DisplayText.quoted(group)): \(reason)")
        }
        var record = ImportRecord(
            file: file, line: line, identity: id?.description ?? "csv:\(type):\(start.seconds)", start: start.seconds,
            end: end?.seconds, tags: [type], annotation: note.isEmpty ? nil : note)
        record.id = id
        record.keepsTags = false
        record.isInstant = end == nil && seconds.isEmpty
        record.offset = start.offset
        record.endOffset = end?.offset
        record.group = group.isEmpty ? nil : group
        return .success(record)
    }

    /// A row's fields, or why the row cannot be read, with the line it starts on.
    typealias Row = (line: Int, fields: Result<[String], ParseError>)

    struct ParseError: Error {
        var reason: String
    }

    /// RFC 4180 rows with the line each starts on, read one at a time: fields split by commas,
    /// a quoted field may hold commas, doubled quotes and line breaks; CRLF or LF line ends; a
    /// UTF-8 byte-order mark is skipped. A row with a stray quote is refused alone (the next line
    /// starts the next row); a quote left open swallows the rest of the file, which is refused
    /// from the row where it opened. Rows are made as they are asked for, so a reader that stops
    /// at an unreadable row never splits the rest of the file.
    struct RowReader: IteratorProtocol {
        let bytes: [UInt8]
        var index: Int
        var line = 1

        init(_ bytes: [UInt8]) {
            self.bytes = bytes
            index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        }

        mutating func next() -> Row? {
            guard index < bytes.count else { return nil }
            var fields: [String] = []
            var field: [UInt8] = []
            let rowLine = line
            var quoted = false
            var wasQuoted = false
            var refusal: String?
            func endField() {
                fields.append(String(decoding: field, as: UTF8.self))
                field.removeAll(keepingCapacity: true)
                wasQuoted = false
            }
            func row() -> Row {
                endField()
                return (rowLine, refusal.map { .failure(ParseError(reason: $0)) } ?? .success(fields))
            }
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                if quoted {
                    if byte == UInt8(ascii: "\"") {
                        if index < bytes.count, bytes[index] == UInt8(ascii: "\"") {
                            field.append(byte)
                            index += 1
                        } else {
                            quoted = false
                        }
                    } else {
                        if byte == 10 { line += 1 }
                        field.append(byte)
                    }
                    continue
                }
                switch byte {
                case UInt8(ascii: "\"") where refusal == nil:
                    if field.isEmpty, !wasQuoted {
                        quoted = true
                        wasQuoted = true
                    } else {
                        refusal = "a quote inside an unquoted field (quote the whole field and double the quote)"
                    }
                case UInt8(ascii: ","):
                    endField()
                case 13 where index < bytes.count && bytes[index] == 10:
                    break
                case 10:
                    line += 1
                    return row()
                default:
                    if wasQuoted, refusal == nil { refusal = "text after the closing quote of a field" }
                    field.append(byte)
                }
            }
            if quoted { refusal = "a quoted field is not closed before the end of the file" }
            return row()
        }
    }
}
