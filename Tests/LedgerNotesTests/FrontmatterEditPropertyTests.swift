import LedgerNotes
import Testing

/// A generated note: its frontmatter's lines around the key's entry, so the edit's result can
/// be predicted outside the entry's own lines.
struct GeneratedNote {
    /// The opening fence and the entries before the key's.
    var before: String
    /// The key's entry: its lines, or nil when the key is absent.
    var entry: String?
    /// What the edited entry's line starts with: the key as written, up to its colon.
    var keyPart: String
    /// What it ends with: its trailing comment (with the blanks before it), if any.
    var comment: String
    /// The entries after the key's.
    var afterEntry: String
    /// The closing fence and the body (all of the note, without frontmatter).
    var tail: String
    var lineBreak: String
    var hasFrontmatter: Bool

    var text: String { before + (entry ?? "") + afterEntry + tail }
}

/// Notes built from the forms frontmatter takes, with the key in each of its value forms.
/// In the templates `¶` separates lines, `{K}` is a key's name, `{S}` the blanks after the
/// key's colon and `{C}` its trailing comment.
enum NoteGenerator {
    static let key = "ems__Effort_status"

    static let otherEntries = [
        "{K}: plain value", "{K}: \"double \\\" quoted\"", "{K}: 'single '' quoted'", "{K}: [a, \"b\", [c]]",
        "{K}: {x: 1, y: [2]}", "{K}:¶  - one¶  - two", "{K}:¶- one¶- two", "{K}: |¶  line one¶¶  line two",
        "{K}: >-¶  folded¶  text", "{K}:¶  nested: 1¶  deeper:¶    ems__Effort_status: inner", "{K}: 42",
        "{K}: true", "{K}: 2024-01-01", "{K}: ~", "{K}:", "{K}: \"[[Link]]\"", "{K}: [[Link]]",
        "{K}: value # comment", "{K}: \"multi¶  line\"", "{K}: plain¶  continued", "\"{K}\": quoted key",
        "{K}: Задача 🎯", "{K}: &anchor anchored",
    ]

    static let targetEntries = [
        "{K}:{S}", "{K}:{S}\"[[ems__EffortStatusToDo]]\"{C}", "{K}:{S}'[[ems__EffortStatusToDo]]'{C}",
        "{K}:{S}[[ems__EffortStatusToDo]]{C}", "{K}:{S}ems__EffortStatusToDo{C}", "{K}:{C}",
        "{K}:{S}\"[[ems__EffortStatusToDo|To Do]]\"{C}", "{K}:{S}|{C}¶  text¶  more",
        "{K}:{S}{C}¶  - \"[[ems__EffortStatusToDo]]\"", "{K}:{S}[¶  a,¶  b¶  ]{C}", "{K}:{S}~{C}",
        "{K}:{S}\"two¶  lines\"{C}", "\"{K}\":{S}'x'{C}", "{K}:{S}&a x{C}", "{K}:{S}!!str x{C}",
    ]

    static let values = [
        "[[ems__EffortStatusDoing]]", "ems__EffortStatusDone", "true", "a: b", "it's \"quoted\"", "Готово", "#tag",
        "", " lead", "two\nlines", "- item", "[x]", "{a}", "@at", "100", "null", "tab\there", "back\\slash",
    ]

