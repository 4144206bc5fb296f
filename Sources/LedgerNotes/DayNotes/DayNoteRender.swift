public import LedgerCore

extension DayNote {
    /// The day note's bytes for `entries`: the existing note (`over`, as `read` read it) with
    /// only the ledger's frontmatter keys and the region's entry lines written anew, every other
    /// byte kept; or, with no note yet, a new one (frontmatter and region).
    ///
    /// The region lists the entries by start, one line each. The lines `read` did not take in
    /// (unreadable, indented, blank, an edit or a typed line the ledger did not take) stay where
    /// they were: after the entry line they followed, or first. A typed line whose log is among
    /// `entries` becomes that entry's line. The note's line breaks (`\r\n` when its first line
    /// ends so) are used for the lines alog writes.
    ///
    /// - Parameter entries: the live entries of the day after the changes `read` found were
    ///   recorded (`DayNoteEntry.day`).
    public static func render(
        date: CivilDate, entries: [DayNoteEntry], types: DayNoteTypes, over reading: DayNoteReading?
    ) -> [UInt8] {
        render(date: date, entries: entries, types: types, over: reading, leavingOut: [])
    }

    /// `render`, with the lines of `leavingOut` not written (the merge leaves a removed line
    /// removed, for the next `read` to delete).
    static func render(
        date: CivilDate, entries: [DayNoteEntry], types: DayNoteTypes, over reading: DayNoteReading?,
        leavingOut: Set<EventID>
    ) -> [UInt8] {
        let sorted = entries.filter { !leavingOut.contains($0.id) }.inStartOrder()
        let keys = DayNoteFrontmatter.keys(date: date, entries: sorted)
        let region = regionLines(sorted, types: types, over: reading)
        guard let document = reading?.document else {
            var out: [UInt8] = []
            for line in ["---"] + keys + ["---", DayNoteDocument.beginMarker] { out += Array(line.utf8) + [0x0A] }
            for line in region { out += line + [0x0A] }
            return out + Array(DayNoteDocument.endMarker.utf8) + [0x0A]
        }
        return assemble(document, keys: keys, region: region)
    }

    /// The region's lines, without their line breaks.
    private static func regionLines(_ sorted: [DayNoteEntry], types: DayNoteTypes, over reading: DayNoteReading?)
        -> [[UInt8]]
    {
        var byID: [EventID: DayNoteEntry] = [:]
        var written: [EventID: [UInt8]] = [:]
        for entry in sorted {
            byID[entry.id] = entry
            written[entry.id] = DayNoteLine.renderBytes(entry, icon: types.icon(of: entry.type))
        }
        // A kept line that is exactly an entry's line (a copy a merge brought) is that line.
        let entryLines = Set(written.values)
        var head: [[UInt8]] = []
        var after: [EventID: [[UInt8]]] = [:]
        var asWritten: [EventID: [UInt8]] = [:]
        var placed: Set<EventID> = []
        var anchor: EventID?
        func keep(_ bytes: [UInt8], always: Bool = false) {
            if !always, entryLines.contains(bytes) { return }
            if let anchor { after[anchor, default: []].append(bytes) } else { head.append(bytes) }
        }
        for item in reading?.items ?? [] {
            switch item {
            case .kept(let bytes): keep(bytes)
            case .entry(let id, let bytes, let state):
                guard let entry = byID[id], !placed.contains(id) else {
                    // A line for an entry gone from the day, or a second line for one: the user's
                    // words (an edit, a conflict, a typed line not logged) are kept; a line as
                    // alog wrote it, or a typed line whose entry is already listed, is dropped.
                    // Lines that disagree about one entry stay as they are, every one of them.
                    let usersWords = state != .unchanged && (state != .typed || byID[id] == nil)
                    if usersWords { keep(bytes, always: state == .conflicting) }
                    continue
                }
                placed.insert(id)
                anchor = id
                switch state {
                case .unchanged, .typed: break
                case .conflicting: asWritten[id] = bytes
                case .edited(let fields):
                    if reading!.fields(of: entry) != fields { asWritten[id] = bytes }
                }
            }
        }
        var lines = head
        for entry in sorted {
            lines.append(asWritten[entry.id] ?? written[entry.id]!)
            lines += after[entry.id] ?? []
        }
        return lines
    }

    /// The note with its ledger keys and region replaced.
    private static func assemble(_ document: DayNoteDocument, keys: [String], region: [[UInt8]]) -> [UInt8] {
        let newline = document.newline
        var out: [UInt8] = []
        out.reserveCapacity(document.bytes.count + 256)
        func line(_ text: some Sequence<UInt8>) { out += text + newline }
        func keyLines() { for key in keys { line(key.utf8) } }
        if let frontmatter = document.frontmatter {
            out += document.whole(0)
            var wroteKeys = false
            var inLedgerKey = false
            for index in frontmatter.yaml {
                let text = document.text(index)
                if DayNoteFrontmatter.isLedgerKey(text) {
                    if !wroteKeys { keyLines() }
                    (wroteKeys, inLedgerKey) = (true, true)
                    continue
                }
                if inLedgerKey, DayNoteFrontmatter.continuesKey(text) { continue }
                inLedgerKey = false
                out += document.whole(index)
            }
            if !wroteKeys { keyLines() }
            out += document.whole(frontmatter.closing)
            if document.lines[frontmatter.closing].terminator.isEmpty { out += newline }
        } else {
            line("---".utf8)
            keyLines()
            line("---".utf8)
        }
        func writeRegion(endTerminator: [UInt8]) {
            line(DayNoteDocument.beginMarker.utf8)
            for bytes in region { line(bytes) }
            out += DayNoteDocument.endMarker.utf8
            out += endTerminator
        }
        let body = document.bodyStart..<document.lines.count
        guard let span = document.regionSpan else {
            for index in body { out += document.whole(index) }
            if let last = body.last {
                if document.lines[last].terminator.isEmpty { out += newline }
                if !DayNoteLine.trimmed(document.text(last)[...]).isEmpty { out += newline }
            }
            writeRegion(endTerminator: newline)
            return out
        }
        for index in body.lowerBound..<span.lowerBound { out += document.whole(index) }
        let endTerminator = Array(document.bytes[document.lines[span.upperBound].terminator])
        writeRegion(
            endTerminator: endTerminator.isEmpty && span.upperBound + 1 < body.upperBound ? newline : endTerminator)
        for index in span.upperBound + 1..<body.upperBound { out += document.whole(index) }
        return out
    }
}
