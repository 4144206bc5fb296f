import Foundation
import TestSupport
import Testing

/// What alog prints cannot drive the terminal (issue 18: notes, icons, echoed arguments), and
/// what it takes in is checked: the note's length, its characters and its encoding.
@Suite("Terminal safety: escaping, note input, echoed arguments")
struct TerminalSafetyTests {
    static let now = ["ALOG_NOW": "2030-01-01T12:00:00Z"]

    static func vault(_ home: TemporaryDirectory) throws -> String {
        let vault = home.sub("vault")
        let result = try alog(["init", "--vault", vault], home: home.path, environment: now)
        #expect(result.succeeded, "\(result.stderr)")
        return vault
    }

    static func head(_ vault: String) throws -> String { try git("rev-parse", "HEAD", in: vault).stdout }

    /// Runs `script` with `sh -c`: `$ALOG` is the built front, `$VAULT` the vault. For what
    /// Foundation's Process cannot pass: bytes that are not UTF-8, and standard input.
    static func shell(_ script: String, home: TemporaryDirectory, vault: String, environment: [String: String] = [:])
        throws -> ProcessResult
    {
        var env = now.merging(["XDG_DATA_HOME": home.path + "/data", "HOME": home.path, "TZ": "UTC"]) { a, _ in a }
        env["ALOG"] = productsDirectory + "/alog"
        env["VAULT"] = vault
        for (key, value) in environment { env[key] = value }
        return try runProcess("/bin/sh", ["-c", script], in: home.path, environment: env)
    }

    static func notes(_ vault: String, _ home: TemporaryDirectory) throws -> [String?] {
        let history = try alog(["history", "--json", "--vault", vault], home: home.path, environment: now)
        let entries = try #require(try json(history.stdout) as? [[String: Any]])
        return entries.map { $0["note"] as? String }
    }

    static let hostileNote =
        "a\u{1B}[31mred\u{1B}[0m\u{07} \u{1B}]0;pwned\u{07}\u{9B}2J rlo\u{202E}fdp.exe\nsecond line"

    /// An event line as another device writes it (and sync delivers it), with a note and an icon
    /// full of control sequences, committed with plain git.
    static func commitForeignEvents(_ vault: String) throws {
        let directory = vault + "/.alog/events/otherdevice1/2030/01"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        func line(_ members: [(String, Any)]) throws -> String {
            // JSONSerialization escapes the control characters as \u001b and the like.
            let pairs = try members.map { key, value in
                let encoded = try JSONSerialization.data(withJSONObject: [value], options: [.fragmentsAllowed])
                return "\"\(key)\":" + String(decoding: encoded.dropFirst().dropLast(), as: UTF8.self)
            }
            return "{" + pairs.joined(separator: ",") + "}"
        }
        let lines = [
            try line([
                ("v", 1), ("id", "7k2m9q4x8c3a"), ("dev", "otherdevice1"), ("hlc", "1893488400000-0"),
                ("wall", 1_893_488_400_000), ("kind", "type"), ("name", "read"), ("icon", "\u{1B}]0;x\u{07}"),
                ("group", "g\u{1B}[2J"), ("color", ""),
            ]),
            try line([
                ("v", 1), ("id", "7k2m9q4x8c3b"), ("dev", "otherdevice1"), ("hlc", "1893488400001-0"),
                ("wall", 1_893_488_400_001), ("kind", "log"), ("type", "read"), ("at", "2030-01-01T09:00:00Z"),
                ("note", hostileNote),
            ]),
        ]
        try writeFile(directory + "/2030-01-01.jsonl", lines.joined(separator: "\n") + "\n")
        #expect(try git("add", "-A", in: vault).succeeded)
        #expect(try git("commit", "-qm", "from the phone", in: vault).succeeded)
    }

