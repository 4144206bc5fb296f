import LedgerCore
import LedgerNotes
import LedgerTaskNotes
import Testing

@Suite("Task note reader")
struct TaskNoteReaderTests {
    private func read(_ text: String, path: String = "Tasks/Write report.md") throws(TaskProblem) -> TaskNote? {
        try TaskNoteReader.task(in: Array(text.utf8), path: path)
    }

    private func problem(_ text: String) -> TaskProblem? {
        do {
            _ = try read(text)
            return nil
        } catch {
            return error
        }
    }

    @Test func quotedWikilinkAndLabel() throws {
        let task = try read(
            "---\nexo__Asset_label: Write the report\nems__Effort_status: \"[[ems__EffortStatusDoing]]\"\n---\n")
        #expect(task == TaskNote(path: "Tasks/Write report.md", label: "Write the report", status: .doing))
        #expect(task?.id == "Write report")
        #expect(task?.title == "Write the report")
    }

    @Test(arguments: [
        ("ems__Effort_status: [[ems__EffortStatusDoing]]", EffortStatus.doing),
        ("ems__Effort_status: '[[ems__EffortStatusDone]]'", .done),
        ("ems__Effort_status: ems__EffortStatusToDo", .toDo),
        ("ems__Effort_status: \"[[ems__EffortStatusBacklog|Backlog]]\"", .backlog),
        ("ems__Effort_status: [[ems__EffortStatusWaiting|Waiting]]", .waiting),
        ("ems__Effort_status: \"[[7b9b3116-7c3c-438c-9618-94fe301320a6]]\"", .done),
        ("ems__Effort_status:\n  - \"[[ems__EffortStatusTrashed]]\"", .trashed),
        ("ems__Effort_status: |\n  [[ems__EffortStatusDraft]]", .draft),
        ("\"ems__Effort_status\": \"[[ems__EffortStatusDoing]]\"", .doing),
        ("ems__Effort_status:", .other("")),
        ("ems__Effort_status: ~", .other("")),
        ("ems__Effort_status: \"\"", .other("")),
        ("ems__Effort_status: [[ems__EffortStatusBlocked]]", .other("ems__EffortStatusBlocked")),
        ("base: &s \"[[ems__EffortStatusDoing]]\"\nems__Effort_status: *s", .doing),
    ])
    func statusForms(_ line: String, _ status: EffortStatus) throws {
        #expect(try read("---\n\(line)\n---\nbody\n")?.status == status)
    }

    @Test func listsAndMapsAreUnknownStatuses() throws {
        #expect(try read("---\nems__Effort_status: [a, b]\n---\n")?.status == .other("[a, b]"))
        #expect(try read("---\nems__Effort_status: {a: 1}\n---\n")?.status == .other("{…}"))
    }

