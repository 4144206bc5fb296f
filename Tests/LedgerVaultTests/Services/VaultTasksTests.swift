import LedgerCore
import LedgerVault
import TestSupport
import Testing

/// `VaultTasks` (`vault.tasks`): timers bound to task notes, each action one commit that holds
/// the note's status change beside the events, and `current_task.json` kept from HEAD.
@Suite("VaultTasks: start, pause, resume, complete, orphans, current_task.json")
struct VaultTasksTests {
    let doing = "---\nems__Effort_status: \"[[ems__EffortStatusDoing]]\"\n---\nBody\n"
    let todo = "---\nems__Effort_status: \"[[ems__EffortStatusToDo]]\"\n---\nBody\n"
    let done = "---\nems__Effort_status: \"[[ems__EffortStatusDone]]\"\n---\nBody\n"

    func vaultWithNote(_ dir: TemporaryDirectory, path: String = "Tasks/Fix bug.md") throws -> Vault {
        let (vault, _) = try Vault.initialize(at: dir.path)
        try writeFile(dir.sub(path), todo)
        _ = try git("add", path, in: dir.path)
        _ = try git("-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "a task", in: dir.path)
        return vault
    }

    func change(_ dir: TemporaryDirectory, _ path: String, to text: String) throws -> NoteChange {
        NoteChange(path: path, before: Array(try readFile(dir.sub(path)).utf8), after: Array(text.utf8))
    }

    func currentTask(_ dir: TemporaryDirectory) -> String? {
        try? readFile(dir.sub(".git/alog/widget/current_task.json"))
    }

    @Test("a task start defines the task type, binds the timer to the note and commits the note with it")
    func startCommitsNoteAndEvent() throws {
        let dir = TemporaryDirectory()
        let vault = try vaultWithNote(dir)
        let task = TaskRef(path: "Tasks/Fix bug.md", title: "Fix bug #123")
        let (started, plan) = try vault.tasks.start(
            task: task, type: "task", at: at("2024-03-01T09:00:00Z"), adjust: false,
            note: try change(dir, task.path, to: doing))
        #expect(plan.definesType)
        // One commit: the event file and the note, nothing else of the user's.
        let files = try git("show", "--name-only", "--format=", "HEAD", in: dir.path).stdout
            .split(separator: "\n").map(String.init)
        #expect(files.contains("Tasks/Fix bug.md") && files.filter { !$0.hasPrefix(".alog/") }.count == 1)
        #expect(try git("show", "HEAD:Tasks/Fix bug.md", in: dir.path).stdout == doing)
        #expect(try readFile(dir.sub(task.path)) == doing)
        #expect(try git("status", "--porcelain", in: dir.path).stdout.isEmpty)
        #expect(try git("fsck", "--strict", in: dir.path).succeeded)
        let running = try #require(try vault.state().timeline.running)
        #expect(running.entry.id == started.events.last!.id && running.entry.task == task)
        #expect(running.entry.type == "task")
        // The start line is format version 5 and names the note.
        let line = try #require(try committedEvents(dir.path).first { ($0["kind"] as? String) == "start" })
        #expect(line["v"] as? Int == 5 && line["task"] as? String == task.path)
        #expect(line["title"] as? String == task.title)
        // current_task.json in the seed's shape.
        let json = try #require(currentTask(dir))
        #expect(json.contains("\"id\": \"Fix bug\"") && json.contains("\"title\": \"Fix bug #123\""))
        #expect(json.contains("\"startTime\": \"2024-03-01T09:00:00Z\"") && json.contains("\"vaultName\": "))
        // Starting it again while it runs is refused, and writes nothing.
        let head = try git("rev-parse", "HEAD", in: dir.path).stdout
        #expect(throws: TaskError.self) {
            try vault.tasks.start(task: task, type: "task", at: at("2024-03-01T09:30:00Z"), adjust: false, note: nil)
        }
        #expect(try git("rev-parse", "HEAD", in: dir.path).stdout == head)
    }

    @Test("pause stops the task's timer, resume starts it again bound to the same note, complete stops and marks done")
    func pauseResumeComplete() throws {
        let dir = TemporaryDirectory()
        let vault = try vaultWithNote(dir)
        let task = TaskRef(path: "Tasks/Fix bug.md", title: "Fix bug")
        _ = try vault.tasks.start(
            task: task, type: "task", at: at("2024-03-01T09:00:00Z"), adjust: false,
            note: try change(dir, task.path, to: doing))
        let (paused, _) = try vault.tasks.pause(at: at("2024-03-01T09:45:00Z"))
        #expect(paused.seconds(now: 0) == 2700 && paused.entry.task == task)
        #expect(currentTask(dir) == nil)
        #expect(throws: TaskError.noTaskRunning(runningType: nil)) {
            try vault.tasks.pause(at: at("2024-03-01T09:50:00Z"))
        }

