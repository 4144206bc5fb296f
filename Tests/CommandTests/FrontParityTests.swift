import Foundation
import TestSupport
import Testing

/// The front (`alog`) answers the widget's commands and a warm `status` itself; `alog-full`
/// answers the same command lines through the parser. Their output must be the same, byte for
/// byte, so a status bar or a script never sees which one ran.
@Suite("The front against alog-full", .tags(.process))
struct FrontParityTests {
    static let now = "1893499200"  // 2030-01-01T12:00:00Z

    /// Runs one binary on `vault`; the front is given no `alog-full` to hand over to, so a
    /// command it does not answer itself fails instead of passing silently.
    static func run(_ binary: String, _ arguments: [String], vault: String) throws -> ProcessResult {
        try runProcess(
            productsDirectory + "/" + binary, arguments + ["--vault", vault],
            environment: ["TZ": "Europe/Berlin", "ALOG_NOW": now, "ALOG_FULL": "/bin/false"])
    }

    /// The starting vault (`init`, a wake and a meal, by `alog-full` in the tests' zone), made
    /// once per run and copied for each test.
    static let template = Result {
        try VaultTemplate("front-parity") { vault in
            for arguments in [
                ["init"], ["log", "wake", "--at", "2030-01-01T07:00:00Z"],
                ["log", "meal", "--at", "2030-01-01T11:15:00Z"],
            ] {
                let result = try run("alog-full", arguments, vault: vault)
                guard result.succeeded else { throw VaultTemplate.Failed(arguments, result) }
            }
        }
    }

    static func makeVault(_ home: TemporaryDirectory) throws -> String {
        let vault = home.sub("vault")
        try template.get().copy(to: vault)
        return vault
    }

    @Test(
        "read commands print the same bytes",
        arguments: [
            ["status"], ["status", "--json"], ["widget", "status"], ["widget", "status", "--format", "waybar"],
            ["widget", "status", "--format=i3blocks"], ["widget", "timeline"], ["widget", "timeline", "--after-tap"],
            ["widget", "timeline", "--json", "--entries", "3"], ["widget", "pending"], ["widget", "pending", "--json"],
        ])
    func readCommands(arguments: [String]) throws {
        let home = TemporaryDirectory()
        let vault = try Self.makeVault(home)
        if arguments.first == "widget" {
            // Something queued, so the widget's views have both sources to combine.
            #expect(try Self.run("alog", ["widget", "tap", "exercise", "--at", "-20m"], vault: vault).succeeded)
        }
        let full = try Self.run("alog-full", arguments, vault: vault)
        let front = try Self.run("alog", arguments, vault: vault)
        #expect(full.succeeded, "\(full.stderr)")
        #expect(front.status == full.status, "\(arguments): \(front.stderr)")
        #expect(front.stdout == full.stdout, "\(arguments)")
        #expect(front.stderr == full.stderr, "\(arguments)")
    }

    @Test(
        "a tap prints the same and queues the same bytes",
        arguments: [
            ["widget", "tap", "meal"], ["widget", "tap", "sleep", "--at", "-90m"],
            ["widget", "tap", "wake", "--at=07:05"],
            ["widget", "tap", "no-such-type"], ["widget", "tap", "meal", "--at", "tomorrow-ish"],
        ])
    func tap(arguments: [String]) throws {
        let home = TemporaryDirectory()
        let vault = try Self.makeVault(home)
        let copy = home.sub("copy")
        #expect(try runProcess("/bin/cp", ["-a", vault, copy]).succeeded)
        let full = try Self.run("alog-full", arguments, vault: vault)
        let front = try Self.run("alog", arguments, vault: copy)
        #expect(front.status == full.status, "\(arguments): \(front.stderr)")
        #expect(front.stdout == full.stdout, "\(arguments)")
        #expect(front.stderr == full.stderr, "\(arguments)")
        for queue in ["/.git/alog/widget/PendingActivities.json", "/.git/alog/widget/queue.log"] {
            #expect(
                FileManager.default.contents(atPath: copy + queue)
                    == FileManager.default.contents(atPath: vault + queue),
                "\(queue)")
        }
    }
}
