import Foundation
import LedgerCore
import TestSupport
import Testing

@Suite("Text from outside alog on a terminal")
struct DisplayTextTests {
    @Test(
        "control characters, C1 controls and bidirectional overrides are shown escaped",
        arguments: [
            ("a\u{1B}[31mred\u{1B}[0m\u{07}", "a\\e[31mred\\e[0m\\a"),
            ("\u{1B}]0;title\u{07}", "\\e]0;title\\a"),
            ("tab\there", "tab here"),
            ("two\nlines", "two⏎lines"),
            ("crlf\r\nline", "crlf⏎line"),
            ("cr\ronly", "cr\\ronly"),
            ("nul\0", "nul\\0"),
            ("del\u{7F}", "del\\u{7F}"),
            ("csi\u{9B}31m", "csi\\u{9B}31m"),
            ("rlo\u{202E}txt.exe", "rlo\\u{202E}txt.exe"),
            ("isolate\u{2066}x\u{2069}", "isolate\\u{2066}x\\u{2069}"),
            ("line\u{2028}sep", "line\\u{2028}sep"),
            ("plain café 日本 👍", "plain café 日本 👍"),
        ])
    func escaping(text: String, expected: String) {
        #expect(DisplayText.escaped(text) == expected)
        #expect(!DisplayText.escaped(text).unicodeScalars.contains(where: { DisplayText.isUnsafe($0) }))
    }

    @Test("several lines are kept where a message has several")
    func multiLine() {
        #expect(DisplayText.escaped("usage:\n\talog\u{1B}", oneLine: false) == "usage:\n\talog\\e")
    }

    @Test(
        "the display width counts terminal columns",
        arguments: [
            ("abc", 3), ("", 0),
            ("\u{1B}[32m4h 30m\u{1B}[0m", 6),  // a colour takes no columns
            ("\u{1B}]0;title\u{07}x", 1),  // nor a title (OSC … BEL)
            ("\u{1B}]8;;http://x\u{1B}\\link\u{1B}]8;;\u{1B}\\", 4),  // nor a hyperlink (OSC … ST)
            ("日本語", 6), ("한국어", 6), ("ｆｕｌｌ", 8),  // CJK, Hangul, fullwidth forms
            ("👍", 2), ("☀️", 2), ("🍽️", 2), ("🇫🇷", 2),  // emoji, with VS16, a flag
            ("👨‍👩‍👧‍👦", 2),  // a ZWJ sequence is one emoji
            ("e\u{301}", 1),  // a combining accent belongs to its letter
            ("a\u{200B}b", 2),  // a zero-width space takes none
            ("café", 4), ("→", 1),
        ])
    func width(text: String, columns: Int) {
        #expect(DisplayText.width(text) == columns, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
    }

    @Test("an echoed argument is quoted, and cut with its length when long")
    func quoting() {
        #expect(DisplayText.quoted("abc") == "'abc'")
        #expect(DisplayText.quoted("\u{1B}[31mred") == "'\\e[31mred'")
        let long = DisplayText.quoted(String(repeating: "a", count: 100_000))
        #expect(long == "'" + String(repeating: "a", count: 59) + "…' (100000 characters)")
        // Wide characters are cut by columns, never in the middle of one.
        let wide = DisplayText.quoted(String(repeating: "日", count: 100))
        #expect(DisplayText.width(wide) <= 60 + 4 + " (100 characters)".count)
        #expect(wide.hasPrefix("'" + String(repeating: "日", count: 29) + "…'"))
    }

    @Test("a one-line view cuts a note to its width with an ellipsis")
    func line() {
        #expect(DisplayText.line("short", width: 10) == "short")
        #expect(DisplayText.line("0123456789abc", width: 10) == "012345678…")
        #expect(DisplayText.width(DisplayText.line(String(repeating: "語", count: 80), width: 100)) <= 100)
    }

    @Test(
        "invalid UTF-8 is found at its first byte",
        arguments: [
            ([0x61, 0x62], nil), ([0x61, 0xFF], 1), ([0xC3, 0xA9, 0x80], 2), ([0xE6, 0x97], 0),
            ([0xED, 0xA0, 0x80], 0),  // a surrogate
            ([0xC0, 0x80], 0),  // an overlong NUL
            ([0xF0, 0x9F, 0x91, 0x8D], nil), ([0xF4, 0x90, 0x80, 0x80], 0),
        ] as [([UInt8], Int?)])
    func utf8(bytes: [UInt8], offset: Int?) {
        #expect(DisplayText.firstInvalidUTF8(bytes) == offset)
        #expect((String(validating: bytes, as: UTF8.self) == nil) == (offset != nil))
    }

    @Test("a note problem names the byte")
    func utf8Problem() {
        #expect(DisplayText.utf8Problem([0x61, 0x62, 0xFF]) == "byte 3 is 0xFF")
        #expect(DisplayText.utf8Problem(Array("ok".utf8)) == nil)
    }

    @Test("JSON output escapes every control character, DEL and C1 included")
    func json() {
        #expect(
            JSONText.string("a\u{1B}[31m\u{07}\0\u{7F}\u{9B}\u{2028}\n\t\"\\é")
                == #""a\u001b[31m\u0007\u0000\u007f\u009b\u2028\n\t\"\\é""#)
    }

    @Test("any text, written as a JSON string, reads back as itself and carries no control character raw")
    func jsonRoundTrip() throws {
        var random = SplitMix(state: 7)
        let pool: [Unicode.Scalar] =
            (0...0xA0).compactMap(Unicode.Scalar.init) + [
                "é", "\u{2028}", "\u{2029}", "\u{2027}", "\u{202A}", "😀", "語",
            ]
        for _ in 0..<5000 {
            var text = String.UnicodeScalarView()
            for _ in 0..<Int.random(in: 0..<12, using: &random) { text.append(pool.randomElement(using: &random)!) }
            let value = String(text)
            let json = JSONText.string(value)
            #expect(
                !json.unicodeScalars.contains {
                    $0.value < 0x20 || (0x7F...0x9F).contains($0.value) || $0.value == 0x2028 || $0.value == 0x2029
                })
            let back = try JSONSerialization.jsonObject(with: Data("[\(json)]".utf8)) as? [String]
            #expect(back == [value], "\(json)")
        }
    }
}
