import Foundation
import TestSupport
import Testing

/// Issue 44: each failure named by its real cause, never as damage it is not, never as a bare
/// text of the system's.
@Suite("Messages that name the real cause", .tags(.process))
struct HonestCauseTests {
    static let now = "2030-01-01T12:00:00Z"

    func vaultWithAnEntry(_ dir: TemporaryDirectory) throws -> String {
        let vault = dir.sub("vault")
        #expect(try runAlog(["init"], vault: vault, now: Self.now).succeeded)
        #expect(try runAlog(["log", "meal"], vault: vault, now: Self.now).succeeded)
        return vault
    }

    @Test(
        "too few open files is said as that, with 'ulimit -n', never as a damaged HEAD", arguments: ["history", "log"])
    func tooManyOpenFiles(command: String) throws {
        let dir = TemporaryDirectory()
        let vault = try vaultWithAnEntry(dir)
        let head = try git("rev-parse", "HEAD", in: vault).stdout
        // The summary cache would answer `status` without git: `history` and `log` must open HEAD.
        let arguments = command == "log" ? ["log", "wake"] : ["history"]
        let result = try runProcess(
            "/bin/sh",
            ["-c", "ulimit -n 4; exec \"$0\" \"$@\"", productsDirectory + "/alog"] + arguments + ["--vault", vault],
            environment: ["TZ": "UTC", "ALOG_NOW": Self.now, "HOME": dir.path])
        #expect(result.status == 1, "\(result.stdout) \(result.stderr)")
        #expect(result.stderr.contains("Too many open files"), "\(result.stderr)")
        #expect(result.stderr.contains("ulimit -n"), "\(result.stderr)")
        #expect(!result.stderr.contains("damaged"), "\(result.stderr)")
        #expect(!result.stderr.contains("echo 'ref:"), "\(result.stderr)")
        #expect(try git("rev-parse", "HEAD", in: vault).stdout == head)
        #expect(try git("fsck", "--strict", in: vault).succeeded)
        #expect(try runAlog(["history"], vault: vault, now: Self.now).succeeded, "fine again with the usual limit")
    }

    @Test("a file the system cannot read is named with what alog was doing and the way out")
    func systemErrorInContext() throws {
        let dir = TemporaryDirectory()
        let vault = try vaultWithAnEntry(dir)
        // `/proc/self/mem` cannot be read from offset 0 (EIO): as an import's input, say.
        let result = try runAlog(["import", "csv", "/proc/self/mem"], vault: vault, now: Self.now)
        #expect(result.status == 1, "\(result.stdout)")
        #expect(result.stderr.contains("/proc/self/mem"), "\(result.stderr)")
        #expect(!result.stderr.hasPrefix("Error: read /proc/self/mem"), "a bare system text: \(result.stderr)")
        #expect(result.stderr.contains("could not") || result.stderr.contains("cannot"), "\(result.stderr)")
        if result.stderr.contains("could not read") {
            #expect(result.stderr.contains("alog import could not read"), "what alog was doing: \(result.stderr)")
        }
    }

    @Test("rebuild on a read-only vault fails, saying read-only, and writes nothing")
    func rebuildReadOnly() throws {
        let dir = TemporaryDirectory()
        let vault = try vaultWithAnEntry(dir)
        try? FileManager.default.removeItem(atPath: vault + "/.git/alog/state.bin")
        let readOnly = dir.sub("ro")
        try FileManager.default.createDirectory(atPath: readOnly, withIntermediateDirectories: true)
        guard geteuid() == 0, try runProcess("/bin/mount", ["--bind", vault, readOnly]).succeeded else {
            // Without a mount, permissions: as another user than root they stop the write too.
            try #require(geteuid() != 0, "cannot mount read-only here")
            #expect(try runProcess("/bin/chmod", ["-R", "a-w", vault + "/.git"]).succeeded)
            defer { _ = try? runProcess("/bin/chmod", ["-R", "u+w", vault + "/.git"]) }
            let result = try runAlog(["rebuild"], vault: vault, now: Self.now)
            #expect(result.status == 1)
            #expect(result.stderr.contains("not writable"), "\(result.stderr)")
            return
        }
        defer { _ = try? runProcess("/bin/umount", [readOnly]) }
        #expect(try runProcess("/bin/mount", ["-o", "remount,ro,bind", readOnly]).succeeded)
        let result = try runAlog(["rebuild"], vault: readOnly, now: Self.now)
        #expect(result.status == 1, "\(result.stdout)")
        #expect(result.stderr.contains("not writable (Read-only file system)"), "\(result.stderr)")
        #expect(!result.stdout.contains("events"), "reported as rebuilt: \(result.stdout)")
        #expect(!FileManager.default.fileExists(atPath: vault + "/.git/alog/state.bin"))
    }

    @Test("task complete on a running task whose note became a folder refuses before stopping, naming the folder")
    func taskNoteBecameFolder() throws {
        let dir = TemporaryDirectory()
        let vault = dir.sub("vault")
        #expect(try runAlog(["init"], vault: vault, now: Self.now).succeeded)
        try FileManager.default.createDirectory(atPath: vault + "/Tasks", withIntermediateDirectories: true)
        try writeFile(
            vault + "/Tasks/report.md",
            "---\nexo__Asset_label: \"Write the report\"\nems__Effort_status: \"[[ems__EffortStatusToDo]]\"\n---\n")
        let started = try runAlog(["task", "start", "report", "--at", "-20m"], vault: vault, now: Self.now)
        #expect(started.succeeded, "\(started.stderr)")
        try FileManager.default.removeItem(atPath: vault + "/Tasks/report.md")
        try FileManager.default.createDirectory(atPath: vault + "/Tasks/report.md", withIntermediateDirectories: true)
        let head = try git("rev-parse", "HEAD", in: vault).stdout
        let refused = try runAlog(["task", "complete"], vault: vault, now: Self.now)
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("'Tasks/report.md', is a folder now"), "\(refused.stderr)")
        #expect(refused.stderr.contains("timer keeps running"), "\(refused.stderr)")
        #expect(!refused.stderr.contains("no note named"), "\(refused.stderr)")
        #expect(try git("rev-parse", "HEAD", in: vault).stdout == head, "nothing committed")
        let current = try runAlog(["task", "current"], vault: vault, now: Self.now)
        #expect(current.succeeded && current.stdout.contains("Write the report"), "\(current.stdout) \(current.stderr)")
        // The way out it names works: the timer stops.
        #expect(try runAlog(["stop"], vault: vault, now: Self.now).succeeded)
    }
}
