internal import LedgerCore

/// A day note's bytes cut into lines, with where its frontmatter and its region are.
struct DayNoteDocument: Sendable {
    struct Line: Sendable {
        /// The line's bytes without its line break.
        var content: Range<Int>
        /// `\n`, `\r\n`, or empty for a last line without one.
        var terminator: Range<Int>
    }

    enum Region: Sendable, Equatable {
        /// One begin marker, then one end marker: the lines between are the region.
        case intact(begin: Int, end: Int)
        /// Markers missing, repeated or out of order: the lines `first...last` (from the first
        /// marker or entry line to the last) are put back as the region, markers dropped.
        case damaged(first: Int, last: Int, DayNoteProblem.MarkerDamage, reportedAt: Int)
        case absent
    }

    static let beginMarker = "%% alog:begin %%"
    static let endMarker = "%% alog:end %%"

    let bytes: [UInt8]
    let lines: [Line]
    /// The note's line break (`\r\n` when its first line ends so), for the lines alog writes.
    let newline: [UInt8]
    /// The YAML lines between the fences, and the closing fence's line.
    let frontmatter: (yaml: Range<Int>, closing: Int)?
    let region: Region
    /// What each line after the frontmatter reads as (`DayNoteLine.parse`), nil for a marker
    /// and the frontmatter's lines: read once, when the region is looked for.
    let kinds: [DayNoteLine.Kind?]

    /// `isEntry` tells which block ids are entries', to find a region whose markers are gone.
    init(_ bytes: [UInt8], isEntry: (EventID) -> Bool) {
        self.bytes = bytes
        var lines: [Line] = []
        var start = 0
        for (index, byte) in bytes.enumerated() where byte == 0x0A {
            let contentEnd = index > start && bytes[index - 1] == 0x0D ? index - 1 : index
            lines.append(Line(content: start..<contentEnd, terminator: contentEnd..<index + 1))
            start = index + 1
        }
        if start < bytes.count {
            lines.append(Line(content: start..<bytes.count, terminator: bytes.count..<bytes.count))
        }
        self.lines = lines
        newline = lines.first.map { $0.terminator.count == 2 } == true ? [0x0D, 0x0A] : [0x0A]
        frontmatter = Self.findFrontmatter(bytes, lines)
        (region, kinds) = Self.findRegion(
            bytes, lines, from: frontmatter.map { $0.closing + 1 } ?? 0, isEntry: isEntry)
    }

    /// A line's text, without its line break (bytes that are not UTF-8 read as U+FFFD).
    func text(_ index: Int) -> String { String(decoding: bytes[lines[index].content], as: UTF8.self) }

    /// What line `index` (after the frontmatter, no marker) reads as.
    func kind(_ index: Int) -> DayNoteLine.Kind {
        kinds[index] ?? DayNoteLine.parse(bytes[lines[index].content])
    }

    /// The first line after the frontmatter.
    var bodyStart: Int { frontmatter.map { $0.closing + 1 } ?? 0 }

    /// The lines the region holds, in order (markers left out).
    var regionLines: [Int] {
        switch region {
        case .intact(let begin, let end): return Array(begin + 1..<end)
        case .damaged(let first, let last, _, _): return (first...last).filter { marker($0) == nil }
        case .absent: return []
        }
    }

    /// The lines the region replaces when written again (markers included).
    var regionSpan: ClosedRange<Int>? {
        switch region {
        case .intact(let begin, let end): return begin...end
        case .damaged(let first, let last, _, _): return first...last
        case .absent: return nil
        }
    }

    func content(_ index: Int) -> [UInt8] { Array(bytes[lines[index].content]) }
    func whole(_ index: Int) -> ArraySlice<UInt8> {
        bytes[lines[index].content.lowerBound..<lines[index].terminator.upperBound]
    }

    // MARK: - Finding the parts

