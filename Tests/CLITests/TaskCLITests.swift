import Foundation
import TestSupport
import Testing

/// Task notes on the command line (docs/obsidian.md): `tasks`, `task start|pause|resume|complete|
/// current`, `open`; each write one commit holding the note's status change and the events, each
/// refusal one line, exit 1, nothing written.
@Suite("Tasks from frontmatter on the command line")
struct TaskCLITests {
    static let todo =
        "---\nexo__Asset_label: \"Fix bug #123\"\nems__Effort_status: \"[[ems__EffortStatusToDo]]\" # keep\ntags: [a]\n---\n# Fix it\n"

    struct Setup {
        let home = TemporaryDirectory()
        var vault: String { home.sub("Notes") }

        init() throws {
            try FileManager.default.createDirectory(atPath: home.sub("Notes/Tasks"), withIntermediateDirectories: true)
            try writeFile(home.sub("Notes/Tasks/fix-bug.md"), TaskCLITests.todo)
            try writeFile(
                home.sub("Notes/Tasks/write.md"), "---\r\nems__Effort_status: [[ems__EffortStatusDoing]]\r\n---\r\nbody"
            )
            try writeFile(
                home.sub("Notes/Tasks/old.md"), "---\nems__Effort_status: \"[[ems__EffortStatusDone]]\"\n---\n")
            try writeFile(home.sub("Notes/journal.md"), "# not a task\n")
            try FileManager.default.createDirectory(atPath: home.sub("Notes/.trash"), withIntermediateDirectories: true)
            try writeFile(home.sub("Notes/.trash/gone.md"), "---\nems__Effort_status: Doing\n---\n")
            try git("init", "-q", "-b", "main", vault, in: home.path)
            try git("-c", "user.name=U", "-c", "user.email=u@u", "-C", vault, "add", "-A", in: home.path)
            try git("-c", "user.name=U", "-c", "user.email=u@u", "-C", vault, "commit", "-qm", "notes", in: home.path)
            #expect(try run(["init"]).succeeded)
        }

        @discardableResult
        func run(_ arguments: [String], now: String = "2030-01-01T09:00:00Z", process: Bool = false) throws
            -> ProcessResult
        {
            try alog(
                arguments + ["--vault", vault], home: home.path, environment: ["ALOG_NOW": now],
                run: process ? .process : .inProcess)
        }

        func head() throws -> String { try git("rev-parse", "HEAD", in: vault).stdout }
        func note(_ name: String) throws -> String { try readFile(vault + "/Tasks/" + name) }
        func json(_ arguments: [String], now: String = "2030-01-01T09:00:00Z") throws -> Any {
            try JSONSerialization.jsonObject(with: Data(try run(arguments, now: now).stdout.utf8))
        }
        var currentTask: String? { try? readFile(vault + "/.git/alog/widget/current_task.json") }
    }

    @Test("tasks lists the vault's task notes by status, with titles, skipping hidden folders")
    func listing() throws {
        let setup = try Setup()
        let doing = try #require(try setup.json(["tasks", "--json"]) as? [[String: Any]])
        #expect(doing.map { $0["path"] as? String } == ["Tasks/write.md"])
        let all = try #require(try setup.json(["tasks", "--status", "all", "--json"]) as? [[String: Any]])
        #expect(all.map { $0["path"] as? String } == ["Tasks/fix-bug.md", "Tasks/old.md", "Tasks/write.md"])
        #expect(all[0]["title"] as? String == "Fix bug #123" && all[0]["status"] as? String == "To Do")
        let todo = try setup.run(["tasks", "--status", "todo"])
        #expect(todo.succeeded && todo.stdout.contains("Fix bug #123") && !todo.stdout.contains("write"))
        let bad = try setup.run(["tasks", "--status", "later"])
        #expect(bad.status == 1 && bad.stderr.contains("doing, todo, done, all"))
    }

