import Foundation
import TestSupport
import Testing

/// Damage from outside alog, seen through the real binaries (issue 16).
@Suite("alog command line: damaged refs, removed lines, damaged caches", .serialized)
struct DamageTests {
    let now = ["ALOG_NOW": "2024-03-01T12:00:00Z"]

    func vault(_ home: TemporaryDirectory, entries: Int = 3) throws -> String {
        let vault = home.sub("vault")
        #expect(try alog(["init", "--vault", vault], home: home.path).succeeded)
        for index in 0..<entries {
            let result = try alog(
                ["log", index % 2 == 0 ? "meal" : "wake", "--at", "-\(entries - index)h", "--vault", vault],
                home: home.path, environment: now)
            #expect(result.succeeded, "\(result.stderr)")
        }
        return vault
    }

    func head(_ vault: String) throws -> String {
        try git("rev-parse", "HEAD", in: vault).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test("an emptied branch ref: every command refuses naming the file; repair restores it")
    func emptiedRef() throws {
        let home = TemporaryDirectory()
        let vault = try vault(home)
        let before = try head(vault)
        try writeFile(vault + "/.git/refs/heads/main", "")
        for arguments in [["history"], ["status"], ["status", "--json"], ["log", "meal"], ["verify"]] {
            let result = try alog(arguments + ["--vault", vault], home: home.path, environment: now)
            #expect(result.status == 1, "\(arguments)")
            #expect(
                result.stderr.contains(
                    "the branch ref .git/refs/heads/main is damaged (empty file); nothing was read or written. Run 'alog repair'"
                ), "\(arguments): \(result.stderr)")
        }
        #expect(try git("cat-file", "-t", before, in: vault).succeeded)
        let repair = try alog(["repair", "--vault", vault], home: home.path, environment: now)
        #expect(repair.succeeded, "\(repair.stderr)")
        #expect(
            repair.stdout.contains(
                "restored the branch ref .git/refs/heads/main (empty file) to commit \(before.prefix(12))"))
        #expect(try head(vault) == before)
        let history = try alog(["history", "--json", "--vault", vault], home: home.path, environment: now)
        #expect(try (json(history.stdout) as? [Any])?.count == 3)
        #expect(try alog(["log", "meal", "--vault", vault], home: home.path, environment: now).succeeded)
        #expect(try git("rev-parse", "HEAD~1", in: vault).stdout.hasPrefix(before))
        #expect(try git("fsck", "--strict", in: vault).succeeded)
    }

    @Test("lines removed by a git commit: every command warns, status from the front too; repair writes them back")
    func removedLines() throws {
        let home = TemporaryDirectory()
        let vault = try vault(home)
        let file = try git("ls-files", ".alog/events", in: vault).stdout.trimmingCharacters(in: .newlines)
        try writeFile(vault + "/" + file, "")
        #expect(try git("commit", "-qam", "tidy", in: vault).succeeded)
        let tidy = String(try head(vault).prefix(12))
        let warning = "commit \(tidy) removed or changed 3 committed event lines in \(file)"
        for arguments in [["history", "--json"], ["status"], ["status", "--json"], ["types"]] {
            let result = try alog(arguments + ["--vault", vault], home: home.path, environment: now)
            #expect(result.succeeded, "\(arguments): \(result.stderr)")
            #expect(
                result.stderr.contains(warning) && result.stderr.contains("alog repair"),
                "\(arguments): \(result.stderr)")
            if arguments == ["history", "--json"] { #expect(try (json(result.stdout) as? [Any])?.count == 3) }
        }
        let logged = try alog(["log", "meal", "--vault", vault], home: home.path, environment: now)
        #expect(logged.succeeded && logged.stderr.contains(warning), "\(logged.stderr)")

        let repair = try alog(["repair", "--vault", vault], home: home.path, environment: now)
        #expect(repair.succeeded, "\(repair.stderr)")
        #expect(repair.stdout.contains("wrote back 3 event lines removed by commit \(tidy)"), "\(repair.stdout)")
        #expect(try git("status", "--porcelain", ".alog", in: vault).stdout.isEmpty)
        #expect(try git("fsck", "--strict", in: vault).succeeded)
        let history = try alog(["history", "--json", "--vault", vault], home: home.path, environment: now)
        #expect(history.stderr.isEmpty, "\(history.stderr)")
        #expect(try (json(history.stdout) as? [Any])?.count == 4)
        #expect(try git("show", "HEAD:\(file)", in: vault).stdout.split(separator: "\n").count == 4)
    }

    @Test("a sync does not push lines removed by a git commit, and pushes once repaired")
    func syncRefusesRemovals() throws {
        let home = TemporaryDirectory()
        let vault = try vault(home)
        let remote = home.sub("remote.git")
        #expect(try git("init", "-q", "--bare", "-b", "main", remote, in: home.path).succeeded)
        #expect(try alog(["remote", "add", "origin", remote, "--vault", vault], home: home.path).succeeded)
        let first = try alog(["sync", "--vault", vault], home: home.path, environment: now)
        #expect(first.succeeded, "\(first.stderr)")
        let pushed = try git("rev-parse", "main", in: remote).stdout
        let file = try git("ls-files", ".alog/events", in: vault).stdout.trimmingCharacters(in: .newlines)
        try writeFile(vault + "/" + file, "")
        #expect(try git("commit", "-qam", "tidy", in: vault).succeeded)

        let refused = try alog(["sync", "--vault", vault], home: home.path, environment: now)
        #expect(refused.status == 1)
        #expect(
            refused.stderr.contains("refused to push to 'origin': commit \(try head(vault).prefix(12)) removed 3"),
            "\(refused.stderr)")
        #expect(try git("rev-parse", "main", in: remote).stdout == pushed)

        #expect(try alog(["repair", "--vault", vault], home: home.path, environment: now).succeeded)
        let synced = try alog(["sync", "--vault", vault], home: home.path, environment: now)
        #expect(synced.succeeded, "\(synced.stderr)")
        #expect(try git("show", "main:\(file)", in: remote).stdout.split(separator: "\n").count == 3)
    }

    @Test("rebuild replaces a cache or the device file that became a directory, and says so")
    func rebuildClearsTheWay() throws {
        let home = TemporaryDirectory()
        let vault = try vault(home)
        let device = try readFile(vault + "/.git/alog/device")
        for name in ["state.bin", "summary.bin", "device"] {
            let path = vault + "/.git/alog/" + name
            try FileManager.default.removeItem(atPath: path)
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
            // A command that needs the file (status answered from a current summary needs neither the
            // state nor the device id).
            let command = name == "summary.bin" ? "status" : "history"
            let read = try alog([command, "--vault", vault], home: home.path, environment: now)
            #expect(read.status == 1)
            #expect(
                read.stderr.contains(".git/alog/\(name) cannot be read (Is a directory); run 'alog rebuild'"),
                "\(read.stderr)")
            let rebuild = try alog(["rebuild", "--vault", vault], home: home.path, environment: now)
            #expect(rebuild.succeeded, "\(rebuild.stderr)")
            #expect(rebuild.stdout.contains("replaced .git/alog/\(name) (it was a directory)"), "\(rebuild.stdout)")
            #expect(rebuild.stdout.contains("3 events"))
            #expect(try alog(["history", "--vault", vault], home: home.path, environment: now).succeeded)
        }
        #expect(try readFile(vault + "/.git/alog/device").hasPrefix(device.split(separator: "\n")[0] + "\n"))
    }

    @Test("a write stopped by a file size limit fails with the system's message, and leaves nothing half-written")
    func fileSizeLimit() throws {
        let home = TemporaryDirectory()
        let vault = try vault(home, entries: 12)
        let before = try head(vault)
        // 1 block (512 bytes for sh): the branch's reflog, which libgit2 appends to before it
        // moves the branch, is already longer.
        let limited = try runProcess(
            "/bin/sh",
            ["-c", "ulimit -f 1; exec \"$0\" log meal --vault \"$1\"", productsDirectory + "/alog-full", vault],
            environment: ["TZ": "UTC", "HOME": home.path].merging(now) { $1 })
        #expect(limited.status == 1, "\(limited.stderr)")
        // The event file's working copy is written first (under the index lock, before the
        // branch moves), so it is the write the limit stops.
        #expect(limited.stderr.contains("could not write"), "\(limited.stderr)")
        #expect(limited.stderr.contains("(File too large)"), "\(limited.stderr)")
        #expect(limited.stderr.contains("ulimit -f"))
        #expect(try head(vault) == before)
        #expect(try git("fsck", "--strict", in: vault).succeeded)
        #expect(try git("status", "--porcelain", ".alog", in: vault).stdout.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: vault + "/.git/alog/branch-intent"))
        let next = try alog(["log", "meal", "--vault", vault], home: home.path, environment: now)
        #expect(next.succeeded, "\(next.stderr)")
        #expect(try git("rev-parse", "HEAD~1", in: vault).stdout.hasPrefix(before))
        let history = try alog(["history", "--json", "--vault", vault], home: home.path, environment: now)
        #expect(try (json(history.stdout) as? [Any])?.count == 13)
    }
}
