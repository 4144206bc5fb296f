import LedgerCore
import LedgerNotes
import LedgerTaskNotes
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A vault folder made with mkdtemp, removed at the end.
final class TemporaryVault {
    let root: String

    init() {
        var template = Array("/tmp/alog-tasks-XXXXXX".utf8CString)
        root = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)!) }
    }

    deinit {
        _ = remove(root)
    }

    /// Writes `text` to vault path `path`, making its folders.
    func write(_ path: String, _ text: String) {
        write(path, Array(text.utf8))
    }

    func write(_ path: String, _ bytes: [UInt8]) {
        let parts = path.split(separator: "/")
        var folder = root
        for part in parts.dropLast() {
            folder += "/" + part
            mkdir(folder, 0o755)
        }
        let fd = open(root + "/" + path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        precondition(fd >= 0, "cannot write \(path)")
        bytes.withUnsafeBytes { _ = writeBytes(fd, $0.baseAddress, $0.count) }
        close(fd)
    }

    /// A symbolic link at vault path `path` to `target`.
    func link(_ path: String, to target: String) {
        symlink(target, root + "/" + path)
    }

    private func remove(_ path: String) -> Int32 {
        var info = stat()
        guard lstat(path, &info) == 0 else { return 0 }
        if info.st_mode & S_IFMT == S_IFDIR {
            if let directory = opendir(path) {
                while let entry = readdir(directory) {
                    let name = withUnsafeBytes(of: entry.pointee.d_name) {
                        String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
                    }
                    if name != "." && name != ".." { _ = remove(path + "/" + name) }
                }
                closedir(directory)
            }
            return rmdir(path)
        }
        return unlink(path)
    }
}

private func taskNote(_ status: String, label: String? = nil, extra: String = "") -> String {
    "---\n" + (label.map { "exo__Asset_label: \($0)\n" } ?? "") + "ems__Effort_status: \"[[\(status)]]\"\n" + extra
        + "---\n# Body\n"
}

