import Foundation
import TestSupport
import Testing

/// Issue 27, section 2: what alog says when something outside it got in the way — a stale
/// `.git/index.lock`, a folder where its lock file belongs, a damaged `.git/HEAD`, a clone of
/// something that is not a repository, a full disk during a transfer, a line feed in an
/// argument — each in alog's words, with the fix, and `repair` doing what it can itself.
@Suite("Messages when something outside alog got in the way")
struct DamageMessageTests {
    let now = "2026-11-24T12:00:00Z"

    func vault(_ home: TemporaryDirectory) throws -> String {
        let vault = home.sub("vault")
        #expect(try runAlog(["init"], vault: vault, now: now).succeeded)
        #expect(try runAlog(["log", "meal", "--at", "-1h"], vault: vault, now: now).succeeded)
        return vault
    }

    @Test(
        "a .git/index.lock another git process keeps: nothing is committed (the branch never moves without the index), and the refusal names the lock and the fix"
    )
    func staleIndexLock() throws {
        let home = TemporaryDirectory()
        let vault = try vault(home)
        let head = try git(["rev-parse", "HEAD"], in: vault)
        try writeFile(vault + "/.git/index.lock", "")
        let logged = try runAlog(["log", "wake", "--at", "-30m"], vault: vault, now: now)
        #expect(logged.status == 1, "\(logged.stderr)")
        #expect(logged.stderr.contains(".git/index.lock exists"), "\(logged.stderr)")
        #expect(logged.stderr.contains("nothing was committed"), "\(logged.stderr)")
        #expect(logged.stderr.contains("remove that file"), "\(logged.stderr)")
        #expect(try git(["rev-parse", "HEAD"], in: vault).stdout == head.stdout, "the branch did not move")
        #expect(try committedEvents(vault).count == 1)
        #expect(try readFile(vault + "/.git/index.lock") == "", "a lock alog did not take is left alone")
        try FileManager.default.removeItem(atPath: vault + "/.git/index.lock")
        #expect(try runAlog(["log", "wake", "--at", "-30m"], vault: vault, now: now).succeeded)
        #expect(try committedEvents(vault).count == 2)
        #expect(try git(["status", "--porcelain"], in: vault).stdout == "", "the index follows the branch")
    }

    @Test("a folder where write.lock belongs: refused with the fix, and repair or rebuild clears it")
    func writeLockFolder() throws {
        let home = TemporaryDirectory()
        let vault = try vault(home)
        let lock = vault + "/.git/alog/write.lock"
        for command in [["repair"], ["rebuild"]] {
            try? FileManager.default.removeItem(atPath: lock)
            try FileManager.default.createDirectory(atPath: lock, withIntermediateDirectories: true)
            let refused = try runAlog(["log", "wake"], vault: vault, now: now)
            #expect(refused.status == 1)
            #expect(refused.stderr.contains(".git/alog/write.lock"), "\(refused.stderr)")
            #expect(refused.stderr.contains("'alog rebuild' or 'alog repair'"), "\(refused.stderr)")
            let fixed = try runAlog(command, vault: vault, now: now)
            #expect(fixed.succeeded, "\(command): \(fixed.stderr)")
            #expect(fixed.stdout.contains("removed the folder .git/alog/write.lock"), "\(command): \(fixed.stdout)")
            #expect(try runAlog(["log", "wake"], vault: vault, now: now).succeeded)
        }
    }

    @Test("a damaged .git/HEAD is pointed at the branch again by repair")
    func damagedHead() throws {
        let home = TemporaryDirectory()
        let vault = try vault(home)
        for damage in ["garbage\n", ""] {
            try writeFile(vault + "/.git/HEAD", damage)
            let refused = try runAlog(["log", "wake"], vault: vault, now: now)
            #expect(refused.status == 1)
            #expect(refused.stderr.contains("HEAD (.git/HEAD) is damaged"), "\(refused.stderr)")
            let repaired = try runAlog(["repair"], vault: vault, now: now)
            #expect(repaired.succeeded, "\(repaired.stderr)")
            #expect(repaired.stdout.contains("pointed .git/HEAD at the branch main again"), "\(repaired.stdout)")
            #expect(try readFile(vault + "/.git/HEAD") == "ref: refs/heads/main\n")
            #expect(try git("fsck", "--strict", in: vault).succeeded)
        }
        #expect(try runAlog(["log", "wake"], vault: vault, now: now).succeeded)
    }

