import Testing

@testable import LedgerCore
@testable import LedgerNotes

/// The day notes read on bytes (`DayNoteLine.parse` of a line's UTF-8, `DayNoteDocument`
/// without a `String` per line) against the reading on text they replaced
/// (`DayNoteLineOracle`): the same answer for every generated line and note, pieces that are
/// not UTF-8, torn lines, `\r\n` and marks that join a space to a character included.
@Suite("Day notes: a line read on its bytes reads as its text did")
struct DayNoteBytesTests {
    typealias F = DayNoteFixture

    /// Pieces a line is made of: the parts of entry lines, and what could make them read
    /// otherwise (marks after a space, a prepended letter before one, joiners, variation
    /// selectors, dashes, block ids, `%%`, bytes that are not UTF-8).
    static let pieces: [[UInt8]] =
        [
            "- ", "* ", "+ ", "-", " ", "  ", "\t", "07:00", "7:05", "23:59", "24:00", "07:5", "07:000", "12:30:",
            "–", "—", "-", " - ", "–10:30", "—2026-11-25T10:30", "-2026-02-30T10:30", "2026-11-25T", "meal", "Meal",
            "café", "語", "work", "x\u{301}", "-bad", "🍽️", "☀️", "💼", "👩‍👩‍👧", "\u{FE0F}", "\u{200D}", "\u{301}",
            " \u{301}", "\u{600}", "\u{600} ", " \u{600}", "\u{903}", " \u{903}", "\u{1F1EB}\u{1F1F7}", "^",
            "^7k2m9q4x8c3p",
            " ^7k2m9q4x8c3p", "^7K2M9Q4X8C3P", "^7k2m9q4x8c3", "^7k2m9q4x8c3pp", "pasta", "\\", "\\n", "%%",
            "%% alog:begin %%", "%% alog:end %%", "%%alog:end%%", "alog:", "---", "...", "\r", "\u{2028}", "\u{202E}",
            "#tag", "[[link]]",
        ].map { Array($0.utf8) } + [
            [0x80], [0xFF], [0xE2, 0x80], [0xE2], [0xC3], [0xF0, 0x9F, 0x8D], [0xED, 0xA0, 0x80],
        ]

    static func randomLine(_ generator: inout DayNoteRandom) -> [UInt8] {
        func piece() -> [UInt8] { pieces.randomElement(using: &generator)! }
        var line: [UInt8]
        switch Int.random(in: 0..<3, using: &generator) {
        case 0:
            // An entry's line as alog writes it, then changed.
            let entries = DayNoteLineTests.randomEntries(&generator)
            let lines = F.note(entries).split(separator: "\n").filter { $0.hasPrefix("- ") }
            line = Array((lines.randomElement(using: &generator) ?? "- 07:00 meal").utf8)
            for _ in 0..<Int.random(in: 0...3, using: &generator) {
                line.insert(contentsOf: piece(), at: Int.random(in: 0...line.count, using: &generator))
            }
        case 1:
            // A typed line: a bullet, a time, maybe an end, a type, then anything.
            line = Array(["- ", "* ", "+ ", "-  "].randomElement(using: &generator)!.utf8)
            line += Array(["07:00", "7:05", "23:59", "12:30"].randomElement(using: &generator)!.utf8)
            if Bool.random(using: &generator) {
                line += Array(["–", "—", "-", " - ", "– "].randomElement(using: &generator)!.utf8)
                if Bool.random(using: &generator) {
                    line += Array(["10:30", "2026-11-24T08:00"].randomElement(using: &generator)!.utf8)
                }
            }
            line += Array([" ", "  ", "\t"].randomElement(using: &generator)!.utf8)
            line += Array(["meal", "Work", "café", "x\u{301}", "swim"].randomElement(using: &generator)!.utf8)
            for _ in 0..<Int.random(in: 0...5, using: &generator) { line += piece() }
        default:
            line = (0..<Int.random(in: 1...8, using: &generator)).flatMap { _ in piece() }
        }
        // Torn: cut anywhere, in the middle of a character too.
        if Int.random(in: 0..<6, using: &generator) == 0 {
            line = Array(line.prefix(Int.random(in: 0...line.count, using: &generator)))
        }
        return line
    }

    /// Exactly the scalars of a reading (`==` on strings would take canonically equivalent
    /// texts for the same).
    static func scalars(_ kind: DayNoteLine.Kind) -> [Unicode.Scalar] {
        Array(String(reflecting: kind).unicodeScalars)
    }