@Suite("Task scanner")
struct TaskNoteScannerTests {
    @Test func findsTasksAndSkipsTheRest() {
        let vault = TemporaryVault()
        vault.write("Inbox.md", taskNote("ems__EffortStatusToDo", label: "Pay the bills"))
        vault.write("Projects/Report/Write report.md", taskNote("ems__EffortStatusDoing"))
        vault.write("Projects/Report/Notes.md", "---\nexo__Asset_label: Notes\n---\nems__Effort_status: no\n")
        vault.write("a/b/c/d/e/f/Deep task.md", taskNote("ems__EffortStatusDone"))
        vault.write("Plain.md", "# Just text\n\nems__Effort_status: \"[[ems__EffortStatusDoing]]\"\n")
        vault.write("Empty.md", "")
        for hidden in [".git", ".alog", ".obsidian", ".trash", ".hidden"] {
            vault.write("\(hidden)/Task.md", taskNote("ems__EffortStatusDoing"))
        }
        vault.write(".Hidden task.md", taskNote("ems__EffortStatusDoing"))
        vault.write("Task.txt", taskNote("ems__EffortStatusDoing"))
        vault.write("Task.MD", taskNote("ems__EffortStatusDoing"))
        vault.write("Folder.md/Inside.md", taskNote("ems__EffortStatusBacklog"))

        let scan = TaskScanner.scan(vault: vault.root)
        #expect(scan.problems == [])
        #expect(
            scan.tasks.map(\.path) == [
                "Folder.md/Inside.md", "Inbox.md", "Projects/Report/Write report.md", "a/b/c/d/e/f/Deep task.md",
            ])
        #expect(scan.tasks.map(\.status) == [.backlog, .toDo, .doing, .done])
        #expect(scan.tasks.map(\.title) == ["Inside", "Pay the bills", "Write report", "Deep task"])
    }

    @Test func symbolicLinksAreNotFollowed() {
        let vault = TemporaryVault()
        vault.write("Real/Task.md", taskNote("ems__EffortStatusDoing"))
        vault.link("Loop", to: ".")
        vault.link("Real/Up", to: "..")
        vault.link("Linked folder", to: "Real")
        vault.link("Linked task.md", to: "Real/Task.md")
        vault.link("Dangling.md", to: "nowhere.md")
        let scan = TaskScanner.scan(vault: vault.root)
        #expect(scan.tasks.map(\.path) == ["Real/Task.md"])
        #expect(scan.problems == [])
    }

    @Test func damagedYAMLIsReportedWithItsLine() {
        let vault = TemporaryVault()
        vault.write("Good.md", taskNote("ems__EffortStatusDoing"))
        vault.write("Sub/Bad.md", "---\nexo__Asset_label: A\nems__Effort_status: x\nbad: key: value\n---\n")
        vault.write("Also bad.md", "---\r\nems__Effort_status: \"[[x]]\r\n---\r\n")
        let scan = TaskScanner.scan(vault: vault.root)
        #expect(scan.tasks.map(\.path) == ["Good.md"])
        #expect(scan.problems.map(\.path) == ["Also bad.md", "Sub/Bad.md"])
        #expect(scan.problems.last?.line == 4)
        #expect(scan.problems.allSatisfy { $0.kind == .damagedFrontmatter })
    }

    @Test func largeNotes() {
        let vault = TemporaryVault()
        let body = String(repeating: "Lorem ipsum dolor sit amet. ", count: 200_000)
        vault.write("Huge plain.md", "---\ntags: [a]\n---\n" + body)
        vault.write("Huge no frontmatter.md", body)
        vault.write("Huge task.md", taskNote("ems__EffortStatusDoing") + body)
        let longLabel = String(repeating: "long ", count: 4000)
        vault.write("Long frontmatter.md", taskNote("ems__EffortStatusDone", label: longLabel, extra: "z: 1\n") + body)
        let endless = "---\nems__Effort_status: x\nlong: |\n" + String(repeating: "  line\n", count: 200_000)
        vault.write("Never closed.md", endless)
        vault.write("Never closed, no key.md", "---\nlong: |\n" + String(repeating: "  line\n", count: 200_000))
        vault.write("Unclosed small.md", "---\nems__Effort_status: x\n")
        let scan = TaskScanner.scan(vault: vault.root)
        #expect(scan.tasks.map(\.path) == ["Huge task.md", "Long frontmatter.md"])
        #expect(scan.tasks.last?.title == longLabel.trimmingSuffix())
        #expect(scan.problems.map(\.path) == ["Never closed.md"])
        #expect(scan.problems.first?.kind == .unreadable)
        #expect(scan.problems.first?.code == .unreadableNote)
    }

    @Test func manyNotesOnTwoThreads() {
        let vault = TemporaryVault()
        var expected: [String] = []
        for index in 0..<700 {
            let path = "Folder \(index % 7)/Note \(index).md"
            if index % 3 == 0 {
                vault.write(path, taskNote(index % 2 == 0 ? "ems__EffortStatusDoing" : "ems__EffortStatusDone"))
                expected.append(path)
            } else {
                vault.write(path, "---\nexo__Asset_label: Plain \(index)\n---\ntext\n")
            }
        }
        let scan = TaskScanner.scan(vault: vault.root)
        #expect(scan.tasks.map(\.path) == expected.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
        #expect(scan.tasks.filter { $0.status == .doing }.count == 117)
        #expect(scan.problems == [])
    }

    @Test func unreadableFolderAndNote() throws {
        guard geteuid() != 0 else { return }  // root reads everything
        let vault = TemporaryVault()
        vault.write("Locked/Task.md", taskNote("ems__EffortStatusDoing"))
        vault.write("Secret.md", taskNote("ems__EffortStatusDoing"))
        chmod(vault.root + "/Locked", 0)
        chmod(vault.root + "/Secret.md", 0)
        defer { chmod(vault.root + "/Locked", 0o755) }
        let scan = TaskScanner.scan(vault: vault.root)
        #expect(scan.tasks == [])
        #expect(scan.problems.map(\.path) == ["Locked", "Secret.md"])
        #expect(scan.problems.allSatisfy { $0.kind == .unreadable })
    }

    @Test func missingVault() {
        let scan = TaskScanner.scan(vault: "/nonexistent/alog-vault")
        #expect(scan.tasks == [])
        #expect(scan.problems.map(\.path) == ["."])
    }
}