        let (resumed, started) = try vault.tasks.resume(at: at("2024-03-01T10:00:00Z"))
        #expect(resumed.entry.task == task)
        let running = try #require(try vault.state().timeline.running)
        #expect(running.entry.id == started.events.last!.id && running.entry.task == task)
        #expect(currentTask(dir)?.contains("2024-03-01T10:00:00Z") == true)

        let (stopped, appended) = try vault.tasks.complete(
            task: task.path, at: at("2024-03-01T10:30:00Z"), note: try change(dir, task.path, to: done))
        #expect(stopped?.seconds(now: 0) == 1800 && appended != nil)
        #expect(try vault.state().timeline.running == nil)
        #expect(try git("show", "HEAD:Tasks/Fix bug.md", in: dir.path).stdout == done)
        #expect(currentTask(dir) == nil)
        #expect(try git("status", "--porcelain", in: dir.path).stdout.isEmpty)
    }

    @Test("a plain timer is not a task's: pause refuses it and names it")
    func pauseRefusesPlainTimer() throws {
        let dir = TemporaryDirectory()
        let vault = try vaultWithNote(dir)
        _ = try vault.timers.start(type: "exercise", at: at("2024-03-01T09:00:00Z"), note: nil, goal: nil)
        #expect(throws: TaskError.noTaskRunning(runningType: "exercise")) {
            try vault.tasks.pause(at: at("2024-03-01T09:10:00Z"))
        }
    }

    @Test("a task whose note is deleted while its timer runs is stopped as orphaned; current_task.json goes")
    func orphanedTask() throws {
        let dir = TemporaryDirectory()
        let vault = try vaultWithNote(dir)
        let task = TaskRef(path: "Tasks/Fix bug.md", title: "Fix bug")
        _ = try vault.tasks.start(
            task: task, type: "task", at: at("2024-03-01T09:00:00Z"), adjust: false,
            note: try change(dir, task.path, to: doing))
        #expect(try vault.tasks.stopOrphan(at: at("2024-03-01T09:10:00Z")) == nil)
        _ = try git("rm", "-q", task.path, in: dir.path)
        let (orphan, _) = try #require(try vault.tasks.stopOrphan(at: at("2024-03-01T09:20:00Z")))
        #expect(orphan.entry.task == task && orphan.end == at("2024-03-01T09:20:00Z"))
        #expect(try vault.state().timeline.running == nil && currentTask(dir) == nil)
        #expect(try vault.state().entry(orphan.entry.id)?.note == "task note Tasks/Fix bug.md is gone")
    }

    @Test("a note the user changed again while alog committed it keeps the user's text")
    func concurrentNoteEditKept() throws {
        let dir = TemporaryDirectory()
        let vault = try vaultWithNote(dir)
        let stale = NoteChange(path: "Tasks/Fix bug.md", before: Array("something else".utf8), after: Array(doing.utf8))
        let (started, _) = try vault.tasks.start(
            task: TaskRef(path: "Tasks/Fix bug.md", title: "Fix bug"), type: "task", at: at("2024-03-01T09:00:00Z"),
            adjust: false, note: stale)
        #expect(started.warnings.count == 1)
        #expect(try readFile(dir.sub("Tasks/Fix bug.md")) == todo)
    }

    @Test("a note path outside the vault, in .git or in the ledger is refused before anything is written")
    func notePathsRefused() throws {
        let dir = TemporaryDirectory()
        let vault = try vaultWithNote(dir)
        let head = try git("rev-parse", "HEAD", in: dir.path).stdout
        for path in ["../x.md", "/etc/x.md", ".git/x.md", ".alog/x.md", "a/../b.md", "x.txt", "a//b.md"] {
            #expect(throws: TaskError.self) {
                try vault.tasks.start(
                    task: TaskRef(path: path, title: "x"), type: "task", at: at("2024-03-01T09:00:00Z"), adjust: false,
                    note: NoteChange(path: path, before: nil, after: Array(doing.utf8)))
            }
        }
        #expect(try git("rev-parse", "HEAD", in: dir.path).stdout == head)
    }

    @Test("a damaged or missing current_task.json is rewritten from the vault by the next command")
    func currentTaskRewritten() throws {
        let dir = TemporaryDirectory()
        let vault = try vaultWithNote(dir)
        _ = try vault.tasks.start(
            task: TaskRef(path: "Tasks/Fix bug.md", title: "Fix bug"), type: "task", at: at("2024-03-01T09:00:00Z"),
            adjust: false, note: nil)
        let good = try #require(currentTask(dir))
        try writeFile(dir.sub(".git/alog/widget/current_task.json"), "{\"id\": tor")
        try Vault.open(at: dir.path).ensureWidgetCache()
        #expect(currentTask(dir) == good)
        _ = try runProcess("/bin/rm", ["-f", dir.sub(".git/alog/widget/current_task.json")])
        try Vault.open(at: dir.path).ensureWidgetCache()
        #expect(currentTask(dir) == good)
    }
}
