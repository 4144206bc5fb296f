import Foundation
import TestSupport
import Testing

/// Issue 44: a folder where alog keeps a file (a day note, a task note, a file of the ledger)
/// is said as that, with its path and the `mv` that clears it, never as a damaged object store
/// or the system's bare "Is a directory"; a day note's folder never stops the ledger.
@Suite("A folder where alog keeps a file")
struct FolderInPlaceTests {
    static let now = "2030-01-01T20:00:00Z"

    /// A vault with day notes on and the note of 2030-01-01 turned into a folder holding a file
    /// of the user's.
    struct DayNoteFolder {
        let dir = TemporaryDirectory()
        var vault: String { dir.sub("vault") }
        var note: String { vault + "/Activities/2030-01-01.md" }
        let first: String

        init() throws {
            #expect(try runAlog(["init"], vault: dir.sub("vault"), now: FolderInPlaceTests.now).succeeded)
            #expect(try runAlog(["notes", "enable"], vault: dir.sub("vault"), now: FolderInPlaceTests.now).succeeded)
            let logged = try runAlog(
                ["log", "wake", "--at", "07:00"], vault: dir.sub("vault"), now: FolderInPlaceTests.now)
            first = logged.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            let note = dir.sub("vault") + "/Activities/2030-01-01.md"
            #expect(try readFile(note).contains("^\(first)"))
            try FileManager.default.removeItem(atPath: note)
            try writeFile(note + "/mine.md", "the user's\n")
        }

        func run(_ arguments: [String], _ run: CommandRun = .inProcess) throws -> ProcessResult {
            try runAlog(arguments, vault: vault, now: FolderInPlaceTests.now, run: run)
        }

        /// The warning each command that would write the note gives.
        func expectWarned(_ result: ProcessResult) {
            #expect(
                result.stderr.contains("\(note) is a folder where alog keeps the day note for 2030-01-01"),
                "\(result.stderr)")
            #expect(result.stderr.contains("mv \(note) \(note).folder"), "\(result.stderr)")
            #expect(!result.stderr.contains("object store"), "\(result.stderr)")
            #expect(!result.stderr.contains("Is a directory"), "\(result.stderr)")
        }