    @Test("a note and an icon from another device reach no terminal as control sequences")
    func foreignNoteIsEscaped() throws {
        let home = TemporaryDirectory()
        let vault = try Self.vault(home)
        try Self.commitForeignEvents(vault)
        for arguments in [["history"], ["status"], ["show", "7k2m9q4x8c3b"], ["audit"], ["types"], ["show", "7k2m"]] {
            let result = try alog(arguments + ["--vault", vault], home: home.path, environment: Self.now)
            #expect(result.succeeded, "\(arguments): \(result.stderr)")
            for forbidden in ["\u{1B}", "\u{07}", "\u{9B}", "\u{202E}"] {
                #expect(!result.stdout.contains(forbidden), "\(arguments) printed it raw: \(result.stdout)")
                #expect(!result.stderr.contains(forbidden), "\(arguments): \(result.stderr)")
            }
            if arguments == ["history"] {
                // On one line: the line break as ⏎, the sequences visible.
                #expect(result.stdout.split(separator: "\n").count == 1, "\(result.stdout)")
                #expect(
                    result.stdout.contains(
                        "a\\e[31mred\\e[0m\\a \\e]0;pwned\\a\\u{9B}2J rlo\\u{202E}fdp.exe⏎second line"),
                    "\(result.stdout)")
                #expect(result.stdout.contains("\\e]0;x\\a read"), "the icon, escaped: \(result.stdout)")
            }
        }
        // JSON keeps the note as it is, escaped the JSON way.
        let history = try alog(["history", "--json", "--vault", vault], home: home.path, environment: Self.now)
        #expect(!history.stdout.contains("\u{1B}") && history.stdout.contains("\\u001b"), "\(history.stdout)")
        #expect(try Self.notes(vault, home) == [Self.hostileNote])
    }

    @Test("a hostile note that arrives by sync is escaped on the receiving device")
    func syncedNoteIsEscaped() throws {
        let home = TemporaryDirectory()
        let phone = try Self.vault(home)
        try Self.commitForeignEvents(phone)
        let remote = home.sub("shared.git")
        #expect(try git("init", "-q", "--bare", "-b", "main", remote, in: home.path).succeeded)
        for arguments in [["remote", "add", "origin", remote], ["sync"]] {
            let result = try alog(arguments + ["--vault", phone], home: home.path, environment: Self.now)
            #expect(result.succeeded, "\(arguments): \(result.stderr)")
        }
        let laptop = home.sub("laptop")
        let clone = try alog(["clone", remote, "--vault", laptop], home: home.path, environment: Self.now)
        #expect(clone.succeeded, "\(clone.stderr)")
        for arguments in [["history"], ["status"], ["sync"]] {
            let result = try alog(arguments + ["--vault", laptop], home: home.path, environment: Self.now)
            #expect(result.succeeded, "\(arguments): \(result.stderr)")
            #expect(!result.stdout.contains("\u{1B}") && !result.stdout.contains("\u{07}"), "\(result.stdout)")
        }
        let history = try alog(["history", "--vault", laptop], home: home.path, environment: Self.now)
        #expect(history.stdout.contains("a\\e[31mred\\e[0m\\a"), "\(history.stdout)")
    }

    @Test("a note with a control character is refused; line breaks and tabs are kept; 2,000 characters at most")
    func noteRules() throws {
        let home = TemporaryDirectory()
        let vault = try Self.vault(home)
        let before = try Self.head(vault)
        for (note, text) in [
            ("a\u{1B}[31mred", "a note may not contain control characters (\\e at character 2)"),
            ("bell\u{07}", "control characters (\\a at character 5)"),
            (String(repeating: "x", count: 2001), "a note has at most 2000 characters (this one has 2001)"),
        ] {
            for arguments in [["log", "meal", "--note", note], ["start", "exercise", "--note", note]] {
                let result = try alog(arguments + ["--vault", vault], home: home.path, environment: Self.now)
                #expect(result.status == 1, "\(result.stdout)")
                #expect(result.stderr.hasPrefix("Error: --note: "), "\(result.stderr)")
                #expect(result.stderr.contains(text), "\(result.stderr)")
                #expect(!result.stderr.contains("\u{1B}"), "the refusal echoes it escaped: \(result.stderr)")
            }
        }
        #expect(try Self.head(vault) == before, "nothing was committed")
        let kept = "first line\nsecond\tline"
        #expect(
            try alog(["log", "meal", "--note", kept, "--vault", vault], home: home.path, environment: Self.now)
                .succeeded)
        let longest = String(repeating: "y", count: 2000)
        #expect(
            try alog(["log", "meal", "--note", longest, "--vault", vault], home: home.path, environment: Self.now)
                .succeeded)
        #expect(try Self.notes(vault, home) == [longest, kept])
        let history = try alog(["history", "--vault", vault], home: home.path, environment: Self.now)
        #expect(history.stdout.contains("first line⏎second line"), "\(history.stdout)")
        #expect(history.stdout.contains(String(repeating: "y", count: 99) + "…"), "cut to 100 columns")
        #expect(!history.stdout.contains(String(repeating: "y", count: 101)))
    }

    @Test("--note - reads the note from standard input, --note-file from a file, in log, start, stop and edit")
    func noteFromStdinAndFile() throws {
        let home = TemporaryDirectory()
        let vault = try Self.vault(home)
        // Longer than a word of the command line may be (2,000 characters of 3 bytes).
        let long = String(repeating: "語", count: 2000)
        try writeFile(home.sub("long.txt"), long + "\n\n")
        try writeFile(home.sub("windows.txt"), "one\r\ntwo\r\n")
        let log = try Self.shell(
            #"printf 'from stdin\n' | "$ALOG" log meal --note - --vault "$VAULT""#, home: home, vault: vault)
        #expect(log.succeeded, "\(log.stderr)")
        let id = log.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(
            try alog(
                ["log", "meal", "--at", "-1m", "--note-file", home.sub("long.txt"), "--vault", vault], home: home.path,
                environment: Self.now
            ).succeeded)
        #expect(try Self.notes(vault, home) == ["from stdin", long])
        let start = try Self.shell(
            #"printf 'timer note' | "$ALOG" start exercise --at -30m --note - --vault "$VAULT""#, home: home,
            vault: vault)
        #expect(start.succeeded, "\(start.stderr)")
        let stop = try alog(
            ["stop", "--note-file", home.sub("windows.txt"), "--vault", vault], home: home.path, environment: Self.now)
        #expect(stop.succeeded, "\(stop.stderr)")
        let edit = try Self.shell(
            #"printf 'edited\n' | "$ALOG" edit \#(id) --note - --vault "$VAULT""#, home: home, vault: vault)
        #expect(edit.succeeded, "\(edit.stderr)")
        let notes = try Self.notes(vault, home).compactMap { $0 }
        #expect(Set(notes) == ["one\ntwo", "edited", long], "\(notes)")
    }

    @Test(
        "a note file that is missing, unreadable, too long or not UTF-8 is refused, and nothing is written",
        arguments: [
            ("missing.txt", nil, "the note file", "does not exist"),
            ("folder", nil, "cannot read the note file", "Is a directory"),
            ("latin1.txt", [0x63, 0x61, 0x66, 0xE9, 0x0A], "is not UTF-8 text", "byte 4 is 0xE9"),
            ("long.txt", Array(repeating: 0x78, count: 9000), "is longer than a note can be", "2000 characters"),
            ("bell.txt", Array("ding\u{07}\n".utf8), "may not contain control characters", "\\a at character 5"),
        ] as [(String, [UInt8]?, String, String)])
    func refusedNoteFiles(name: String, bytes: [UInt8]?, first: String, second: String) throws {
        let home = TemporaryDirectory()
        let vault = try Self.vault(home)
        try FileManager.default.createDirectory(atPath: home.sub("folder"), withIntermediateDirectories: true)
        if let bytes { _ = FileManager.default.createFile(atPath: home.sub(name), contents: Data(bytes)) }
        let before = try Self.head(vault)
        let result = try alog(
            ["log", "meal", "--note-file", home.sub(name), "--vault", vault], home: home.path, environment: Self.now)
        #expect(result.status == 1, "\(result.stdout)")
        #expect(result.stderr.hasPrefix("Error: "), "\(result.stderr)")
        #expect(result.stderr.contains(first) && result.stderr.contains(second), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(try Self.head(vault) == before)
        let both = try alog(
            ["log", "meal", "--note", "x", "--note-file", home.sub(name), "--vault", vault], home: home.path,
            environment: Self.now)
        #expect(both.status == 1 && both.stderr.contains("give --note or --note-file, not both"), "\(both.stderr)")
    }

    @Test("an argument that is not UTF-8 is refused with its byte, by the front and by alog-full alike")
    func invalidUTF8Argument() throws {
        let home = TemporaryDirectory()
        let vault = try Self.vault(home)
        let before = try Self.head(vault)
        for script in [
            #""$ALOG" log meal --note "$(printf 'ab\377c')" --vault "$VAULT""#,
            #""$ALOG" edit abcd --note "$(printf 'ab\377c')" --vault "$VAULT""#,
            #""$ALOG" widget tap "$(printf 'ab\377c')" --vault "$VAULT""#,
        ] {
            let result = try Self.shell(script, home: home, vault: vault)
            #expect(result.status == 1, "\(script): \(result.stdout)")
            #expect(result.stderr.hasPrefix("Error: argument "), "\(result.stderr)")
            #expect(result.stderr.contains("is not valid UTF-8: byte 3 is 0xFF"), "\(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        }
        #expect(try Self.head(vault) == before)
        let stdin = try Self.shell(
            #"printf 'ab\377c' | "$ALOG" log meal --note - --vault "$VAULT""#, home: home, vault: vault)
        #expect(stdin.status == 1 && stdin.stderr.contains("standard input is not UTF-8 text (byte 3 is 0xFF)"))
        #expect(try Self.head(vault) == before)
    }

    @Test("an argument echoed in an error is escaped and cut to a readable length")
    func echoedArguments() throws {
        let home = TemporaryDirectory()
        let vault = try Self.vault(home)
        #expect(
            try alog(["log", "meal", "--vault", vault], home: home.path, environment: Self.now).succeeded)
        let long = String(repeating: "a", count: 4000)
        for arguments in [
            ["delete", long], ["restore", long], ["show", long], ["log", long], ["edit", long, "--note", "x"],
            ["sync", long], ["widget", "tap", long], ["start", "meal", "--goal", long],
            ["log", "meal", "--at", long],
        ] {
            let result = try alog(arguments + ["--vault", vault], home: home.path, environment: Self.now)
            #expect(result.status == 1, "\(arguments.prefix(2)): \(result.stdout)")
            #expect(result.stderr.count < 400, "\(arguments.prefix(2)) echoed it whole: \(result.stderr.prefix(300))")
            #expect(result.stderr.contains("…' (4000 characters)"), "\(arguments.prefix(2)): \(result.stderr)")
        }
        // The argument parser's own messages, too.
        for arguments in [["history", "--limit", long], ["log", "meal", "--" + long]] {
            let result = try alog(arguments + ["--vault", vault], home: home.path, environment: Self.now)
            #expect(result.status == 64, "\(arguments.prefix(2)): \(result.stdout)")
            #expect(result.stderr.count < 600, "\(arguments.prefix(2)) echoed it whole: \(result.stderr.prefix(300))")
            #expect(result.stderr.contains(" characters)"), "\(arguments.prefix(2)): \(result.stderr)")
        }
        for arguments in [
            ["restore", "\u{1B}[31mred"], ["log", "\u{1B}[31mred"], ["widget", "tap", "\u{1B}]0;x\u{07}"],
            ["history", "--since", "\u{1B}[31m"], ["history", "--limit", "\u{1B}[31m"], ["nosuchcommand\u{1B}[31m"],
        ] {
            let result = try alog(arguments + ["--vault", vault], home: home.path, environment: Self.now)
            #expect(!result.succeeded)
            #expect(!result.stderr.contains("\u{1B}") && !result.stderr.contains("\u{07}"), "\(result.stderr)")
            #expect(result.stderr.contains("\\e"), "\(arguments): \(result.stderr)")
        }
    }

    @Test("a remote URL with control characters is refused, as a name with them is")
    func remoteInput() throws {
        let home = TemporaryDirectory()
        let vault = try Self.vault(home)
        let url = try alog(
            ["remote", "add", "origin", "/srv/x\u{1B}[2J.git", "--vault", vault], home: home.path, environment: Self.now
        )
        #expect(url.status == 1 && url.stderr.contains("contains control characters"), "\(url.stderr)")
        #expect(!url.stderr.contains("\u{1B}"))
        let name = try alog(
            ["remote", "add", "o\u{1B}[2J", "/srv/x.git", "--vault", vault], home: home.path, environment: Self.now)
        #expect(name.status == 1 && name.stderr.contains("is not a valid remote name"), "\(name.stderr)")
        #expect(!name.stderr.contains("\u{1B}"))
        let clone = try alog(
            ["clone", "/srv/x\u{07}.git", "--vault", home.sub("clone")], home: home.path, environment: Self.now)
        #expect(clone.status == 1 && clone.stderr.contains("contains control characters"), "\(clone.stderr)")
    }

    @Test("columns stay aligned with colour on and with wide characters")
    func alignmentWithColour() throws {
        let home = TemporaryDirectory()
        let vault = try Self.vault(home)
        for arguments in [
            ["types", "add", "kanji", "--icon", "漢"], ["log", "wake", "--at", "-4h30m"],
            ["log", "meal", "--at", "-45m"], ["log", "kanji", "--at", "-5m", "--note", "日本語のメモ"],
        ] {
            let result = try alog(arguments + ["--vault", vault], home: home.path, environment: Self.now)
            #expect(result.succeeded, "\(arguments): \(result.stderr)")
        }
        // A terminal (script's pty): colours on.
        let result = try Self.shell(
            #"script -qec "\"$ALOG\" status --vault \"$VAULT\"" /dev/null"#, home: home, vault: vault,
            environment: ["NO_COLOR": "", "TERM": "xterm"])
        #expect(result.succeeded, "\(result.stderr)")
        #expect(result.stdout.contains("\u{1B}[32m"), "colour is on: \(result.stdout)")
        let plain = result.stdout.replacingOccurrences(of: "\r", with: "")
            .replacingOccurrences(of: #"\x{1B}\[[0-9;]*m"#, with: "", options: .regularExpression)
        let rows = plain.split(separator: "\n").map(String.init)
        let awake = try #require(rows.first { $0.contains("Awake") }, "\(result.stdout) \(result.stderr)")
        let meal = try #require(rows.first { $0.contains("Meal") })
        // The column after the duration starts at the same place in both rows.
        let column = { (row: String) in row.distance(from: row.startIndex, to: row.range(of: "since")!.lowerBound) }
        #expect(column(awake) == column(meal), "\n\(awake)\n\(meal)")
        // "Last known": a wide icon takes two columns, so the time column lines up too.
        let kanji = try #require(rows.first { $0.contains("漢 kanji") })
        let wake = try #require(rows.first { $0.contains(" wake ") && $0.contains("07:30") })
        let time = { (row: String, text: String) in
            row.prefix(upTo: row.range(of: text)!.lowerBound).reduce(0) { $0 + (["漢", "☀️"].contains($1) ? 2 : 1) }
        }
        #expect(time(kanji, "11:55") == time(wake, "07:30"), "\n\(kanji)\n\(wake)")
    }
}
