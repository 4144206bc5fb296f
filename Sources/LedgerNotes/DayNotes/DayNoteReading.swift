public import LedgerCore

/// A day note read against the ledger: what the user changed (`changes`), and the region's
/// lines in their order, which `DayNote.render` keeps where they were.
public struct DayNoteReading: Sendable {
    public internal(set) var changes = DayNoteChanges()
    let document: DayNoteDocument
    let date: CivilDate
    let dayStart: Int
    let types: DayNoteTypes
    var items: [Item] = []

    /// One line of the region, in the note's order.
    enum Item: Sendable {
        /// A line that stands for an entry (or, typed, will once logged), with its bytes as in
        /// the note (without the line break).
        case entry(EventID, bytes: [UInt8], state: State)
        /// A line kept as it is: blank, indented, unreadable, or an entry line that is not read.
        case kept(bytes: [UInt8])
    }

    enum State: Sendable, Equatable {
        /// As alog wrote it: written again from the ledger.
        case unchanged
        /// Changed by the user into these fields: written again once the ledger has them, else
        /// kept as the user wrote it (an edit that was refused).
        case edited(DayNoteFields)
        /// Several different lines for the entry: kept as written.
        case conflicting
        /// A typed line with the id it is logged with: written as the entry's line once logged.
        case typed
    }

    init(document: DayNoteDocument, date: CivilDate, dayStart: Int, types: DayNoteTypes) {
        (self.document, self.date, self.dayStart, self.types) = (document, date, dayStart, types)
    }

    /// The fields a line says, read as the note's date and the catalog give them meaning.
    func fields(_ syntax: DayNoteLine.Syntax, generated: Bool) -> DayNoteFields {
        DayNoteLine.fields(syntax, date: date, dayStart: dayStart, types: types, generated: generated)
    }

    /// The entry lines of a note (its region's lines with a block id), by id: what they say.
    func lines(of note: [UInt8]) -> [EventID: (fields: DayNoteFields, text: String)] {
        let document = DayNoteDocument(note) { _ in true }
        var lines: [EventID: (fields: DayNoteFields, text: String)] = [:]
        for index in document.regionLines {
            guard case .entry(let syntax) = document.kind(index), let id = syntax.id, lines[id] == nil else {
                continue
            }
            lines[id] = (fields(syntax, generated: true), document.text(index))
        }
        return lines
    }

    /// What the entry's generated line says.
    func fields(of entry: DayNoteEntry) -> DayNoteFields {
        guard case .entry(let syntax) = DayNoteLine.parse(DayNoteLine.render(entry, icon: types.icon(of: entry.type)))
        else { preconditionFailure("a generated line reads back") }
        return fields(syntax, generated: true)
    }
}

extension DayNote {
    /// Reads a day note against the day's entries: typed lines become logs (with deterministic
    /// ids), generated lines the user changed become edits, generated lines the user removed
    /// become deletes (only while both region markers are intact), and every line that cannot
    /// be read is a problem with its line number, left as it is.
    ///
    /// - Parameters:
    ///   - entries: the live entries of the note's day as the ledger has them now
    ///     (`DayNoteEntry.day`).
    ///   - lastWritten: the entries the note was last written from, when the shell knows them;
    ///     by default `entries`. A line is the user's edit when it differs from what alog wrote
    ///     for the entry *then*, so an entry another device changed since is not taken back.
    ///     With the default, read every note before recording anything else of its day.
    ///   - lastWrittenNote: the note's bytes as alog last wrote them (`render`'s result), when
    ///     the shell kept them: then a line is the user's edit when it differs from the line
    ///     alog wrote, and a delete when alog wrote a line for the entry; this comes before
    ///     `lastWritten`.
    ///   - dayStart: seconds after midnight the day starts (`day-start`): an earlier clock time
    ///     in the note is on the next date.
    ///   - isTaken: whether an id is already an entry's (deleted ones included) or an event's
    ///     anywhere in the ledger, so a typed line never gets one (the day's entries and every
    ///     block id in the note count as taken anyway).
    public static func read(
        _ bytes: [UInt8], date: CivilDate, entries: [DayNoteEntry], types: DayNoteTypes,
        lastWritten: [DayNoteEntry]? = nil, lastWrittenNote: [UInt8]? = nil, dayStart: Int = 0,
        isTaken: (EventID) -> Bool = { _ in false }
    ) -> DayNoteReading {
        var current: [EventID: DayNoteEntry] = [:]
        for entry in entries { current[entry.id] = entry }
        var written = current
        if let lastWritten {
            written = [:]
            for entry in lastWritten { written[entry.id] = entry }
        }
        let document = DayNoteDocument(bytes) { current[$0] != nil || written[$0] != nil }
        var reading = DayNoteReading(document: document, date: date, dayStart: dayStart, types: types)
        var scan = RegionScan(reading: reading, current: current, written: written)
        // The note exactly as alog last wrote it (the common case: nobody touched it since):
        // every entry line is alog's, so the note is read once, not twice.
        if let lastWrittenNote {
            if lastWrittenNote == bytes {
                scan.baselineIsNote = true
            } else {
                scan.wroteLines = reading.lines(of: lastWrittenNote)
            }
        }
        scan.run()
        scan.assignTypedIDs(isTaken: isTaken)
        scan.findDeletes()
        reading.items = scan.items.compactMap { $0 }
        reading.changes = scan.changes
        reading.changes.problems.sort { $0.line < $1.line }
        return reading
    }
}

