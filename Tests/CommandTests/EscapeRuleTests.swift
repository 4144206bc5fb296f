import LedgerCore
import LedgerOutput
import Testing

/// Issue 22: one rule for what an escape sequence is, so a width and a cut to that width agree.
@Suite("One escape-sequence rule for width and truncation")
struct EscapeRuleTests {
    @Test("CSI with any final byte, OSC hyperlinks and titles take no column, in width and in truncate alike")
    func agree() {
        let texts = [
            "\u{1B}[1mbold\u{1B}[0m text",
            "\u{1B}[2~after a tilde final byte",  // a CSI whose final byte is not a letter
            "\u{1B}]8;;https://example.com\u{07}link\u{1B}]8;;\u{07} done",  // an OSC 8 hyperlink
            "\u{1B}]0;title\u{1B}\\plain",  // an OSC ended by ESC \
            "wide 日本語 and 🍽️ meal",
        ]
        for text in texts {
            let width = DisplayText.width(text)
            #expect(DisplayText.width(Terminal.truncate(text, to: width)) == width, "\(text.debugDescription)")
            for cut in 0..<width {
                let truncated = Terminal.truncate(text, to: cut)
                #expect(DisplayText.width(truncated) <= cut, "\(text.debugDescription) cut to \(cut)")
                #expect(DisplayText.width(truncated) >= cut - 1, "a wide character may leave one column")
            }
        }
        #expect(DisplayText.width("\u{1B}[2~after") == 5)
        #expect(Terminal.truncate("\u{1B}[2~after", to: 3).hasSuffix("aft\u{1B}[0m"))
    }
}
