import LedgerNotes
import Testing

@Suite("Frontmatter block")
struct FrontmatterBlockTests {
    private func block(_ text: String) -> (yaml: String, rest: String, crlf: Bool)? {
        let note = Array(text.utf8)
        guard let block = FrontmatterBlock(in: note) else { return nil }
        return (Array(note[block.yaml]).text, Array(note[block.whole.upperBound...]).text, block.crlf)
    }

    @Test func plain() {
        let found = block("---\na: 1\nb: 2\n---\nbody\n")
        #expect(found?.yaml == "a: 1\nb: 2\n")
        #expect(found?.rest == "body\n")
        #expect(found?.crlf == false)
    }

    @Test func crlf() {
        let found = block("---\r\na: 1\r\n---\r\nbody")
        #expect(found?.yaml == "a: 1\r\n")
        #expect(found?.rest == "body")
        #expect(found?.crlf == true)
    }

    @Test func byteOrderMark() {
        let note = Array("\u{FEFF}---\na: 1\n---\n".utf8)
        let found = FrontmatterBlock(in: note)
        #expect(found?.whole == 3..<note.count)
        #expect(found?.yaml == 7..<12)
    }

    @Test func empty() {
        let found = block("---\n---\nbody")
        #expect(found?.yaml == "")
        #expect(found?.rest == "body")
    }

    @Test func onlyFrontmatterWithoutTrailingNewline() {
        let note = Array("---\na: 1\n---".utf8)
        let found = FrontmatterBlock(in: note)
        #expect(found?.whole == 0..<note.count)
        #expect(found?.yaml == 4..<9)
    }

    @Test func trailingBlanksOnFences() {
        #expect(block("---  \na: 1\n---\t\nx")?.yaml == "a: 1\n")
        #expect(block("--- \r\na: 1\r\n--- \r\nx")?.rest == "x")
    }

    @Test func firstClosingFenceCounts() {
        let found = block("---\na: 1\n---\n\n---\nb: 2\n---\n")
        #expect(found?.yaml == "a: 1\n")
        #expect(found?.rest == "\n---\nb: 2\n---\n")
    }

    @Test func indentedOrLongerDashesDoNotClose() {
        #expect(block("---\na: |\n  ---\n----\nb: 1\n---\n")?.yaml == "a: |\n  ---\n----\nb: 1\n")
    }

    @Test(arguments: [
        "", "---", "---\n", "---\na: 1\n", "---\na: 1\n...\n", "\n---\na: 1\n---\n", " ---\na: 1\n---\n",
        "----\na: 1\n---\n", "--- x\na: 1\n---\n", "# Title\n---\na: 1\n---\n", "---a\n---\n",
    ])
    func none(_ text: String) {
        #expect(block(text) == nil)
    }

    @Test func opensWithFence() {
        #expect(FrontmatterBlock.opensWithFence(Array("---\na: 1\n".utf8)))
        #expect(FrontmatterBlock.opensWithFence(Array("\u{FEFF}--- \r\n".utf8)))
        #expect(!FrontmatterBlock.opensWithFence(Array("---".utf8)))
        #expect(!FrontmatterBlock.opensWithFence(Array("# x\n".utf8)))
    }
}
