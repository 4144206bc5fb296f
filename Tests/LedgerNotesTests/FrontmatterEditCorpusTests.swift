import LedgerNotes
import Testing

/// One awkward note, the key and value set in it, and the exact note expected.
struct EditCase: CustomTestStringConvertible, Sendable {
    var name: String
    var note: String
    var key = "ems__Effort_status"
    var value = "[[ems__EffortStatusDoing]]"
    var expected: String
    /// Keys whose value is an alias of the edited value's anchor.
    var following: Set<String> = []

    var testDescription: String { name }
}

private let doing = "[[ems__EffortStatusDoing]]"
private let long = String(repeating: "a very long label ", count: 600)

/// The corpus: each note edited to exactly the bytes expected, and read back by Yams with the
/// key set and every other key as it was.
let editCorpus: [EditCase] = [
    EditCase(
        name: "double-quoted wikilink",
        note: "---\nexo__Asset_label: Write report\nems__Effort_status: \"[[ems__EffortStatusToDo]]\"\n---\n# Body\n",
        expected: "---\nexo__Asset_label: Write report\nems__Effort_status: \"\(doing)\"\n---\n# Body\n"),
    EditCase(
        name: "single-quoted wikilink",
        note: "---\nems__Effort_status: '[[ems__EffortStatusToDo]]'\nexo__Asset_label: x\n---\n",
        expected: "---\nems__Effort_status: '\(doing)'\nexo__Asset_label: x\n---\n"),
    EditCase(
        name: "plain name, wikilink value: quoted",
        note: "---\nems__Effort_status: ems__EffortStatusToDo\n---\nbody\n",
        expected: "---\nems__Effort_status: \"\(doing)\"\n---\nbody\n"),
    EditCase(
        name: "plain name, plain-safe value: stays plain",
        note: "---\nems__Effort_status: ems__EffortStatusToDo\n---\nbody\n",
        value: "ems__EffortStatusDoing",
        expected: "---\nems__Effort_status: ems__EffortStatusDoing\n---\nbody\n"),
    EditCase(
        name: "unquoted wikilink (a list in a list)",
        note: "---\nems__Effort_status: [[ems__EffortStatusToDo]]\ntags: [a, b]\n---\n",
        expected: "---\nems__Effort_status: \"\(doing)\"\ntags: [a, b]\n---\n"),
    EditCase(
        name: "wikilink with an alias",
        note: "---\nems__Effort_status: \"[[ems__EffortStatusToDo|To Do]]\"\n---\n",
        expected: "---\nems__Effort_status: \"\(doing)\"\n---\n"),
    EditCase(
        name: "trailing comment kept",
        note: "---\nems__Effort_status: \"[[ems__EffortStatusToDo]]\"   # set by the plugin\nx: 1\n---\n",
        expected: "---\nems__Effort_status: \"\(doing)\"   # set by the plugin\nx: 1\n---\n"),
    EditCase(
        name: "comment lines around",
        note:
            "---\n# tasks\nems__Effort_status: \"[[ems__EffortStatusToDo]]\"\n# end of tasks\n  # indented comment\n---\n",
        expected: "---\n# tasks\nems__Effort_status: \"\(doing)\"\n# end of tasks\n  # indented comment\n---\n"),
    EditCase(
        name: "CRLF",
        note: "---\r\nexo__Asset_label: A\r\nems__Effort_status: \"[[ems__EffortStatusToDo]]\"\r\n---\r\nbody\r\n",
        expected: "---\r\nexo__Asset_label: A\r\nems__Effort_status: \"\(doing)\"\r\n---\r\nbody\r\n"),
    EditCase(
        name: "byte order mark and CRLF",
        note: "\u{FEFF}---\r\nems__Effort_status: '[[ems__EffortStatusToDo]]'\r\n---\r\n",
        expected: "\u{FEFF}---\r\nems__Effort_status: '\(doing)'\r\n---\r\n"),
    EditCase(
        name: "only frontmatter, no trailing newline",
        note: "---\nems__Effort_status: \"[[ems__EffortStatusToDo]]\"\n---",
        expected: "---\nems__Effort_status: \"\(doing)\"\n---"),
    EditCase(
        name: "key absent: added at the end",
        note: "---\nexo__Asset_label: X\naliases: [y]\n---\nBody",
        expected: "---\nexo__Asset_label: X\naliases: [y]\nems__Effort_status: \"\(doing)\"\n---\nBody"),
    EditCase(
        name: "key absent, CRLF: added with CRLF",
        note: "---\r\nexo__Asset_label: X\r\n---\r\nBody\r\n",
        expected: "---\r\nexo__Asset_label: X\r\nems__Effort_status: \"\(doing)\"\r\n---\r\nBody\r\n"),
    EditCase(
        name: "key absent, last line a comment",
        note: "---\na: 1\n# the end\n\n---\n",
        expected: "---\na: 1\n# the end\n\nems__Effort_status: \"\(doing)\"\n---\n"),
    EditCase(
        name: "empty frontmatter",
        note: "---\n---\nBody\n",
        expected: "---\nems__Effort_status: \"\(doing)\"\n---\nBody\n"),
    EditCase(
        name: "no frontmatter",
        note: "# Title\n\nText\n",
        expected: "---\nems__Effort_status: \"\(doing)\"\n---\n# Title\n\nText\n"),
    EditCase(
        name: "no frontmatter, CRLF",
        note: "# Title\r\nText\r\n",
        expected: "---\r\nems__Effort_status: \"\(doing)\"\r\n---\r\n# Title\r\nText\r\n"),
    EditCase(
        name: "empty note",
        note: "",
        expected: "---\nems__Effort_status: \"\(doing)\"\n---\n"),
    EditCase(
        name: "no frontmatter, byte order mark",
        note: "\u{FEFF}Text",
        expected: "\u{FEFF}---\nems__Effort_status: \"\(doing)\"\n---\nText"),
    EditCase(
        name: "a thematic break later is no frontmatter",
        note: "Text\n---\nmore\n---\n",
        expected: "---\nems__Effort_status: \"\(doing)\"\n---\nText\n---\nmore\n---\n"),
    EditCase(
        name: "double-quoted key",
        note: "---\n\"ems__Effort_status\": \"[[ems__EffortStatusToDo]]\"\n---\n",
        expected: "---\n\"ems__Effort_status\": \"\(doing)\"\n---\n"),
    EditCase(
        name: "single-quoted key, plain value",
        note: "---\n'ems__Effort_status': ems__EffortStatusToDo # c\n---\n",
        expected: "---\n'ems__Effort_status': \"\(doing)\" # c\n---\n"),
    EditCase(
        name: "blank before the colon",
        note: "---\nems__Effort_status  : \"x\"\n---\n",
        expected: "---\nems__Effort_status  : \"\(doing)\"\n---\n"),
    EditCase(
        name: "nested key of the same name is not touched; top-level added",
        note: "---\nparent:\n  ems__Effort_status: \"[[ems__EffortStatusToDo]]\"\n  child: 1\n---\n",
        expected:
            "---\nparent:\n  ems__Effort_status: \"[[ems__EffortStatusToDo]]\"\n  child: 1\nems__Effort_status: \"\(doing)\"\n---\n"
    ),
    EditCase(
        name: "nested and top-level: only the top-level changes",
        note:
            "---\nparent:\n  ems__Effort_status: \"[[ems__EffortStatusToDo]]\"\nems__Effort_status: \"[[ems__EffortStatusBacklog]]\"\n---\n",
        expected:
            "---\nparent:\n  ems__Effort_status: \"[[ems__EffortStatusToDo]]\"\nems__Effort_status: \"\(doing)\"\n---\n"
    ),
    EditCase(
        name: "--- in a code block of the body",
        note:
            "---\nems__Effort_status: \"[[ems__EffortStatusToDo]]\"\n---\n```yaml\n---\nems__Effort_status: x\n---\n```\n",
        expected: "---\nems__Effort_status: \"\(doing)\"\n---\n```yaml\n---\nems__Effort_status: x\n---\n```\n"),
    EditCase(
        name: "tabs after the colon and before the comment",
        note: "---\nems__Effort_status:\t\"[[ems__EffortStatusToDo]]\"\t# tabbed\nx:\t1\n---\n",
        expected: "---\nems__Effort_status:\t\"\(doing)\"\t# tabbed\nx:\t1\n---\n"),
    EditCase(
        name: "Unicode around, Unicode plain value",
        note: "---\nexo__Asset_label: Задача — 日本語 🎯\nems__Effort_status: Сделать\n---\nТекст 🎯\n",
        value: "Готово ✅",
        expected: "---\nexo__Asset_label: Задача — 日本語 🎯\nems__Effort_status: Готово ✅\n---\nТекст 🎯\n"),
    EditCase(
        name: "very long lines",
        note: "---\nexo__Asset_label: \(long)\nems__Effort_status: \"[[ems__EffortStatusToDo]]\"\n---\n\(long)\n",
        expected: "---\nexo__Asset_label: \(long)\nems__Effort_status: \"\(doing)\"\n---\n\(long)\n"),
    EditCase(
        name: "body starting with --- after a blank line",
        note: "---\nems__Effort_status: \"[[ems__EffortStatusToDo]]\"\n---\n\n---\nnot: frontmatter\n---\n",
        expected: "---\nems__Effort_status: \"\(doing)\"\n---\n\n---\nnot: frontmatter\n---\n"),
    EditCase(
        name: "fences with trailing blanks",
        note: "--- \nems__Effort_status: \"[[ems__EffortStatusToDo]]\"\n---\t \nbody\n",
        expected: "--- \nems__Effort_status: \"\(doing)\"\n---\t \nbody\n"),
    EditCase(
        name: "literal block scalar",
        note: "---\nems__Effort_status: |\n  [[ems__EffortStatusToDo]]\n  more\nnext: 1\n---\n",
        expected: "---\nems__Effort_status: \"\(doing)\"\nnext: 1\n---\n"),
    EditCase(
        name: "folded block scalar with a header comment and blank lines",
        note: "---\nems__Effort_status: >- # folded\n  a\n\n  b\n\nnext: 1\n---\n",
        expected: "---\nems__Effort_status: \"\(doing)\" # folded\n\nnext: 1\n---\n"),
    EditCase(
        name: "block scalar as the last value",
        note: "---\nems__Effort_status: |+\n  text\n\n---\n",
        expected: "---\nems__Effort_status: \"\(doing)\"\n\n---\n"),
    EditCase(
        name: "flow list over several lines",
        note:
            "---\nems__Effort_status: [\n  \"[[ems__EffortStatusToDo]]\",\n  '[[ems__EffortStatusBacklog]]'\n  ]   # two\nnext: 1\n---\n",
        expected: "---\nems__Effort_status: \"\(doing)\"   # two\nnext: 1\n---\n"),
    EditCase(
        name: "flow map",
        note: "---\nems__Effort_status: {a: \"}\", b: [1, 2]}\nnext: 1\n---\n",
        expected: "---\nems__Effort_status: \"\(doing)\"\nnext: 1\n---\n"),
    EditCase(
        name: "block list, indented",
        note: "---\nems__Effort_status:\n  - \"[[ems__EffortStatusToDo]]\"\n  - x\nnext: 1\n---\n",
        expected: "---\nems__Effort_status: \"\(doing)\"\nnext: 1\n---\n"),
    EditCase(
        name: "block list at the key's indentation, comment after it kept",
        note: "---\nems__Effort_status:\n- \"[[ems__EffortStatusToDo]]\"\n- x\n# after\nnext: 1\n---\n",
        expected: "---\nems__Effort_status: \"\(doing)\"\n# after\nnext: 1\n---\n"),
    EditCase(
        name: "nested map value",
        note: "---\nems__Effort_status:\n  name: ToDo\n  deep:\n    x: 1\nnext: 1\n---\n",
        expected: "---\nems__Effort_status: \"\(doing)\"\nnext: 1\n---\n"),
    EditCase(
        name: "null value",
        note: "---\nems__Effort_status:\nnext: 1\n---\n",
        expected: "---\nems__Effort_status: \"\(doing)\"\nnext: 1\n---\n"),
    EditCase(
        name: "null value with trailing blanks",
        note: "---\nems__Effort_status:   \n---\n",
        expected: "---\nems__Effort_status:   \"\(doing)\"\n---\n"),
    EditCase(
        name: "tilde null",
        note: "---\nems__Effort_status: ~\n---\n",
        expected: "---\nems__Effort_status: \"\(doing)\"\n---\n"),
    EditCase(
        name: "no value, a comment",
        note: "---\nems__Effort_status: # none yet\n---\n",
        expected: "---\nems__Effort_status: \"\(doing)\" # none yet\n---\n"),
    EditCase(
        name: "plain value continued on indented lines",
        note: "---\nems__Effort_status: ems__EffortStatus\n  ToDo\n  still\nnext: 1\n---\n",
        expected: "---\nems__Effort_status: \"\(doing)\"\nnext: 1\n---\n"),
    EditCase(
        name: "double-quoted value over two lines",
        note: "---\nems__Effort_status: \"[[ems__EffortStatus\n  ToDo]]\" # c\nnext: 1\n---\n",
        expected: "---\nems__Effort_status: \"\(doing)\" # c\nnext: 1\n---\n"),
    EditCase(
        name: "escapes in the old value",
        note: "---\nems__Effort_status: \"a \\\" b \\\\\"\n---\n",
        expected: "---\nems__Effort_status: \"\(doing)\"\n---\n"),
    EditCase(
        name: "a value that needs escapes, double-quoted",
        note: "---\nems__Effort_status: \"x\"\n---\n",
        value: "He said \"hi\" \\ bye",
        expected: "---\nems__Effort_status: \"He said \\\"hi\\\" \\\\ bye\"\n---\n"),
    EditCase(
        name: "a value with a quote, single-quoted",
        note: "---\nems__Effort_status: 'x'\n---\n",
        value: "it's",
        expected: "---\nems__Effort_status: 'it''s'\n---\n"),
    EditCase(
        name: "a value single quotes cannot hold",
        note: "---\nems__Effort_status: 'x'\n---\n",
        value: "two\nlines",
        expected: "---\nems__Effort_status: \"two\\nlines\"\n---\n"),
    EditCase(
        name: "plain old value, value YAML would read as a boolean",
        note: "---\nems__Effort_status: x\n---\n",
        value: "yes",
        expected: "---\nems__Effort_status: \"yes\"\n---\n"),
    EditCase(
        name: "plain old value, value YAML would read as a date",
        note: "---\nems__Effort_status: x\n---\n",
        value: "2024-05-01",
        expected: "---\nems__Effort_status: \"2024-05-01\"\n---\n"),
    EditCase(
        name: "plain old value, value with ': '",
        note: "---\nems__Effort_status: x\n---\n",
        value: "a: b",
        expected: "---\nems__Effort_status: \"a: b\"\n---\n"),
    EditCase(
        name: "empty value",
        note: "---\nems__Effort_status: x\n---\n",
        value: "",
        expected: "---\nems__Effort_status: \"\"\n---\n"),
    EditCase(
        name: "anchor kept, alias follows",
        note: "---\nems__Effort_status: &st \"[[ems__EffortStatusToDo]]\"\nmirror: *st\n---\n",
        expected: "---\nems__Effort_status: &st \"\(doing)\"\nmirror: *st\n---\n",
        following: ["mirror"]),
    EditCase(
        name: "anchor, no value, a comment",
        note: "---\nems__Effort_status: &st   # later\n---\n",
        expected: "---\nems__Effort_status: &st \"\(doing)\"   # later\n---\n"),
    EditCase(
        name: "anchor on a nested list",
        note: "---\nems__Effort_status: !!seq &st\n  - a\nnext: 1\n---\n",
        expected: "---\nems__Effort_status: &st \"\(doing)\"\nnext: 1\n---\n"),
    EditCase(
        name: "tag dropped",
        note: "---\nems__Effort_status: !!str ems__EffortStatusToDo\n---\n",
        expected: "---\nems__Effort_status: \"\(doing)\"\n---\n"),
    EditCase(
        name: "alias value",
        note: "---\nbase: &b x\nems__Effort_status: *b\n---\n",
        value: "ems__EffortStatusDoing",
        expected: "---\nbase: &b x\nems__Effort_status: ems__EffortStatusDoing\n---\n"),
    EditCase(
        name: "wide spacing after the colon",
        note: "---\nems__Effort_status:      \"[[ems__EffortStatusToDo]]\"\n---\n",
        expected: "---\nems__Effort_status:      \"\(doing)\"\n---\n"),
    EditCase(
        name: "a longer key with the same start",
        note: "---\nems__Effort_status_old: a\nems__Effort_status: b\nems__Effort_statusX: c\n---\n",
        value: "z",
        expected: "---\nems__Effort_status_old: a\nems__Effort_status: z\nems__Effort_statusX: c\n---\n"),
    EditCase(
        name: "the key inside another key's quoted value",
        note:
            "---\nnote: \"first line\n  ems__Effort_status: fake\"\nems__Effort_status: \"[[ems__EffortStatusToDo]]\"\n---\n",
        expected: "---\nnote: \"first line\n  ems__Effort_status: fake\"\nems__Effort_status: \"\(doing)\"\n---\n"),
    EditCase(
        name: "the key inside another key's block scalar",
        note:
            "---\ndescription: |\n  ems__Effort_status: fake\n\n  more\nems__Effort_status: \"[[ems__EffortStatusToDo]]\"\n---\n",
        expected:
            "---\ndescription: |\n  ems__Effort_status: fake\n\n  more\nems__Effort_status: \"\(doing)\"\n---\n"),
    EditCase(
        name: "the key only in the body",
        note: "---\na: 1\n---\nems__Effort_status: not frontmatter\n",
        expected: "---\na: 1\nems__Effort_status: \"\(doing)\"\n---\nems__Effort_status: not frontmatter\n"),
    EditCase(
        name: "a key that needs quotes, added",
        note: "---\na: 1\n---\n",
        key: "status: now",
        value: "x",
        expected: "---\na: 1\n\"status: now\": \"x\"\n---\n"),
    EditCase(
        name: "mixed line endings: each line keeps its own",
        note: "---\r\na: 1\nems__Effort_status: x\r\nb: 2\n---\n",
        value: "done",
        expected: "---\r\na: 1\nems__Effort_status: done\r\nb: 2\n---\n"),
]

@Suite("Frontmatter edit corpus")
struct FrontmatterEditCorpusTests {
    @Test(arguments: editCorpus)
    func editsExactly(_ example: EditCase) throws {
        let note = Array(example.note.utf8)
        let edited = try FrontmatterEdit.setting(example.key, to: example.value, in: note)
        #expect(edited.text == example.expected)
    }

    @Test(arguments: editCorpus)
    func readsBackWithYams(_ example: EditCase) throws {
        let note = Array(example.note.utf8)
        let edited = try FrontmatterEdit.setting(example.key, to: example.value, in: note)
        try FrontmatterYAML.check(
            before: note, after: edited, key: example.key, value: example.value, following: example.following)
    }

    @Test(arguments: editCorpus)
    func settingAgainChangesNothing(_ example: EditCase) throws {
        let once = try FrontmatterEdit.setting(example.key, to: example.value, in: Array(example.note.utf8))
        #expect(try FrontmatterEdit.setting(example.key, to: example.value, in: once) == once)
    }

    @Test func corpusIsLarge() {
        #expect(editCorpus.count >= 30)
    }
}