    static func note(_ random: inout SeededRandom) -> GeneratedNote {
        let lineBreak = Bool.random(using: &random) ? "\n" : "\r\n"
        let bom = Int.random(in: 0..<8, using: &random) == 0 ? "\u{FEFF}" : ""
        func lines(_ template: String) -> String {
            template.split(separator: "¶", omittingEmptySubsequences: false).map { $0 + lineBreak }.joined()
        }
        func filler() -> String {
            switch Int.random(in: 0..<6, using: &random) {
            case 0: "# a comment" + lineBreak
            case 1: lineBreak
            case 2: "  # an indented comment" + lineBreak
            default: ""
            }
        }
        func others(_ count: Int, from first: Int) -> String {
            (0..<count).map { index in
                let template = otherEntries.randomElement(using: &random)!
                return filler() + lines(template.replacing("{K}", with: "key\(first + index)"))
            }.joined()
        }
        let bodies = ["", "Body" + lineBreak, lineBreak + "---" + lineBreak + "not: yaml" + lineBreak, "# Title"]
        let body = bodies.randomElement(using: &random)!
        guard Int.random(in: 0..<12, using: &random) != 0 else {
            return GeneratedNote(
                before: bom, entry: nil, keyPart: "", comment: "", afterEntry: "", tail: body, lineBreak: lineBreak,
                hasFrontmatter: false)
        }
        let opening = bom + "---" + (Bool.random(using: &random) ? "" : " ") + lineBreak
        let tail = "---" + (body.isEmpty && Bool.random(using: &random) ? "" : lineBreak) + body
        let before = opening + others(Int.random(in: 0...4, using: &random), from: 0)
        var afterEntry = others(Int.random(in: 0...4, using: &random), from: 10) + filler()
        guard Int.random(in: 0..<6, using: &random) != 0 else {
            return GeneratedNote(
                before: before, entry: nil, keyPart: "", comment: "", afterEntry: afterEntry, tail: tail,
                lineBreak: lineBreak, hasFrontmatter: true)
        }
        let template = targetEntries.randomElement(using: &random)!
        let spacing = [" ", "  ", "\t", " \t"].randomElement(using: &random)!
        let comments = ["", " # a comment", "\t# tabbed", "   #"]
        let comment = template.contains("{C}") ? comments.randomElement(using: &random)! : ""
        let keyPart = template.hasPrefix("\"") ? "\"\(key)\":" : "\(key):"
        let entry = lines(
            template.replacing("{K}", with: key).replacing("{S}", with: spacing).replacing("{C}", with: comment))
        if template.contains("|{C}"), afterEntry.hasPrefix("  #") {
            // An indented comment right after a block scalar is the scalar's text, not a comment.
            afterEntry = String(afterEntry.drop { $0 != "\n" && $0 != "\r\n" }.dropFirst())
        }
        return GeneratedNote(
            before: before, entry: entry, keyPart: keyPart, comment: comment, afterEntry: afterEntry, tail: tail,
            lineBreak: lineBreak, hasFrontmatter: true)
    }
}

@Suite("Frontmatter edit over generated notes")
struct FrontmatterEditPropertyTests {
    @Test func generatedNotes() throws {
        var random = SeededRandom(state: 0x5EED_F00D)
        for round in 0..<600 {
            let generated = NoteGenerator.note(&random)
            let value = NoteGenerator.values.randomElement(using: &random)!
            let note = Array(generated.text.utf8)
            let context = Comment(rawValue: "round \(round), value \(value.debugDescription):\n\(generated.text)")
            guard (try? FrontmatterYAML.topLevel(note)) != nil else {
                Issue.record("the generator wrote YAML Yams cannot read. \(context)")
                continue
            }
            let edited = try FrontmatterEdit.setting(NoteGenerator.key, to: value, in: note)
            try FrontmatterYAML.check(before: note, after: edited, key: NoteGenerator.key, value: value)
            #expect(try FrontmatterEdit.setting(NoteGenerator.key, to: value, in: edited) == edited, context)

            // Outside the key's line, every byte is the note's.
            let text = edited.text
            switch (generated.hasFrontmatter, generated.entry) {
            case (false, _):
                // The block takes the line ending of the note's first line.
                let lineBreak = generated.tail.utf8.prefix { $0 != 0x0A }.last == 0x0D ? "\r\n" : "\n"
                #expect(text.hasPrefix(generated.before + "---" + lineBreak), context)
                #expect(text.hasSuffix(lineBreak + "---" + lineBreak + generated.tail), context)
            case (true, nil):
                let added = NoteGenerator.key + ": \""
                #expect(text.hasPrefix(generated.before + generated.afterEntry + added), context)
                #expect(text.hasSuffix("\"" + generated.lineBreak + generated.tail), context)
            case (true, .some):
                #expect(text.hasPrefix(generated.before + generated.keyPart), context)
                let rest = generated.comment + generated.lineBreak + generated.afterEntry + generated.tail
                #expect(text.hasSuffix(rest), context)
                let middle = text.utf8.dropFirst(generated.before.utf8.count).dropLast(rest.utf8.count)
                #expect(!middle.contains(0x0A), "the key on one line. \(context)")
            }
        }
    }
}