        /// The folder is as the user left it.
        func expectFolderKept() throws {
            #expect(try readFile(note + "/mine.md") == "the user's\n")
        }
    }

    @Test(
        "a day note turned into a folder: log, start, stop, undo and notes rebuild go on, warn with the path and the mv, and leave the folder alone",
        arguments: [CommandRun.inProcess, .process])
    func dayNoteFolder(run: CommandRun) throws {
        let setup = try DayNoteFolder()
        let logged = try setup.run(["log", "meal", "--at", "12:30"], run)
        #expect(logged.status == 0, "\(logged.stderr)")
        setup.expectWarned(logged)
        let meal = logged.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(try setup.run(["history"]).stdout.contains(meal))
        for arguments in [
            ["start", "exercise", "--at", "18:00"], ["stop", "--at", "18:30"], ["undo"], ["notes", "rebuild"],
        ] {
            let result = try setup.run(arguments, run)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            setup.expectWarned(result)
        }
        try setup.expectFolderKept()
        #expect(try git("fsck", "--strict", in: setup.vault).succeeded)
        // The way out it names works: the note is written again, with every entry of the day.
        try FileManager.default.moveItem(atPath: setup.note, toPath: setup.note + ".folder")
        let again = try setup.run(["log", "wake", "--at", "19:00"], run)
        #expect(again.status == 0 && again.stderr.isEmpty, "\(again.stderr)")
        let text = try readFile(setup.note)
        #expect(text.contains("^\(setup.first)") && text.contains("^\(meal)"), "\(text)")
        #expect(try git("status", "--porcelain", "--untracked-files=no", in: setup.vault).stdout.isEmpty)
    }

    @Test(
        "a day note turned into a folder: a sync that would write it is refused naming the folder and the mv, not as uncommitted changes"
    )
    func dayNoteFolderSync() throws {
        let setup = try DayNoteFolder()
        let remote = setup.dir.sub("shared.git")
        try git("init", "-q", "--bare", "-b", "main", remote, in: setup.dir.path)
        #expect(try setup.run(["remote", "add", "origin", remote]).succeeded)
        #expect(try setup.run(["sync"]).succeeded)
        let phone = setup.dir.sub("phone")
        #expect(try runAlog(["clone", remote], vault: phone, now: Self.now).succeeded)
        #expect(try runAlog(["log", "meal", "--at", "13:00"], vault: phone, now: Self.now).succeeded)
        #expect(try runAlog(["sync"], vault: phone, now: Self.now).succeeded)
        // The merge would write the note the phone changed: refused, with the folder named.
        let refused = try setup.run(["sync"])
        #expect(refused.status == 1, "\(refused.stderr)")
        #expect(refused.stderr.contains("\(setup.note) is a folder where alog keeps a note"), "\(refused.stderr)")
        #expect(refused.stderr.contains("mv \(setup.note) \(setup.note).folder"), "\(refused.stderr)")
        #expect(!refused.stderr.contains("uncommitted changes"), "\(refused.stderr)")
        try setup.expectFolderKept()
        #expect(
            refused.stderr.contains("git -C \(setup.vault)/Activities restore -- \(setup.note)"), "\(refused.stderr)")
        // The way out it names works.
        try FileManager.default.moveItem(atPath: setup.note, toPath: setup.note + ".folder")
        #expect(try git("-C", setup.vault + "/Activities", "restore", "--", setup.note, in: setup.dir.path).succeeded)
        let synced = try setup.run(["sync"])
        #expect(synced.status == 0, "\(synced.stderr)")
        #expect(synced.stdout.contains("events received 1"), "\(synced.stdout)")
        #expect(try readFile(setup.note).contains("^\(setup.first)"))
    }

    @Test(
        "a file of the ledger turned into a folder: the write is refused with its full path and the mv, nothing committed; after the mv it lands"
    )
    func ledgerFileFolder() throws {
        let dir = TemporaryDirectory()
        let vault = dir.sub("vault-with-a-rather-long-name-so-the-path-is-long")
        #expect(try runAlog(["init"], vault: vault, now: Self.now).succeeded)
        #expect(try runAlog(["log", "meal", "--at", "12:00"], vault: vault, now: Self.now).succeeded)
        let file = try git("ls-files", ".alog/events", in: vault).stdout.split(separator: "\n")
            .first { $0.hasSuffix("2030-01-01.jsonl") }
        let path = vault + "/" + (try #require(file))
        try FileManager.default.removeItem(atPath: path)
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        let head = try git("rev-parse", "HEAD", in: vault).stdout
        for run in [CommandRun.inProcess, .process] {
            let refused = try runAlog(["log", "wake", "--at", "13:00"], vault: vault, now: Self.now, run: run)
            #expect(refused.status == 1, "\(refused.stderr)")
            #expect(
                refused.stderr.contains(
                    "\(path) is a folder where alog keeps a file of the ledger, so nothing was committed"),
                "\(refused.stderr)")
            #expect(refused.stderr.contains("mv \(path) \(path).folder"), "\(refused.stderr)")
            #expect(!refused.stderr.contains("…"), "the path is said whole: \(refused.stderr)")
            #expect(try git("rev-parse", "HEAD", in: vault).stdout == head, "nothing committed")
        }
        try FileManager.default.moveItem(atPath: path, toPath: path + ".folder")
        #expect(try runAlog(["log", "wake", "--at", "13:00"], vault: vault, now: Self.now).succeeded)
        #expect(try committedEvents(vault).count == 2)
        #expect(try git("status", "--porcelain", "--untracked-files=no", in: vault).stdout.isEmpty)
        #expect(try git("fsck", "--strict", in: vault).succeeded)
    }

    @Test(
        "a task note turned into a folder: task start by name or path says the folder and the mv, not 'no note named'",
        arguments: ["report", "Tasks/report"])
    func taskNoteFolder(name: String) throws {
        let dir = TemporaryDirectory()
        let vault = dir.sub("vault")
        #expect(try runAlog(["init"], vault: vault, now: Self.now).succeeded)
        try FileManager.default.createDirectory(atPath: vault + "/Tasks/report.md", withIntermediateDirectories: true)
        let head = try git("rev-parse", "HEAD", in: vault).stdout
        let refused = try runAlog(["task", "start", name], vault: vault, now: Self.now)
        #expect(refused.status == 1)
        let full = vault + "/Tasks/report.md"
        #expect(refused.stderr.contains("Tasks/report.md is a folder where the note belongs"), "\(refused.stderr)")
        #expect(refused.stderr.contains("mv \(full) \(full).folder"), "\(refused.stderr)")
        #expect(!refused.stderr.contains("no note named"), "\(refused.stderr)")
        #expect(try git("rev-parse", "HEAD", in: vault).stdout == head, "nothing committed")
    }
}
