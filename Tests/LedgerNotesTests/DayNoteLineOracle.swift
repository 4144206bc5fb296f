@testable import LedgerCore
@testable import LedgerNotes

/// The day notes' line reading as it was before it read bytes (`String` and its scalars, a
/// `String` per line), kept as the reference the byte reading must agree with
/// (`DayNoteBytesTests`). Copied unchanged but for names: `Kind`, `Syntax`, `Marker` and
/// `Region` are the module's own.
enum DayNoteLineOracle {
    typealias Kind = DayNoteLine.Kind
    typealias Syntax = DayNoteLine.Syntax
    typealias Marker = DayNoteDocument.Marker
    typealias Region = DayNoteDocument.Region

    /// The lines of a note as the old `DayNoteDocument` cut them (without line breaks), as text.
    static func lines(_ bytes: [UInt8]) -> [String] {
        var lines: [String] = []
        var start = 0
        for (index, byte) in bytes.enumerated() where byte == 0x0A {
            let contentEnd = index > start && bytes[index - 1] == 0x0D ? index - 1 : index
            lines.append(String(decoding: bytes[start..<contentEnd], as: UTF8.self))
            start = index + 1
        }
        if start < bytes.count { lines.append(String(decoding: bytes[start...], as: UTF8.self)) }
        return lines
    }

    /// The old `DayNoteDocument`'s frontmatter and region of a note.
    static func document(_ bytes: [UInt8], isEntry: (EventID) -> Bool) -> (
        frontmatter: (yaml: Range<Int>, closing: Int)?, region: Region
    ) {
        let lines = lines(bytes).map { Line(text: $0) }
        let frontmatter = findFrontmatter(lines)
        return (frontmatter, findRegion(lines, from: frontmatter.map { $0.closing + 1 } ?? 0, isEntry: isEntry))
    }

    struct Line { var text: String }

    static func parse(_ line: String) -> Kind {
        let s = Array(line.unicodeScalars)
        if s.allSatisfy({ $0 == " " || $0 == "\t" }) { return .blank }
        if s[0] == " " || s[0] == "\t" { return .indented }
        guard s.count >= 2, "-*+".unicodeScalars.contains(s[0]), s[1] == " " else { return .unreadable(.notAnEntry) }
        var i = 2
        skipSpaces(s, &i)
        guard i < s.count, isDigit(s[i]) else { return .unreadable(.notAnEntry) }
        guard let (hour, minute) = clock(s, &i) else { return .unreadable(.invalidTime(word(s, from: i))) }
        var end = Syntax.End.none
        var j = i
        skipSpaces(s, &j)
        if j < s.count, isDash(s[j]) {
            // `09:00–` runs; a dash with spaces before it needs an end (`12:30 - meal` is no window).
            let attached = j == i
            j += 1
            skipSpaces(s, &j)
            i = j
            end = .open
            if i < s.count, isDigit(s[i]) {
                let at = i
                guard let parsed = endClock(s, &i) else { return .unreadable(.invalidTime(word(s, from: at))) }
                end = parsed
            } else if !attached {
                return .unreadable(.missingEnd)
            }
        }
        let afterTime = i
        skipSpaces(s, &i)
        guard i > afterTime || end == .open, i < s.count else {
            return i < s.count ? .unreadable(.invalidTime(word(s, from: 2))) : .unreadable(.missingType)
        }
        let typeStart = i
        while i < s.count, s[i] != " ", s[i] != "\t" { i += 1 }
        let type = String(String.UnicodeScalarView(s[typeStart..<i]))
        if let why = ActivityTypes.validateName(type.lowercased()) { return .unreadable(.invalidType(type, why)) }
        let restText = String(String.UnicodeScalarView(s[i...]))
        var rest = trimmed(restText[...])
        var id: EventID?
        let lastWordStart = rest.lastIndex(where: { $0 == " " || $0 == "\t" }).map { rest.index(after: $0) }
        let lastWord = rest[(lastWordStart ?? rest.startIndex)...]
        if lastWord.hasPrefix("^"), let parsed = EventID(lastWord.dropFirst()) {
            id = parsed
            rest = trimmed(rest[..<lastWord.startIndex])
        }
        return .entry(Syntax(hour: hour, minute: minute, end: end, type: type, rest: rest, id: id))
    }

    static func isDigit(_ s: Unicode.Scalar) -> Bool { ("0"..."9").contains(s) }
    static func isDash(_ s: Unicode.Scalar) -> Bool { s == "-" || s == "–" || s == "—" }
    static func skipSpaces(_ s: [Unicode.Scalar], _ i: inout Int) {
        while i < s.count, s[i] == " " || s[i] == "\t" { i += 1 }
    }

