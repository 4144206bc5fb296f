import Foundation
import TestSupport
import Testing

/// Runs `alog` with `home` as its home and working folder (in-process unless `run` says
/// otherwise, or the run needs a process: `runAlogCommandLine`).
func alog(
    _ arguments: [String], home: String, environment: [String: String] = [:], run: CommandRun = .inProcess
) throws -> ProcessResult {
    var env = ["XDG_DATA_HOME": home + "/data", "HOME": home, "TZ": "UTC"]
    for (key, value) in environment { env[key] = value }
    return try runAlogCommandLine(arguments, in: home, environment: env, run: run)
}

func json(_ text: String) throws -> Any { try JSONSerialization.jsonObject(with: Data(text.utf8)) }

@Suite("alog command line", .serialized)
struct CLITests {
    @Test("the default vault is created on first use and a log prints the new id")
    func defaultVault() throws {
        let home = TemporaryDirectory()
        let result = try alog(["log", "wake", "--at", "-15m"], home: home.path)
        #expect(result.succeeded, "\(result.stderr)")
        let id = result.stdout.trimmingCharacters(in: .newlines)
        #expect(id.count == 12)
        #expect(result.stderr.contains("created the default vault"))
        #expect(FileManager.default.fileExists(atPath: home.sub("data/alog/vault/.alog/.gitattributes")))
        let history = try alog(["history", "--json"], home: home.path)
        let entries = try #require(try json(history.stdout) as? [[String: Any]])
        #expect(entries.count == 1)
        #expect(entries[0]["id"] as? String == id)
        #expect(entries[0]["type"] as? String == "wake")
    }

    @Test("status --json has the seed's LastKnownActivities shape and the timers")
    func statusJSON() throws {
        let home = TemporaryDirectory()
        let vault = home.sub("vault")
        let now = ["ALOG_NOW": "2024-03-01T12:00:00Z"]
        #expect(try alog(["init", "--vault", vault], home: home.path).succeeded)
        for (type, time) in [
            ("sleep", "2024-02-29T23:00:00Z"), ("wake", "07:30"), ("meal", "-1h30m"), ("exercise", "-2h"),
        ] {
            let result = try alog(["log", type, "--at", time, "--vault", vault], home: home.path, environment: now)
            #expect(result.succeeded, "\(result.stderr)")
        }
        let status = try alog(["status", "--json", "--vault", vault], home: home.path, environment: now)
        let object = try #require(try json(status.stdout) as? [String: Any])
        let lastKnown = try #require(object["lastKnownActivities"] as? [String: Int])
        #expect(
            lastKnown == [
                "sleep": 1_709_247_600, "wake": 1_709_278_200, "meal": 1_709_289_000, "exercise": 1_709_287_200,
            ])
        let conscious = try #require(object["conscious"] as? [String: Any])
        #expect(conscious["state"] as? String == "awake")
        #expect(conscious["text"] as? String == "4h 30m")
        #expect((object["meal"] as? [String: Any])?["text"] as? String == "1h 30m")
        #expect((object["lastEntry"] as? [String: Any])?["type"] as? String == "meal")

