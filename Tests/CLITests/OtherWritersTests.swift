import Foundation
import TestSupport
import Testing

/// alog is never the only writer of a vault: the user's own git commits (obsidian-git commits
/// on a timer), `git status` refreshing the index, `git gc` and `git pack-refs` run while alog
/// commits. Every write alog reports must land once, and no commit of the user's may carry the
/// ledger files' old index entries (which would take event lines out of the history).
@Suite("Other git writers racing alog", .tags(.process))
struct OtherWritersTests {
    static let now = "1893499200"  // 2030-01-01T12:00:00Z
    static let userIdentity = [
        "GIT_AUTHOR_NAME": "Notes User", "GIT_AUTHOR_EMAIL": "user@example.com",
        "GIT_COMMITTER_NAME": "Notes User", "GIT_COMMITTER_EMAIL": "user@example.com",
    ]

    static func run(_ arguments: [String], vault: String, binary: String = "alog") throws -> ProcessResult {
        try runProcess(
            productsDirectory + "/" + binary, arguments + ["--vault", vault],
            environment: ["TZ": "UTC", "ALOG_NOW": now])
    }

    /// A vault with a note of the user's, committed by git.
    /// Made once per run and copied for each test.
    static let template = Result {
        try VaultTemplate("other-writers") { vault in
            for arguments in [["init"], ["log", "wake", "--at", "07:00"]] {
                let result = try run(arguments, vault: vault, binary: "alog-full")
                guard result.succeeded else { throw VaultTemplate.Failed(arguments, result) }
            }
            try writeFile(vault + "/Inbox.md", "# Inbox\n")
            let commands = [
                ["add", "Inbox.md"],
                ["-c", "user.name=Notes User", "-c", "user.email=user@example.com", "commit", "-qm", "notes"],
            ]
            for command in commands {
                let result = try git(command, in: vault)
                guard result.succeeded else { throw VaultTemplate.Failed(["git"] + command, result) }
            }
        }
    }

    static func makeVault(_ home: TemporaryDirectory) throws -> String {
        let vault = home.sub("vault")
        try template.get().copy(to: vault)
        return vault
    }