@Suite("Task lookup")
struct TaskNoteLookupTests {
    private func vault() -> TemporaryVault {
        let vault = TemporaryVault()
        vault.write("Inbox.md", taskNote("ems__EffortStatusToDo", label: "Pay the bills"))
        vault.write("Projects/Write report.md", taskNote("ems__EffortStatusDoing"))
        vault.write("Archive/2023/Write report.md", taskNote("ems__EffortStatusDone"))
        vault.write("Ideas.md", "# Ideas\n")
        vault.write(".obsidian/Inbox.md", taskNote("ems__EffortStatusDone"))
        vault.write("Broken.md", "---\nems__Effort_status: a: b\n---\n")
        return vault
    }

    @Test func byIdAndByPath() throws {
        let vault = vault()
        #expect(try TaskScanner.locate("Inbox", vault: vault.root) == "Inbox.md")
        #expect(try TaskScanner.locate("Inbox.md", vault: vault.root) == "Inbox.md")
        #expect(try TaskScanner.locate("Projects/Write report", vault: vault.root) == "Projects/Write report.md")
        #expect(try TaskScanner.locate("./Projects/Write report.md", vault: vault.root) == "Projects/Write report.md")
        #expect(try TaskScanner.locate(vault.root + "/Ideas.md", vault: vault.root) == "Ideas.md")
        #expect(try TaskScanner.task(named: "Inbox", vault: vault.root).title == "Pay the bills")
        #expect(try TaskScanner.task(named: "Archive/2023/Write report", vault: vault.root).status == .done)
        #expect(try TaskScanner.task(at: "Ideas.md", vault: vault.root) == nil)
    }

    @Test func ambiguousIdNamesEveryPath() {
        let vault = vault()
        let error = TaskLookupError.ambiguousNote(
            "Write report", paths: ["Archive/2023/Write report.md", "Projects/Write report.md"])
        #expect(throws: error) { try TaskScanner.locate("Write report", vault: vault.root) }
        #expect(error.code == .ambiguousNote)
        #expect(error.description.contains("Archive/2023/Write report.md, Projects/Write report.md"))
    }

    @Test func refusals() {
        let vault = vault()
        #expect(throws: TaskLookupError.noSuchNote("Nothing")) { try TaskScanner.locate("Nothing", vault: vault.root) }
        #expect(throws: TaskLookupError.noSuchNote("Projects/Nothing")) {
            try TaskScanner.locate("Projects/Nothing", vault: vault.root)
        }
        #expect(throws: TaskLookupError.outsideVault("../x.md")) {
            try TaskScanner.locate("../x.md", vault: vault.root)
        }
        #expect(throws: TaskLookupError.outsideVault("/etc/passwd")) {
            try TaskScanner.locate("/etc/passwd", vault: vault.root)
        }
        #expect(throws: TaskLookupError.outsideVault(".obsidian/Inbox.md")) {
            try TaskScanner.locate(".obsidian/Inbox.md", vault: vault.root)
        }
        #expect(throws: TaskLookupError.notATask(path: "Ideas.md")) {
            try TaskScanner.task(named: "Ideas", vault: vault.root)
        }
        #expect(throws: TaskLookupError.self) { try TaskScanner.task(named: "Broken", vault: vault.root) }
        do {
            _ = try TaskScanner.task(named: "Broken", vault: vault.root)
        } catch {
            guard case .unreadable(let problem) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(problem.line == 2)
            #expect(error.code == .damagedFrontmatter)
        }
    }

    @Test func symbolicLinksAreNotNotes() {
        let vault = vault()
        vault.link("Linked.md", to: "Inbox.md")
        vault.link("Elsewhere", to: "Projects")
        #expect(throws: TaskLookupError.noSuchNote("Linked")) { try TaskScanner.locate("Linked", vault: vault.root) }
        #expect(throws: TaskLookupError.noSuchNote("Elsewhere/Write report")) {
            try TaskScanner.locate("Elsewhere/Write report", vault: vault.root)
        }
    }
}

private func writeBytes(_ fd: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
    write(fd, buffer, count)
}

extension String {
    fileprivate func trimmingSuffix() -> String {
        var text = Substring(self)
        while text.last == " " { text = text.dropLast() }
        return String(text)
    }
}