        let human = try alog(["status", "--vault", vault], home: home.path, environment: now).stdout
        #expect(human.contains("Awake"))
        #expect(human.contains("4h 30m"))
        #expect(!human.contains("\u{1B}["))
    }

    @Test("edit, delete, restore, show and audit work by id prefix")
    func entryLifecycle() throws {
        let home = TemporaryDirectory()
        let vault = home.sub("vault")
        _ = try alog(["init", "--vault", vault], home: home.path)
        let id = try alog(["log", "meal", "--note", "soup", "--vault", vault], home: home.path).stdout
            .trimmingCharacters(in: .newlines)
        let prefix = String(id.prefix(5))
        #expect(
            try alog(["edit", prefix, "--note", "stew", "--type", "exercise", "--vault", vault], home: home.path)
                .succeeded)
        #expect(try alog(["delete", prefix, "--vault", vault], home: home.path).succeeded)
        #expect(try alog(["history", "--json", "--vault", vault], home: home.path).stdout == "[]\n")
        #expect(try alog(["restore", prefix, "--vault", vault], home: home.path).succeeded)
        let entries = try #require(
            try json(try alog(["history", "--json", "--vault", vault], home: home.path).stdout) as? [[String: Any]])
        #expect(entries.first?["note"] as? String == "stew")
        #expect(entries.first?["type"] as? String == "exercise")
        let show = try #require(
            try json(try alog(["show", prefix, "--json", "--vault", vault], home: home.path).stdout) as? [String: Any])
        let events = try #require(show["events"] as? [[String: Any]])
        #expect(events.map { $0["kind"] as? String } == ["log", "edit", "delete", "restore"])
        #expect(
            events.allSatisfy { ($0["commit"] as? String)?.count == 40 && $0["device"] != nil && $0["author"] != nil })
        let audit = try #require(
            try json(try alog(["audit", "--json", "--vault", vault], home: home.path).stdout) as? [[String: Any]])
        #expect(audit.count == 4)
        #expect(try alog(["verify", "--vault", vault], home: home.path).succeeded)
        #expect(try git("fsck", "--strict", in: vault).succeeded)
    }

    @Test(
        "bad input: clear message, non-zero exit, no commit",
        arguments: [
            (["log", "dance"], "unknown activity type 'dance'"),
            (["log", "meal", "--at", "next week"], "invalid time 'next week'"),
            (["log", "meal", "--at", "2999-01-01T00:00Z"], "in the future"),
            (["edit", "zzzzzz", "--note", "x"], "no entry with id 'zzzzzz'"),
            (["edit", "abc", "--note", "x"], "at least 4 characters"),
            (["types", "add", "Bad Name"], "invalid type name"),
            // Forms the quick `log` path leaves to the argument parser, which words the error.
            (["log"], "Missing expected argument '<type>'"),
            (["log", "meal", "sleep"], "'sleep' is not understood: a tag is written with a '+' (+sleep)"),
            (["log", "meal", "--note", "-x"], "Missing value for '--note <note>'"),
            (["log", "meal", "--colour", "red"], "Unknown option '--colour'"),
            // The same for the quick `status` path.
            (["status", "today"], "Unexpected argument 'today'"),
            (["status", "--jsn"], "Unknown option '--jsn'"),
        ])
    func badInput(arguments: [String], message: String) throws {
        let home = TemporaryDirectory()
        let vault = home.sub("vault")
        _ = try alog(["init", "--vault", vault], home: home.path)
        let before = try git("rev-parse", "HEAD", in: vault).stdout
        let result = try alog(arguments + ["--vault", vault], home: home.path)
        #expect(!result.succeeded)
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(try git("rev-parse", "HEAD", in: vault).stdout == before)
    }

    @Test("log takes its options in either spelling and in any order")
    func logOptionForms() throws {
        let home = TemporaryDirectory()
        let vault = home.sub("vault")
        _ = try alog(["init", "--vault", vault], home: home.path)
        let now = ["ALOG_NOW": "2030-01-01T12:00:00Z"]
        for arguments in [
            ["log", "meal", "--at=-15m", "--note=soup, hot", "--vault=\(vault)"],
            ["log", "--note", "soup, hot", "--at", "-15m", "Meal", "--vault", vault],
        ] {
            let result = try alog(arguments, home: home.path, environment: now)
            #expect(result.succeeded, "\(arguments): \(result.stderr)")
        }
        let history = try #require(
            try json(try alog(["history", "--json", "--vault", vault], home: home.path).stdout) as? [[String: Any]])
        #expect(history.count == 2)
        for entry in history {
            #expect(entry["type"] as? String == "meal")
            #expect(entry["note"] as? String == "soup, hot")
            #expect(entry["at"] as? String == "2030-01-01T11:45:00Z")
        }
    }

    @Test("status takes its options in either spelling when it has to read git")
    func statusOptionForms() throws {
        let home = TemporaryDirectory()
        let vault = home.sub("vault")
        _ = try alog(["init", "--vault", vault], home: home.path)
        let now = ["ALOG_NOW": "2030-01-01T12:00:00Z"]
        #expect(
            try alog(["log", "meal", "--at", "11:00", "--vault", vault], home: home.path, environment: now).succeeded)
        var outputs: [String] = []
        for arguments in [["status", "--json", "--vault=\(vault)"], ["status", "--vault", vault, "--json"]] {
            // A commit by the git CLI moves HEAD, so the front cannot answer from its cache and
            // `alog-full` reads git.
            try writeFile(vault + "/note-\(outputs.count).md", "x\n")
            try git("add", ".", in: vault)
            try git("-c", "user.name=T", "-c", "user.email=t@example.com", "commit", "-qm", "note", in: vault)
            let result = try alog(arguments, home: home.path, environment: now)
            #expect(result.succeeded, "\(arguments): \(result.stderr)")
            outputs.append(result.stdout)
        }
        #expect(outputs[0] == outputs[1])
        let status = try #require(try json(outputs[0]) as? [String: Any])
        #expect((status["lastKnownActivities"] as? [String: Int])?["meal"] == 1_893_495_600)
        // The front's answer from the cache, now current, is the same.
        #expect(
            try alog(["status", "--json", "--vault", vault], home: home.path, environment: now).stdout == outputs[0])
    }

    @Test("a path that is not a vault is refused with the fix")
    func notAVault() throws {
        let home = TemporaryDirectory()
        let result = try alog(["status", "--vault", home.path], home: home.path)
        #expect(result.status != 0)
        #expect(result.stderr.contains("is not an alog vault"))
        #expect(result.stderr.contains("alog init --vault"))
    }

    @Test("custom types can be defined, logged and listed")
    func customTypes() throws {
        let home = TemporaryDirectory()
        let vault = home.sub("vault")
        _ = try alog(["init", "--vault", vault], home: home.path)
        #expect(
            try alog(
                ["types", "add", "reading", "--icon", "📖", "--group", "leisure", "--vault", vault], home: home.path
            ).succeeded)
        #expect(try alog(["log", "reading", "--vault", vault], home: home.path).succeeded)
        let types = try #require(
            try json(try alog(["types", "list", "--json", "--vault", vault], home: home.path).stdout)
                as? [[String: Any]])
        #expect(types.contains { $0["name"] as? String == "reading" && $0["icon"] as? String == "📖" })
        let status = try #require(
            try json(try alog(["status", "--json", "--vault", vault], home: home.path).stdout) as? [String: Any])
        #expect((status["lastKnownActivities"] as? [String: Int])?.keys.sorted() == ["reading"])
    }

    @Test("processes appending at once lose nothing")
    func concurrentAppends() async throws {
        let home = TemporaryDirectory()
        let vault = home.sub("vault")
        _ = try alog(["init", "--vault", vault], home: home.path)
        let homePath = home.path
        try await withThrowingTaskGroup(of: Void.self) { group in
            for worker in 0..<4 {
                group.addTask {
                    for n in 0..<5 {
                        let result = try alog(
                            ["log", "meal", "--note", "w\(worker)-\(n)", "--vault", vault], home: homePath)
                        #expect(result.succeeded, "\(result.stderr)")
                    }
                }
            }
            try await group.waitForAll()
        }
        let entries = try #require(
            try json(try alog(["history", "--json", "--vault", vault], home: home.path).stdout) as? [[String: Any]])
        #expect(Set(entries.compactMap { $0["note"] as? String }).count == 20)
        #expect(try git("rev-list", "--count", "HEAD", in: vault).stdout == "21\n")
        #expect(try git("status", "--porcelain", in: vault).stdout == "")
        #expect(try alog(["verify", "--vault", vault], home: home.path).succeeded)
    }

    @Test("verify checks every object it reads against its id")
    func verifyDamagedObject() throws {
        let home = TemporaryDirectory()
        let vault = home.sub("vault")
        _ = try alog(["init", "--vault", vault], home: home.path)
        #expect(try alog(["log", "meal", "--vault", vault], home: home.path).succeeded)
        let day = try git("ls-files", ".alog/events", in: vault).stdout.split(separator: "\n")[0]
        let blob = try git("rev-parse", "HEAD:\(day)", in: vault).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        // Disk damage that still inflates: the object file of the day file now holds another
        // object (a valid event file, so only the hash check can tell).
        let other = try git("hash-object", "-w", day.description, in: vault).stdout
        try writeFile(vault + "/" + day, try readFile(vault + "/" + day) + "\n")
        let impostor = try git("hash-object", "-w", day.description, in: vault).stdout
            .trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(other != impostor)
        try git("checkout", "--", day.description, in: vault)
        let objects = vault + "/.git/objects/"
        let target = objects + blob.prefix(2) + "/" + blob.dropFirst(2)
        let source = objects + impostor.prefix(2) + "/" + impostor.dropFirst(2)
        try FileManager.default.removeItem(atPath: target)
        try FileManager.default.copyItem(atPath: source, toPath: target)
        let result = try alog(["verify", "--vault", vault], home: home.path)
        #expect(!result.succeeded)
        #expect(result.stderr.contains("hash mismatch"), "\(result.stderr)")
    }

    @Test("rebuild reports counts and agrees with the cache")
    func rebuild() throws {
        let home = TemporaryDirectory()
        let vault = home.sub("vault")
        _ = try alog(["init", "--vault", vault], home: home.path)
        for type in ["wake", "meal", "meal"] { _ = try alog(["log", type, "--vault", vault], home: home.path) }
        let before = try alog(["status", "--json", "--vault", vault], home: home.path).stdout
        let result = try alog(["rebuild", "--vault", vault], home: home.path)
        #expect(result.stdout.hasPrefix("3 events, 3 entries (3 live)"))
        let after = try alog(["status", "--json", "--vault", vault], home: home.path).stdout
        let beforeObject = try #require(try json(before) as? [String: Any])
        let afterObject = try #require(try json(after) as? [String: Any])
        #expect(
            beforeObject["lastKnownActivities"] as? [String: Int] == afterObject["lastKnownActivities"]
                as? [String: Int])
        #expect((beforeObject["lastKnownActivities"] as? [String: Int])?.count == 2)
    }
}
