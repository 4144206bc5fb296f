import Foundation
import TestSupport
import Testing

/// What a new user trips over (issue 18): each test tries a command as a newcomer would and
/// checks that the message says what is wrong and the fix, in alog's words.
@Suite("What a new user trips over", .tags(.process))
struct NewUserTests {
    static let now = ["ALOG_NOW": "2030-01-01T12:00:00Z"]

    static func vault(_ home: TemporaryDirectory, _ name: String = "vault") throws -> String {
        let vault = home.sub(name)
        let result = try alog(["init", "--vault", vault], home: home.path, environment: now)
        #expect(result.succeeded, "\(result.stderr)")
        return vault
    }

    static func head(_ vault: String) throws -> String { try git("rev-parse", "HEAD", in: vault).stdout }

    /// One line, `Error: …`, exit 1.
    static func expectRefusal(_ result: ProcessResult, _ arguments: [String], saying text: String) {
        #expect(result.status == 1, "\(arguments): \(result.stdout) \(result.stderr)")
        #expect(result.stderr.hasPrefix("Error: "), "\(arguments): \(result.stderr)")
        #expect(result.stderr.contains(text), "\(arguments): \(result.stderr)")
        #expect(!result.stderr.contains(" failed"), "a raw libgit2 message: \(result.stderr)")
    }

    @Test("a file given as the vault is said to be a file, without suggesting 'alog init' on it")
    func fileAsVault() throws {
        let home = TemporaryDirectory()
        let file = home.sub("afile")
        try writeFile(file, "notes\n")
        for arguments in [["init"], ["history"], ["log", "meal"], ["widget", "status"], ["widget", "tap", "meal"]] {
            let result = try alog(arguments + ["--vault", file], home: home.path, environment: Self.now)
            Self.expectRefusal(result, arguments, saying: "is a file, not a folder")
            #expect(!result.stderr.contains("alog init"), "circular: \(result.stderr)")
        }
        #expect(try readFile(file) == "notes\n")
    }

    @Test("a bare repository given as the vault is said to be one, with 'alog clone' as the fix")
    func bareAsVault() throws {
        let home = TemporaryDirectory()
        let bare = home.sub("bare.git")
        try git("init", "-q", "--bare", bare, in: home.path)
        for arguments in [["init"], ["history"]] {
            let result = try alog(arguments + ["--vault", bare], home: home.path, environment: Self.now)
            Self.expectRefusal(result, arguments, saying: "is a bare git repository")
            #expect(result.stderr.contains("alog clone"))
        }
    }

    @Test("a literal ~ in --vault or ALOG_VAULT is the home folder")
    func tildeExpanded() throws {
        let home = TemporaryDirectory()
        _ = try Self.vault(home, "Notes")
        #expect(try alog(["log", "meal", "--vault", "~/Notes"], home: home.path, environment: Self.now).succeeded)
        var environment = Self.now
        environment["ALOG_VAULT"] = "~/Notes"
        let history = try alog(["history", "--json"], home: home.path, environment: environment)
        #expect(history.succeeded, "\(history.stderr)")
        #expect((try json(history.stdout) as? [Any])?.count == 1)
        #expect(!FileManager.default.fileExists(atPath: home.sub("~")), "a folder named ~ was made")
    }

    @Test("a missing git identity is said once per clone, with how to set it")
    func missingIdentity() throws {
        let home = TemporaryDirectory()
        let vault = home.sub("vault")
        let first = try alog(["init", "--vault", vault], home: home.path, environment: Self.now)
        #expect(first.succeeded)
        #expect(first.stderr.contains("git config --global user.name"), "\(first.stderr)")
        #expect(first.stderr.contains("@alog.invalid"))
        let second = try alog(["log", "meal", "--vault", vault], home: home.path, environment: Self.now)
        #expect(second.succeeded)
        #expect(!second.stderr.contains("user.name"), "said twice: \(second.stderr)")

        // With an identity, nothing is said and the commit is signed with it.
        let other = home.sub("other")
        try git("init", "-q", other, in: home.path)
        try git("config", "user.name", "Ada", in: other)
        try git("config", "user.email", "ada@example.com", in: other)
        let adopted = try alog(["init", "--vault", other], home: home.path, environment: Self.now)
        #expect(adopted.succeeded)
        #expect(!adopted.stderr.contains("user.name"), "\(adopted.stderr)")
        #expect(try git("log", "-1", "--format=%an <%ae>", in: other).stdout == "Ada <ada@example.com>\n")
    }

