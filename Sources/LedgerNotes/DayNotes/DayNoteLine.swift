internal import LedgerCore

/// The one-line form of an entry in a day note's region, written and read.
///
/// Written: `- 07:00 wake ☀️ ^7k2m9q4x8c3p` (an instant), `- 09:00–10:30 work 💼 call ^…` (a
/// timer), `- 09:00– work 💼 ^…` (a running timer), `- 23:00–07:10 sleep 🌙 ^…` (an end earlier
/// in the day than the start is on the next day), `- 09:00–2026-11-25T10:30 work 💼 ^…` (an end
/// further away). The type's icon always follows the type; the entry's tags follow the icon as
/// the command line writes them (`+deep +"Deep Focus"`), then the note (`DayNoteText`; a note
/// that starts with `+` has it escaped, so it is never read as a tag); the entry id ends the
/// line as an Obsidian block id.
///
/// Read: a bullet `-`, `*` or `+` at the start of the line and a space; a time `HH:MM` or
/// `H:MM`; for a window `–`, `—` or `-` (spaces around it allowed) and an end as above, or, right
/// after the start, none (running); a type name in any case; then the icon, when it is the type's, is skipped; the
/// words that start with `+` and are tags are the tags; the rest is the note; a last word `^` +
/// an entry id is the block id.
enum DayNoteLine {
    static func render(_ entry: DayNoteEntry, icon: String) -> String {
        String(decoding: renderBytes(entry, icon: icon), as: UTF8.self)
    }

    /// `render`'s line as UTF-8 bytes, built as bytes (joining strings cost ~6,000
    /// instructions a line, on every line of the day's note at every write).
    static func renderBytes(_ entry: DayNoteEntry, icon: String) -> [UInt8] {
        let start = DayNoteClock(entry.start)
        var line: [UInt8] = []
        line.reserveCapacity(40 + entry.type.utf8.count + icon.utf8.count + (entry.note?.utf8.count ?? 0))
        line += [UInt8(ascii: "-"), LineBytes.space]
        LocalInstant.appendClock(start.minuteOfDay * 60, seconds: false, to: &line)
        if entry.isTimed {
            line += "–".utf8
            if let end = entry.end.map(DayNoteClock.init) { line += endText(end, after: start).utf8 }
        }
        line.append(LineBytes.space)
        line += entry.type.utf8
        line.append(LineBytes.space)
        line += icon.utf8
        for tag in entry.tags {
            line.append(LineBytes.space)
            line += DayNoteTags.token(tag).utf8
        }
        if let note = entry.note {
            line.append(LineBytes.space)
            let text = DayNoteText.encoded(note)
            // A `+` that starts the note would read as a tag.
            line += (text.hasPrefix("+") ? "\\u{2B}" + text.dropFirst() : text[...]).utf8
        }
        line += [LineBytes.space, UInt8(ascii: "^")]
        entry.id.appendDescription(to: &line)
        return line
    }

    /// `HH:MM` when reading it back after `start` gives `end` again, else `YYYY-MM-DDTHH:MM`.
    static func endText(_ end: DayNoteClock, after start: DayNoteClock) -> String {
        let sameDay = end.date == start.date && end.minuteOfDay >= start.minuteOfDay
        let nextDay = end.date == start.date.adding(days: 1) && end.minuteOfDay < start.minuteOfDay
        return sameDay || nextDay ? end.text : end.date.iso + "T" + end.text
    }

    /// A line's words, before the catalog and the entries give them meaning.
    struct Syntax: Equatable {
        var hour: Int
        var minute: Int
        var end: End
        /// The type as written.
        var type: String
        /// What follows the type (icon and note), trimmed, without the block id.
        var rest: Substring
        var id: EventID?

        enum End: Equatable {
            case none, open
            case clock(hour: Int, minute: Int)
            case dated(CivilDate, hour: Int, minute: Int)
        }
    }

    enum Kind: Equatable {
        /// Empty, or only spaces.
        case blank
        /// Starts with a space or a tab: belongs to the line above (a sub-item, a continuation).
        case indented
        case entry(Syntax)
        case unreadable(DayNoteProblem.Reason)
    }

    static func parse(_ line: String) -> Kind {
        var line = line
        return line.withUTF8 { parse($0) }
    }

    static func parse(_ line: ArraySlice<UInt8>) -> Kind {
        line.withUnsafeBufferPointer { parse($0) }
    }

