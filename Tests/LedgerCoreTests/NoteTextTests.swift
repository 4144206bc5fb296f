import LedgerCore
import Testing

@Suite("What a note may hold")
struct NoteTextTests {
    @Test("notes: line breaks and tabs are kept, other control characters refused, 2,000 characters at most")
    func notes() {
        #expect(NoteText.validate("two\nlines\tand a tab") == nil)
        #expect(NoteText.validate("a\u{1B}[31m")?.contains("\\e at character 2") == true)
        #expect(NoteText.validate("bell\u{07}") != nil)
        #expect(NoteText.validate("c1\u{9B}") != nil)
        #expect(NoteText.validate("cr\ronly") != nil)
        #expect(NoteText.validate(String(repeating: "語", count: NoteText.maxCharacters)) == nil)
        #expect(
            NoteText.validate(String(repeating: "x", count: NoteText.maxCharacters + 1))
                == "a note has at most 2000 characters (this one has 2001)")
        #expect(NoteText.normalized("a\r\nb\r\n") == "a\nb\n")
    }
}
