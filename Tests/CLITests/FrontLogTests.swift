import Foundation
import TestSupport
import Testing

/// `alog log` committed by the front itself (`FrontLog`, no libgit2): it must leave exactly
/// what `alog-full` leaves — one commit of one line, the reflog, the working copy, the index,
/// the caches — and hand every case it does not own to `alog-full` with nothing written.
@Suite("The front's own log", .tags(.process))
struct FrontLogTests {
    static let now = "1893499200"  // 2030-01-01T12:00:00Z

    /// Runs the built `alog` (or `alog-full`) on `vault`. With `full: false` the front has no
    /// `alog-full` to hand over to (`/bin/false`): a log it does not commit itself fails.
    static func run(
        _ arguments: [String], vault: String, binary: String = "alog", full: Bool = true,
        environment: [String: String] = [:]
    ) throws -> ProcessResult {
        var env = ["TZ": "UTC", "ALOG_NOW": now]
        if !full { env["ALOG_FULL"] = "/bin/false" }
        env.merge(environment) { _, given in given }
        return try runProcess(productsDirectory + "/" + binary, arguments + ["--vault", vault], environment: env)
    }

    /// A vault with a morning's entries, the last one logged by `alog-full` (which leaves the tip).
    /// `init` and the wake, made once per run and copied for each test. The last log is the
    /// test's own: a tip copied from the template is the template's folder's, which the front
    /// does not use (`copiedVault`).
    static let template = Result {
        try VaultTemplate("front-log") { vault in
            for arguments in [["init"], ["log", "wake", "--at", "07:00"]] {
                let result = try run(arguments, vault: vault, binary: "alog-full")
                guard result.succeeded else { throw VaultTemplate.Failed(arguments, result) }
            }
        }
    }

    static func makeVault(_ home: TemporaryDirectory) throws -> String {
        let vault = home.sub("vault")
        try template.get().copy(to: vault)
        let result = try run(["log", "meal", "--at", "08:00"], vault: vault, binary: "alog-full")
        #expect(result.succeeded, "\(result.stderr)")
        return vault
    }

    /// The loose objects' paths under `.git/objects`.
    static func looseObjects(_ vault: String) throws -> Set<String> {
        let folder = vault + "/.git/objects"
        return Set(
            try FileManager.default.subpathsOfDirectory(atPath: folder).filter {
                $0.count == 41 && $0.dropFirst(2).first == "/"
            })
    }

    static func commits(_ vault: String) throws -> Int {
        Int(try git("rev-list", "--count", "HEAD", in: vault).stdout.trimmingCharacters(in: .whitespacesAndNewlines))!
    }

    /// What git itself says of the vault: sound, clean, and the reflog in step with the branch.
    static func expectSound(_ vault: String, _ context: String) throws {
        #expect(try git("fsck", "--strict", in: vault).succeeded, "\(context)")
        #expect(try git("status", "--porcelain", in: vault).stdout.isEmpty, "\(context)")
        let head = try git("rev-parse", "HEAD", in: vault).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        for log in ["logs/HEAD", "logs/refs/heads/main"] {
            let last = try readFile(vault + "/.git/" + log).split(separator: "\n").last ?? ""
            #expect(last.split(separator: " ")[1] == head, "\(log) ends with the move to HEAD (\(context))")
        }
        #expect(try run(["verify"], vault: vault).succeeded, "\(context)")
        #expect(!FileManager.default.fileExists(atPath: vault + "/.git/refs/heads/main.lock"), "\(context)")
    }

