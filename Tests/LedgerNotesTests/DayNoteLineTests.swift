import LedgerCore
import LedgerNotes
import Testing

@Suite("Day notes: one line per entry, read back as written")
struct DayNoteLineTests {
    typealias F = DayNoteFixture

    /// Pieces of notes that could be read as something else: a block id, a dash, an icon, a
    /// marker, an Obsidian comment, escapes, line breaks, edges with spaces.
    static let fragments = [
        "pasta", "語 日本", "café", "👩‍👩‍👧", "^abc", "^7k2m9q4x8c3p", " ^0m1n2p3q4r5s", "–", "—", "-", "09:00–10:30",
        "☀️", "🍽️", "💼", "•", "%%", "%", "%% alog:end %%", "\\", "\\n", "\\u{20}", "\n", "\r\n", "\t", " ", "  ",
        "[[link]]", "#tag", "**bold**", "\u{1B}[31m", "\u{202E}", "\u{2028}", "x", "^", "a ^", "meal",
    ]

    static func randomEntries(_ generator: inout DayNoteRandom) -> [DayNoteEntry] {
        let types = ["wake", "sleep", "meal", "exercise", "work", "reading", "swim", "deep-work", "unstyled"]
        return (0..<Int.random(in: 0...8, using: &generator)).map { _ in
            let start = F.at(
                Int.random(in: 0...23, using: &generator), Int.random(in: 0...59, using: &generator),
                second: Int.random(in: 0...59, using: &generator),
                offset: [3600, 3600, 7200, -18_000, 19_800].randomElement(using: &generator)!)
            let timed = Bool.random(using: &generator)
            var end: LocalInstant?
            if timed, Int.random(in: 0...4, using: &generator) > 0 {
                // Up to three days, so some windows cross midnight and some end days later.
                let length = Int64.random(
                    in: 0...(Bool.random(using: &generator) ? 86_400 : 3 * 86_400), using: &generator)
                let offset = [start.offset, start.offset + 3600].randomElement(using: &generator)!
                end = LocalInstant(seconds: start.seconds + length, offset: offset)
            }
            var note: String?
            if Bool.random(using: &generator) {
                note = (0..<Int.random(in: 1...4, using: &generator))
                    .map { _ in fragments.randomElement(using: &generator)! }.joined()
            }
            return DayNoteEntry(
                id: EventID.random(using: &generator), type: types.randomElement(using: &generator)!, start: start,
                isTimed: timed, end: end, note: note)
        }
    }

    @Test("round trip: every line reads back as its entry; written again, the same bytes")
    func roundTrip() {
        var generator = DayNoteRandom(state: 20_261_123)
        for _ in 0..<400 {
            let entries = Self.randomEntries(&generator)
            let note = F.note(entries)
            let reading = F.read(note, entries)
            #expect(reading.changes == DayNoteChanges(), "\(note)")
            #expect(F.render(reading, entries) == note)
        }
    }

    @Test("round trip, field by field: read against other values, the edits give each field back")
    func fieldsReadBack() {
        var generator = DayNoteRandom(state: 7)
        for _ in 0..<300 {
            // Types a line may name and notes a line may give: anything else is a problem.
            let entries = Self.randomEntries(&generator).map { entry in
                var entry = entry
                if !F.types.loggable.contains(entry.type) { entry.type = "work" }
                if entry.note.map({ NoteText.validate($0) != nil }) == true { entry.note = "x" }
                return entry
            }
            let note = F.note(entries)
            // What alog "wrote" differs in every field, so each line reads as an edit of all.
            let other = entries.map { entry in
                var changed = entry
                changed.start = LocalInstant(seconds: entry.start.seconds + 61, offset: entry.start.offset)
                changed.type = entry.type == "meal" ? "work" : "meal"
                changed.note = (entry.note ?? "") + "!"
                if entry.end != nil {
                    changed.end = LocalInstant(seconds: entry.end!.seconds + 61, offset: entry.end!.offset)
                }
                return changed
            }
            let changes = F.read(note, entries, lastWritten: other).changes
            #expect(changes.problems == [])
            #expect(changes.edits.count == entries.count)
            for edit in changes.edits {
                let entry = entries.first { $0.id == edit.id }!
                #expect(edit.start == DayNoteClock(entry.start))
                #expect(edit.type == entry.type)
                #expect(edit.note == (entry.note ?? ""))
                if let end = entry.end { #expect(edit.end == .at(DayNoteClock(end))) }
            }
        }
    }

    @Test("notes: escapes keep a note on its line, and Obsidian's comments closed")
    func escapes() {
        let entry = DayNoteEntry(
            id: F.id("5e6f7g8h9j0k"), type: "meal", start: F.at(12, 0),
            note: " 50%% off\nsecond line\tC:\\tmp ^abc ")
        let line = F.note([entry]).split(separator: "\n").first { $0.hasPrefix("- ") }!
        #expect(line == #"- 12:00 meal 🍽️ \u{20}50%\% off\nsecond line\tC:\\tmp ^abc\u{20} ^5e6f7g8h9j0k"#)
        let icons = DayNoteEntry(id: F.id("6f7g8h9j0k1m"), type: "meal", start: F.at(12, 0), note: "🍽️ again 🍽️")
        #expect(F.note([icons]).contains("- 12:00 meal 🍽️ 🍽️ again 🍽️ ^6f7g8h9j0k1m\n"))
        #expect(F.read(F.note([icons]), [icons]).changes == DayNoteChanges())
    }
}