    @Test("alog init in a subfolder of a repository asks: the enclosing one, or --nested")
    func nestedInit() throws {
        let home = TemporaryDirectory()
        let parent = home.sub("parent")
        try git("init", "-q", parent, in: home.path)
        let notes = parent + "/notes"
        try writeFile(notes + "/a.md", "hello\n")
        let refused = try alog(["init", "--vault", notes], home: home.path, environment: Self.now)
        Self.expectRefusal(refused, ["init"], saying: "is inside the git repository at \(parent)")
        #expect(refused.stderr.contains("--nested"))
        #expect(!FileManager.default.fileExists(atPath: notes + "/.git"))
        #expect(!FileManager.default.fileExists(atPath: notes + "/.alog"))
        #expect(try git("status", "--porcelain", in: parent).stdout == "?? notes/\n")

        let nested = try alog(["init", "--vault", notes, "--nested"], home: home.path, environment: Self.now)
        #expect(nested.succeeded, "\(nested.stderr)")
        #expect(FileManager.default.fileExists(atPath: notes + "/.git"))
    }

    @Test("cloning a local path that does not exist says so")
    func cloneMissingPath() throws {
        let home = TemporaryDirectory()
        for source in ["./no-such.git", home.sub("nothing.git"), "file://" + home.sub("nothing.git")] {
            let result = try alog(
                ["clone", source, "--vault", home.sub("copy")], home: home.path, environment: Self.now)
            Self.expectRefusal(result, ["clone", source], saying: "does not exist")
            #expect(!result.stderr.contains("unsupported URL protocol"), "\(result.stderr)")
        }
        let vault = try Self.vault(home)
        let add = try alog(["remote", "add", "usb", home.sub("usb.git"), "--vault", vault], home: home.path)
        #expect(add.succeeded)
        #expect(add.stderr.contains("\(home.sub("usb.git")) does not exist (yet)"), "\(add.stderr)")
        let sync = try alog(["sync", "usb", "--vault", vault], home: home.path, environment: Self.now)
        Self.expectRefusal(
            sync, ["sync"], saying: "the remote 'usb' is the folder \(home.sub("usb.git")), which does not exist")
    }

    @Test(
        "one rule for remote names, applied wherever a remote is named",
        arguments: ["origin/main", "😀", "a\u{FF}", "", "x y", ".x", "a..b", "a.lock"])
    func remoteNames(name: String) throws {
        let home = TemporaryDirectory()
        let vault = try Self.vault(home)
        let before = try Self.head(vault)
        for arguments in [["remote", "add", name, home.sub("r.git")], ["remote", "remove", name], ["sync", name]] {
            let result = try alog(arguments + ["--vault", vault], home: home.path, environment: Self.now)
            Self.expectRefusal(result, arguments, saying: "is not a valid remote name (use letters, digits")
        }
        #expect(try Self.head(vault) == before)
        #expect(try git("remote", in: vault).stdout == "")
    }