    @Test("a log the front commits: one commit of one line, as alog-full makes it, and every cache moved on")
    func commitsLikeTheFullCLI() throws {
        let home = TemporaryDirectory()
        let vault = try Self.makeVault(home)
        let before = try Self.commits(vault)
        let fullCommit = try git("cat-file", "-p", "HEAD", in: vault).stdout
        for (index, arguments) in [
            ["log", "meal"], ["log", "exercise", "--at", "-10m", "--note", "run, 5 km"], ["log", "MEAL", "--at=11:00"],
        ].enumerated() {
            let logged = try Self.run(arguments, vault: vault, full: false)
            #expect(logged.succeeded, "the front committed \(arguments) itself: \(logged.stderr)")
            #expect(logged.stdout.count == 13, "the bare id, as alog-full prints it off a terminal: \(logged.stdout)")
            #expect(try Self.commits(vault) == before + index + 1)
            let changed = try git("show", "--name-only", "--format=", "HEAD", in: vault).stdout
            #expect(changed.hasPrefix(".alog/events/") && changed.split(separator: "\n").count == 1, "\(changed)")
            try Self.expectSound(vault, "\(arguments)")
        }
        // The commit's shape is alog-full's: the same identity and zone, the same message form.
        let frontCommit = try git("cat-file", "-p", "HEAD", in: vault).stdout
        func lines(_ commit: String, _ prefix: String) -> [Substring] {
            commit.split(separator: "\n").filter { $0.hasPrefix(prefix) }.map {
                $0.split(separator: " ").dropLast(2).joined(separator: " ")[...]
            }
        }
        #expect(lines(frontCommit, "author") == lines(fullCommit, "author"))
        #expect(lines(frontCommit, "committer") == lines(fullCommit, "committer"))
        #expect(frontCommit.contains("\n\nalog: log meal at 2030-01-01T11:00:00Z\n\nAlog-Events: "), "\(frontCommit)")
        // The entries are what was asked, and the caches agree with a fold from the events.
        let history = try Self.run(["history", "--json"], vault: vault).stdout
        #expect(history.contains("\"note\":\"run, 5 km\""), "\(history)")
        let status = try Self.run(["status", "--json"], vault: vault, full: false)
        #expect(status.succeeded, "the front's status reads the summary the front's log wrote")
        #expect(try Self.run(["rebuild"], vault: vault, binary: "alog-full").succeeded)
        #expect(try Self.run(["status", "--json"], vault: vault).stdout == status.stdout)
        #expect(try readFile(vault + "/.git/alog/widget/LastKnownActivities.json").contains("\"exercise\": 1893498600"))
    }

