import LedgerCore
import LedgerNotes
import Testing

/// An entry's tags in its day-note line (`- 12:30 meal 🍽️ +home pasta ^id`): written as the
/// command line writes them, read back exactly, and a tag the user writes onto a line or takes
/// off it is a `tag` or `untag`, as a changed note is an edit.
@Suite("Day notes: tags on entry lines")
struct DayNoteTagTests {
    typealias F = DayNoteFixture

    static func typed(_ lines: String) -> String { DayNoteIDTests.typed(lines) }

    @Test("tags follow the icon, one with a space quoted; a note that starts with + is escaped")
    func written() {
        var meal = F.meal
        meal.tags = ["Deep Focus", "home"]
        meal.note = "+1 for the soup"
        let note = F.note([F.wake, meal])
        #expect(note.contains(#"- 12:30 meal 🍽️ +"Deep Focus" +home \u{2B}1 for the soup ^0m1n2p3q4r5s"#), "\(note)")
        // Read back against the same entry: nothing changed.
        let reading = F.read(note, [F.wake, meal])
        #expect(reading.changes.hasNoEvents && reading.changes.problems.isEmpty)
    }

    @Test("random tags and notes written into a line read back as they were, and as nothing changed")
    func roundTrip() {
        var random = DayNoteRandom(state: 47)
        let pieces = [
            "deep", "Deep Focus", "a\"quote", "back\\slash", "%%", "50%", "+", "x", "über", "🍕", "tab\there", "ends\\",
            "\"", "a b\\\"c",
        ]
        for round in 0..<300 {
            var meal = F.meal
            meal.tags = Tags.normalized(
                (0..<Int.random(in: 0...3, using: &random)).compactMap { _ in
                    let tag = pieces.randomElement(using: &random)!
                    return Tags.problem(tag) == nil ? tag : nil
                })
            let words = (0..<Int.random(in: 0...3, using: &random)).map { _ in pieces.randomElement(using: &random)! }
            meal.note = words.isEmpty ? nil : words.joined(separator: " ")
            let note = F.note([F.wake, meal])
            let reading = F.read(note, [F.wake, meal])
            #expect(reading.changes.hasNoEvents, "round \(round): \(note)")
            // Read as a user's change against an entry without the tags and note: the line
            // gives them back exactly.
            var bare = F.meal
            (bare.tags, bare.note) = ([], nil)
            let edit = F.read(note, [F.wake, bare]).changes.edits.first
            if meal.tags.isEmpty && meal.note == nil {
                #expect(edit == nil, "round \(round): \(note)")
                continue
            }
            #expect(
                edit?.tagsOn == meal.tags && edit?.tagsOff == [], "round \(round): \(note) \(String(describing: edit))")
            #expect(edit?.note ?? "" == (meal.note ?? ""), "round \(round): \(note)")
        }
    }

    @Test("a tag written onto a line or taken off it is an edit of the tags; the rest of the line stays")
    func edited() {
        var meal = F.meal
        meal.tags = ["home"]
        let note = F.note([F.wake, meal])
        let changed = note.replacingOnce("🍽️ +home pasta", with: "🍽️ +guests +\"Deep Focus\" pasta")
        let edits = F.read(changed, [F.wake, meal]).changes.edits
        #expect(edits.count == 1)
        #expect(edits.first?.tagsOn == ["Deep Focus", "guests"] && edits.first?.tagsOff == ["home"])
        #expect(edits.first?.note == nil && edits.first?.type == nil && edits.first?.start == nil)
        // What the shell records from it, written again, is the line the user wrote (in order).
        let after = F.apply(F.read(changed, [F.wake, meal]).changes, to: [F.wake, meal])
        #expect(F.note(after).contains(#"🍽️ +"Deep Focus" +guests pasta ^"#))
    }

    @Test("a typed line's +words are its tags; its id is the one an alog before tags in notes gave it")
    func typedLine() throws {
        let logs = F.read(Self.typed("- 13:15 meal +home +\"with friends\" soup")).changes.logs
        let log = try #require(logs.first)
        #expect(log.tags == ["home", "with friends"] && log.note == "soup")
        #expect(
            log.id
                == DayNoteID.forTypedLine(date: F.date, text: "13:15 meal +home +\"with friends\" soup", ordinal: 0))
        // `+` alone, or a `+"` never closed, is the note.
        let plain = F.read(Self.typed("- 13:20 meal + 1 \"x\"\n- 13:25 meal +\"open soup")).changes.logs
        #expect(plain.map(\.tags) == [[], []] && plain.map(\.note) == ["+ 1 \"x\"", "+\"open soup"])
    }

    @Test("a line alog wrote before tags were shown (no +words) is no change of the tags")
    func olderLines() {
        var meal = F.meal
        meal.tags = ["home"]
        // The note as an older alog wrote it: the line has no tags; alog wrote it so.
        let older = F.note([F.wake, F.meal])
        let reading = DayNote.read(
            F.bytes(older), date: F.date, entries: [F.wake, meal], types: F.types, lastWritten: nil,
            lastWrittenNote: F.bytes(older))
        #expect(reading.changes.hasNoEvents)
        #expect(
            F.text(DayNote.render(date: F.date, entries: [F.wake, meal], types: F.types, over: reading))
                .contains("🍽️ +home pasta ^"))
    }
}
