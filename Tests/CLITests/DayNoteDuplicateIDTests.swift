import Foundation
import TestSupport
import Testing

extension DayNotesCLITests {
    @Test("a copied line that keeps its entry's id is refused with both lines named, nothing changed")
    func copiedLineKeepsTheID() throws {
        let setup = try Setup()
        #expect(try setup.run(["notes", "enable"]).succeeded)
        let breakfast = try setup.id(["log", "meal", "--at", "08:00", "--note", "breakfast"])
        let original = "- 08:00 meal 🍽️ breakfast ^\(breakfast)"
        #expect(setup.note.contains(original + "\n"))
        // The line copied below itself and the copy changed to lunch: the id came along.
        let copied = setup.note.replacingOccurrences(
            of: original + "\n", with: original + "\n- 12:30 meal 🍽️ lunch ^\(breakfast)\n")
        try setup.write(copied)
        let lines = copied.split(separator: "\n", omittingEmptySubsequences: false)
        let first = try #require(lines.firstIndex { $0 == original }) + 1
        let events = try committedEvents(setup.vault).count
        let head = try git("rev-parse", "HEAD", in: setup.vault).stdout

        for _ in 0..<2 {
            let history = try setup.run(["history"])
            #expect(history.succeeded, "\(history.stderr)")
            #expect(
                history.stderr.contains(
                    "Activities/2030-01-01.md:\(first): lines \(first) and \(first + 1) all carry entry \(breakfast)'s id"
                ),
                "\(history.stderr)")
            #expect(history.stderr.contains("remove '^\(breakfast)' from it"), "\(history.stderr)")
        }
        // Nothing recorded, nothing committed, the note as the user left it.
        #expect(try committedEvents(setup.vault).count == events)
        #expect(try git("rev-parse", "HEAD", in: setup.vault).stdout == head)
        #expect(setup.note == copied)
        let entries = try setup.history()
        #expect(entries.count == 1 && entries[0]["note"] as? String == "breakfast")
        #expect(entries[0]["time"] as? String == "08:00")

        // The fix the message gives: the copy without the id is a new entry, breakfast stays.
        try setup.write(copied.replacingOccurrences(of: "lunch ^\(breakfast)", with: "lunch"))
        let fixed = try setup.run(["history"])
        #expect(fixed.succeeded && !fixed.stderr.contains("Activities/2030-01-01.md:"), "\(fixed.stderr)")
        let after = try setup.history()
        #expect(Set(after.compactMap { $0["note"] as? String }) == ["breakfast", "lunch"])
        #expect(setup.note.contains(original + "\n"))
        #expect(try committedEvents(setup.vault).filter { ($0["kind"] as? String) == "edit" }.isEmpty)
        #expect(try git("status", "--porcelain", in: setup.vault).stdout.isEmpty)
    }
}
