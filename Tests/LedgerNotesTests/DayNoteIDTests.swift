import LedgerCore
import LedgerNotes
import Testing

@Suite("Day notes: a typed line is logged once, whichever devices read it")
struct DayNoteIDTests {
    typealias F = DayNoteFixture

    static func typed(_ lines: String) -> String {
        F.note().replacingOnce("%% alog:end %%", with: lines + "\n%% alog:end %%")
    }

    @Test("the hash is fixed: FNV-1a 64 and SplitMix64's finalizer, 60 bits (checked against another implementation)")
    func fixedHash() {
        #expect(
            DayNoteID.forTypedLine(date: F.date, text: "12:30 meal pasta", ordinal: 0).description == "h7cg62vwkp8s")
        #expect(
            DayNoteID.forTypedLine(date: F.date, text: "12:30 meal pasta", ordinal: 1).description == "9bj3843r6t70")
        #expect(
            DayNoteID.forTypedLine(date: F.date.adding(days: 1), text: "12:30 meal pasta", ordinal: 0)
                != DayNoteID.forTypedLine(date: F.date, text: "12:30 meal pasta", ordinal: 0))
    }

    @Test("two devices reading the same note log the same ids, whatever else their ledgers hold")
    func sameOnEveryDevice() {
        let note = Self.typed("- 12:45 meal pasta\n- 12:45 meal pasta\n* 8:00 Exercise\n- 14:00–15:00 work")
        var generator = DayNoteRandom(state: 42)
        let other = (0..<50).map { _ in EventID.random(using: &generator) }
        let laptop = DayNote.read(F.bytes(note), date: F.date, entries: F.day, types: F.types).changes.logs
        let phone = DayNote.read(
            F.bytes(note), date: F.date, entries: F.day + [F.reading], types: F.types,
            isTaken: { other.contains($0) }
        ).changes.logs
        #expect(laptop.count == 4)
        #expect(laptop.map(\.id) == phone.map(\.id))
        #expect(
            laptop[0].id.description == "\(DayNoteID.forTypedLine(date: F.date, text: "12:45 meal pasta", ordinal: 0))")
        #expect(laptop[1].id == DayNoteID.forTypedLine(date: F.date, text: "12:45 meal pasta", ordinal: 1))
        #expect(laptop[0].id.description == F.read(Self.typed("- 12:45 meal 🍽️ pasta")).changes.logs[0].id.description)
    }

    @Test("the id does not depend on the bullet, H:MM, the case of the type, spacing or a copied icon")
    func normalized() {
        let ids = ["- 07:05 wake", "* 7:05 Wake", "+  07:05   WAKE ", "- 07:05 wake ☀️"].map {
            F.read(Self.typed($0)).changes.logs.map(\.id)
        }
        #expect(ids.allSatisfy { $0 == ids[0] } && ids[0].count == 1)
        #expect(F.read(Self.typed("- 07:06 wake")).changes.logs.map(\.id) != ids[0])
    }

    @Test("an id already taken (a deleted entry's, another line's) is skipped")
    func takenSkipped() {
        let first = DayNoteID.forTypedLine(date: F.date, text: "12:45 meal pasta", ordinal: 0)
        let logs = DayNote.read(
            F.bytes(Self.typed("- 12:45 meal pasta")), date: F.date, entries: F.day, types: F.types,
            isTaken: { $0 == first }
        ).changes.logs
        #expect(logs.map(\.id) == [DayNoteID.forTypedLine(date: F.date, text: "12:45 meal pasta", ordinal: 1)])
    }

    @Test("the same line typed again after the first was logged is a second entry")
    func typedAgain() {
        let reading = F.read(Self.typed("- 12:45 meal pasta"))
        let first = reading.changes.logs.map(F.entry(of:))
        let logged = F.render(reading, F.day + first)
        let again = F.read(Self.typedAfter(logged, "- 12:45 meal pasta"), F.day + first).changes
        #expect(again.deletes == [] && again.edits == [])
        #expect(again.logs.count == 1 && again.logs[0].id != first[0].id)
    }

    static func typedAfter(_ note: String, _ line: String) -> String {
        note.replacingOnce("%% alog:end %%", with: line + "\n%% alog:end %%")
    }

    @Test("a typed line already logged elsewhere, whose write-back a merge lost: not logged again, not deleted")
    func writeBackLost() {
        let note = Self.typed("- 12:45 meal pasta")
        let reading = F.read(note)
        let logged = reading.changes.logs.map(F.entry(of:))
        // Another device logged it; this note still has the typed line and no line for the entry.
        let here = F.read(note, F.day + logged)
        #expect(here.changes == DayNoteChanges())
        #expect(F.render(here, F.day + logged) == F.render(reading, F.day + logged))
    }
}