    /// Reads a line from its UTF-8 bytes (without its line break), as `String(decoding:)` of
    /// them reads: bytes that are not UTF-8 stand for U+FFFD. Only the type and the rest are
    /// made strings; the words around them are found on the bytes (a space or a tab ends a word
    /// exactly where it ends one among the scalars, and spaces are trimmed as characters: see
    /// `LineBytes.isLoneBlank`).
    static func parse(_ s: UnsafeBufferPointer<UInt8>) -> Kind {
        if s.allSatisfy({ $0 == LineBytes.space || $0 == LineBytes.tab }) { return .blank }
        if s[0] == LineBytes.space || s[0] == LineBytes.tab { return .indented }
        guard s.count >= 2, s[0] == UInt8(ascii: "-") || s[0] == UInt8(ascii: "*") || s[0] == UInt8(ascii: "+"),
            s[1] == LineBytes.space
        else { return .unreadable(.notAnEntry) }
        var i = 2
        skipSpaces(s, &i)
        guard i < s.count, isDigit(s[i]) else { return .unreadable(.notAnEntry) }
        guard let (hour, minute) = clock(s, &i) else { return .unreadable(.invalidTime(word(s, from: i))) }
        var end = Syntax.End.none
        var j = i
        skipSpaces(s, &j)
        if let dash = dashLength(s, at: j) {
            // `09:00–` runs; a dash with spaces before it needs an end (`12:30 - meal` is no window).
            let attached = j == i
            j += dash
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
        while i < s.count, s[i] != LineBytes.space, s[i] != LineBytes.tab { i += 1 }
        let type = LineBytes.string(s, typeStart..<i)
        if let why = ActivityTypes.validateName(type.lowercased()) { return .unreadable(.invalidType(type, why)) }
        // The rest, trimmed; its last word, when `^` and an entry id, is the block id.
        var rest = LineBytes.trimmed(s, i..<s.count)
        var id: EventID?
        var lastWord = rest.lowerBound
        var index = rest.upperBound
        while index > rest.lowerBound {
            index -= 1
            if LineBytes.isLoneBlank(s, index, in: rest) {
                lastWord = index + 1
                break
            }
        }
        if lastWord < rest.upperBound, s[lastWord] == UInt8(ascii: "^"),
            let parsed = EventID(
                bytes: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: s[(lastWord + 1)..<rest.upperBound])))
        {
            id = parsed
            rest = LineBytes.trimmed(s, rest.lowerBound..<lastWord)
        }
        return .entry(
            Syntax(hour: hour, minute: minute, end: end, type: type, rest: Substring(LineBytes.string(s, rest)), id: id)
        )
    }

    /// What a line says, given the note's date and the catalog: its start and end on the wall
    /// clock, the type as the ledger names it, the note. `generated` lines (with a block id)
    /// always had an icon after the type, so a first word without letters or digits is taken
    /// for the icon of an earlier style of the type.
    static func fields(_ syntax: Syntax, date: CivilDate, dayStart: Int, types: DayNoteTypes, generated: Bool)
        -> DayNoteFields
    {
        let startDate = syntax.hour * 3600 + syntax.minute * 60 < dayStart ? date.adding(days: 1) : date
        let start = DayNoteClock(date: startDate, hour: syntax.hour, minute: syntax.minute)
        let end: DayNoteEnd
        switch syntax.end {
        case .none: end = .instant
        case .open: end = .running
        case .clock(let hour, let minute):
            let later = hour * 60 + minute >= start.minuteOfDay
            end = .at(DayNoteClock(date: later ? startDate : startDate.adding(days: 1), hour: hour, minute: minute))
        case .dated(let endDate, let hour, let minute):
            end = .at(DayNoteClock(date: endDate, hour: hour, minute: minute))
        }
        let type = types.resolve(syntax.type)
        let text = note(syntax.rest, icon: types.icon(of: type), generated: generated)
        let (tags, rest) = DayNoteTags.leading(text)
        return DayNoteFields(
            start: start, end: end, type: type, note: DayNoteText.decoded(rest), tags: tags,
            typedNote: DayNoteText.decoded(text))
    }

    /// The note's text in `rest`: after the icon.
    private static func note(_ rest: Substring, icon: String, generated: Bool) -> Substring {
        if rest == icon[...] { return "" }
        if rest.hasPrefix(icon + " ") { return trimmed(rest.dropFirst(icon.count + 1)) }
        guard generated else { return rest }
        let firstWord = rest.prefix { $0 != " " && $0 != "\t" }
        let symbolOnly = firstWord.unicodeScalars.allSatisfy {
            !$0.properties.isAlphabetic && $0.properties.numericType == nil && $0 != "\\"
        }
        return symbolOnly ? trimmed(rest.dropFirst(firstWord.count)) : rest
    }

    // MARK: - Scanning

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    /// `-`, `–` or `—` at `index`: how many bytes it takes.
    private static func dashLength(_ s: UnsafeBufferPointer<UInt8>, at index: Int) -> Int? {
        guard index < s.count else { return nil }
        if s[index] == UInt8(ascii: "-") { return 1 }
        // U+2013 and U+2014: E2 80 93, E2 80 94.
        guard index + 2 < s.count, s[index] == 0xE2, s[index + 1] == 0x80, s[index + 2] == 0x93 || s[index + 2] == 0x94
        else { return nil }
        return 3
    }

    private static func skipSpaces(_ s: UnsafeBufferPointer<UInt8>, _ i: inout Int) {
        while i < s.count, s[i] == LineBytes.space || s[i] == LineBytes.tab { i += 1 }
    }

    /// The word (up to a space) at `start`, for a message.
    private static func word(_ s: UnsafeBufferPointer<UInt8>, from start: Int) -> String {
        var end = start
        while end < s.count, s[end] != LineBytes.space, s[end] != LineBytes.tab { end += 1 }
        return LineBytes.string(s, start..<end)
    }

    private static func number(_ s: UnsafeBufferPointer<UInt8>, _ i: inout Int, digits: ClosedRange<Int>) -> Int? {
        var value = 0
        var count = 0
        while i < s.count, isDigit(s[i]), count < digits.upperBound {
            value = value * 10 + Int(s[i] - 48)
            count += 1
            i += 1
        }
        return digits.contains(count) ? value : nil
    }

    /// `H:MM` or `HH:MM`, not followed by another digit or `:`.
    private static func clock(_ s: UnsafeBufferPointer<UInt8>, _ i: inout Int) -> (Int, Int)? {
        var j = i
        guard let hour = number(s, &j, digits: 1...2), j < s.count, s[j] == UInt8(ascii: ":") else { return nil }
        j += 1
        guard let minute = number(s, &j, digits: 2...2), hour < 24, minute < 60 else { return nil }
        if j < s.count, isDigit(s[j]) || s[j] == UInt8(ascii: ":") { return nil }
        i = j
        return (hour, minute)
    }

    /// A window's end: `HH:MM` or `YYYY-MM-DDTHH:MM`.
    private static func endClock(_ s: UnsafeBufferPointer<UInt8>, _ i: inout Int) -> Syntax.End? {
        var j = i
        if let (hour, minute) = clock(s, &j) {
            i = j
            return .clock(hour: hour, minute: minute)
        }
        j = i
        guard let year = number(s, &j, digits: 4...4), j < s.count, s[j] == UInt8(ascii: "-") else { return nil }
        j += 1
        guard let month = number(s, &j, digits: 2...2), j < s.count, s[j] == UInt8(ascii: "-") else { return nil }
        j += 1
        guard let day = number(s, &j, digits: 2...2), j < s.count, s[j] == UInt8(ascii: "T") else { return nil }
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
}

