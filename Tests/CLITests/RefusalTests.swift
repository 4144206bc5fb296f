import Foundation
import TestSupport
import Testing

/// A refused command writes nothing: it checks its input (types, ids, remotes, the clock)
/// before it commits the widget's queue or anything else.
@Suite("Refusals commit nothing")
struct RefusalTests {
    static let now = ["ALOG_NOW": "2030-01-01T12:00:00Z"]

    /// A vault with a wake logged and a meal tap queued.
    static func vaultWithQueuedTap(_ home: TemporaryDirectory) throws -> String {
        let vault = home.sub("vault")
        #expect(try alog(["init", "--vault", vault], home: home.path, environment: now).succeeded)
        #expect(
            try alog(["log", "wake", "--at", "-2h", "--vault", vault], home: home.path, environment: now).succeeded)
        let tap = try alog(["widget", "tap", "meal", "--vault", vault], home: home.path, environment: now)
        #expect(tap.succeeded, "\(tap.stderr)")
        return vault
    }

    static func head(_ vault: String) throws -> String { try git("rev-parse", "HEAD", in: vault).stdout }

    @Test(
        "a command refused for its input leaves HEAD and the queue as they were",
        arguments: [
            ["log", "no such type"], ["log", "Nope"], ["edit", "zzzz", "--note", "x"], ["delete", "zzzzzz"],
            ["restore", "abcd"], ["show", "qqqq"], ["sync", "nowhere"], ["types", "add", "Bad Name!"],
            ["log", "meal", "--at", "garbage"], ["history", "--since", "not a time"],
        ])
    func refusedCommandsCommitNothing(arguments: [String]) throws {
        let home = TemporaryDirectory()
        let vault = try Self.vaultWithQueuedTap(home)
        let before = try Self.head(vault)
        let queue = vault + "/.git/alog/widget/queue.log"
        let queued = try readFile(queue)
        #expect(!queued.isEmpty, "the tap is in the queue's log")
        let result = try alog(arguments + ["--vault", vault], home: home.path, environment: Self.now)
        #expect(result.status == 1, "\(arguments): \(result.stdout) \(result.stderr)")
        #expect(result.stderr.hasPrefix("Error: "), "\(result.stderr)")
        #expect(try Self.head(vault) == before, "\(arguments) made a commit")
        #expect(try readFile(queue) == queued, "\(arguments) touched the queue")
        // The tap is committed by the next command that is not refused.
        #expect(try alog(["status", "--vault", vault], home: home.path, environment: Self.now).succeeded)
        #expect(try Self.head(vault) != before)
    }

    @Test(
        "a clock alog cannot record is refused before anything is read or written",
        arguments: ["99999999999999", "-5", "garbage", "1e9", "10000-01-01T00:00:00Z", "253402214400"])
    func invalidClock(value: String) throws {
        let home = TemporaryDirectory()
        let vault = try Self.vaultWithQueuedTap(home)
        let before = try Self.head(vault)
        let queue = vault + "/.git/alog/widget/queue.log"
        let queued = try readFile(queue)
        #expect(!queued.isEmpty, "the tap is in the queue's log")
        for arguments in [["log", "meal"], ["widget", "tap", "wake"], ["status"], ["history"], ["widget", "status"]] {
            let result = try alog(arguments + ["--vault", vault], home: home.path, environment: ["ALOG_NOW": value])
            #expect(result.status == 1, "ALOG_NOW=\(value) \(arguments): \(result.stdout)")
            #expect(result.stderr.contains("ALOG_NOW='\(value)'"), "\(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1, "one clear line: \(result.stderr)")
        }
        #expect(try Self.head(vault) == before)
        #expect(try readFile(queue) == queued)
        let files = try git("ls-tree", "-r", "--name-only", "HEAD", in: vault).stdout
        #expect(!files.contains("/1969/") && !files.contains("/3170"))
    }

    @Test("a word longer than alog takes is refused at once, before the parser (which took 22 s on one)")
    func longWords() throws {
        let home = TemporaryDirectory()
        let vault = try Self.vaultWithQueuedTap(home)
        let before = try Self.head(vault)
        let started = Date()
        for arguments in [
            ["log", "meal", "--note", String(repeating: "n", count: 5000)],
            ["help", "--entries", String(repeating: "-1h", count: 11_500)],
        ] {
            let result = try alog(arguments + ["--vault", vault], home: home.path, environment: Self.now)
            #expect(result.status == 1)
            #expect(result.stderr.contains("bytes long; alog takes at most 4096 bytes a word"), "\(result.stderr)")
            #expect(result.stderr.count < 200, "the word is not echoed")
        }
        #expect(Date().timeIntervalSince(started) < 10)
        #expect(try Self.head(vault) == before)
        // The longest note (2,000 characters) fits in a word.
        let fits = try alog(
            ["log", "meal", "--note", String(repeating: "n", count: 2000), "--vault", vault], home: home.path,
            environment: Self.now)
        #expect(fits.succeeded, "\(fits.stderr)")
    }

    @Test("the last valid second is accepted")
    func edgeOfTheRange() throws {
        let home = TemporaryDirectory()
        let vault = home.sub("vault")
        let env = ["ALOG_NOW": "253402214399"]
        #expect(try alog(["init", "--vault", vault], home: home.path, environment: env).succeeded)
        let result = try alog(["log", "meal", "--vault", vault], home: home.path, environment: env)
        #expect(result.succeeded, "\(result.stderr)")
        #expect(try alog(["verify", "--vault", vault], home: home.path, environment: env).succeeded)
    }
}