    /// The word (up to a space) at `start`, for a message.
    static func word(_ s: [Unicode.Scalar], from start: Int) -> String {
        var end = start
        while end < s.count, s[end] != " ", s[end] != "\t" { end += 1 }
        return String(String.UnicodeScalarView(s[start..<end]))
    }

    static func number(_ s: [Unicode.Scalar], _ i: inout Int, digits: ClosedRange<Int>) -> Int? {
        var value = 0
        var count = 0
        while i < s.count, isDigit(s[i]), count < digits.upperBound {
            value = value * 10 + Int(s[i].value - 48)
            count += 1
            i += 1
        }
        return digits.contains(count) ? value : nil
    }

    /// `H:MM` or `HH:MM`, not followed by another digit or `:`.
    static func clock(_ s: [Unicode.Scalar], _ i: inout Int) -> (Int, Int)? {
        var j = i
        guard let hour = number(s, &j, digits: 1...2), j < s.count, s[j] == ":" else { return nil }
        j += 1
        guard let minute = number(s, &j, digits: 2...2), hour < 24, minute < 60 else { return nil }
        if j < s.count, isDigit(s[j]) || s[j] == ":" { return nil }
        i = j
        return (hour, minute)
    }

    /// A window's end: `HH:MM` or `YYYY-MM-DDTHH:MM`.
    static func endClock(_ s: [Unicode.Scalar], _ i: inout Int) -> Syntax.End? {
        var j = i
        if let (hour, minute) = clock(s, &j) {
            i = j
            return .clock(hour: hour, minute: minute)
        }
        j = i
        guard let year = number(s, &j, digits: 4...4), j < s.count, s[j] == "-" else { return nil }
        j += 1
        guard let month = number(s, &j, digits: 2...2), j < s.count, s[j] == "-" else { return nil }
        j += 1
        guard let day = number(s, &j, digits: 2...2), j < s.count, s[j] == "T" else { return nil }
        j += 1
        let date = CivilDate(year: year, month: month, day: day)
        guard date.isValid, let (hour, minute) = clock(s, &j) else { return nil }
        i = j
        return .dated(date, hour: hour, minute: minute)
    }

    static func trimmed(_ text: Substring) -> Substring {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = text.firstIndex(where: { !isSpace($0) }), let last = text.lastIndex(where: { !isSpace($0) })
        else { return text[text.endIndex...] }
        return text[first...last]
    }

    static func marker(_ text: String) -> Marker? {
        let line = trimmed(text[...])
        guard line.count >= 4, line.hasPrefix("%%"), line.hasSuffix("%%") else { return nil }
        let inner = trimmed(line.dropFirst(2).dropLast(2))
        if inner == "alog:begin" || inner.hasPrefix("alog:begin ") { return .begin }
        if inner == "alog:end" || inner.hasPrefix("alog:end ") { return .end }
        return nil
    }

    static func findFrontmatter(_ lines: [Line]) -> (yaml: Range<Int>, closing: Int)? {
        guard let first = lines.first, trimmedEnd(first.text) == "---" else { return nil }
        guard
            let closing = lines.indices.dropFirst().first(where: {
                ["---", "..."].contains(trimmedEnd(lines[$0].text))
            })
        else { return nil }
        return (1..<closing, closing)
    }

    static func findRegion(_ lines: [Line], from bodyStart: Int, isEntry: (EventID) -> Bool) -> Region {
        var begins: [Int] = []
        var ends: [Int] = []
        var entryLines: [Int] = []
        for index in bodyStart..<lines.count {
            switch marker(lines[index].text) {
            case .begin: begins.append(index)
            case .end: ends.append(index)
            case nil:
                if case .entry(let syntax) = DayNoteLine.parse(lines[index].text), let id = syntax.id, isEntry(id) {
                    entryLines.append(index)
                }
            }
        }
        if begins.count == 1, ends.count == 1, begins[0] < ends[0] { return .intact(begin: begins[0], end: ends[0]) }
        let markers = (begins + ends).sorted()
        guard !markers.isEmpty || !entryLines.isEmpty else { return .absent }
        let damage: DayNoteProblem.MarkerDamage =
            begins.count > 1 || ends.count > 1
            ? .repeated
            : begins.isEmpty && ends.isEmpty
                ? .bothMissing : begins.isEmpty ? .beginMissing : ends.isEmpty ? .endMissing : .endBeforeBegin
        let span = markers + entryLines
        return .damaged(first: span.min()!, last: span.max()!, damage, reportedAt: markers.first ?? entryLines[0])
    }

    static func trimmedEnd(_ text: String) -> Substring {
        var text = text[...]
        while let last = text.last, last == " " || last == "\t" { text = text.dropLast() }
        return text
    }
}
