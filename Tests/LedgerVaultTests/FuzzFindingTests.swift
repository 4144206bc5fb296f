import Foundation
import LedgerCore
import LedgerMessages
import LedgerVault
import TestSupport
import Testing

/// What the fuzzing harness found (docs/robustness.md): a damaged HEAD, a branch ref that
/// refers to itself and a damaged branch intent are refused in alog's words, and an intent
/// naming a branch outside `refs/` makes the repair touch nothing outside the repository.
@Suite("Fuzz findings: damaged HEAD, symbolic branch loops, damaged intents")
struct FuzzFindingTests {
    func refusal(_ root: String) -> String? {
        do {
            let vault = try Vault.open(at: root)
            _ = try vault.repo.finishInterruptedWrite()
            _ = try vault.summary()
            _ = try vault.state()
            return nil
        } catch {
            return Messages.text(for: error)
        }
    }

    @Test(arguments: ["", "garbage\n", "ref: refs/heads/../../../x\n", "DIRECTORY"])
    func damagedHeadIsRefusedInAlogsWords(_ content: String) throws {
        let dir = TemporaryDirectory()
        _ = try vaultWithThreeEntries(dir)
        let head = dir.path + "/.git/HEAD"
        if content == "DIRECTORY" {
            try FileManager.default.removeItem(atPath: head)
            try FileManager.default.createDirectory(atPath: head, withIntermediateDirectories: false)
        } else {
            try writeFile(head, content)
        }
        let message = try #require(refusal(dir.path))
        #expect(message.hasPrefix("HEAD (.git/HEAD) is damaged"), "\(message)")
        #expect(!message.contains("git_"))
    }

    @Test func branchRefReferringToItselfIsDamaged() throws {
        let dir = TemporaryDirectory()
        _ = try vaultWithThreeEntries(dir)
        try writeFile(dir.path + "/.git/refs/heads/main", "ref: refs/heads/main\n")
        let message = try #require(refusal(dir.path))
        #expect(message.hasPrefix("the branch ref .git/refs/heads/main is damaged"), "\(message)")
    }

    @Test func intentNamingMissingCommitsIsDropped() throws {
        let dir = TemporaryDirectory()
        _ = try vaultWithThreeEntries(dir)
        let missing = String(repeating: "1234", count: 10)
        try writeFile(
            dir.path + "/.git/alog/branch-intent", "alog branch intent 1\nrefs/heads/main\n-\n\(missing)\n")
        #expect(refusal(dir.path) == nil)
        #expect(!FileManager.default.fileExists(atPath: dir.path + "/.git/alog/branch-intent"))
    }

    @Test func intentOutsideTheRefsFolderRemovesNothing() throws {
        let dir = TemporaryDirectory()
        _ = try vaultWithThreeEntries(dir)
        let to = try head(dir.path)
        try writeFile(
            dir.path + "/.git/alog/branch-intent", "alog branch intent 1\nrefs/heads/../../../victim\n-\n\(to)\n")
        // An empty lock file, newer than the intent: what a killed writer's lock looks like.
        try writeFile(dir.path + "/victim.lock", "")
        try makeNewer(dir.path + "/victim.lock", than: dir.path + "/.git/alog/branch-intent")
        #expect(refusal(dir.path) == nil)
        #expect(FileManager.default.fileExists(atPath: dir.path + "/victim.lock"))
    }
}