    @Test("types add changes only the fields given; names are case-insensitive; colours are #rrggbb")
    func typesAdd() throws {
        let home = TemporaryDirectory()
        let vault = try Self.vault(home)
        func types() throws -> [String: [String: Any]] {
            let list = try alog(["types", "list", "--json", "--vault", vault], home: home.path, environment: Self.now)
            let array = try #require(try json(list.stdout) as? [[String: Any]])
            return Dictionary(uniqueKeysWithValues: array.map { ($0["name"] as! String, $0) })
        }
        let added = try alog(
            ["types", "add", "Swim", "--icon", "🏊", "--group", "sport", "--color", "#00AAFF", "--vault", vault],
            home: home.path, environment: Self.now)
        #expect(added.succeeded, "\(added.stderr)")
        #expect(try alog(["types", "add", "swim", "--icon", "🤿", "--vault", vault], home: home.path).succeeded)
        var swim = try #require(try types()["swim"])
        #expect(swim["icon"] as? String == "🤿")
        #expect(swim["group"] as? String == "sport")
        #expect(swim["color"] as? String == "#00aaff")

        // The same again changes nothing and commits nothing.
        let before = try Self.head(vault)
        let same = try alog(["types", "add", "SWIM", "--vault", vault], home: home.path, environment: Self.now)
        #expect(same.succeeded)
        #expect(same.stderr.contains("nothing changed"))
        #expect(try Self.head(vault) == before)
        swim = try #require(try types()["swim"])
        #expect(swim["group"] as? String == "sport")

        #expect(try alog(["log", "SWIM", "--vault", vault], home: home.path, environment: Self.now).succeeded)

        for (option, value, text) in [
            ("--color", "red", "#rrggbb"), ("--color", "#12345", "#rrggbb"), ("--color", "#gggggg", "#rrggbb"),
            ("--icon", String(repeating: "x", count: 1_000), "at most 4 characters"),
            ("--icon", String(repeating: "x", count: 100_000), "alog takes at most 4096 bytes a word"),
            ("--icon", "a\tb", "control characters"), ("--icon", "\u{1B}[31m", "control characters"),
            ("--group", "a\nb", "control characters"),
        ] {
            let result = try alog(
                ["types", "add", "swim", option, value, "--vault", vault], home: home.path, environment: Self.now)
            Self.expectRefusal(result, ["types", "add", option], saying: text)
        }
        let emoji = try alog(
            ["types", "add", "family", "--icon", "👨‍👩‍👧‍👦", "--vault", vault], home: home.path, environment: Self.now)
        #expect(emoji.succeeded, "one grapheme cluster of seven scalars is one character: \(emoji.stderr)")
        #expect(try Self.head(vault) != before)
    }

