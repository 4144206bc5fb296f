import Foundation
import TestSupport
import Testing

/// Issue 22, "outcomes and errors are data": every refusal has a stable code; with `--json` it
/// is written to stderr as `{"error": {"code", "message"}}` with the exit status it has anyway,
/// and every code is documented in docs/cli.md (LedgerCoreTests' ErrorCodeTests checks the list).
@Suite("Refusals as data: error codes")
struct ErrorCodeTests {
    @Test("a damaged git object: code 'git', exit 1, git's remedy and the CLI's way out, nothing written")
    func gitRefusal() throws {
        let home = TemporaryDirectory()
        let vault = home.sub("vault")
        let now = "2030-01-01T12:00:00Z"
        #expect(try runAlog(["init"], vault: vault, now: now).succeeded)
        #expect(try runAlog(["log", "meal"], vault: vault, now: now).succeeded)
        // The day file's blob, damaged from outside; the caches go, so the fold must read it.
        let tree = try git("ls-tree", "-r", "HEAD", ".alog/events", in: vault).stdout
        let blob = try #require(tree.split(separator: "\t").first?.split(separator: " ").last.map(String.init))
        let object = vault + "/.git/objects/" + blob.prefix(2) + "/" + blob.dropFirst(2)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: object)
        try writeFile(object, "garbage")
        for cache in ["summary.bin", "state.bin"] {
            try? FileManager.default.removeItem(atPath: vault + "/.git/alog/" + cache)
        }
        let head = try git("rev-parse", "HEAD", in: vault).stdout
        let json = try runAlog(["history", "--json"], vault: vault, now: now)
        #expect(json.status == 1)
        let error = try #require(
            (try JSONSerialization.jsonObject(with: Data(json.stderr.utf8)) as? [String: Any])?["error"]
                as? [String: Any])
        #expect(error["code"] as? String == "git")
        let message = try #require(error["message"] as? String)
        #expect(message.hasPrefix("the repository's object store is damaged"), "\(message)")
        #expect(message.hasSuffix("(or 'alog sync' from a remote that has it). Nothing was written"), "\(message)")
        let plain = try runAlog(["history"], vault: vault, now: now)
        #expect(plain.status == 1)
        #expect(plain.stderr == "Error: " + message + "\n")
        #expect(try git("rev-parse", "HEAD", in: vault).stdout == head)
    }

    @Test("with --json a refusal is one JSON object on stderr, with its code and the usual exit status")
    func jsonRefusals() throws {
        let home = TemporaryDirectory()
        let vault = home.sub("vault")
        let now = "2026-11-24T12:00:00Z"
        #expect(try runAlog(["init"], vault: vault, now: now).succeeded)
        let cases: [(arguments: [String], code: String, status: Int32)] = [
            (["history", "--since", "+1d", "--json"], "invalidTime", 1),
            (["history", "--since", "tomorrow 10:00", "--json"], "invalidTime", 1),
            (["history", "--since", "2027-01-01", "--json"], "timeInFuture", 1),
            (["history", "--limit", "0", "--json"], "usage", 64),
            (["sync", "nowhere", "--json"], "unknownRemote", 1),
            (["show", "zzzzzzzz", "--json"], "unknownEntry", 1),
            (["goals", "--json", "--bogus"], "usage", 64),
        ]
        for item in cases {
            let result = try runAlog(item.arguments, vault: vault, now: now)
            #expect(result.status == item.status, "\(item.arguments): \(result.stderr)")
            let object = try JSONSerialization.jsonObject(with: Data(result.stderr.utf8)) as? [String: Any]
            let error = try #require(object?["error"] as? [String: Any], "\(item.arguments): \(result.stderr)")
            #expect(error["code"] as? String == item.code, "\(item.arguments): \(result.stderr)")
            #expect((error["message"] as? String)?.isEmpty == false)
            #expect(result.stdout.isEmpty)
        }
        // Without --json, the same refusal is the sentence, as before.
        let plain = try runAlog(["sync", "nowhere"], vault: vault, now: now)
        #expect(plain.stderr.hasPrefix("Error: no remote named 'nowhere'"), "\(plain.stderr)")
        let missing = try alog(["status", "--json", "--vault", home.sub("none")], home: home.path)
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("\"code\":\"notAVault\""), "\(missing.stderr)")
        let unknown = try alog(["stat", "--json"], home: home.path)
        #expect(unknown.status == 64)
        #expect(unknown.stderr.contains("\"code\":\"unknownCommand\""), "\(unknown.stderr)")
    }
}