/// What a line of the region says.
struct DayNoteFields: Equatable {
    var start: DayNoteClock
    var end: DayNoteEnd
    var type: String
    /// Empty: no note.
    var note: String
    /// The tags, in `Tags.precedes` order, without repeats.
    var tags: [String] = []
    /// The note with the tags' words in it, as an alog before tags in day notes read it: what a
    /// typed line's id is derived from (`DayNoteID`), so every version logs a line once.
    var typedNote: String = ""

    static func == (a: DayNoteFields, b: DayNoteFields) -> Bool {
        a.start == b.start && a.end == b.end && a.type == b.type && a.note == b.note && a.tags == b.tags
    }
}

/// An entry's tags in its day-note line: `+deep`, or `+"Deep Focus"` for a tag with a space
/// or a quote in it (`\"` inside the quotes); the characters a note escapes (`DayNoteText`) are
/// escaped the same way.
enum DayNoteTags {
    static func token(_ tag: String) -> String {
        let text = DayNoteText.encoded(tag)
        guard text.contains(where: { $0 == " " || $0 == "\t" || $0 == "\"" }) else { return "+" + text }
        var quoted = "+\""
        for character in text {
            if character == "\"" { quoted += "\\" }
            quoted.append(character)
        }
        return quoted + "\""
    }

