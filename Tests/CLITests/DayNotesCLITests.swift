import Foundation
import TestSupport
import Testing

/// Day notes on the command line (docs/obsidian.md): written in the same commit as the entries
/// they show, typed lines logged once with their id written back, changed lines edited,
/// removed lines deleted, unreadable lines kept and reported, the user's text never changed.
@Suite("Day notes on the command line")
struct DayNotesCLITests {
    struct Setup {
        let home = TemporaryDirectory()
        var vault: String { home.sub("Notes") }

        init() throws {
            #expect(try run(["init"]).succeeded)
        }

        @discardableResult
        func run(_ arguments: [String], now: String = "2030-01-01T20:00:00Z") throws -> ProcessResult {
            try alog(arguments + ["--vault", vault], home: home.path, environment: ["ALOG_NOW": now])
        }

        func id(_ arguments: [String], now: String = "2030-01-01T20:00:00Z") throws -> String {
            try run(arguments, now: now).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        }

        var note: String { (try? readFile(vault + "/Activities/2030-01-01.md")) ?? "" }
        func write(_ text: String) throws { try writeFile(vault + "/Activities/2030-01-01.md", text) }
        func changedFiles() throws -> [String] {
            try git("show", "--name-only", "--format=", "HEAD", in: vault).stdout.split(separator: "\n")
                .map(String.init)
        }
        func history() throws -> [[String: Any]] {
            try #require(
                try JSONSerialization.jsonObject(with: Data(try run(["history", "--json"]).stdout.utf8))
                    as? [[String: Any]])
        }
    }

    @Test("enable writes the notes of the days with entries; a log updates its day's note in the same commit")
    func enableAndLog() throws {
        let setup = try Setup()
        let wake = try setup.id(["log", "wake", "--at", "07:00"])
        let enabled = try setup.run(["notes", "enable"])
        #expect(enabled.succeeded && enabled.stdout.contains("wrote 1 note"), "\(enabled.stderr)")
        #expect(setup.note.contains("- 07:00 wake ☀️ ^\(wake)") && setup.note.contains("alog_count_wake: 1"))
        let meal = try setup.id(["log", "meal", "--at", "12:30", "--note", "pasta"])
        #expect(try setup.changedFiles().contains("Activities/2030-01-01.md"))
        #expect(setup.note.contains("- 12:30 meal 🍽️ pasta ^\(meal)"))
        #expect(try git("status", "--porcelain", in: setup.vault).stdout.isEmpty)
        #expect(try git("fsck", "--strict", in: setup.vault).succeeded)
        // A timer's window, running then stopped.
        #expect(try setup.run(["start", "exercise", "--at", "18:00"]).succeeded)
        #expect(setup.note.contains("- 18:00– exercise 🏃"))
        #expect(try setup.run(["stop", "--at", "18:45"]).succeeded)
        #expect(setup.note.contains("- 18:00–18:45 exercise 🏃") && setup.note.contains("alog_minutes_exercise: 45"))
        let status = try setup.run(["notes"])
        #expect(status.stdout.contains("day notes are on: Activities/YYYY-MM-DD.md"))
    }

    @Test(
        "alog's copy of a note, torn by a crash, loses nothing: no entry is deleted and the user's change is recorded")
    func tornCopy() throws {
        let setup = try Setup()
        let wake = try setup.id(["log", "wake", "--at", "07:00"])
        let meal = try setup.id(["log", "meal", "--at", "12:30", "--note", "pasta"])
        #expect(try setup.run(["notes", "enable"]).succeeded)
        let copy = setup.vault + "/.git/alog/day-notes/2030-01-01.md"
        let before = try #require(FileManager.default.contents(atPath: copy))
        let oldNote = Data(setup.note.utf8)
        // The copy is the note under a checked header: a key line, then the note's length and
        // its checksum.
        let header = Data("alog day note 1\n\(oldNote.count) ".utf8)
        #expect(before.prefix(header.count) == header && before.suffix(oldNote.count) == oldNote)
        // The meal moves to the day before: alog takes its line out of this note and its copy.
        #expect(try setup.run(["edit", meal, "--at", "2029-12-31T12:30:00Z"]).succeeded)
        #expect(!setup.note.contains(meal))
        let after = try #require(FileManager.default.contents(atPath: copy))
        // A crash while the copy was written in place: the new header over the old text (with
        // the meal's line). Trusted, it would say the user removed the meal's line.
        let newHeader = after.prefix(after.count - Data(setup.note.utf8).count)
        try (newHeader + oldNote).write(to: URL(fileURLWithPath: copy))
        try setup.write(setup.note.replacingOccurrences(of: "wake ☀️ ^", with: "wake ☀️ early ^"))
        let result = try setup.run(["history", "--json"])
        #expect(result.succeeded && !result.stderr.contains("deleted"), "\(result.stderr)")
        let entries = try setup.history()
        #expect(entries.contains { $0["id"] as? String == meal })
        #expect(entries.first { $0["id"] as? String == wake }?["note"] as? String == "early")
    }

    @Test("typed, changed and removed lines become a log, an edit and a delete, once; the rest is kept")
    func linesBecomeEvents() throws {
        let setup = try Setup()
        let wake = try setup.id(["log", "wake", "--at", "07:00"])
        let meal = try setup.id(["log", "meal", "--at", "12:30", "--note", "pasta"])
        #expect(try setup.run(["notes", "enable"]).succeeded)
        var text = setup.note
        text = text.replacingOccurrences(of: "- 07:00 wake ☀️ ^\(wake)\n", with: "")
        text = text.replacingOccurrences(of: "pasta ^", with: "pasta al pesto ^")
        text = text.replacingOccurrences(
            of: "%% alog:end %%", with: "- 19:00 meal soup\n- 14:00–15:30 reading\n%% alog:end %%")
        text = "# My day\n" + text + "\nWritten by me.\n"
        // The frontmatter moved below a heading is not frontmatter: keep it simple, at the top.
        text = text.replacingOccurrences(of: "# My day\n", with: "")
        try setup.write(text + "")
        let head = try git("rev-parse", "HEAD", in: setup.vault).stdout
        let result = try setup.run(["history", "--json"])
        #expect(result.succeeded)
        #expect(result.stderr.contains("deleted entry \(wake)") && result.stderr.contains("alog restore \(wake)"))
        #expect(result.stderr.contains("Activities/2030-01-01.md:") && result.stderr.contains("reading"))
        #expect(try git("rev-parse", "HEAD", in: setup.vault).stdout != head)
        // One commit: the events and the note with the typed line's id written back.
        #expect(try setup.changedFiles().filter { !$0.hasPrefix(".alog/") } == ["Activities/2030-01-01.md"])
        let entries = try setup.history()
        let soup = try #require(entries.first { $0["note"] as? String == "soup" })
        let soupID = try #require(soup["id"] as? String)
        #expect(setup.note.contains("- 19:00 meal 🍽️ soup ^\(soupID)"))
        #expect(entries.first { $0["id"] as? String == meal }?["note"] as? String == "pasta al pesto")
        #expect(!entries.contains { $0["id"] as? String == wake })
        // The line alog could not record (an unknown type) stays where it was, and the user's text.
        #expect(setup.note.contains("- 14:00–15:30 reading\n") && setup.note.hasSuffix("\nWritten by me.\n"))
        // Nothing is logged twice: the next command finds nothing new.
        let again = try setup.run(["history", "--json"])
        #expect(try setup.history().filter { $0["note"] as? String == "soup" }.count == 1)
        #expect(!again.stderr.contains("logged"))
        // restore brings the deleted entry back, and its line.
        #expect(try setup.run(["restore", wake]).succeeded)
        #expect(setup.note.contains("^\(wake)"))
    }

    @Test("a widget tap's entry is in its day's note from the commit that drains it; typed lines wait for the read")
    func widgetDrain() throws {
        let setup = try Setup()
        #expect(try setup.run(["log", "wake", "--at", "07:00"]).succeeded)
        #expect(try setup.run(["notes", "enable"]).succeeded)
        try setup.write(
            setup.note.replacingOccurrences(of: "%% alog:end %%", with: "- 19:30 meal soup\n%% alog:end %%"))
        #expect(try setup.run(["widget", "tap", "exercise", "--at", "18:00"]).succeeded)
        let drained = try setup.run(["history", "--json"])
        #expect(drained.succeeded, "\(drained.stderr)")
        let tapped = try #require(try setup.history().first { $0["type"] as? String == "exercise" })
        #expect(setup.note.contains("- 18:00 exercise 🏃 ^\(tapped["id"] as? String ?? "?")"))
        // The typed line was kept through the drain's write, and logged once by the read after it.
        let soups = try setup.history().filter { $0["note"] as? String == "soup" }
        #expect(soups.count == 1)
        #expect(setup.note.contains("soup ^\(soups.first?["id"] as? String ?? "?")"))
        let log = try git("log", "--format=%s", "-3", in: setup.vault).stdout
        #expect(log.contains("alog: day notes") && log.contains("widget"), "\(log)")
    }

    @Test("undo passes over what the notes asked for; an unreadable line is said by every command")
    func undoAndProblems() throws {
        let setup = try Setup()
        #expect(try setup.run(["notes", "enable"]).succeeded)
        let meal = try setup.id(["log", "meal", "--at", "12:00"])
        try setup.write(
            setup.note.replacingOccurrences(
                of: "%% alog:end %%", with: "- 19:00 meal soup\n- 25:00 meal late\n%% alog:end %%"))
        let undone = try setup.run(["undo"])
        #expect(undone.succeeded, "\(undone.stderr)")
        let entries = try setup.history()
        #expect(!entries.contains { $0["id"] as? String == meal })
        #expect(entries.contains { $0["note"] as? String == "soup" })
        // The unreadable line, every time.
        for _ in 0..<2 {
            let again = try setup.run(["history"])
            #expect(again.stderr.contains("Activities/2030-01-01.md:"), "\(again.stderr)")
        }
    }

    @Test("a typed line typed again after its entry was deleted is a new entry")
    func retypedLine() throws {
        let setup = try Setup()
        #expect(try setup.run(["notes", "enable"]).succeeded)
        #expect(try setup.run(["log", "wake", "--at", "07:00"]).succeeded)
        let typed = "- 08:00 meal coffee\n"
        try setup.write(setup.note.replacingOccurrences(of: "%% alog:end %%", with: typed + "%% alog:end %%"))
        #expect(try setup.run(["history"]).succeeded)
        let first = try #require(try setup.history().first { $0["note"] as? String == "coffee" }?["id"] as? String)
        // Removed (a delete), then typed again as it was.
        try setup.write(setup.note.replacingOccurrences(of: "- 08:00 meal 🍽️ coffee ^\(first)\n", with: ""))
        #expect(try setup.run(["history"]).succeeded)
        #expect(try !setup.history().contains { $0["note"] as? String == "coffee" })
        try setup.write(setup.note.replacingOccurrences(of: "%% alog:end %%", with: typed + "%% alog:end %%"))
        #expect(try setup.run(["history"]).succeeded)
        let second = try #require(try setup.history().first { $0["note"] as? String == "coffee" }?["id"] as? String)
        #expect(second != first && setup.note.contains("coffee ^\(second)"))
    }

    @Test("a command reads the recent days' notes; a line typed into an older note waits for rebuild or sync")
    func olderNotes() throws {
        let setup = try Setup()
        #expect(try setup.run(["log", "wake", "--at", "2029-10-01T07:00:00Z"]).succeeded)
        #expect(try setup.run(["notes", "enable"]).succeeded)
        let old = setup.vault + "/Activities/2029-10-01.md"
        // Saved in place, as Obsidian saves (the folder does not change).
        let text = try readFile(old).replacingOccurrences(
            of: "%% alog:end %%", with: "- 12:00 meal late lunch\n%% alog:end %%")
        let handle = try #require(FileHandle(forWritingAtPath: old))
        try handle.truncate(atOffset: 0)
        try handle.write(contentsOf: Data(text.utf8))
        try handle.close()
        #expect(try setup.run(["history"]).succeeded)
        #expect(try !setup.history().contains { $0["note"] as? String == "late lunch" })
        let rebuilt = try setup.run(["notes", "rebuild"])
        #expect(rebuilt.succeeded && rebuilt.stderr.contains("logged 1 typed line"), "\(rebuilt.stderr)")
        #expect(try setup.history().filter { $0["note"] as? String == "late lunch" }.count == 1)
    }

    @Test("a note whose markers were removed never deletes anything")
    func damagedMarkers() throws {
        let setup = try Setup()
        let wake = try setup.id(["log", "wake", "--at", "07:00"])
        #expect(try setup.run(["notes", "enable"]).succeeded)
        try setup.write(setup.note.replacingOccurrences(of: "%% alog:begin %%\n", with: ""))
        let result = try setup.run(["history", "--json"])
        #expect(result.succeeded && !result.stderr.contains("deleted entry"), "\(result.stderr)")
        #expect(result.stderr.contains("Activities/2030-01-01.md:"))
        #expect(try setup.history().contains { $0["id"] as? String == wake })
        #expect(setup.note.contains("%% alog:begin %%"))
    }

    @Test("disable keeps the notes and stops writing them; a bad folder is refused")
    func disable() throws {
        let setup = try Setup()
        #expect(try setup.run(["log", "wake", "--at", "07:00"]).succeeded)
        let bad = try setup.run(["notes", "enable", "--folder", "../out"])
        #expect(bad.status == 1 && bad.stderr.contains("cannot go in"))
        #expect(try setup.run(["notes", "enable"]).succeeded)
        #expect(try setup.run(["notes", "disable"]).succeeded)
        let before = setup.note
        #expect(try setup.run(["log", "meal", "--at", "12:00"]).succeeded)
        #expect(setup.note == before)
        #expect(try setup.run(["notes"]).stdout.contains("off"))
        let rebuild = try setup.run(["notes", "rebuild"])
        #expect(rebuild.status == 1 && rebuild.stderr.contains("day notes are off"))
    }
}
