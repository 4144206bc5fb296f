import Foundation
import TestSupport
import Testing

/// Issue 28, items 1, 2 and 7: which vault a command uses, and a sync that never joins two
/// unrelated ledgers.
@Suite("Which vault: the second device, the current folder, global options")
struct VaultFindingTests {
    static let now = ["ALOG_NOW": "2030-01-01T12:00:00Z"]

    /// `alog` run in `folder` with `home` as HOME (its default vault under home/data).
    func alogIn(_ folder: String, _ arguments: [String], home: String) throws -> ProcessResult {
        var env = ["XDG_DATA_HOME": home + "/data", "HOME": home, "TZ": "UTC"]
        for (key, value) in Self.now { env[key] = value }
        return try runAlogCommandLine(arguments, in: folder, environment: env)
    }

    func rootCommits(_ bare: String) throws -> Int {
        try git("rev-list", "--max-parents=0", "main", in: bare).stdout.split(separator: "\n").count
    }

    /// A first device with one entry, synced to a new bare remote.
    func firstDevice(_ dir: TemporaryDirectory) throws -> String {
        let bare = dir.sub("shared.git")
        _ = try git("init", "-q", "--bare", "-b", "main", bare, in: dir.path)
        let home = dir.sub("laptop-home")
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        let vault = dir.sub("laptop")
        for arguments in [
            ["init", "--vault", vault], ["remote", "add", "origin", bare, "--vault", vault],
            ["log", "meal", "--vault", vault], ["sync", "--vault", vault],
        ] {
            let result = try alogIn(home, arguments, home: home)
            #expect(result.succeeded, "\(arguments): \(result.stderr)")
        }
        return bare
    }