    @Test("task start sets Doing in place and starts a bound timer, in one commit with only that note")
    func startOneCommit() throws {
        let setup = try Setup()
        let started = try setup.run(["task", "start", "fix-bug"])
        #expect(started.succeeded, "\(started.stderr)")
        #expect(try setup.note("fix-bug.md") == Self.todo.replacingOccurrences(of: "ToDo", with: "Doing"))
        let files = try git("show", "--name-only", "--format=", "HEAD", in: setup.vault).stdout
            .split(separator: "\n").filter { !$0.hasPrefix(".alog/") }
        #expect(files == ["Tasks/fix-bug.md"])
        #expect(try git("status", "--porcelain", in: setup.vault).stdout.isEmpty)
        #expect(try git("fsck", "--strict", in: setup.vault).succeeded)
        let status = try #require(try setup.json(["status", "--json"], now: "2030-01-01T09:30:00Z") as? [String: Any])
        let running = try #require(status["running"] as? [String: Any])
        #expect(running["taskTitle"] as? String == "Fix bug #123" && running["task"] as? String == "Tasks/fix-bug.md")
        let human = try setup.run(["status"], now: "2030-01-01T09:30:00Z").stdout
        #expect(human.contains("▸ Fix bug #123"))
        let history = try #require(try setup.json(["history", "--json"]) as? [[String: Any]])
        #expect(history.first?["task"] as? String == "Tasks/fix-bug.md")
        #expect(history.first?["taskTitle"] as? String == "Fix bug #123")
        let current = try #require(setup.currentTask)
        #expect(current.contains("\"id\": \"fix-bug\"") && current.contains("\"vaultName\": \"Notes\""))
        #expect(current.contains("\"startTime\": \"2030-01-01T09:00:00Z\""))
        // The task commands, through the real executables: alog → alog-full → alog-notes.
        let viaProcess = try setup.run(["task", "current", "--json"], process: true)
        #expect(
            viaProcess.succeeded && viaProcess.stdout.contains("\"title\":\"Fix bug #123\""), "\(viaProcess.stderr)")
    }

    @Test("start switches, pause stops, resume goes on bound to the note, complete stops and marks Done")
    func lifecycle() throws {
        let setup = try Setup()
        #expect(try setup.run(["start", "exercise", "--at", "08:00"]).succeeded)
        let switched = try setup.run(["task", "start", "Tasks/fix-bug.md", "--at", "08:30"])
        #expect(switched.succeeded)
        let exercise = try #require(try setup.json(["history", "--json"]) as? [[String: Any]]).last
        #expect(exercise?["end"] as? String == "2030-01-01T08:30:00Z")
        #expect(try setup.run(["task", "pause", "--at", "09:00"]).succeeded)
        #expect(setup.currentTask == nil)
        #expect(try setup.run(["task", "resume", "--at", "09:10"], now: "2030-01-01T09:20:00Z").succeeded)
        #expect(setup.currentTask != nil)
        let done = try setup.run(["task", "complete", "--at", "09:40", "--print-uri"], now: "2030-01-01T10:00:00Z")
        #expect(done.succeeded, "\(done.stderr)")
        #expect(done.stdout.contains("after 30m") && done.stdout.contains("Tasks/fix-bug.md is now Done"))
        #expect(
            done.stdout.contains(
                "obsidian://x-callback-url/advanced-uri?vault=Notes&filepath=Tasks%2Ffix-bug.md&frontmatter="))
        #expect(try setup.note("fix-bug.md").contains("ems__Effort_status: \"[[ems__EffortStatusDone]]\" # keep"))
        #expect(setup.currentTask == nil)
        let tasks = try #require(
            try setup.json(["tasks", "--status", "done", "--json"], now: "2030-01-01T10:00:00Z") as? [[String: Any]])
        #expect(tasks.first { $0["path"] as? String == "Tasks/fix-bug.md" }?["trackedSeconds"] as? Int == 3600)
        // A done task is not resumed.
        let resumed = try setup.run(["task", "resume"], now: "2030-01-01T10:05:00Z")
        #expect(resumed.status == 1 && resumed.stderr.contains("is done"))
    }

    @Test("refusals: one line, exit 1, nothing written")
    func refusals() throws {
        let setup = try Setup()
        try writeFile(setup.vault + "/Tasks/twice.md", "---\nems__Effort_status: a\nems__Effort_status: b\n---\n")
        try writeFile(setup.vault + "/Other/fix-bug.md", "---\nems__Effort_status: ToDo\n---\n")
        let head = try setup.head()
        let cases: [([String], String)] = [
            (["task", "start", "nothing-here"], "no note"),
            (["task", "start", "journal"], "not a task"),
            (["task", "start", "twice"], "more than once"),
            (["task", "start", "fix-bug"], "notes are named fix-bug"),
            (["task", "start", "../outside.md"], "not a note path"),
            (["task", "pause"], "no task is running"),
            (["task", "resume"], "no paused task"),
            (["task", "complete"], "no task is running"),
            (["open", "exocortex://task/start?id=write"], "invalid task link"),
        ]
        for (arguments, words) in cases {
            let result = try setup.run(arguments)
            #expect(result.status == 1, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains(words), "\(arguments): \(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1, "\(arguments): \(result.stderr)")
        }
        // A usage error: the usage follows (exit 64).
        let usage = try setup.run(["open"])
        #expect(usage.status == 64 && usage.stderr.contains("give a link"))
        #expect(try setup.head() == head)
        #expect(try git("status", "--porcelain", in: setup.vault).stdout == "?? Other/\n?? Tasks/twice.md\n")
        // A vault that is not there.
        let missing = try alog(["tasks", "--vault", setup.home.sub("nowhere")], home: setup.home.path)
        #expect(missing.status == 1 && missing.stderr.contains("nowhere"))
    }

    @Test("a title over several lines is made one line; a refusal leaves queued taps queued")
    func titleAndQueuedTaps() throws {
        let setup = try Setup()
        try writeFile(
            setup.vault + "/Tasks/long.md", "---\nexo__Asset_label: |\n  Two\n  lines\nems__Effort_status: ToDo\n---\n")
        #expect(try setup.run(["task", "start", "long"]).succeeded)
        let status = try #require(try setup.json(["status", "--json"]) as? [String: Any])
        #expect((status["running"] as? [String: Any])?["taskTitle"] as? String == "Two lines")
        // The start line reads back on a rebuild (every device reads it).
        #expect(try setup.run(["rebuild"]).succeeded)
        let again = try #require(try setup.json(["status", "--json"]) as? [String: Any])
        #expect((again["running"] as? [String: Any])?["taskTitle"] as? String == "Two lines")
        // A refused task command commits nothing, not even the widget's queued taps.
        #expect(try setup.run(["widget", "tap", "meal"]).succeeded)
        let head = try setup.head()
        #expect(try setup.run(["task", "start", "no-such-note"]).status == 1)
        #expect(try setup.head() == head)
        #expect(try setup.run(["history"]).succeeded)
        #expect(try setup.head() != head)
    }

    @Test("a task note deleted or renamed while its timer runs: the timer is stopped as orphaned, said once")
    func orphaned() throws {
        let setup = try Setup()
        #expect(try setup.run(["task", "start", "fix-bug"]).succeeded)
        try git("mv", "Tasks/fix-bug.md", "Tasks/fixed-bug.md", in: setup.vault)
        let listed = try setup.run(["tasks"], now: "2030-01-01T09:20:00Z")
        #expect(listed.succeeded && listed.stderr.contains("is gone"))
        #expect(setup.currentTask == nil)
        let status = try #require(try setup.json(["status", "--json"], now: "2030-01-01T09:25:00Z") as? [String: Any])
        #expect(status["running"] is NSNull)
        // `task complete` of a running task whose note is gone stops it and says so.
        #expect(try setup.run(["task", "start", "fixed-bug"], now: "2030-01-01T09:30:00Z").succeeded)
        try FileManager.default.removeItem(atPath: setup.vault + "/Tasks/fixed-bug.md")
        let completed = try setup.run(["task", "complete"], now: "2030-01-01T09:40:00Z")
        #expect(completed.succeeded && completed.stderr.contains("is gone"))
        #expect(setup.currentTask == nil)
    }

    @Test("task links: start and complete through open, callbacks printed, refusals open x-cancel and write nothing")
    func links() throws {
        let setup = try Setup()
        let cancel = "&x-cancel=obsidian%3A%2F%2Fopen%3Fvault%3DNotes"
        let start =
            "exocortex://task/start?id=fix-bug&title=Fix%20bug%20%23123&startTime=2030-01-01T08%3A30%3A00Z&vaultName=Notes&x-success=obsidian%3A%2F%2Fopen%3Fvault%3DNotes"
            + cancel
        let opened = try setup.run(["open", start, "--print"])
        #expect(opened.succeeded && opened.stdout == "obsidian://open?vault=Notes\n", "\(opened.stderr)")
        #expect(try setup.note("fix-bug.md").contains("EffortStatusDoing"))
        let again = try setup.run(["open", start, "--print"])
        #expect(again.succeeded && again.stderr.contains("already running"))
        let head = try setup.head()
        for bad in [
            start.replacingOccurrences(of: "vaultName=Notes", with: "vaultName=Other"),
            start.replacingOccurrences(of: "2030-01-01T08", with: "2031-01-01T08"),
            start.replacingOccurrences(of: "id=fix-bug", with: "id=fix_bug"),
            start.replacingOccurrences(of: "x-success=obsidian", with: "x-success=https"),
        ] {
            let refused = try setup.run(["open", bad, "--print"])
            #expect(
                refused.status == 1 && refused.stdout == "obsidian://open?vault=Notes\n", "\(bad): \(refused.stderr)")
        }
        #expect(try setup.head() == head)
        let complete = try setup.run(["open", "exocortex://task/complete?id=fix-bug", "--print"])
        #expect(complete.succeeded)
        #expect(
            complete.stdout.hasPrefix("obsidian://x-callback-url/advanced-uri?vault=Notes&filepath=Tasks%2Ffix-bug.md"))
        #expect(try setup.note("fix-bug.md").contains("EffortStatusDone"))
    }

    @Test("a task link that starts more than a day back, before the last stop, or a Done task is refused with the way")
    func linkStartRefusals() throws {
        let setup = try Setup()
        func link(_ id: String, _ start: String) -> String {
            "exocortex://task/start?id=\(id)&title=T&startTime=\(start.replacingOccurrences(of: ":", with: "%3A"))&vaultName=Notes"
        }
        let head = try setup.head()
        // Now is 2030-01-01T09:00Z: three days back (the README's example opened later).
        let old = try setup.run(["open", link("fix-bug", "2029-12-29T09:00:00Z"), "--print"])
        #expect(old.status == 1)
        #expect(old.stderr.contains("more than a day ago"), "\(old.stderr)")
        #expect(old.stderr.contains("alog task start 'Tasks/fix-bug.md' --at 2029-12-29T09:00:00Z"), "\(old.stderr)")
        // A Done task is not reopened by a link.
        let done = try setup.run(["open", link("old", "2030-01-01T08:00:00Z"), "--print"])
        #expect(done.status == 1)
        #expect(done.stderr.contains("says it is done"), "\(done.stderr)")
        #expect(try setup.note("old.md").contains("EffortStatusDone"))
        #expect(try setup.head() == head, "nothing written")
        #expect(try setup.note("fix-bug.md") == TaskCLITests.todo)

        // Within the day: started, then stopped at 08:50; the same link again starts before that stop.
        let recent = link("fix-bug", "2030-01-01T08:30:00Z")
        #expect(try setup.run(["open", recent, "--print"], now: "2030-01-01T08:40:00Z").succeeded)
        #expect(try setup.run(["task", "pause", "--at", "08:50"], now: "2030-01-01T08:55:00Z").succeeded)
        let afterPause = try setup.head()
        let replayed = try setup.run(["open", recent, "--print"])
        #expect(replayed.status == 1)
        #expect(replayed.stderr.contains("before its timer last stopped (08:50"), "\(replayed.stderr)")
        #expect(try setup.head() == afterPause)
        // The way the first refusal names does it on purpose (in a vault of the same notes).
        let other = try Setup()
        let started = try other.run(["task", "start", "Tasks/fix-bug.md", "--at", "2029-12-29T09:00:00Z"])
        #expect(started.succeeded, "\(started.stderr)")
        #expect(try other.note("fix-bug.md").contains("EffortStatusDoing"))
    }

    @Test("undo of a task start puts the note's status back in the undo's own commit")
    func undoTaskStart() throws {
        let setup = try Setup()
        #expect(try setup.run(["task", "start", "fix-bug", "--at", "08:00"]).succeeded)
        #expect(try setup.note("fix-bug.md").contains("EffortStatusDoing"))
        let undone = try setup.run(["undo"])
        #expect(undone.succeeded, "\(undone.stderr)")
        #expect(try setup.note("fix-bug.md") == TaskCLITests.todo, "the note as it was before the start")
        // One commit: the reversal and the note.
        let files = try git("show", "--name-only", "--format=", "HEAD", in: setup.vault).stdout
        #expect(files.contains("Tasks/fix-bug.md") && files.contains(".alog/events/"), "\(files)")
        #expect(try git("status", "--porcelain", in: setup.vault).stdout.isEmpty)
        #expect(try git("fsck", "--strict", in: setup.vault).succeeded)
        #expect(try setup.run(["task", "current"]).stdout.lowercased().contains("no task is running"))

        // A note changed since the start keeps the user's text.
        #expect(try setup.run(["task", "start", "fix-bug", "--at", "08:10"]).succeeded)
        let edited = try setup.note("fix-bug.md") + "a line of mine\n"
        try writeFile(setup.vault + "/Tasks/fix-bug.md", edited)
        #expect(try setup.run(["undo"]).succeeded)
        #expect(try setup.note("fix-bug.md") == edited)
    }

    @Test("open --install-handler writes a desktop entry for exocortex links")
    func installHandler() throws {
        let setup = try Setup()
        let data = setup.home.sub("xdg-data")
        let result = try alog(
            ["open", "--install-handler"], home: setup.home.path,
            environment: ["XDG_DATA_HOME": data, "PATH": "/nonexistent"])
        #expect(result.succeeded)
        let entry = try readFile(data + "/applications/alog-exocortex.desktop")
        #expect(entry.contains("MimeType=x-scheme-handler/exocortex;") && entry.contains(" open %u"))
        // Without xdg-mime on PATH it says what to run.
        #expect(result.stderr.contains("xdg-mime default alog-exocortex.desktop x-scheme-handler/exocortex"))
    }

    @Test("a second device completes the task: after a sync the first has no running task and no current_task.json")
    func secondDeviceCompletes() throws {
        let setup = try Setup()
        let remote = setup.home.sub("shared.git")
        try git("init", "-q", "--bare", "-b", "main", remote, in: setup.home.path)
        #expect(try setup.run(["remote", "add", "origin", remote]).succeeded)
        #expect(try setup.run(["task", "start", "fix-bug"]).succeeded)
        #expect(try setup.run(["sync"]).succeeded)
        let other = setup.home.sub("Phone")
        #expect(try alog(["clone", remote, "--vault", other], home: setup.home.path).succeeded)
        let completed = try alog(
            ["task", "complete", "--vault", other], home: setup.home.path,
            environment: ["ALOG_NOW": "2030-01-01T10:00:00Z"])
        #expect(completed.succeeded, "\(completed.stderr)")
        #expect(try alog(["sync", "--vault", other], home: setup.home.path).succeeded)
        #expect(setup.currentTask != nil)
        #expect(try setup.run(["sync"], now: "2030-01-01T10:05:00Z").succeeded)
        #expect(setup.currentTask == nil)
        #expect(try setup.note("fix-bug.md").contains("EffortStatusDone"))
        let again = try setup.run(["task", "complete"], now: "2030-01-01T10:06:00Z")
        #expect(again.status == 1 && again.stderr.contains("no task is running"))
    }
}
