import Foundation
import TestSupport
import Testing

/// `alog status` is answered by the front (no libgit2) when the summary cache reflects HEAD,
/// and handed to the full CLI otherwise. `ALOG_FULL=/bin/false` proves which one answered.
@Suite("status answered from its cache")
struct WarmStatusTests {
    let now = "2024-03-01T12:00:00Z"

    func full(_ arguments: [String], vault: String) throws -> ProcessResult {
        try runProcess(
            productsDirectory + "/alog-full", arguments + ["--vault", vault],
            environment: ["TZ": "UTC", "ALOG_NOW": now, "HOME": NSTemporaryDirectory()])
    }

    /// Runs the front with the full CLI replaced by `/bin/false`: it succeeds only when the
    /// front answered by itself.
    func frontOnly(_ arguments: [String], vault: String) throws -> ProcessResult {
        try runAlog(arguments, vault: vault, now: now, environment: ["ALOG_FULL": "/bin/false"])
    }

    @Test("a current cache is answered by the front, with exactly the full CLI's output")
    func sameOutput() throws {
        let home = TemporaryDirectory()
        let vault = home.sub("vault")
        #expect(try runAlog(["init"], vault: vault, now: now).succeeded)
        #expect(try runAlog(["types", "add", "read", "--icon", "📖"], vault: vault, now: now).succeeded)
        for (type, at) in [("sleep", "2024-02-29T23:00:00Z"), ("wake", "07:30"), ("meal", "-1h30m"), ("read", "-20m")] {
            let logged = try runAlog(["log", type, "--at", at], vault: vault, now: now)
            #expect(logged.succeeded, "\(logged.stderr)")
        }
        for form in [["status"], ["status", "--json"]] {
            let expected = try full(form, vault: vault)
            #expect(expected.succeeded, "\(expected.stderr)")
            let answered = try frontOnly(form, vault: vault)
            #expect(answered.succeeded, "the front handed \(form) over")
            #expect(answered.stdout == expected.stdout)
            #expect(answered.stderr.isEmpty)
        }
        #expect(try frontOnly(["status", "--json"], vault: vault).stdout.contains("\"read\":1709293200"))
    }

    @Test("when HEAD moved or taps are queued, status goes to the full CLI and is right")
    func handsOver() throws {
        let home = TemporaryDirectory()
        let vault = home.sub("vault")
        #expect(try runAlog(["init"], vault: vault, now: now).succeeded)
        #expect(try runAlog(["log", "wake", "--at", "07:00"], vault: vault, now: now).succeeded)
        #expect(try frontOnly(["status"], vault: vault).succeeded)

        // The user commits a note with plain git: the cache no longer names HEAD.
        try writeFile(vault + "/note.md", "# a note\n")
        #expect(try git("add", "note.md", in: vault).succeeded)
        #expect(try git("-c", "user.name=U", "-c", "user.email=u@x", "commit", "-qm", "note", in: vault).succeeded)
        #expect(!(try frontOnly(["status"], vault: vault).succeeded), "a stale cache must not be answered")
        let moved = try runAlog(["status", "--json"], vault: vault, now: now)
        #expect(moved.succeeded && moved.stdout.contains("\"wake\":1709276400"), "\(moved.stderr)")
        #expect(try frontOnly(["status"], vault: vault).succeeded, "the full CLI brought the cache up to HEAD")

        // A queued tap must be committed first, which only the full CLI does.
        #expect(try runAlog(["widget", "tap", "meal", "--at", "-10m"], vault: vault, now: now).succeeded)
        #expect(!(try frontOnly(["status"], vault: vault).succeeded))
        let drained = try runAlog(["status", "--json"], vault: vault, now: now)
        #expect(drained.stdout.contains("\"meal\":1709293800"), "\(drained.stderr)")
        #expect(try git("log", "-1", "--format=%s", in: vault).stdout.contains("widget tap"))

        // Unknown options still reach the full CLI's parser and its error.
        let bad = try runAlog(["status", "--jsn"], vault: vault, now: now)
        #expect(bad.status != 0 && bad.stderr.contains("--jsn"))
    }

    @Test("a vault in a linked worktree reads its branch through the shared refs")
    func linkedWorktree() throws {
        let home = TemporaryDirectory()
        let main = home.sub("vault")
        #expect(try runAlog(["init"], vault: main, now: now).succeeded)
        #expect(try git("worktree", "add", "-q", "-b", "laptop", home.sub("worktree"), in: main).succeeded)
        let worktree = home.sub("worktree")
        let logged = try runAlog(["log", "meal", "--at", "11:00"], vault: worktree, now: now)
        #expect(logged.succeeded, "\(logged.stderr)")
        #expect(try git("log", "-1", "--format=%s", "laptop", in: main).stdout.contains("log meal"))
        for status in [
            try runAlog(["status", "--json"], vault: worktree, now: now),
            try full(["status", "--json"], vault: worktree),
        ] {
            #expect(status.stdout.contains("\"lastKnownActivities\":{\"meal\":1709290800}"), "\(status.stdout)")
        }
        #expect(try runAlog(["status", "--json"], vault: main, now: now).stdout.contains("\"lastKnownActivities\":{}"))
    }
}