    @Test("the README's second device: a stray default vault is never merged into the shared remote")
    func strayDefaultVaultRefused() throws {
        let dir = TemporaryDirectory()
        let bare = try firstDevice(dir)
        let home = dir.sub("desktop-home")
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        // A log before the clone made the default vault (with a history of its own).
        #expect(try alogIn(home, ["log", "wake"], home: home).succeeded)
        let notes = dir.sub("Notes")
        let clone = try alogIn(home, ["clone", bare, "--vault", notes], home: home)
        #expect(clone.succeeded, "\(clone.stderr)")
        #expect(clone.stderr.contains("alog config vault '\(notes)'"), "the exact line: \(clone.stderr)")
        let stray = home + "/data/alog/vault"
        let noRemote = try alogIn(home, ["sync"], home: home)
        #expect(noRemote.status == 1)
        #expect(noRemote.stderr.contains("the vault at '\(stray)' has no remote"), "\(noRemote.stderr)")
        // Following the hint on the stray vault: refused, named, nothing changes.
        #expect(try alogIn(home, ["remote", "add", "origin", bare], home: home).succeeded)
        let before = try git("rev-parse", "HEAD", in: stray).stdout
        let refused = try alogIn(home, ["sync"], home: home)
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("share no commit"), "\(refused.stderr)")
        #expect(refused.stderr.contains(stray) && refused.stderr.contains(bare))
        #expect(refused.stderr.contains("alog clone"))
        #expect(try rootCommits(bare) == 1, "the shared remote still has one root commit")
        #expect(try git("rev-parse", "HEAD", in: stray).stdout == before)
        // Joining two ledgers on purpose is still possible, as with git.
        let joined = try alogIn(home, ["sync", "--allow-unrelated-histories"], home: home)
        #expect(joined.succeeded, "\(joined.stderr)")
        #expect(try rootCommits(bare) == 2)
    }

    @Test("clone on a fresh machine makes the new vault the default, said on stderr")
    func cloneBecomesDefault() throws {
        let dir = TemporaryDirectory()
        let bare = try firstDevice(dir)
        let home = dir.sub("desktop-home")
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        let notes = dir.sub("Notes")
        let clone = try alogIn(home, ["clone", bare, "--vault", notes], home: home)
        #expect(clone.succeeded)
        #expect(clone.stderr.contains("this is now your default vault"), "\(clone.stderr)")
        #expect(try readFile(home + "/.config/alog/config").contains("vault = \(notes)"))
        let sync = try alogIn(home, ["sync"], home: home)
        #expect(sync.succeeded, "\(sync.stderr)")
        #expect(!FileManager.default.fileExists(atPath: home + "/data/alog/vault"), "no stray default vault")
        #expect(try alogIn(home, ["history"], home: home).stdout.contains("meal"))
    }

    @Test("inside a vault's folder, at any depth, alog uses that vault; a plain git repository is no vault")
    func currentFolder() throws {
        let dir = TemporaryDirectory()
        let home = dir.sub("home")
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        let notes = dir.sub("Notes")
        #expect(try alogIn(home, ["init", "--vault", notes], home: home).succeeded)
        // Another vault is the configured default: the folder still wins.
        let other = dir.sub("Other")
        #expect(try alogIn(home, ["init", "--vault", other], home: home).succeeded)
        #expect(try alogIn(home, ["config", "vault", other], home: home).succeeded)
        let deep = notes + "/Daily/2030"
        try FileManager.default.createDirectory(atPath: deep, withIntermediateDirectories: true)
        let logged = try alogIn(deep, ["log", "meal"], home: home)
        #expect(logged.succeeded, "\(logged.stderr)")
        let id = logged.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(try git("log", "-1", "--format=%B", in: notes).stdout.contains(id))
        #expect(!(try git("log", "--format=%B", in: other).stdout.contains(id)))
        // The front answers a warm status from the same vault as the full CLI.
        let front = try alogIn(deep, ["status", "--json"], home: home)
        let full = try alogIn(home, ["status", "--json", "--vault", notes], home: home)
        #expect(front.stdout == full.stdout)
        // ALOG_VAULT still comes before the folder.
        var env = ["XDG_DATA_HOME": home + "/data", "HOME": home, "TZ": "UTC", "ALOG_VAULT": other]
        env.merge(Self.now) { $1 }
        let named = try runAlogCommandLine(["history", "--json"], in: deep, environment: env)
        #expect(!named.stdout.contains(id))
        // A git repository without a ledger is not a vault: the configured one is used.
        let plain = dir.sub("plain")
        _ = try git("init", "-q", plain, in: dir.path)
        let outside = try alogIn(plain, ["log", "wake"], home: home)
        #expect(outside.succeeded)
        #expect(
            try git("log", "-1", "--format=%B", in: other).stdout.contains(
                outside.stdout.trimmingCharacters(in: .whitespacesAndNewlines)))
        #expect(!FileManager.default.fileExists(atPath: plain + "/.alog"))
    }

    @Test("--vault before the command, as git takes its options")
    func globalVaultOption() throws {
        let dir = TemporaryDirectory()
        let home = dir.sub("home")
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        let notes = dir.sub("Notes")
        let bare = dir.sub("shared.git")
        _ = try git("init", "-q", "--bare", "-b", "main", bare, in: dir.path)
        #expect(try alogIn(home, ["--vault", notes, "init"], home: home).succeeded)
        let added = try alogIn(home, ["--vault", notes, "remote", "add", "origin", bare], home: home)
        #expect(added.succeeded, "\(added.stderr)")
        let logged = try alogIn(home, ["--vault=\(notes)", "log", "meal", "--note", "set --vault first"], home: home)
        #expect(logged.succeeded, "\(logged.stderr)")
        #expect(try alogIn(home, ["--vault", notes, "sync"], home: home).succeeded)
        let history = try alogIn(home, ["--vault", notes, "history", "--json"], home: home)
        #expect(history.stdout.contains("set --vault first"), "\(history.stdout)")
        #expect(!FileManager.default.fileExists(atPath: home + "/data/alog/vault"))
    }
}