/// The steps of `DayNote.read`.
private struct RegionScan {
    let reading: DayNoteReading
    let current: [EventID: DayNoteEntry]
    let written: [EventID: DayNoteEntry]
    /// The entry lines of the note as alog last wrote it, when the shell kept it.
    var wroteLines: [EventID: (fields: DayNoteFields, text: String)]?
    /// The note is byte for byte what alog last wrote: no line in it is the user's change, and
    /// no entry line was removed.
    var baselineIsNote = false
    var document: DayNoteDocument { reading.document }
    var changes = DayNoteChanges()
    /// The region's lines; nil for a copy of an entry's line that is dropped.
    var items: [DayNoteReading.Item?] = []
    /// Entry lines by id: where in `items`, the line number, what it says.
    var occurrences: [EventID: [(item: Int, line: Int, fields: DayNoteFields)]] = [:]
    var order: [EventID] = []
    var typed: [(item: Int, line: Int, fields: DayNoteFields, writtenType: String)] = []
    var idsOutside: Set<EventID> = []
    var idsInNote: Set<EventID> = []

    init(reading: DayNoteReading, current: [EventID: DayNoteEntry], written: [EventID: DayNoteEntry]) {
        (self.reading, self.current, self.written) = (reading, current, written)
    }

    mutating func problem(_ index: Int, _ reason: DayNoteProblem.Reason) {
        changes.problems.append(DayNoteProblem(line: index + 1, text: document.text(index), reason: reason))
    }

    mutating func run() {
        if case .damaged(_, _, let damage, let at) = document.region { problem(at, .markersDamaged(damage)) }
        let region = document.regionLines
        let inRegion = Set(region)
        for index in document.bodyStart..<document.lines.count where !inRegion.contains(index) {
            guard document.marker(index) == nil, case .entry(let syntax) = document.kind(index), let id = syntax.id
            else { continue }
            idsInNote.insert(id)
            if current[id] != nil,
                document.regionSpan.map({ !$0.contains(index) }) ?? true
            {
                idsOutside.insert(id)
                problem(index, .outsideRegion(id))
            }
        }
        for index in region { scan(index) }
        for id in order { settle(id) }
    }

    private mutating func scan(_ index: Int) {
        let bytes = document.content(index)
        switch document.kind(index) {
        case .blank, .indented:
            items.append(.kept(bytes: bytes))
        case .unreadable(let reason):
            items.append(.kept(bytes: bytes))
            problem(index, reason)
        case .entry(let syntax):
            if let id = syntax.id {
                idsInNote.insert(id)
                guard current[id] != nil else {
                    items.append(.kept(bytes: bytes))
                    return problem(index, .notThisDay(id))
                }
                if occurrences[id] == nil { order.append(id) }
                occurrences[id, default: []].append(
                    (items.count, index + 1, reading.fields(syntax, generated: true)))
                items.append(.entry(id, bytes: bytes, state: .unchanged))
                return
            }
            let fields = reading.fields(syntax, generated: false)
            if let why = typeProblem(fields.type) ?? NoteText.validate(fields.note).map({ .invalidNote($0) }) {
                items.append(.kept(bytes: bytes))
                return problem(index, why)
            }
            typed.append((items.count, index + 1, fields, syntax.type))
            items.append(.kept(bytes: bytes))
        }
    }

    private func typeProblem(_ type: String) -> DayNoteProblem.Reason? {
        if reading.types.loggable.contains(type) { return nil }
        return reading.types.icons[type] != nil ? .removedType(type) : .unknownType(type)
    }