    private static func findFrontmatter(_ bytes: [UInt8], _ lines: [Line]) -> (yaml: Range<Int>, closing: Int)? {
        // A fence's bytes start with `---` or `...` (a quick look before the text's).
        func fence(_ index: Int, _ texts: [Substring]) -> Bool {
            let content = lines[index].content
            guard content.count >= 3 else { return false }
            let (a, b, c) = (bytes[content.lowerBound], bytes[content.lowerBound + 1], bytes[content.lowerBound + 2])
            guard a == b, b == c, a == UInt8(ascii: "-") || a == UInt8(ascii: ".") else { return false }
            return texts.contains(trimmedEnd(String(decoding: bytes[content], as: UTF8.self)))
        }
        guard !lines.isEmpty, fence(0, ["---"]) else { return nil }
        guard let closing = lines.indices.dropFirst().first(where: { fence($0, ["---", "..."]) }) else { return nil }
        return (1..<closing, closing)
    }

    enum Marker { case begin, end }

    /// The marker line `index` is, if any.
    func marker(_ index: Int) -> Marker? { Self.marker(bytes[lines[index].content]) }

    /// `marker(_:)` of a line's bytes: only a line with `%%` in it is read as text.
    static func marker(_ line: ArraySlice<UInt8>) -> Marker? {
        guard line.count >= 4,
            line.indices.dropLast().contains(where: { line[$0] == 0x25 && line[$0 + 1] == 0x25 })
        else { return nil }
        return marker(String(decoding: line, as: UTF8.self))
    }

    /// `%% alog:begin %%` or `%% alog:end %%` (spaces around, and words after the name, allowed).
    static func marker(_ text: String) -> Marker? {
        let line = DayNoteLine.trimmed(text[...])
        guard line.count >= 4, line.hasPrefix("%%"), line.hasSuffix("%%") else { return nil }
        let inner = DayNoteLine.trimmed(line.dropFirst(2).dropLast(2))
        if inner == "alog:begin" || inner.hasPrefix("alog:begin ") { return .begin }
        if inner == "alog:end" || inner.hasPrefix("alog:end ") { return .end }
        return nil
    }

    private static func findRegion(_ bytes: [UInt8], _ lines: [Line], from bodyStart: Int, isEntry: (EventID) -> Bool)
        -> (Region, [DayNoteLine.Kind?])
    {
        var begins: [Int] = []
        var ends: [Int] = []
        var entryLines: [Int] = []
        var kinds = [DayNoteLine.Kind?](repeating: nil, count: lines.count)
        for index in bodyStart..<lines.count {
            switch marker(bytes[lines[index].content]) {
            case .begin: begins.append(index)
            case .end: ends.append(index)
            case nil:
                let kind = DayNoteLine.parse(bytes[lines[index].content])
                kinds[index] = kind
                if case .entry(let syntax) = kind, let id = syntax.id, isEntry(id) {
                    entryLines.append(index)
                }
            }
        }
        if begins.count == 1, ends.count == 1, begins[0] < ends[0] {
            return (.intact(begin: begins[0], end: ends[0]), kinds)
        }
        let markers = (begins + ends).sorted()
        guard !markers.isEmpty || !entryLines.isEmpty else { return (.absent, kinds) }
        let damage: DayNoteProblem.MarkerDamage =
            begins.count > 1 || ends.count > 1
            ? .repeated
            : begins.isEmpty && ends.isEmpty
                ? .bothMissing : begins.isEmpty ? .beginMissing : ends.isEmpty ? .endMissing : .endBeforeBegin
        let span = markers + entryLines
        return (
            .damaged(first: span.min()!, last: span.max()!, damage, reportedAt: markers.first ?? entryLines[0]), kinds
        )
    }

    private static func trimmedEnd(_ text: String) -> Substring {
        var text = text[...]
        while let last = text.last, last == " " || last == "\t" { text = text.dropLast() }
        return text
    }
}