    @Test("repair and verify say a removal in their own words, never 'run alog repair'")
    func repairDoesNotSendYouToRepair() throws {
        let home = TemporaryDirectory()
        let vault = try vault(home)
        let file = try git("ls-files", ".alog/events", in: vault).stdout.split(separator: "\n")
            .first { $0.hasSuffix(".jsonl") }.map(String.init)!
        try writeFile(vault + "/" + file, "")
        #expect(try git("commit", "-qam", "emptied by hand", in: vault).succeeded)
        #expect(try runAlog(["status"], vault: vault, now: now).stderr.contains("Run 'alog repair'"))
        let verify = try runAlog(["verify"], vault: vault, now: now)
        #expect(verify.status == 1)
        #expect(!verify.stderr.contains("alog repair"), "\(verify.stderr)")
        let repair = try runAlog(["repair"], vault: vault, now: now)
        #expect(repair.succeeded)
        #expect(!repair.stderr.contains("Run 'alog repair'"), "\(repair.stderr)")
        #expect(repair.stdout.contains("wrote back 1 event line"), "\(repair.stdout)")
    }

    @Test("clone of a plain file or folder says what it is, and leaves nothing behind")
    func cloneOfNoRepository() throws {
        let home = TemporaryDirectory()
        try writeFile(home.sub("notes.txt"), "hello\n")
        try FileManager.default.createDirectory(atPath: home.sub("folder"), withIntermediateDirectories: true)
        for (source, kind) in [
            (home.sub("notes.txt"), "a file"), (home.sub("folder"), "a folder"),
            ("file://" + home.sub("folder"), "a folder"),
        ] {
            let target = home.sub("clone")
            let result = try alog(["clone", source, "--vault", target], home: home.path)
            #expect(result.status == 1)
            #expect(result.stderr.contains("is \(kind)"), "\(result.stderr)")
            #expect(result.stderr.contains("but not a git repository"), "\(result.stderr)")
            #expect(
                !result.stderr.contains("unsupported URL protocol")
                    && !result.stderr.contains("could not find repository"))
            #expect(!FileManager.default.fileExists(atPath: target))
        }
    }

    @Test("a transfer this machine cannot write (a file-size limit) is said as such, not as an unreachable remote")
    func localWriteFailureDuringSync() throws {
        let home = TemporaryDirectory()
        let remote = home.sub("shared.git")
        #expect(try git("init", "-q", "--bare", "-b", "main", remote, in: home.path).succeeded)
        let first = try vault(home)
        #expect(try runAlog(["remote", "add", "origin", remote], vault: first, now: now).succeeded)
        #expect(try runAlog(["sync"], vault: first, now: now).succeeded)
        let second = home.sub("second")
        #expect(try alog(["clone", remote, "--vault", second], home: home.path).succeeded)
        var noise = [UInt8](repeating: 0, count: 3_000_000)
        var generator = SystemRandomNumberGenerator()
        for index in noise.indices { noise[index] = UInt8.random(in: 0...255, using: &generator) }
        try Data(noise).write(to: URL(fileURLWithPath: first + "/big.bin"))
        #expect(try git("add", "big.bin", in: first).succeeded)
        #expect(try git("commit", "-qm", "a big file", in: first).succeeded)
        #expect(try runAlog(["sync"], vault: first, now: now).succeeded)
        let before = try git("rev-parse", "HEAD", in: second).stdout
        let limited = try runProcess(
            "/bin/bash",
            ["-c", "ulimit -f 1000; exec \"$0\" sync --vault \"$1\"", productsDirectory + "/alog", second],
            environment: ["ALOG_NOW": now, "TZ": "UTC", "HOME": home.path, "XDG_CONFIG_HOME": home.sub("config")])
        #expect(limited.status == 1)
        #expect(limited.stderr.contains("could not write what it sent here"), "\(limited.stderr)")
        #expect(!limited.stderr.contains("could not reach"), "\(limited.stderr)")
        #expect(try git("rev-parse", "HEAD", in: second).stdout == before, "nothing changed")
    }

    @Test("an argument with a line feed is echoed on one line")
    func lineFeedsEscaped() throws {
        let home = TemporaryDirectory()
        for arguments in [["status", "--vault", home.sub("my\nvault")], ["completions", "script", "a\nb"]] {
            let result = try alog(arguments, home: home.path)
            #expect(result.status != 0)
            #expect(result.stderr.split(separator: "\n").count == 1, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains("⏎"), "\(result.stderr)")
        }
    }
}
