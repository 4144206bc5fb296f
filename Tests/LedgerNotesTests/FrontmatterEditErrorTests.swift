import LedgerCore
import LedgerNotes
import Testing

@Suite("Frontmatter edit refusals")
struct FrontmatterEditErrorTests {
    private func edit(_ text: String) throws(FrontmatterEditError) -> [UInt8] {
        try FrontmatterEdit.setting("ems__Effort_status", to: "[[ems__EffortStatusDoing]]", in: Array(text.utf8))
    }

    @Test func duplicatedKeyNamesEveryLine() {
        let note = "---\nems__Effort_status: a\nx: 1\nems__Effort_status: b\n---\n"
        #expect(throws: FrontmatterEditError.duplicateKey("ems__Effort_status", lines: [2, 4])) { try edit(note) }
        let error = FrontmatterEditError.duplicateKey("ems__Effort_status", lines: [2, 4])
        #expect(error.code == .duplicateFrontmatterKey)
        #expect(error.description.contains("lines 2, 4"))
        #expect(error.description.contains("delete the others"))
    }

    @Test func duplicatedKeyQuotedOnce() {
        let note =
            "\u{FEFF}---\r\n\"ems__Effort_status\": a\r\n'ems__Effort_status': b\r\nems__Effort_status: c\r\n---\r\n"
        #expect(throws: FrontmatterEditError.duplicateKey("ems__Effort_status", lines: [2, 3, 4])) { try edit(note) }
    }

    @Test func anotherKeyTwiceIsNotRefused() throws {
        let edited = try edit("---\na: 1\na: 2\nems__Effort_status: x\n---\n")
        #expect(edited.text == "---\na: 1\na: 2\nems__Effort_status: \"[[ems__EffortStatusDoing]]\"\n---\n")
    }

    @Test func unclosedFrontmatter() {
        #expect(throws: FrontmatterEditError.unclosedFrontmatter) { try edit("---\nems__Effort_status: x\nbody\n") }
        #expect(throws: FrontmatterEditError.unclosedFrontmatter) { try edit("---\n") }
        #expect(FrontmatterEditError.unclosedFrontmatter.code == .unclosedFrontmatter)
    }

    @Test(arguments: [
        ("---\n- a\n- b\n---\n", 2, "a list item where a key belongs"),
        ("---\n  a: 1\n---\n", 2, "an indented line where a key belongs"),
        ("---\na: 1\nb: \"open\n---\n", 3, "a quoted value that is never closed"),
        ("---\na: [1, 2\n---\n", 2, "a `[` or `{` value that is never closed"),
        ("---\n? complex\n: value\n---\n", 2, "not a key"),
        ("---\n{a: 1}\n---\n", 2, "not a key"),
        ("---\njust some text\n---\n", 2, "no `:` after the key"),
        ("---\nx: 1\nb # c: 2\n---\n", 3, "no `:` after the key"),
        ("---\n\"open: 1\n---\n", 2, "a quoted key not closed on its line"),
        ("---\n\"k\" x: 1\n---\n", 2, "no `:` after the key"),
        ("---\n&anchor\n---\n", 2, "not a key"),
        ("---\na: \"x\"\n  b: 2\n\n---\n", 3, "an indented line where a key belongs"),
    ])
    func unreadableLine(_ note: String, _ line: Int, _ reason: String) {
        #expect(throws: FrontmatterEditError.unreadableLine(line, reason: reason)) { try edit(note) }
    }

    @Test func unreadableLineSaysWhereAndWhat() {
        let error = FrontmatterEditError.unreadableLine(3, reason: "a list item where a key belongs")
        #expect(error.code == .unreadableFrontmatter)
        #expect(error.description.hasPrefix("line 3 of the frontmatter"))
        #expect(error.description.contains("a list item"))
    }
}