    @Test func titles() throws {
        #expect(try read("---\nems__Effort_status: x\n---\n")?.title == "Write report")
        #expect(try read("---\nexo__Asset_label: 2024\nems__Effort_status: x\n---\n")?.title == "2024")
        #expect(
            try read("---\nexo__Asset_label: [[Other note]]\nems__Effort_status: x\n---\n")?.title == "[[Other note]]")
        #expect(try read("---\nexo__Asset_label:\nems__Effort_status: x\n---\n")?.title == "Write report")
        #expect(try read("---\nexo__Asset_label: [a, b]\nems__Effort_status: x\n---\n")?.title == "Write report")
    }

    @Test(arguments: [
        "# No frontmatter\nems__Effort_status: x\n",
        "---\nexo__Asset_label: Not a task\n---\n",
        "---\nparent:\n  ems__Effort_status: \"[[ems__EffortStatusDoing]]\"\n---\n",
        "---\n# ems__Effort_status: \"[[ems__EffortStatusDoing]]\"\na: 1\n---\n",
        "---\na: 1\n---\nems__Effort_status: \"[[ems__EffortStatusDoing]]\"\n",
        "---\nems__Effort_status: x\n",
        "---\n---\n",
        "---\n# only a comment: ems__Effort_status\n---\n",
        "",
    ])
    func notATask(_ text: String) throws {
        #expect(try read(text) == nil)
    }

    @Test func crlfAndByteOrderMark() throws {
        let task = try read(
            "\u{FEFF}---\r\nexo__Asset_label: A\r\nems__Effort_status: \"[[ems__EffortStatusDone]]\"\r\n---\r\n")
        #expect(task?.status == .done)
        #expect(task?.title == "A")
    }

    @Test func damagedYAMLHasTheFilesLine() {
        let found = problem("---\nexo__Asset_label: A\nems__Effort_status: x\nbad: key: value\n---\n")
        #expect(found?.kind == .damagedFrontmatter)
        #expect(found?.path == "Tasks/Write report.md")
        #expect(found?.line == 4)
        #expect(found?.message.contains("mapping values are not allowed") == true)
        #expect(found?.code == .damagedFrontmatter)
        #expect(found?.description.hasPrefix("Tasks/Write report.md:4: ") == true)
    }

    @Test func unclosedQuote() {
        let found = problem("---\nems__Effort_status: \"[[ems__EffortStatusDoing]]\nnext: 1\n---\n")
        #expect(found?.kind == .damagedFrontmatter)
        #expect(found?.line != nil)
    }

    @Test func duplicatedKey() {
        let found = problem("---\nems__Effort_status: a\nx: 1\nems__Effort_status: b\n---\n")
        #expect(found?.message.contains("more than once") == true)
        #expect(found?.message.contains("ems__Effort_status") == true)
        #expect(found?.line == 2)
    }

    @Test func tabIndentation() {
        let found = problem("---\nems__Effort_status:\n\t- x\n---\n")
        #expect(found?.kind == .damagedFrontmatter)
        #expect(found?.line == 3)
    }

    @Test func notAMap() {
        let found = problem("---\n- ems__Effort_status\n- b\n---\n")
        #expect(found?.message == "the frontmatter is not a map of `key: value` lines")
        #expect(found?.line == 2)
    }

    @Test func frontmatterTextWithItsFirstLine() throws {
        let yaml = "a: 1\nems__Effort_status: x\nbad: key: value\n"
        #expect(throws: TaskProblem.self) { try TaskNoteReader.task(frontmatter: yaml, path: "n.md", firstLine: 10) }
        do {
            _ = try TaskNoteReader.task(frontmatter: yaml, path: "n.md", firstLine: 10)
        } catch {
            #expect(error.line == 12)
        }
        #expect(try TaskNoteReader.task(frontmatter: "ems__Effort_status: x", path: "n.md")?.status == .other("x"))
    }

    @Test func deepNestingIsAProblemNotACrash() throws {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        let found = problem("---\nems__Effort_status: \(deep)\n---\n")
        #expect(found?.message.contains("Maximum nesting level") == true)
        let edited = try FrontmatterEdit.setting(
            "ems__Effort_status", to: "x", in: Array("---\nems__Effort_status: \(deep)\n---\n".utf8))
        #expect(edited.text == "---\nems__Effort_status: \"x\"\n---\n")
    }

    /// Damaged notes of every kind (bytes cut, changed, repeated) are read or reported, never a crash.
    @Test func damagedNotesNeverCrash() {
        let seed = Array(
            "---\nexo__Asset_label: \"A [[b]] 'c'\"\nems__Effort_status: [[ems__EffortStatusDoing]]\nlist:\n  - {a: [1, 2]}\n  - |\n    text\n---\nbody\n"
                .utf8)
        let pieces: [[UInt8]] = [
            "\"", "'", "[", "]", "{", "}", ":", " ", "\t", "\n", "\r", "-", "#", "&a", "*a", "!", "|", ">", "\u{0}",
            "\u{FEFF}", "---\n", "%",
        ].map { Array($0.utf8) }
        var random = SeededRandom(state: 42)
        var tasks = 0
        var problems = 0
        for _ in 0..<3000 {
            var note = seed
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                let at = Int.random(in: 0...note.count, using: &random)
                switch Int.random(in: 0..<3, using: &random) {
                case 0: note.insert(contentsOf: pieces.randomElement(using: &random)!, at: at)
                case 1: if at < note.count { note.remove(at: at) }
                default: note = Array(note[..<at])
                }
            }
            do {
                if try TaskNoteReader.task(in: note, path: "n.md") != nil { tasks += 1 }
            } catch {
                problems += 1
                #expect(error.line == nil || error.line! >= 1)
            }
        }
        #expect(tasks > 0)
        #expect(problems > 0)
    }

    /// The note of issue 44: ten levels, each repeating the last ten times. Yams composes it in
    /// linear time, but an alias is the node it names: 10^10 nodes for whatever walks or hashes
    /// the value. Refused before Yams sees it, at the first alias's line.
    static func aliasBomb(levels: Int = 10, as status: (String) -> String = { "ems__Effort_status: *\($0)" }) -> String
    {
        var lines = ["a0: &a0 [" + Array(repeating: "x", count: 10).joined(separator: ",") + "]"]
        for level in 1..<levels {
            lines.append(
                "a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ",") + "]")
        }
        lines.append(status("a\(levels - 1)"))
        return "---\n" + lines.joined(separator: "\n") + "\n---\n"
    }

    @Test func aliasBombIsAProblemNotAHang() {
        let found = problem(Self.aliasBomb())
        #expect(found?.kind == .damagedFrontmatter)
        #expect(found?.line == 3, "the first alias, on the note's third line")
        #expect(found?.message.contains("91 YAML aliases") == true, "\(String(describing: found))")
        // As a key: Yams hashes every map's keys, so this one would hang inside Yams itself.
        let key = problem(Self.aliasBomb(as: { "? *\($0)\n: x\nems__Effort_status: x" }))
        #expect(key?.message.contains("YAML aliases") == true, "\(String(describing: key))")
    }

    @Test func aFewAliasesAndTextThatLooksLikeThemStillRead() throws {
        // Three levels of two: 7 aliases, expanded.
        let small = "---\na0: &a0 [x, y]\na1: &a1 [*a0, *a0]\na2: &a2 [*a1, *a1]\nems__Effort_status: [*a2, *a2]\n---\n"
        let expanded = "[[[x, y], [x, y]], [[x, y], [x, y]]]"
        let status = try read(small)?.status
        // (Its outer `[[` and `]]` are taken for a wikilink's, as for any status.)
        #expect(
            status == .other("[\(expanded), \(expanded)]".dropFirst(2).dropLast(2) + ""),
            "\(String(describing: status))")
        // `*a` in quotes, comments and block scalars is text, not an alias.
        let stars = Array(repeating: "*a", count: 20).joined(separator: " ")
        let text = """
            ---
            anchor: &a x
            quoted: "\(stars)"
            single: '\(stars) '' \(stars)'
            # \(stars)
            block: |
              \(stars)
              [*a, *a, *a]
            ems__Effort_status: "[[ems__EffortStatusDoing]]"
            ---

            """
        #expect(try read(text)?.status == .doing)
    }
}