    @Test("the day's first log and a full part's next: the front adds the file and its index entry itself")
    func newFiles() throws {
        let home = TemporaryDirectory()
        let vault = try Self.makeVault(home)
        let nextDay = ["ALOG_NOW": "1893585600"]  // 2030-01-02T12:00:00Z
        let device = try git("ls-files", ".alog/events", in: vault).stdout.split(separator: "/")[2]
        let folder = ".alog/events/\(device)/2030/01/"
        let logged = try Self.run(["log", "meal"], vault: vault, full: false, environment: nextDay)
        #expect(logged.succeeded, "the front committed the day's first log itself: \(logged.stderr)")
        #expect(
            try git("show", "--name-status", "--format=", "HEAD", in: vault).stdout == "A\t\(folder)2030-01-02.jsonl\n")
        try Self.expectSound(vault, "the day's first log")
        // git finds the new entry's stat data current: nothing to refresh.
        #expect(try git("update-index", "--refresh", in: vault).stdout.isEmpty)
        // Lines of about 2 KB until the part is full (16 KiB): the next log starts part 2.
        let note = String(repeating: "n", count: 1990)
        var logs = 0
        while try !git("ls-files", folder, in: vault).stdout.contains("2030-01-02.2.jsonl"), logs < 12 {
            let next = try Self.run(
                ["log", "exercise", "--note", note], vault: vault, full: false, environment: nextDay)
            #expect(next.succeeded, "log \(logs): \(next.stderr)")
            logs += 1
        }
        #expect(logs == 9, "eight lines of 2 KB fill the first part; the ninth starts the second")
        #expect(
            try git("show", "--name-status", "--format=", "HEAD", in: vault).stdout
                == "A\t\(folder)2030-01-02.2.jsonl\n")
        try Self.expectSound(vault, "a new part")
        #expect(try Self.run(["log", "wake"], vault: vault, full: false, environment: nextDay).succeeded)
        #expect(try git("show", "--name-status", "--format=", "HEAD", in: vault).stdout.hasPrefix("M\t"))
        try Self.expectSound(vault, "appended to the new part")
        let history = try Self.run(["history", "--json"], vault: vault, environment: nextDay).stdout
        #expect(history.components(separatedBy: "\"type\":\"exercise\"").count - 1 == logs)
    }

    @Test(
        "whatever the front does not own goes to alog-full, with nothing written",
        arguments: [
            "unknown type", "a time alog-full refuses", "HEAD moved by git", "day notes on", "a tap queued",
            "the day file edited by hand", "git identity changed", "a new month", "the month's folder gone",
            "index.lock held",
            "an interrupted write", "a packed branch whose folder is gone", "the branch's lock held",
        ])
    func handsOver(situation: String) throws {
        let home = TemporaryDirectory()
        let vault = try Self.makeVault(home)
        var arguments = ["log", "meal"]
        switch situation {
        case "unknown type": arguments = ["log", "nap"]
        case "a time alog-full refuses": arguments = ["log", "meal", "--at", "+3h"]
        case "HEAD moved by git":
            try writeFile(vault + "/note.md", "a note\n")
            _ = try git("add", "note.md", in: vault)
            #expect(try git("-c", "user.name=U", "-c", "user.email=u@x", "commit", "-qm", "note", in: vault).succeeded)
        case "day notes on": #expect(try Self.run(["notes", "enable"], vault: vault).succeeded)
        case "a tap queued": #expect(try Self.run(["widget", "tap", "wake"], vault: vault).succeeded)
        case "the day file edited by hand":
            let file = try git("ls-files", ".alog/events", in: vault).stdout.split(separator: "\n").last!
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: vault + "/" + file))
            handle.seekToEndOfFile()
            handle.write(Data("\n".utf8))
            try handle.close()
        case "git identity changed": _ = try git("config", "user.name", "Someone Else", in: vault)
        case "a new month": arguments = ["log", "meal"]
        case "the month's folder gone":
            // The day's first log would add a file to a folder the working copy lacks.
            let file = try git("ls-files", ".alog/events", in: vault).stdout.split(separator: "\n").last!
            try FileManager.default.removeItem(
                atPath: vault + "/" + file.split(separator: "/").dropLast().joined(separator: "/"))
        case "index.lock held": try writeFile(vault + "/.git/index.lock", "")
        case "an interrupted write":
            try writeFile(vault + "/.git/alog/branch-intent", "alog branch intent 1\nrefs/heads/main\n-\n")
        case "a packed branch whose folder is gone":
            // git still reads the branch from packed-refs; its loose file has no folder to go in.
            #expect(try git("pack-refs", "--all", in: vault).succeeded)
            try FileManager.default.removeItem(atPath: vault + "/.git/refs/heads")
            #expect(try git("rev-parse", "--verify", "refs/heads/main", in: vault).succeeded)
        case "the branch's lock held":
            // As a git command moving the branch holds it (or a killed one left it).
            try writeFile(vault + "/.git/refs/heads/main.lock", "")
        default: Issue.record("no such situation")
        }
        let day =
            situation == "a new month"
            ? ["ALOG_NOW": "1896177600"]  // 2030-02-01T12:00:00Z
            : situation == "the month's folder gone" ? ["ALOG_NOW": "1893585600"] : [:]  // 2030-01-02T12:00:00Z
        let before = try Self.commits(vault)
        let head = try git("rev-parse", "HEAD", in: vault).stdout
        let index = try Data(contentsOf: URL(fileURLWithPath: vault + "/.git/index"))
        let objects = try Self.looseObjects(vault)
        let intent = FileManager.default.fileExists(atPath: vault + "/.git/alog/branch-intent")
        let handed = try Self.run(arguments, vault: vault, full: false, environment: day)
        #expect(handed.status == 1, "handed to alog-full (here /bin/false): \(handed.stdout) \(handed.stderr)")
        #expect(handed.stdout.isEmpty)
        // Found before anything was written: no object stored, no intent recorded.
        #expect(try Self.looseObjects(vault) == objects)
        #expect(FileManager.default.fileExists(atPath: vault + "/.git/alog/branch-intent") == intent)
        #expect(try Self.commits(vault) == before)
        #expect(try git("rev-parse", "HEAD", in: vault).stdout == head)
        #expect(try Data(contentsOf: URL(fileURLWithPath: vault + "/.git/index")) == index)
        let branchLock = vault + "/.git/refs/heads/main.lock"
        #expect(FileManager.default.fileExists(atPath: branchLock) == (situation == "the branch's lock held"))
        // alog-full itself then does what it always did.
        try? FileManager.default.removeItem(atPath: vault + "/.git/index.lock")
        try? FileManager.default.removeItem(atPath: branchLock)
        _ = try Self.run(arguments, vault: vault, environment: day)
        if situation == "the day file edited by hand" || situation == "HEAD moved by git" {
            // alog-full takes the log; the front commits the one after, on the tip it left.
            #expect(try Self.run(["log", "wake"], vault: vault, full: false, environment: day).succeeded)
        }
    }

    @Test("a branch kept only in packed-refs: the front writes its loose file, as libgit2 does, packed line kept")
    func packedBranch() throws {
        let home = TemporaryDirectory()
        let vault = try Self.makeVault(home)
        #expect(try git("pack-refs", "--all", in: vault).succeeded)
        let branch = vault + "/.git/refs/heads/main"
        #expect(!FileManager.default.fileExists(atPath: branch), "git pack-refs removed the loose file")
        let packed = try git("rev-parse", "HEAD", in: vault).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        // Without reflogs too: libgit2 creates them again (core.logAllRefUpdates is on).
        for log in ["logs/HEAD", "logs/refs/heads/main"] { unlink(vault + "/.git/" + log) }
        let before = try Self.commits(vault)
        let logged = try Self.run(["log", "meal"], vault: vault, full: false)
        #expect(logged.succeeded, "the front moved the packed branch itself: \(logged.stderr)")
        let head = try git("rev-parse", "HEAD", in: vault).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(try Self.commits(vault) == before + 1)
        #expect(try git("rev-parse", "HEAD~", in: vault).stdout.hasPrefix(packed))
        #expect(try readFile(branch) == head + "\n", "a loose file with the new value")
        #expect(try readFile(vault + "/.git/packed-refs").contains("\(packed) refs/heads/main\n"), "packed line kept")
        for log in ["logs/HEAD", "logs/refs/heads/main"] {
            let lines = try readFile(vault + "/.git/" + log).split(separator: "\n")
            #expect(lines.count == 1 && lines[0].hasPrefix("\(packed) \(head) "), "\(log): \(lines)")
        }
        try Self.expectSound(vault, "a packed branch")
        // The next one moves the loose file as usual.
        #expect(try Self.run(["log", "wake"], vault: vault, full: false).succeeded)
        try Self.expectSound(vault, "after the packed branch")
    }

    @Test("git's untracked cache in the index: the front commits, dropping it as libgit2 does; git status stays right")
    func untrackedCache() throws {
        let home = TemporaryDirectory()
        let vault = try Self.makeVault(home)
        // The index holds the cache's signature (no path here has those letters).
        func cached() throws -> Bool {
            try Data(contentsOf: URL(fileURLWithPath: vault + "/.git/index")).range(of: Data("UNTR".utf8)) != nil
        }
        #expect(try git("config", "core.untrackedCache", "true", in: vault).succeeded)
        // A changed .git/config retires the tip: alog-full's log writes the next.
        #expect(try Self.run(["log", "exercise"], vault: vault, binary: "alog-full").succeeded)
        try writeFile(vault + "/Notes/draft.md", "d\n")
        #expect(try git("status", "--porcelain", in: vault).stdout == "?? Notes/\n")
        try #require(try cached(), "git status wrote its cache")
        let logged = try Self.run(["log", "meal"], vault: vault, full: false)
        #expect(logged.succeeded, "the front committed with an untracked cache: \(logged.stderr)")
        #expect(try !cached(), "dropped, as libgit2 drops it")
        try writeFile(vault + "/Notes/later.md", "l\n")
        let untracked = "?? Notes/draft.md\n?? Notes/later.md\n"
        #expect(try git("status", "--porcelain", "--untracked-files=all", in: vault).stdout == untracked)
        #expect(try cached(), "git wrote its cache again")
        #expect(try Self.run(["log", "wake"], vault: vault, full: false).succeeded)
        #expect(try git("status", "--porcelain", "--untracked-files=all", in: vault).stdout == untracked)
        try FileManager.default.removeItem(atPath: vault + "/Notes")
        try Self.expectSound(vault, "with the untracked cache on")
    }

    @Test("a vault copied with cp -a: the copy's front sees a user.name changed in the copy's own .git/config")
    func copiedVault() throws {
        let home = TemporaryDirectory()
        let vault = try Self.makeVault(home)
        #expect(try Self.run(["log", "wake"], vault: vault, full: false).succeeded, "the tip is the front's own")
        let name = try git("log", "-1", "--format=%an", in: vault).stdout
        let copy = home.sub("copy")
        #expect(try runProcess("/bin/cp", ["-a", vault, copy]).succeeded)
        #expect(try git("config", "user.name", "Copy Owner", in: copy).succeeded)
        // The copy's tip watched the original's .git/config: the front would have committed
        // with the old name. It is another folder's tip now, so alog-full takes this log.
        let logged = try Self.run(["log", "meal"], vault: copy)
        #expect(logged.succeeded, "\(logged.stderr)")
        #expect(try git("log", "-1", "--format=%an", in: copy).stdout == "Copy Owner\n")
        // ... and leaves a tip of the copy's own: the front commits the next one, as the copy's owner.
        let next = try Self.run(["log", "wake"], vault: copy, full: false)
        #expect(next.succeeded, "\(next.stderr)")
        #expect(try git("log", "-1", "--format=%an", in: copy).stdout == "Copy Owner\n")
        try Self.expectSound(copy, "the copy")
        // The original keeps its name and its front.
        #expect(try Self.run(["log", "meal"], vault: vault, full: false).succeeded)
        #expect(try git("log", "-1", "--format=%an", in: vault).stdout == name)
        #expect(name != "Copy Owner\n")
    }

    @Test(
        "killed at each step of its commit, the next command leaves one entry or none, and git status clean",
        arguments: [
            "front-log.before-ref", "front-log.after-swap", "front-log.after-ref", "front-log.in-index-lock",
            "front-log.after-swap, the day's first log", "front-log.after-ref, the day's first log",
            "front-log.in-index-lock, the day's first log",
        ])
    func killed(situation: String) throws {
        let home = TemporaryDirectory()
        let vault = try Self.makeVault(home)
        let point = String(situation.prefix { $0 != "," })
        // The day's first log adds a file and its index entry (2030-01-02T12:00:00Z).
        let day = situation.hasSuffix("first log") ? ["ALOG_NOW": "1893585600"] : [:]
        let before = try Self.commits(vault)
        let killed = try Self.run(
            ["log", "exercise"], vault: vault, environment: day.merging(["ALOG_FAULT": point]) { $1 })
        #expect(killed.status == 9, "killed at \(situation): \(killed.stderr)")
        #expect(try Self.run(["status"], vault: vault, environment: day).succeeded)
        // The working copy and the index go first, under the lock: killed before the branch
        // moved, they go back.
        let landed =
            ["front-log.before-ref", "front-log.in-index-lock"].contains(point) ? 0 : 1
        #expect(try Self.commits(vault) == before + landed)
        let history = try Self.run(["history", "--json"], vault: vault, environment: day).stdout
        #expect(history.components(separatedBy: "\"type\":\"exercise\"").count - 1 == landed, "\(history)")
        try Self.expectSound(vault, situation)
        // And the front commits the next one again.
        #expect(try Self.run(["log", "meal"], vault: vault, environment: day).succeeded)
        #expect(try Self.run(["log", "wake"], vault: vault, full: false, environment: day).succeeded)
        try Self.expectSound(vault, situation + ", then two more")
    }

    @Test("after a killed log, a lock git holds to move the branch back (its old value, written later) is left alone")
    func gitsLockKept() throws {
        let home = TemporaryDirectory()
        let vault = try Self.makeVault(home)
        let parent = try git("rev-parse", "HEAD", in: vault).stdout
        let killed = try Self.run(
            ["log", "exercise"], vault: vault, environment: ["ALOG_FAULT": "front-log.after-ref"])
        #expect(killed.status == 9)
        #expect(FileManager.default.fileExists(atPath: vault + "/.git/alog/branch-intent"))
        // `git reset --soft HEAD~1` between taking its lock and renaming it: the lock holds
        // the value the killed log moved the branch from, like a swapped-out lock, but it was
        // written after the intent.
        let lock = vault + "/.git/refs/heads/main.lock"
        try writeFile(lock, parent)
        try makeNewer(lock, than: vault + "/.git/alog/branch-intent")
        #expect(try Self.run(["status"], vault: vault).succeeded)
        #expect(try readFile(lock) == parent, "git's lock stays")
        try FileManager.default.removeItem(atPath: lock)
        #expect(try Self.run(["log", "meal"], vault: vault).succeeded)
        try Self.expectSound(vault, "after git's lock went")
    }

    @Test("twenty logs at once, the front and alog-full mixed: twenty commits, each line once")
    func concurrentLogs() throws {
        let home = TemporaryDirectory()
        let vault = try Self.makeVault(home)
        let before = try Self.commits(vault)
        let results = concurrently(20) { index in
            try? Self.run(
                ["log", "meal", "--note", "n\(index)"], vault: vault, binary: index % 5 == 0 ? "alog-full" : "alog")
        }
        #expect(results.allSatisfy { $0?.succeeded == true }, "\(results.map { $0?.stderr ?? "none" })")
        #expect(try Self.commits(vault) == before + 20)
        let history = try Self.run(["history", "--json"], vault: vault).stdout
        for index in 0..<20 { #expect(history.contains("\"note\":\"n\(index)\""), "n\(index)") }
        try Self.expectSound(vault, "after 20 concurrent logs")
    }
}