    @Test("every generated line: the same reading, to the scalar, as the text's")
    func lines() {
        var generator = DayNoteRandom(state: 2_026_112_501)
        var entries = 0
        for _ in 0..<20_000 {
            let line = Self.randomLine(&generator)
            let text = String(decoding: line, as: UTF8.self)
            let byBytes = DayNoteLine.parse(line[...])
            let byText = DayNoteLineOracle.parse(text)
            #expect(Self.scalars(byBytes) == Self.scalars(byText), "\(line)")
            #expect(DayNoteDocument.marker(line[...]) == DayNoteLineOracle.marker(text), "\(line)")
            if case .entry = byText { entries += 1 }
        }
        // The generator reaches entry lines, not only unreadable ones.
        #expect(entries > 4_000)
    }

    @Test("a space a mark joins is no blank: kept in the rest, and no end of a word")
    func joinedSpaces() {
        for text in [
            "- 07:00 meal \u{301}pasta", "- 07:00 meal pasta \u{301}^7k2m9q4x8c3p", "- 07:00 meal x\u{600} ",
            "- 07:00 meal 🍽️ ^7k2m9q4x8c3p", "- 07:00 meal\t\u{301}x",
        ] {
            #expect(Self.scalars(DayNoteLine.parse(text)) == Self.scalars(DayNoteLineOracle.parse(text)), "\(text)")
        }
        guard case .entry(let syntax) = DayNoteLine.parse("- 07:00 meal pasta \u{301}^7k2m9q4x8c3p") else {
            Issue.record("not an entry")
            return
        }
        #expect(syntax.id == nil)
    }

    @Test("every generated note: the same frontmatter, region and line readings as the text's")
    func notes() {
        var generator = DayNoteRandom(state: 2_026_112_502)
        for _ in 0..<600 {
            var lines: [[UInt8]] = []
            if Int.random(in: 0..<3, using: &generator) > 0 {
                lines.append(Array(["---", "--- ", "---\t", "...", "-- -"].randomElement(using: &generator)!.utf8))
                for _ in 0..<Int.random(in: 0...3, using: &generator) {
                    lines.append(
                        Array(["tags: [daily]", "alog_entries: 2", "", "---x"].randomElement(using: &generator)!.utf8))
                }
                if Int.random(in: 0..<5, using: &generator) > 0 {
                    lines.append(Array(["---", "...", "--- \t"].randomElement(using: &generator)!.utf8))
                }
            }
            let entries = DayNoteLineTests.randomEntries(&generator)
            let ids = Set(entries.map(\.id))
            for line in F.note(entries).split(separator: "\n", omittingEmptySubsequences: false) {
                lines.append(Array(line.utf8))
                if Int.random(in: 0..<4, using: &generator) == 0 { lines.append(Self.randomLine(&generator)) }
                // Markers dropped or repeated now and then.
                if Int.random(in: 0..<30, using: &generator) == 0 { lines.removeLast() }
            }
            let newline: [UInt8] = Bool.random(using: &generator) ? [0x0D, 0x0A] : [0x0A]
            var bytes = Array(lines.joined(separator: newline))
            if Bool.random(using: &generator) { bytes += newline }
            // Torn: the note cut anywhere.
            if Int.random(in: 0..<5, using: &generator) == 0 {
                bytes = Array(bytes.prefix(Int.random(in: 0...bytes.count, using: &generator)))
            }
            let isEntry = { (id: EventID) in ids.contains(id) }
            let document = DayNoteDocument(bytes, isEntry: isEntry)
            let oracle = DayNoteLineOracle.document(bytes, isEntry: isEntry)
            let texts = DayNoteLineOracle.lines(bytes)
            #expect(document.lines.count == texts.count)
            #expect(document.frontmatter?.yaml == oracle.frontmatter?.yaml)
            #expect(document.frontmatter?.closing == oracle.frontmatter?.closing)
            #expect(document.region == oracle.region, "\(texts)")
            for index in document.lines.indices {
                #expect(Array(document.text(index).unicodeScalars) == Array(texts[index].unicodeScalars))
                guard index >= document.bodyStart, DayNoteLineOracle.marker(texts[index]) == nil else { continue }
                #expect(Self.scalars(document.kind(index)) == Self.scalars(DayNoteLineOracle.parse(texts[index])))
            }
        }
    }
}
