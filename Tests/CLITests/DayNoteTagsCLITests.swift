import Foundation
import TestSupport
import Testing

/// Tags in day notes end to end: `log +tag`, `tag` and `untag` rewrite the entry's line in the
/// same commit; a tag the user writes onto a line (or removes) is recorded by the next command
/// as a `tag` (or `untag`) event; `undo` takes it back, and the line follows.
@Suite("Day notes show and take tags")
struct DayNoteTagsCLITests {
    @Test(
        "tags appear on the line with the entry's commit; a tag written in the note is recorded; undo and untag follow")
    func tagsBothWays() throws {
        let setup = try DayNotesCLITests.Setup()
        #expect(try setup.run(["notes", "enable"]).succeeded)
        let meal = try setup.id(["log", "meal", "+home", "--at", "12:30", "--note", "+1 for soup"])
        #expect(setup.note.contains(#"- 12:30 meal 🍽️ +home \u{2B}1 for soup ^\#(meal)"#), "\(setup.note)")
        #expect(try setup.changedFiles().contains("Activities/2030-01-01.md"))
        #expect(try setup.run(["tag", meal, "+Deep Focus"]).succeeded)
        #expect(setup.note.contains(#"- 12:30 meal 🍽️ +"Deep Focus" +home \u{2B}1 for soup ^\#(meal)"#))
        // The user takes +home off and puts +guests on, in the note.
        try setup.write(setup.note.replacingOccurrences(of: "+\"Deep Focus\" +home", with: "+\"Deep Focus\" +guests"))
        let commits = try git("rev-list", "--count", "HEAD", in: setup.vault).stdout
        let next = try setup.run(["history", "--json"])
        #expect(next.succeeded, "\(next.stderr)")
        #expect(try git("rev-list", "--count", "HEAD", in: setup.vault).stdout != commits)
        let tags = try setup.history().first { $0["id"] as? String == meal }?["tags"] as? [String]
        #expect(tags == ["Deep Focus", "guests"])
        #expect(try setup.history().first { $0["id"] as? String == meal }?["note"] as? String == "+1 for soup")
        // untag rewrites the line; undo puts the tag back on it.
        #expect(try setup.run(["untag", meal, "guests"]).succeeded)
        #expect(setup.note.contains(#"🍽️ +"Deep Focus" \u{2B}1 for soup ^\#(meal)"#), "\(setup.note)")
        #expect(try setup.run(["undo"]).succeeded)
        #expect(setup.note.contains(#"🍽️ +"Deep Focus" +guests \u{2B}1 for soup ^\#(meal)"#), "\(setup.note)")
        // A typed line with tags is logged with them, its id written back.
        try setup.write(
            setup.note.replacingOccurrences(of: "%% alog:end %%", with: "- 19:00 meal +late pie\n%% alog:end %%"))
        #expect(try setup.run(["history", "--json"]).succeeded)
        let pie = try #require(try setup.history().first { $0["note"] as? String == "pie" })
        #expect(pie["tags"] as? [String] == ["late"])
        #expect(setup.note.contains("- 19:00 meal 🍽️ +late pie ^\(pie["id"] as? String ?? "?")"), "\(setup.note)")
        #expect(try git("fsck", "--strict", in: setup.vault).succeeded)
    }
}