    /// One entry's lines: the same as alog wrote them (nothing), one changed version (an edit),
    /// or several lines that say different things (a copied line, a merge that left both): none
    /// is read, all are kept as written, and the problem names every one of them. Copies that
    /// say the same are one line.
    private mutating func settle(_ id: EventID) {
        let copies = occurrences[id]!
        let entry = current[id]!
        let wrote =
            baselineIsNote ? copies[0].fields : wroteLines?[id]?.fields ?? reading.fields(of: written[id] ?? entry)
        var distinct: [DayNoteFields] = []
        for copy in copies where !distinct.contains(copy.fields) { distinct.append(copy.fields) }
        let versions = distinct.filter { $0 != wrote }
        let anchor = copies[0].item
        guard case .entry(_, let anchorBytes, _) = items[anchor] else { return }
        if distinct.count > 1 {
            problem(copies[0].line - 1, .conflictingCopies(id, lines: copies.map(\.line)))
            for copy in copies {
                guard case .entry(_, let bytes, _) = items[copy.item] else { continue }
                items[copy.item] = .entry(id, bytes: bytes, state: .conflicting)
            }
            return
        }
        // Copies that say the same are one line (the first).
        for copy in copies.dropFirst() { items[copy.item] = nil }
        guard let version = versions.first else { return }
        if let why = edit(entry, from: wrote, to: version, line: copies[0].line) {
            changes.problems.append(
                DayNoteProblem(
                    line: copies[0].line, text: String(decoding: anchorBytes, as: UTF8.self), reason: why))
            items[anchor] = .entry(id, bytes: anchorBytes, state: .conflicting)
        } else {
            items[anchor] = .entry(id, bytes: anchorBytes, state: .edited(version))
        }
    }

    /// The edit from `wrote` to `line`, recorded; or why it cannot be made.
    private mutating func edit(
        _ entry: DayNoteEntry, from wrote: DayNoteFields, to line: DayNoteFields, line number: Int
    )
        -> DayNoteProblem.Reason?
    {
        if line.end.isTimed != wrote.end.isTimed {
            return entry.isTimed ? .timerNeedsEnd(entry.id) : .endOnInstant(entry.id)
        }
        if line.type != wrote.type, let why = typeProblem(line.type) { return why }
        if line.note != wrote.note, let why = NoteText.validate(line.note) { return .invalidNote(why) }
        changes.edits.append(
            DayNoteEdit(
                id: entry.id, line: number, start: line.start != wrote.start ? line.start : nil,
                end: line.end != wrote.end ? line.end : nil, type: line.type != wrote.type ? line.type : nil,
                note: line.note != wrote.note ? line.note : nil, tagsOn: line.tags.filter { !wrote.tags.contains($0) },
                tagsOff: wrote.tags.filter { !line.tags.contains($0) }))
        return nil
    }

    /// Each typed line's id: the first of `DayNoteID`'s ids for its text that nothing has yet.
    /// An id that is an entry of the day with no line in the note is that line's own entry
    /// (logged by another device, whose write-back a merge lost): it is not logged again.
    mutating func assignTypedIDs(isTaken: (EventID) -> Bool) {
        var taken = idsInNote
        for line in typed {
            let text = DayNoteID.normalizedText(line.fields, writtenType: line.writtenType)
            var ordinal = 0
            while true {
                let id = DayNoteID.forTypedLine(date: reading.date, text: text, ordinal: ordinal)
                ordinal += 1
                if current[id] != nil, !taken.contains(id), !idsOutside.contains(id) {
                    taken.insert(id)
                    occurrences[id] = [(line.item, line.line, line.fields)]
                    items[line.item] = .entry(id, bytes: document.content(line.line - 1), state: .unchanged)
                    break
                }
                if taken.contains(id) || current[id] != nil || isTaken(id) { continue }
                taken.insert(id)
                items[line.item] = .entry(id, bytes: document.content(line.line - 1), state: .typed)
                let fields = line.fields
                changes.logs.append(
                    DayNoteLog(
                        id: id, line: line.line, type: fields.type, start: fields.start, end: fields.end,
                        note: fields.note.isEmpty ? nil : fields.note, tags: fields.tags))
                break
            }
        }
    }

    /// The entries alog wrote a line for that the region no longer has; none unless both
    /// markers are intact.
    mutating func findDeletes() {
        guard case .intact = document.region, !baselineIsNote else { return }
        for (id, entry) in current.sorted(by: { DayNoteEntry.startsFirst($0.value, $1.value) })
        where (wroteLines.map { $0[id] != nil } ?? (written[id] != nil)) && occurrences[id] == nil
            && !idsOutside.contains(id)
        {
            let wrote = written[id] ?? entry
            let text = wroteLines?[id]?.text ?? DayNoteLine.render(wrote, icon: reading.types.icon(of: wrote.type))
            changes.deletes.append(DayNoteDelete(id: id, text: text))
        }
    }
}
