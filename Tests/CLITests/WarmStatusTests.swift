import Foundation
import TestSupport
import Testing

@Suite("status answered from its cache")
struct WarmStatusTests {
    let now = "2024-03-01T12:00:00Z"

    func full(_ arguments: [String], vault: String) throws -> ProcessResult {
        try runProcess(
            productsDirectory + "/alog-full", arguments + ["--vault", vault],
            environment: ["TZ": "UTC", "ALOG_NOW": now, "HOME": NSTemporaryDirectory()])
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