    /// The user's side: what obsidian-git and a person's terminal do, in a loop, until `stop`
    /// exists. git's own refusals under contention (a held lock) are part of the game.
    static func startUserLoop(vault: String, stop: String) throws -> Process {
        let script = """
            i=0
            while [ ! -e "$1" ]; do
              i=$((i+1))
              echo "line $i" >> Inbox.md
              case $((i % 6)) in
                0) git commit -qam "notes $i" ;;
                1) git add -A && git commit -qm "notes $i" ;;
                2) git status --porcelain >/dev/null ;;
                3) git pack-refs --all ;;
                4) git update-index -q --refresh ;;
                5) git gc --quiet ;;
              esac
            done >/dev/null 2>&1
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script, "user-loop", stop]
        process.currentDirectoryURL = URL(fileURLWithPath: vault)
        var environment = ProcessInfo.processInfo.environment
        environment.merge(userIdentity) { _, user in user }
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    @Test(
        "alog's logs (front and alog-full) against git commit -a, add -A, status, gc and pack-refs: every log once, no user commit touches the ledger"
    )
    func racingGit() throws {
        let home = TemporaryDirectory()
        let vault = try Self.makeVault(home)
        let stop = home.sub("stop")
        let user = try Self.startUserLoop(vault: vault, stop: stop)
        var logged: [String] = []
        var refused: [String] = []
        for round in 0..<60 {
            // The front commits the plain form itself when it can; alog-full the rest.
            let binary = round % 3 == 2 ? "alog-full" : "alog"
            let result = try Self.run(["log", "meal", "--note", "round \(round)"], vault: vault, binary: binary)
            if result.succeeded {
                logged.append(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
            } else {
                refused.append(result.stderr)
            }
        }
        _ = FileManager.default.createFile(atPath: stop, contents: nil)
        user.waitUntilExit()

        for message in refused {
            #expect(message.contains("nothing was committed"), "a refused log says nothing landed: \(message)")
        }
        let meals = try committedEvents(vault).filter { ($0["type"] as? String) == "meal" }
        let ids = meals.compactMap { $0["id"] as? String }
        #expect(ids.count == logged.count, "every reported log once, nothing else (\(refused.count) refused)")
        for id in logged {
            #expect(ids.filter { $0 == id }.count == 1, "\(id) is in the ledger once")
        }
        let touched = try git(
            "log", "--author=Notes User", "--format=%H", "--name-only", "--", ".alog", in: vault
        ).stdout
        let details =
            touched.isEmpty ? "" : try git("log", "--author=Notes User", "-p", "-3", "--", ".alog", in: vault).stdout
        #expect(touched.isEmpty, "no commit of the user's changes a ledger file:\n\(details)\nrefused: \(refused)")
        #expect(try Self.run(["verify"], vault: vault, binary: "alog-full").succeeded)
        #expect(try git("status", "--porcelain", "--", ".alog", in: vault).stdout.isEmpty)
        #expect(try git("fsck", "--strict", in: vault).succeeded)
        #expect(!FileManager.default.fileExists(atPath: vault + "/.git/index.lock"))
    }

    /// Starts `binary log meal` stopped (SIGSTOP) at `point`, and waits until it is.
    static func startStopped(_ binary: String, at point: String, vault: String) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: productsDirectory + "/" + binary)
        process.arguments = ["log", "meal", "--note", "paused", "--vault", vault]
        var environment = ProcessInfo.processInfo.environment
        environment.merge(["TZ": "UTC", "ALOG_NOW": now, "ALOG_FAULT": "stop:" + point]) { _, given in given }
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // The kernel's word for the process's state: `T` once it stopped itself.
        while process.isRunning {
            let stat = (try? String(contentsOfFile: "/proc/\(process.processIdentifier)/stat", encoding: .utf8)) ?? ""
            if let close = stat.lastIndex(of: ")"), stat[stat.index(close, offsetBy: 2)] == "T" { break }
            usleep(1000)
        }
        return process
    }

    @Test(
        "the user's git commit -a and add -A right after alog moved the branch: refused or clean, never the ledger's old entries",
        arguments: [("alog-full", "commit.moved-in-index-lock"), ("alog", "front-log.after-swap")])
    func commitInTheWindow(binary: String, point: String) throws {
        let home = TemporaryDirectory()
        let vault = try Self.makeVault(home)
        // The front's own log needs the tip alog-full leaves after a log.
        #expect(try Self.run(["log", "meal"], vault: vault, binary: "alog-full").succeeded)
        for (round, command) in [["commit", "-qam", "notes"], ["add", "-A"]].enumerated() {
            let paused = try Self.startStopped(binary, at: point, vault: vault)
            #expect(paused.isRunning, "\(binary) stopped at \(point)")
            try writeFile(vault + "/Inbox.md", "# Inbox\nround \(round)\n")
            var user = try runProcess("/usr/bin/git", command, in: vault, environment: Self.userIdentity)
            if command[0] == "add", user.succeeded {
                user = try runProcess(
                    "/usr/bin/git", ["commit", "-qm", "notes"], in: vault, environment: Self.userIdentity)
            }
            kill(paused.processIdentifier, SIGCONT)
            paused.waitUntilExit()
            #expect(paused.terminationStatus == 0, "\(binary) finished its log")
            if user.succeeded {
                let files = try git("show", "--name-only", "--format=", "HEAD", in: vault).stdout
                #expect(files == "Inbox.md\n", "the user's commit holds only the note: \(files)")
            } else {
                #expect(user.stderr.contains("index.lock"), "git was kept out by the index lock: \(user.stderr)")
            }
        }
        let touched = try git("log", "--author=Notes User", "--format=%H", "--name-only", "--", ".alog", in: vault)
        #expect(touched.stdout.isEmpty, "no commit of the user's changes a ledger file:\n\(touched.stdout)")
        let notes = try committedEvents(vault).filter { ($0["note"] as? String) == "paused" }
        #expect(notes.count == 2, "both paused logs are in the ledger")
        #expect(try Self.run(["verify"], vault: vault, binary: "alog-full").succeeded)
        #expect(try git("status", "--porcelain", "--", ".alog", in: vault).stdout.isEmpty)
    }

    @Test(
        "a write killed while it holds the index lock leaves a lock the next command removes",
        arguments: [
            ("alog-full", "commit.after-ref"), ("alog-full", "index.in-lock"), ("alog", "front-log.after-ref"),
            ("alog", "front-log.in-index-lock"),
        ])
    func killedHoldingTheIndexLock(binary: String, point: String) throws {
        let home = TemporaryDirectory()
        let vault = try Self.makeVault(home)
        #expect(try Self.run(["log", "meal"], vault: vault, binary: "alog-full").succeeded)
        let killed = try runProcess(
            productsDirectory + "/" + binary, ["log", "meal", "--vault", vault],
            environment: ["TZ": "UTC", "ALOG_NOW": Self.now, "ALOG_FAULT": point])
        #expect(killed.status == 9, "killed at \(point)")
        #expect(try Self.run(["status"], vault: vault, binary: "alog-full").succeeded)
        #expect(!FileManager.default.fileExists(atPath: vault + "/.git/index.lock"), "\(point)")
        // The user's next commit works and carries nothing of the ledger.
        try writeFile(vault + "/Inbox.md", "# Inbox\nmore\n")
        let committed = try git(
            "-c", "user.name=Notes User", "-c", "user.email=user@example.com", "commit", "-qam", "more", in: vault)
        #expect(committed.succeeded, "\(committed.stderr)")
        #expect(try git("show", "--name-only", "--format=", "HEAD", in: vault).stdout == "Inbox.md\n")
        #expect(try git("status", "--porcelain", in: vault).stdout.isEmpty)
        #expect(try Self.run(["verify"], vault: vault, binary: "alog-full").succeeded)
    }

    @Test(
        "a split or sparse index is refused before anything is written, with the git config line that turns it off; v4 and the untracked cache are written"
    )
    func indexFormats() throws {
        let home = TemporaryDirectory()
        let vault = try Self.makeVault(home)
        try writeFile(vault + "/notes/a/x.md", "a\n")
        try writeFile(vault + "/notes/b/y.md", "b\n")
        #expect(try git("add", "-A", in: vault).succeeded)
        #expect(
            try runProcess("/usr/bin/git", ["commit", "-qm", "folders"], in: vault, environment: Self.userIdentity)
                .succeeded)
        let forms: [(on: [[String]], fix: String, off: [[String]])] = [
            (
                [["config", "core.splitIndex", "true"], ["update-index", "--split-index"]],
                "git config core.splitIndex false && git update-index --no-split-index",
                [["config", "core.splitIndex", "false"], ["update-index", "--no-split-index"]]
            ),
            (
                [
                    ["sparse-checkout", "init", "--cone"], ["config", "index.sparse", "true"],
                    ["sparse-checkout", "set", "notes/a", ".alog"],
                ],
                "git config index.sparse false && git sparse-checkout reapply",
                [["config", "index.sparse", "false"], ["sparse-checkout", "reapply"]]
            ),
        ]
        for form in forms {
            for command in form.on { #expect(try git(command, in: vault).succeeded, "\(command)") }
            let head = try git("rev-parse", "HEAD", in: vault).stdout
            for binary in ["alog", "alog-full"] {
                let refused = try Self.run(["log", "meal"], vault: vault, binary: binary)
                #expect(refused.status == 1, "\(binary): \(refused.stderr)")
                #expect(refused.stderr.contains("nothing was committed"), "\(refused.stderr)")
                #expect(refused.stderr.contains(form.fix), "\(refused.stderr)")
            }
            #expect(try git("rev-parse", "HEAD", in: vault).stdout == head, "nothing committed")
            #expect(try git("status", "--porcelain", "--", ".alog", in: vault).stdout.isEmpty, "nothing left staged")
            for command in form.off { #expect(try git(command, in: vault).succeeded, "\(command)") }
            #expect(try Self.run(["log", "meal"], vault: vault).succeeded, "after: \(form.fix)")
            #expect(try git("status", "--porcelain", "--", ".alog", in: vault).stdout.isEmpty)
        }
        // Forms libgit2 reads and writes: written through it.
        for command in [
            ["update-index", "--index-version", "4"], ["config", "core.untrackedCache", "true"],
            ["update-index", "--untracked-cache"],
        ] {
            #expect(try git(command, in: vault).succeeded, "\(command)")
            #expect(try git("status", in: vault).succeeded)
            #expect(try Self.run(["log", "wake"], vault: vault).succeeded, "\(command)")
            #expect(try git("status", "--porcelain", "--", ".alog", in: vault).stdout.isEmpty, "\(command)")
        }
        #expect(try Self.run(["verify"], vault: vault, binary: "alog-full").succeeded)
        #expect(try git("fsck", "--strict", in: vault).succeeded)
    }

    @Test("a line feed in user.name is cleaned as git cleans it: the commit passes git fsck --strict")
    func identityWithLineFeed() throws {
        let home = TemporaryDirectory()
        let vault = try Self.makeVault(home)
        #expect(try git("config", "user.name", "Ada\nLovelace ", in: vault).succeeded)
        #expect(try git("config", "user.email", " <ada@example.com>\n", in: vault).succeeded)
        #expect(try Self.run(["log", "meal"], vault: vault, binary: "alog-full").succeeded)
        #expect(try git("fsck", "--strict", in: vault).succeeded)
        #expect(try git("log", "-1", "--format=%an <%ae>", in: vault).stdout == "AdaLovelace <ada@example.com>\n")
        #expect(try Self.run(["verify"], vault: vault, binary: "alog-full").succeeded)
        let refused = try Self.run(["config", "user.name", "Ada\nLovelace"], vault: vault, binary: "alog-full")
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("line break"), "\(refused.stderr)")
    }

    @Test("--vault naming the vault's .git folder is refused with the vault to give, nothing written")
    func vaultInsideGitFolder() throws {
        let home = TemporaryDirectory()
        let vault = try Self.makeVault(home)
        let head = try git("rev-parse", "HEAD", in: vault).stdout
        for path in [vault + "/.git", vault + "/.git/objects"] {
            for binary in ["alog", "alog-full"] {
                let refused = try runProcess(
                    productsDirectory + "/" + binary, ["log", "meal", "--vault", path],
                    environment: ["TZ": "UTC", "ALOG_NOW": Self.now])
                #expect(refused.status == 1, "\(binary) \(path): \(refused.stderr)")
                #expect(refused.stderr.contains("--vault \(vault)"), "\(refused.stderr)")
            }
        }
        #expect(!FileManager.default.fileExists(atPath: vault + "/.git/.alog"))
        #expect(try git("rev-parse", "HEAD", in: vault).stdout == head)
    }
}
