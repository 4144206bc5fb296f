import Foundation
import TestSupport
import Testing

/// Day notes across devices (docs/obsidian.md, "Two devices"): a plain-git device (a phone with
/// the Obsidian git plugin) and alog devices edit the same day note while apart; after syncs every
/// typed line is logged once, no text is lost, and no conflict copy is made.
@Suite("Day notes across devices")
struct DayNotesSyncTests {
    static let day = "Activities/2030-01-01.md"

    func events(_ vault: String) throws -> [[String: Any]] { try committedEvents(vault) }

    /// `alog` on the evening of the day the notes are about.
    func alog(_ arguments: [String], vault: String, now: String = "2030-01-01T20:00:00Z") throws -> ProcessResult {
        try runAlog(arguments, vault: vault, now: now)
    }

    @Test("a phone edits the day note in plain git while an alog device logs and types on the same day")
    func plainGitAndAlog() throws {
        let dir = TemporaryDirectory()
        let remote = try makeBareRemote(dir)
        let laptop = dir.sub("laptop")
        #expect(try alog(["init"], vault: laptop).succeeded)
        #expect(try alog(["log", "wake", "--at", "2030-01-01T07:00:00Z"], vault: laptop).succeeded)
        #expect(try alog(["notes", "enable"], vault: laptop).succeeded)
        #expect(try alog(["remote", "add", "origin", remote], vault: laptop).succeeded)
        #expect(try alog(["sync"], vault: laptop).succeeded)

        // The phone: a typed line in the region, and text of its own after it.
        let phone = dir.sub("phone")
        try plainClone(remote, into: phone, in: dir)
        var text = try readFile(phone + "/" + Self.day)
        text = text.replacingOccurrences(of: "%% alog:end %%", with: "- 13:00 meal salad\n%% alog:end %%")
        text += "\nLunch was good.\n"
        try writeFile(phone + "/" + Self.day, text)
        try commitAll(phone, "lunch")
        try git("push", "-q", "origin", "main", in: phone)

        // The laptop, apart: a log of the same day, and a line typed in its own copy of the note.
        #expect(try alog(["log", "meal", "--at", "2030-01-01T12:30:00Z", "--note", "pasta"], vault: laptop).succeeded)
        var mine = try readFile(laptop + "/" + Self.day)
        mine = mine.replacingOccurrences(of: "%% alog:end %%", with: "- 18:00 exercise run\n%% alog:end %%")
        try writeFile(laptop + "/" + Self.day, mine)

        let synced = try alog(["sync", "--json"], vault: laptop, now: "2030-01-01T21:00:00Z")
        #expect(synced.succeeded, "\(synced.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(synced.stdout.utf8)) as? [String: Any])
        #expect((report["conflictCopies"] as? [Any])?.isEmpty == true)

        // Every typed line logged once, its id on its line; the phone's text kept.
        let logged = try events(laptop).filter { ($0["kind"] as? String) == "log" }
        let salads = logged.filter { ($0["note"] as? String) == "salad" }
        let runs = logged.filter { ($0["note"] as? String) == "run" }
        #expect(salads.count == 1 && runs.count == 1)
        let note = try readFile(laptop + "/" + Self.day)
        let saladID = try #require(salads.first?["id"] as? String)
        #expect(note.contains("- 13:00 meal 🍽️ salad ^\(saladID)"))
        #expect(note.contains("pasta ^") && note.contains("- 07:00 wake") && note.contains("run ^"))
        #expect(note.hasSuffix("\nLunch was good.\n"))
        #expect(!FileManager.default.fileExists(atPath: laptop + "/Activities/2030-01-01 (conflict"))
        #expect(try git("status", "--porcelain", in: laptop).stdout.isEmpty)
        #expect(try git("fsck", "--strict", in: laptop).succeeded)

        // The phone pulls the same note; a second alog device sees every entry once and logs
        // nothing again.
        try git("pull", "-q", "--no-rebase", "origin", "main", in: phone)
        #expect(try readFile(phone + "/" + Self.day) == note)
        let desk = dir.sub("desk")
        #expect(try alog(["clone", remote, "--vault", desk], vault: desk).succeeded)
        #expect(try alog(["history", "--json"], vault: desk).succeeded)
        #expect(try readFile(desk + "/" + Self.day) == note)
        let ids = try eventIDCounts(desk)
        #expect(ids.values.allSatisfy { $0 == 1 })
        #expect(try events(desk).filter { ($0["note"] as? String) == "salad" }.count == 1)
    }

    @Test("two alog devices log on the same day apart: the merged note lists both, no conflict copy")
    func twoAlogDevices() throws {
        let dir = TemporaryDirectory()
        let remote = try makeBareRemote(dir)
        let one = dir.sub("one")
        #expect(try alog(["init"], vault: one).succeeded)
        #expect(try alog(["notes", "enable"], vault: one).succeeded)
        #expect(try alog(["log", "wake", "--at", "2030-01-01T07:00:00Z"], vault: one).succeeded)
        #expect(try alog(["remote", "add", "origin", remote], vault: one).succeeded)
        #expect(try alog(["sync"], vault: one).succeeded)
        let two = dir.sub("two")
        #expect(try alog(["clone", remote, "--vault", two], vault: two).succeeded)
        #expect(try alog(["log", "meal", "--at", "2030-01-01T12:00:00Z"], vault: one).succeeded)
        #expect(try alog(["log", "exercise", "--at", "2030-01-01T17:00:00Z"], vault: two).succeeded)
        #expect(try alog(["sync"], vault: one).succeeded)
        let merged = try alog(["sync", "--json"], vault: two)
        #expect(merged.succeeded, "\(merged.stderr)")
        #expect(!merged.stdout.contains("\"copy\""))
        #expect(try alog(["sync"], vault: one).succeeded)
        let noteOne = try readFile(one + "/" + Self.day)
        let noteTwo = try readFile(two + "/" + Self.day)
        #expect(noteOne == noteTwo)
        #expect(noteOne.contains("wake") && noteOne.contains("meal") && noteOne.contains("exercise"))
        #expect(noteOne.contains("alog_entries: 3"))
    }
}
