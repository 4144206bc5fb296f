import Foundation
import TestSupport
import Testing

/// Issue 44, the first minutes: no reading command makes a vault, a vault alog made by itself
/// and never wrote to does not stand in the way of `init`/`clone`, and entries that landed in a
/// stray default vault can be moved, as `status` and `sync` say.
@Suite("The first minutes: no vault made by a read")
struct FirstRunTests {
    static let now = ["ALOG_NOW": "2030-01-01T12:00:00Z"]

    /// `alog` with `home` as HOME (its default vault under home/data, its config under
    /// home/.config), run in `home`.
    func alogAt(_ home: String, _ arguments: [String], run: CommandRun = .inProcess) throws -> ProcessResult {
        var env = ["XDG_DATA_HOME": home + "/data", "HOME": home, "TZ": "UTC"]
        env.merge(Self.now) { $1 }
        return try runAlogCommandLine(arguments, in: home, environment: env, run: run)
    }

    func freshHome(_ dir: TemporaryDirectory) throws -> String {
        let home = dir.sub("home")
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        return home
    }

    @Test(
        "on a fresh machine a reading command says there is no vault and how to make one, exit 1, nothing created",
        arguments: [
            ["status"], ["status", "--json"], ["history"], ["report"], ["types"], ["goals"], ["audit"], ["verify"],
            ["widget", "status"], ["widget", "pending"], ["sync"], ["undo"], ["config", "user.name"],
        ])
    func readMakesNoVault(_ arguments: [String]) throws {
        let dir = TemporaryDirectory()
        let home = try freshHome(dir)
        // Through the front as a user types it, and in-process through the full CLI.
        for run in [CommandRun.process, .inProcess] {
            let result = try alogAt(home, arguments, run: run)
            #expect(result.status == 1, "\(arguments): \(result.stdout) \(result.stderr)")
            #expect(result.stderr.contains("there is no vault yet"), "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains("alog init --vault"), "\(result.stderr)")
            #expect(result.stderr.contains("nothing was created"), "\(result.stderr)")
            #expect(!result.stderr.contains("created the default vault"), "\(result.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: home + "/data/alog"), "\(arguments) made a vault")
    }

    @Test("'alog config' lists the settings on a fresh machine without making a vault")
    func configListing() throws {
        let dir = TemporaryDirectory()
        let home = try freshHome(dir)
        let listed = try alogAt(home, ["config"])
        #expect(listed.succeeded, "\(listed.stderr)")
        #expect(listed.stdout.contains("vault = (not set)"))
        #expect(listed.stdout.contains("user.name = (not set)"))
        #expect(!FileManager.default.fileExists(atPath: home + "/data/alog"))
    }

    @Test("a command that records something still starts the default vault")
    func writeMakesTheDefault() throws {
        let dir = TemporaryDirectory()
        let home = try freshHome(dir)
        let logged = try alogAt(home, ["log", "wake"])
        #expect(logged.succeeded, "\(logged.stderr)")
        #expect(logged.stderr.contains("created the default vault"))
        let status = try alogAt(home, ["status"])
        #expect(status.succeeded, "\(status.stderr)")
        #expect(try git("fsck", "--strict", in: home + "/data/alog/vault").succeeded)
    }

    @Test("a default vault alog made and never wrote to does not keep init or clone from becoming the default")
    func untouchedDefaultTakenOver() throws {
        let dir = TemporaryDirectory()
        let home = try freshHome(dir)
        // A refused log makes the default vault and writes nothing in it (as a read did before).
        let refused = try alogAt(home, ["log", "nosuchtype"])
        #expect(refused.status == 1)
        let stray = home + "/data/alog/vault"
        #expect(FileManager.default.fileExists(atPath: stray + "/.alog"))
        let notes = dir.sub("Notes")
        let initialized = try alogAt(home, ["init", "--vault", notes])
        #expect(initialized.succeeded, "\(initialized.stderr)")
        #expect(initialized.stderr.contains("this is now your default vault"), "\(initialized.stderr)")
        #expect(initialized.stderr.contains("holds nothing and is no longer used"), "\(initialized.stderr)")
        #expect(try readFile(home + "/.config/alog/config").contains("vault = \(notes)"))
        let logged = try alogAt(home, ["log", "meal"])
        #expect(logged.succeeded)
        #expect(try git("log", "-1", "--format=%B", in: notes).stdout.contains(logged.stdout.trimmed))

        // The same for clone, on another fresh machine whose default vault alog set up empty.
        let other = dir.sub("other-home")
        try FileManager.default.createDirectory(atPath: other, withIntermediateDirectories: true)
        #expect(try alogAt(other, ["log", "nosuchtype"]).status == 1)
        let bare = dir.sub("shared.git")
        _ = try git("init", "-q", "--bare", "-b", "main", bare, in: dir.path)
        #expect(try alogAt(home, ["remote", "add", "origin", bare]).succeeded)
        #expect(try alogAt(home, ["sync"]).succeeded)
        let cloned = try alogAt(other, ["clone", bare, "--vault", dir.sub("Notes2")])
        #expect(cloned.succeeded, "\(cloned.stderr)")
        #expect(cloned.stderr.contains("this is now your default vault"), "\(cloned.stderr)")
        #expect(try alogAt(other, ["history"]).stdout.contains("meal"))
    }

    @Test("entries in a stray default vault: status and sync's refusal name the move, and the move works")
    func strayEntriesMoved() throws {
        let dir = TemporaryDirectory()
        let home = try freshHome(dir)
        let bare = dir.sub("shared.git")
        _ = try git("init", "-q", "--bare", "-b", "main", bare, in: dir.path)
        let first = dir.sub("first")
        for arguments in [["init"], ["remote", "add", "origin", bare]] {
            #expect(try runAlog(arguments, vault: first, now: "2030-01-01T12:00:00Z").succeeded)
        }
        #expect(try runAlog(["sync"], vault: first, now: "2030-01-01T12:00:00Z").succeeded)
        // Logged before the clone: the default vault holds an entry, so the clone is not the default.
        #expect(try alogAt(home, ["log", "wake", "--at", "07:00"]).succeeded)
        #expect(try alogAt(home, ["types", "add", "reading"]).succeeded)
        #expect(try alogAt(home, ["track", "reading", "08:00", "-", "09:00", "--note", "pages, many"]).succeeded)
        let notes = dir.sub("Notes")
        let cloned = try alogAt(home, ["clone", bare, "--vault", notes])
        #expect(cloned.succeeded, "\(cloned.stderr)")
        #expect(cloned.stderr.contains("holds entries"), "\(cloned.stderr)")
        #expect(!cloned.stderr.contains("this is now your default vault"))

        let recipe = "alog export --format csv -o alog-moved.csv && alog import csv alog-moved.csv --define-types"
        for run in [CommandRun.process, .inProcess] {
            let status = try alogAt(home, ["status"], run: run)
            #expect(status.succeeded, "\(status.stderr)")
            #expect(status.stderr.contains(recipe), "\(run): \(status.stderr)")
            #expect(status.stderr.contains("alog config vault '\(notes)'"), "\(status.stderr)")
        }
        let sync = try alogAt(home, ["sync"])
        #expect(sync.status == 1)
        #expect(sync.stderr.contains("has no remote"), "\(sync.stderr)")
        #expect(sync.stderr.contains(recipe), "\(sync.stderr)")

        // The move, as said (run through a shell, in the home folder).
        var env = ProcessInfo.processInfo.environment
        env.merge([
            "XDG_DATA_HOME": home + "/data", "HOME": home, "TZ": "UTC", "PATH": productsDirectory + ":/usr/bin:/bin",
        ]) { $1 }
        env.merge(Self.now) { $1 }
        let command = "\(recipe) --vault '\(notes)' && alog config vault '\(notes)'"
        let moved = try runProcess("/bin/sh", ["-c", command], in: home, environment: env)
        #expect(moved.succeeded, "\(moved.stderr)")
        let history = try alogAt(home, ["history", "--json"])
        #expect(history.succeeded, "\(history.stderr)")
        let entries = try #require(
            try JSONSerialization.jsonObject(with: Data(history.stdout.utf8)) as? [[String: Any]])
        #expect(Set(entries.compactMap { $0["type"] as? String }) == ["wake", "reading"])
        #expect(entries.contains { $0["note"] as? String == "pages, many" })
        #expect(try git("fsck", "--strict", in: notes).succeeded)
        // The vault in use now is the clone: status says nothing more, and sync sends the entries.
        let after = try alogAt(home, ["status"])
        #expect(!after.stderr.contains("alog-moved.csv"), "\(after.stderr)")
        #expect(try alogAt(home, ["sync"]).succeeded)
        #expect(try git("log", "--format=%s", "main", in: bare).stdout.contains("import"))
    }
}

extension String {
    fileprivate var trimmed: String { trimmingCharacters(in: .whitespacesAndNewlines) }
}