    @Test("history's --limit and --since get messages that match what was given")
    func historyMessages() throws {
        let home = TemporaryDirectory()
        let vault = try Self.vault(home)
        #expect(
            try alog(["log", "meal", "--at", "-2d", "--vault", vault], home: home.path, environment: Self.now).succeeded
        )
        for limit in ["0", "-1"] {
            let result = try alog(
                ["history", "--limit", limit, "--vault", vault], home: home.path, environment: Self.now)
            #expect(result.status == 64, "\(result.stderr)")
            #expect(
                result.stderr.contains("--limit \(limit) would show no entries; give 1 or more"), "\(result.stderr)")
        }
        let future = try alog(
            ["history", "--since", "2030-02-01", "--vault", vault], home: home.path, environment: Self.now)
        Self.expectRefusal(
            future, ["history", "--since"], saying: "is 30d 12h in the future, so no entry can be at or after it")
        #expect(!future.stderr.contains("entries record what already happened"))
        let empty = try alog(["history", "--since", "-1d", "--vault", vault], home: home.path, environment: Self.now)
        #expect(empty.succeeded)
        #expect(empty.stdout.contains("no entries at or after -1d"), "\(empty.stdout)")
        #expect(!empty.stdout.contains("no entries yet"))
    }

    @Test("editing a deleted entry is refused with the fix; an edit to the same value records nothing")
    func editRefusals() throws {
        let home = TemporaryDirectory()
        let vault = try Self.vault(home)
        let id = try alog(["log", "meal", "--note", "soup", "--vault", vault], home: home.path, environment: Self.now)
            .stdout.trimmingCharacters(in: .newlines)
        let before = try Self.head(vault)
        let same = try alog(
            ["edit", id, "--note", "soup", "--type", "MEAL", "--vault", vault], home: home.path, environment: Self.now)
        #expect(same.succeeded, "\(same.stderr)")
        #expect(same.stderr.contains("nothing changed"), "\(same.stderr)")
        #expect(try Self.head(vault) == before)

        #expect(try alog(["delete", id, "--vault", vault], home: home.path, environment: Self.now).succeeded)
        let deleted = try Self.head(vault)
        let edit = try alog(["edit", id, "--note", "stew", "--vault", vault], home: home.path, environment: Self.now)
        Self.expectRefusal(
            edit, ["edit"], saying: "is deleted, so it cannot be edited; bring it back first with 'alog restore \(id)'")
        #expect(try Self.head(vault) == deleted)
    }

    @Test("a mistyped command gets a 'did you mean'; subcommands do not offer --version")
    func didYouMean() throws {
        let home = TemporaryDirectory()
        let stat = try alog(["stat"], home: home.path, environment: Self.now)
        #expect(stat.status == 64)
        #expect(stat.stderr.contains("Did you mean 'alog status'?"), "\(stat.stderr)")
        #expect(try alog(["histroy"], home: home.path, environment: Self.now).stderr.contains("'alog history'"))
        #expect(
            !FileManager.default.fileExists(atPath: home.sub("data/alog/vault")), "a typo created the default vault")
        #expect(try alog(["--version"], home: home.path).stdout == "0.1.0\n")
        for command in [["status"], ["log"], ["types", "add"]] {
            let help = try alog(command + ["--help"], home: home.path)
            #expect(!help.stdout.contains("--version"), "\(command): \(help.stdout)")
        }
        let audit = try alog(["audit", "--help"], home: home.path).stdout
        #expect(!audit.contains("JSON lines' array"))
        let clone = try alog(["clone", "--help"], home: home.path).stdout
        #expect(clone.contains("must be empty or"), "\(clone)")
    }

    @Test("verify counts in words that agree with the number")
    func verifyWording() throws {
        let home = TemporaryDirectory()
        let vault = try Self.vault(home)
        #expect(try alog(["log", "meal", "--vault", vault], home: home.path, environment: Self.now).succeeded)
        let verify = try alog(["verify", "--vault", vault], home: home.path, environment: Self.now)
        #expect(verify.stdout.contains("checked 1 event line in 2 commits: ok"), "\(verify.stdout)")
    }

    @Test("alog-bench --help prints its usage and runs nothing")
    func benchHelp() throws {
        let started = Date()
        let help = try runProcess(productsDirectory + "/alog-bench", ["--help"])
        #expect(help.succeeded)
        #expect(help.stdout.contains("usage: alog-bench"))
        #expect(Date().timeIntervalSince(started) < 10)
        let unknown = try runProcess(productsDirectory + "/alog-bench", ["--nope"])
        #expect(unknown.status == 64)
        #expect(unknown.stderr.contains("unknown option '--nope'"))
    }

    /// Reads work without write access (the caches are used when readable, else the events are
    /// folded in memory); writes say the vault is not writable. As root (these tests' usual
    /// user, whom permissions do not stop) the vault is seen through a read-only bind mount;
    /// otherwise `.git/alog/` and the ledger's git folder lose their write permission.
    @Test("a read-only vault can be read; writes and rebuild say it is not writable")
    func readOnlyVault() throws {
        let home = TemporaryDirectory()
        let vault = try Self.vault(home)
        let id = try alog(["log", "meal", "--note", "soup", "--vault", vault], home: home.path, environment: Self.now)
            .stdout.trimmingCharacters(in: .newlines)
        #expect(
            try alog(["log", "wake", "--at", "-1h", "--vault", vault], home: home.path, environment: Self.now).succeeded
        )
        // No cache reflects HEAD: every read must fold.
        for name in ["state.bin", "summary.bin"] {
            try? FileManager.default.removeItem(atPath: vault + "/.git/alog/" + name)
        }
        let before = try Self.head(vault)

        let readOnly = home.sub("ro")
        try FileManager.default.createDirectory(atPath: readOnly, withIntermediateDirectories: true)
        var mounted = false
        if geteuid() == 0, try runProcess("/bin/mount", ["--bind", vault, readOnly]).succeeded {
            mounted = true
            #expect(try runProcess("/bin/mount", ["-o", "remount,ro,bind", readOnly]).succeeded)
        }
        defer {
            if mounted { _ = try? runProcess("/bin/umount", [readOnly]) }
            _ = try? runProcess("/bin/chmod", ["-R", "u+w", vault])
            withExtendedLifetime(home) {}
        }
        let target = mounted ? readOnly : vault
        if !mounted { #expect(try runProcess("/bin/chmod", ["-R", "a-w", vault + "/.git"]).succeeded) }

        for arguments in [["history"], ["show", id], ["status"], ["audit"], ["verify"], ["types"]] {
            let result = try alog(arguments + ["--vault", target], home: home.path, environment: Self.now)
            #expect(result.succeeded, "\(arguments) (mounted: \(mounted)): \(result.stderr)")
            #expect(
                !result.stderr.contains("Permission denied") && !result.stderr.contains("Read-only"), "\(result.stderr)"
            )
        }
        let history = try alog(["history", "--json", "--vault", target], home: home.path, environment: Self.now)
        #expect((try json(history.stdout) as? [Any])?.count == 2)

        // `rebuild` exists to write the caches: refused too, never "rebuilt".
        for arguments in [
            ["log", "meal"], ["types", "add", "swim"], ["delete", id], ["widget", "tap", "meal"], ["rebuild"],
        ] {
            let result = try alog(arguments + ["--vault", target], home: home.path, environment: Self.now)
            Self.expectRefusal(result, arguments, saying: "not writable")
            #expect(!result.stderr.contains("open lock"), "\(result.stderr)")
        }
        #expect(try Self.head(vault) == before)
    }

    @Test(
        "libgit2's failures reach the user as what is wrong and the fix, never as 'git_… failed'",
        arguments: [
            ("HEAD", "garbage\n", "HEAD (.git/HEAD) is damaged"),
            ("HEAD", "ref: refs/heads/ma in\n", "HEAD (.git/HEAD) is damaged"),
            ("config", "[core\n", "configuration cannot be read"),
        ])
    func gitFailuresTranslated(file: String, content: String, expected: String) throws {
        let home = TemporaryDirectory()
        let vault = try Self.vault(home)
        let path = vault + "/.git/" + file
        let previous = try readFile(path)
        try writeFile(path, file == "config" ? previous + content : content)
        for arguments in [["history"], ["log", "meal"]] {
            let result = try alog(arguments + ["--vault", vault], home: home.path, environment: Self.now)
            Self.expectRefusal(result, arguments, saying: expected)
            #expect(!result.stderr.contains("git_"), "\(result.stderr)")
        }
    }

    @Test("a damaged remote-tracking ref is said to be local damage, not an unreachable remote")
    func damagedTrackingRef() throws {
        let home = TemporaryDirectory()
        let vault = try Self.vault(home)
        let bare = home.sub("bare.git")
        try git("init", "-q", "--bare", bare, in: home.path)
        #expect(try alog(["remote", "add", "origin", bare, "--vault", vault], home: home.path).succeeded)
        #expect(try alog(["sync", "--vault", vault], home: home.path, environment: Self.now).succeeded)
        try writeFile(vault + "/.git/refs/remotes/origin/main", "garbage\n")
        let result = try alog(["sync", "--vault", vault], home: home.path, environment: Self.now)
        Self.expectRefusal(result, ["sync"], saying: "a git reference is damaged or invalid")
        #expect(!result.stderr.contains("could not reach"), "\(result.stderr)")
    }

    @Test("sync lists the notes it did not send and says alog never commits them")
    func syncListsNotesNotSent() throws {
        let home = TemporaryDirectory()
        let vault = try Self.vault(home)
        let bare = home.sub("bare.git")
        try git("init", "-q", "--bare", bare, in: home.path)
        #expect(try alog(["remote", "add", "origin", bare, "--vault", vault], home: home.path).succeeded)
        try writeFile(vault + "/Note.md", "hello\n")
        try writeFile(vault + "/Daily/2030-01-01.md", "today\n")
        let human = try alog(["sync", "--vault", vault], home: home.path, environment: Self.now)
        #expect(human.succeeded, "\(human.stderr)")
        #expect(
            human.stdout.contains("not sent: 2 notes with uncommitted changes (Daily/2030-01-01.md, Note.md)"),
            "\(human.stdout)")
        #expect(human.stdout.contains("alog commits only .alog/"))
        let synced = try alog(["sync", "--json", "--vault", vault], home: home.path, environment: Self.now)
        let object = try #require(try json(synced.stdout) as? [String: Any])
        #expect(object["notesNotSent"] as? [String] == ["Daily/2030-01-01.md", "Note.md"])
        // The witness: still uncommitted, and not on the remote.
        #expect(try git("status", "--porcelain", in: vault).stdout == "?? Daily/\n?? Note.md\n")
        #expect(!(try git("ls-tree", "-r", "--name-only", "main", in: bare).stdout.contains("Note.md")))
    }

    @Test("a negative number given to an option gets the option's own message, not 'Missing value'")
    func negativeNumbers() throws {
        let home = TemporaryDirectory()
        let vault = try Self.vault(home)
        let timeline = try alog(["widget", "timeline", "--entries", "-1", "--vault", vault], home: home.path)
        #expect(timeline.status == 64)
        #expect(timeline.stderr.contains("--entries -1 is not between 1 and 1440"), "\(timeline.stderr)")
    }

    @Test("alog undo reverses this device's last action as a new event; twice undoes two")
    func undo() throws {
        let home = TemporaryDirectory()
        let vault = try Self.vault(home)
        func run(_ arguments: [String]) throws -> ProcessResult {
            try alog(arguments + ["--vault", vault], home: home.path, environment: Self.now)
        }
        let meal = try run(["log", "meal", "--note", "soup"]).stdout.trimmingCharacters(in: .newlines)
        let wake = try run(["log", "wake", "--at", "-1h"]).stdout.trimmingCharacters(in: .newlines)
        #expect(try run(["edit", meal, "--note", "stew"]).succeeded)
        func history() throws -> [[String: Any]] {
            try #require(try json(try run(["history", "--json"]).stdout) as? [[String: Any]])
        }
        let commits = { try git("rev-list", "--count", "HEAD", in: vault).stdout }
        let before = try commits()

        let first = try run(["undo"])
        #expect(first.succeeded, "\(first.stderr)")
        #expect(first.stdout.contains("undid: put entry \(meal) back"), "\(first.stdout)")
        #expect(try history().first { $0["id"] as? String == meal }?["note"] as? String == "soup")
        #expect(try commits() != before, "an undo is a new commit")

        #expect(try run(["undo"]).stdout.contains("deleted entry \(wake)"))
        #expect(try history().map { $0["id"] as? String } == [meal])
        #expect(try run(["undo"]).stdout.contains("deleted entry \(meal)"))
        #expect(try history().isEmpty)

        let nothing = try run(["undo"])
        Self.expectRefusal(nothing, ["undo"], saying: "nothing to undo")
        // Every undo is an event in the log; nothing was rewritten.
        #expect(try committedEvents(vault).count == 6)
    }

    @Test("alog config lists, reads and sets every key: user keys in XDG_CONFIG_HOME, clone keys in .git/config")
    func config() throws {
        let home = TemporaryDirectory()
        let vault = try Self.vault(home)
        var environment = Self.now
        environment["XDG_CONFIG_HOME"] = home.sub("config")
        func run(_ arguments: [String]) throws -> ProcessResult {
            try alog(arguments, home: home.path, environment: environment)
        }
        let list = try run(["config", "--vault", vault])
        #expect(list.succeeded, "\(list.stderr)")
        for key in ["vault", "user.name", "user.email", "alog.token", "alog.sshKey", "alog.username"] {
            #expect(list.stdout.contains("\(key) = (not set)"), "\(list.stdout)")
        }
        // A user key: the vault used without --vault.
        #expect(try run(["config", "vault", "~/vault"]).succeeded)
        #expect(try readFile(home.sub("config/alog/config")) == "vault = \(vault)\n")
        #expect(try run(["log", "meal"]).succeeded)
        #expect(try committedEvents(vault).count == 1)
        // Clone keys: what alog signs its commits with, in .git/config (git is the witness).
        #expect(try run(["config", "user.name", "Ada Lovelace", "--vault", vault]).succeeded)
        #expect(try run(["config", "user.email", "ada@example.com", "--vault", vault]).succeeded)
        #expect(try git("config", "--local", "user.name", in: vault).stdout == "Ada Lovelace\n")
        #expect(try run(["config", "user.name", "--vault", vault]).stdout == "Ada Lovelace\n")
        #expect(try run(["log", "wake"]).succeeded)
        #expect(try git("log", "-1", "--format=%an <%ae>", in: vault).stdout == "Ada Lovelace <ada@example.com>\n")
        #expect(try run(["config", "--unset", "user.name", "--vault", vault]).succeeded)
        Self.expectRefusal(
            try run(["config", "user.name", "--vault", vault]), ["config"], saying: "user.name is not set")

        let unknown = try run(["config", "colour", "red"])
        #expect(unknown.status == 64)
        #expect(
            unknown.stderr.contains("unknown key 'colour'; the keys are vault, day-start, week-start, user.name"),
            "\(unknown.stderr)")
        #expect(try run(["config", "user.email", "ada", "--vault", vault]).stderr.contains("not an email address"))
        // A name no commit can carry is refused as the email is (issue 27, 2), and nothing is set.
        for bad in ["", "   ", "Ada <x>", "a>b"] {
            let refused = try run(["config", "user.name", bad, "--vault", vault])
            #expect(refused.status == 64, "\(bad)")
            #expect(refused.stderr.contains("user.name"), "\(refused.stderr)")
        }
        #expect(try run(["config", "user.email", "ada<@x>", "--vault", vault]).status == 64)
        #expect(try git("config", "--local", "user.name", in: vault).stdout.isEmpty)
        // One set with git itself: the write still lands, signed by the device, and says what to fix.
        #expect(try git("config", "user.name", "  ", in: vault).succeeded)
        let logged = try run(["log", "meal"])
        #expect(logged.succeeded, "\(logged.stderr)")
        #expect(logged.stderr.contains("git's user.name '  ' cannot sign a commit (it is blank"), "\(logged.stderr)")
        #expect(
            try git("log", "-1", "--format=%an", in: vault).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
                .isEmpty == false)
        #expect(try git("fsck", "--strict", in: vault).succeeded)
    }

    @Test("an empty --vault is refused, not taken as the current folder")
    func emptyVault() throws {
        let home = TemporaryDirectory()
        for arguments in [
            ["init"], ["history"], ["log", "meal"], ["status"], ["widget", "tap", "meal"], ["clone", "x"],
        ] {
            let result = try alog(arguments + ["--vault", ""], home: home.path, environment: Self.now)
            #expect(result.status != 0, "\(arguments)")
            #expect(result.stderr.contains("--vault is empty"), "\(arguments): \(result.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: home.sub(".git")), "the current folder became a vault")
        #expect(!FileManager.default.fileExists(atPath: home.sub(".alog")))
    }

    @Test("a type name that cannot exist is not suggested to 'alog types add'")
    func impossibleTypeName() throws {
        let home = TemporaryDirectory()
        let vault = try Self.vault(home)
        for arguments in [["log", ""], ["log", "no such"], ["widget", "tap", ""]] {
            let result = try alog(arguments + ["--vault", vault], home: home.path, environment: Self.now)
            #expect(result.status == 1, "\(arguments)")
            #expect(result.stderr.contains("a type name "), "\(arguments): \(result.stderr)")
            #expect(!result.stderr.contains("alog types add"), "\(arguments): \(result.stderr)")
        }
    }

    @Test("a read-only clone alog never opened (no .git/alog) can be read; writes say it is not writable")
    func readOnlyFreshClone() throws {
        let home = TemporaryDirectory()
        let vault = try Self.vault(home)
        #expect(try alog(["log", "meal", "--vault", vault], home: home.path, environment: Self.now).succeeded)
        let clone = home.sub("clone")
        try git("clone", "-q", vault, clone, in: home.path)
        #expect(!FileManager.default.fileExists(atPath: clone + "/.git/alog"))
        let readOnly = home.sub("ro")
        try FileManager.default.createDirectory(atPath: readOnly, withIntermediateDirectories: true)
        var mounted = false
        if geteuid() == 0, try runProcess("/bin/mount", ["--bind", clone, readOnly]).succeeded {
            mounted = true
            #expect(try runProcess("/bin/mount", ["-o", "remount,ro,bind", readOnly]).succeeded)
        }
        defer {
            if mounted { _ = try? runProcess("/bin/umount", [readOnly]) }
            _ = try? runProcess("/bin/chmod", ["-R", "u+w", clone])
            withExtendedLifetime(home) {}
        }
        let target = mounted ? readOnly : clone
        if !mounted { #expect(try runProcess("/bin/chmod", ["-R", "a-w", clone + "/.git"]).succeeded) }
        for arguments in [["history"], ["status"], ["audit"], ["verify"], ["types"]] {
            let result = try alog(arguments + ["--vault", target], home: home.path, environment: Self.now)
            #expect(result.succeeded, "\(arguments): \(result.stderr)")
            #expect(result.stderr.isEmpty, "\(arguments): \(result.stderr)")
        }
        for arguments in [["log", "meal"], ["widget", "tap", "meal"]] {
            let result = try alog(arguments + ["--vault", target], home: home.path, environment: Self.now)
            Self.expectRefusal(result, arguments, saying: "not writable")
        }
        #expect(!FileManager.default.fileExists(atPath: clone + "/.git/alog"))
    }

    @Test("cloning a bare repository whose HEAD names another branch than 'main' (git init --bare) takes its main")
    func cloneFromMasterHead() throws {
        let home = TemporaryDirectory()
        let vault = try Self.vault(home)
        let id = try alog(["log", "meal", "--vault", vault], home: home.path, environment: Self.now).stdout
            .trimmingCharacters(in: .newlines)
        let bare = home.sub("bare.git")
        try git("init", "-q", "--bare", bare, in: home.path)
        try git("symbolic-ref", "HEAD", "refs/heads/master", in: bare)
        #expect(try alog(["remote", "add", "origin", bare, "--vault", vault], home: home.path).succeeded)
        #expect(try alog(["sync", "--vault", vault], home: home.path, environment: Self.now).succeeded)
        let copy = home.sub("copy")
        let clone = try alog(["clone", bare, "--vault", copy], home: home.path, environment: Self.now)
        #expect(clone.succeeded, "\(clone.stderr)")
        #expect(clone.stdout.contains("1 events"), "\(clone.stdout)")
        #expect(try alog(["history", "--vault", copy], home: home.path, environment: Self.now).stdout.contains(id))
        #expect(try git("rev-parse", "--abbrev-ref", "HEAD", in: copy).stdout == "main\n")
        #expect(try alog(["log", "wake", "--vault", copy], home: home.path, environment: Self.now).succeeded)
        #expect(try alog(["sync", "--vault", copy], home: home.path, environment: Self.now).succeeded)
        #expect(try git("rev-parse", "main", in: bare).stdout == (try git("rev-parse", "HEAD", in: copy).stdout))
    }

    @Test("a vault folder that cannot be created is said so by init and clone")
    func folderCannotBeCreated() throws {
        let home = TemporaryDirectory()
        let vault = try Self.vault(home)
        for arguments in [["init", "--vault", "/proc/alog-vault"], ["clone", vault, "--vault", "/proc/alog-vault"]] {
            let result = try alog(arguments, home: home.path, environment: Self.now)
            Self.expectRefusal(result, arguments, saying: "cannot create the folder /proc/alog-vault (")
            #expect(!result.stderr.contains("mkdir") && !result.stderr.contains("could not reach"), "\(result.stderr)")
        }
    }
}