    /// The tags that start `text` (words `+tag` or `+"tag"`, each a valid tag) and the text
    /// after them, trimmed. A word that is not a tag (`+`, `+ 1`, a `+"` without its end) ends
    /// the tags: it and the rest are the note.
    static func leading(_ text: Substring) -> (tags: [String], rest: Substring) {
        var tags: [String] = []
        var rest = DayNoteLine.trimmed(text)
        while rest.first == "+" {
            let body = rest.dropFirst()
            var tag = ""
            var after = body.startIndex
            if body.first == "\"" {
                var index = body.index(after: body.startIndex)
                var closed = false
                while index < body.endIndex {
                    let character = body[index]
                    // `\"` is a quote; any other escape pair is the note's (`DayNoteText`), kept.
                    if character == "\\", body.index(after: index) < body.endIndex {
                        let next = body[body.index(after: index)]
                        if next != "\"" { tag.append(character) }
                        tag.append(next)
                        index = body.index(index, offsetBy: 2)
                        continue
                    }
                    if character == "\"" {
                        closed = true
                        index = body.index(after: index)
                        break
                    }
                    tag.append(character)
                    index = body.index(after: index)
                }
                guard closed, index == body.endIndex || body[index] == " " || body[index] == "\t" else { break }
                after = index
            } else {
                after = body.firstIndex { $0 == " " || $0 == "\t" } ?? body.endIndex
                tag = String(body[..<after])
            }
            let decoded = DayNoteText.decoded(tag[...])
            guard Tags.problem(decoded) == nil else { break }
            if !tags.contains(decoded) { tags.append(decoded) }
            rest = DayNoteLine.trimmed(body[after...])
        }
        return (tags.sorted(by: Tags.precedes), rest)
    }
}

/// How an entry line ends: an instant, a running timer, or a window's end.
public enum DayNoteEnd: Hashable, Sendable {
    case instant
    case running
    case at(DayNoteClock)

    var isTimed: Bool { self != .instant }
}

/// A line's bytes read as its text reads: the pieces `DayNoteLine.parse` needs.
enum LineBytes {
    static let space: UInt8 = 0x20
    static let tab: UInt8 = 0x09

    /// The bytes of `range` as text (`String(decoding:)`: bytes that are not UTF-8 are U+FFFD).
    static func string(_ s: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: s[range]), as: UTF8.self)
    }

    /// `range` without the blanks at either end, as `DayNoteLine.trimmed` trims its text.
    static func trimmed(_ s: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Range<Int> {
        var (start, end) = (range.lowerBound, range.upperBound)
        while start < end, isLoneBlank(s, start, in: start..<end) { start += 1 }
        while end > start, isLoneBlank(s, end - 1, in: start..<end) { end -= 1 }
        return start..<end
    }

    /// Whether the byte at `index` is a space or a tab that is a character of its own in the
    /// text of `range` (what `Character` comparisons with `" "` and `"\t"` find). A tab always
    /// is; a space is unless a mark after it (U+0301, a variation selector) or a prepended
    /// letter before it makes one character with it, which the standard library decides.
    static func isLoneBlank(_ s: UnsafeBufferPointer<UInt8>, _ index: Int, in range: Range<Int>) -> Bool {
        if s[index] == tab { return true }
        guard s[index] == space else { return false }
        if index > range.lowerBound, s[index - 1] >= 0x80,
            let before = string(s, max(range.lowerBound, index - 4)..<index).unicodeScalars.last,
            joined(before, " ")
        {
            return false
        }
        if index + 1 < range.upperBound, s[index + 1] >= 0x80,
            let after = string(s, (index + 1)..<min(range.upperBound, index + 5)).unicodeScalars.first,
            joined(" ", after)
        {
            return false
        }
        return true
    }

    /// Whether two scalars make one character.
    private static func joined(_ first: Unicode.Scalar, _ second: Unicode.Scalar) -> Bool {
        var pair = String.UnicodeScalarView()
        pair.append(first)
        pair.append(second)
        return String(pair).count == 1
    }
}
