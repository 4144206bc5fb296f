import Foundation
import TestSupport
import Testing

/// Issue 43, items 4 and 7: a changed line another writer reverts is alog's own line back, never
/// a removal to repair the wrong way; a checkout (another branch, a detached HEAD) is said as a
/// checkout, with a way back that works; after a reset, the advice follows the branch.
@Suite("Reverted tampers, checkouts and resets, as other git writers make them")
struct CheckoutAndRevertTests {
    /// The one event file of the vault (as `git ls-files` names it) and its lines.
    private func eventFile(_ root: String) throws -> (path: String, lines: [String]) {
        let path = try git("ls-files", ".alog/events", in: root).stdout.split(separator: "\n").map(String.init)
        try #require(path.count == 1, "\(path)")
        return (path[0], try readFile(root + "/" + path[0]).split(separator: "\n").map(String.init))
    }

    /// A vault with wake, meal and exercise logged, one commit each.
    private func vaultWithThreeEntries(_ dir: TemporaryDirectory) throws -> String {
        let root = dir.sub("vault")
        #expect(try alog(["init"], vault: root).succeeded)
        for type in ["wake", "meal", "exercise"] { #expect(try alog(["log", type], vault: root).succeeded) }
        return root
    }

    private func head(_ root: String) throws -> String {
        try git("rev-parse", "HEAD", in: root).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test("a phone's changed line, reverted and pushed: verify passes, repair keeps alog's bytes, sync spreads them")
    func phoneRevertsItsTamper() throws {
        let dir = TemporaryDirectory()
        let laptop = dir.sub("laptop")
        let bare = try makeBareRemote(dir)
        #expect(try alog(["init"], vault: laptop).succeeded)
        #expect(try alog(["remote", "add", "origin", bare], vault: laptop).succeeded)
        #expect(try alog(["log", "meal"], vault: laptop).succeeded)
        #expect(try alog(["sync"], vault: laptop).succeeded)
        let (path, original) = try eventFile(laptop)

        // The phone's git client changes alog's line (meal → sleep) and pushes.
        let phone = dir.sub("phone")
        _ = try git("clone", "-q", bare, phone, in: dir.path)
        let changed = original.map { $0.replacingOccurrences(of: "\"type\":\"meal\"", with: "\"type\":\"sleep\"") }
        try #require(changed != original)
        try writeFile(phone + "/" + path, changed.joined(separator: "\n") + "\n")
        _ = try git("commit", "-qam", "phone edit", in: phone)
        _ = try git("push", "-q", "origin", "main", in: phone)
        let refused = try alog(["sync"], vault: laptop)
        #expect(!refused.succeeded, "\(refused.stdout)")

        // The phone takes it back: the file is alog's bytes again.
        _ = try git("revert", "--no-edit", "HEAD", in: phone)
        _ = try git("push", "-q", "origin", "main", in: phone)
        #expect(try readFile(phone + "/" + path) == original.joined(separator: "\n") + "\n")

        let synced = try alog(["sync"], vault: laptop)
        #expect(synced.succeeded, "\(synced.stderr)")
        #expect(!synced.stderr.contains("removed or changed"), "\(synced.stderr)")
        let verify = try alog(["verify"], vault: laptop)
        #expect(verify.succeeded, "\(verify.stdout)\(verify.stderr)")
        let before = try head(laptop)
        let repair = try alog(["repair"], vault: laptop)
        #expect(repair.succeeded, "\(repair.stderr)")
        #expect(try head(laptop) == before, "repair committed: \(repair.stdout)")
        #expect(try eventFile(laptop).lines == original)
        #expect(!FileManager.default.fileExists(atPath: laptop + "/.alog/damaged"))
        let history = try alog(["history"], vault: laptop)
        #expect(history.stdout.contains("meal") && !history.stdout.contains("sleep"), "\(history.stdout)")
        #expect(try alog(["sync"], vault: laptop).succeeded)
        let remoteFile = try git("show", "main:" + path, in: bare).stdout
        #expect(remoteFile == original.joined(separator: "\n") + "\n")
    }

    @Test("git revert of one's own changed line: the warning goes, verify passes, nothing to repair")
    func localRevert() throws {
        let dir = TemporaryDirectory()
        let root = dir.sub("vault")
        #expect(try alog(["init"], vault: root).succeeded)
        #expect(try alog(["log", "meal"], vault: root).succeeded)
        #expect(try alog(["log", "wake"], vault: root).succeeded)
        let (path, original) = try eventFile(root)
        let changed = original.map { $0.replacingOccurrences(of: "\"type\":\"meal\"", with: "\"type\":\"sleep\"") }
        try writeFile(root + "/" + path, changed.joined(separator: "\n") + "\n")
        _ = try git("commit", "-qam", "oops", in: root)
        let warned = try alog(["status"], vault: root)
        #expect(warned.stderr.contains("removed or changed 1 committed event line"), "\(warned.stderr)")
        #expect(!(try alog(["verify"], vault: root).succeeded))

        _ = try git("revert", "--no-edit", "HEAD", in: root)
        let status = try alog(["status"], vault: root)
        #expect(status.succeeded)
        #expect(status.stderr.isEmpty, "\(status.stderr)")
        let verify = try alog(["verify"], vault: root)
        #expect(verify.succeeded, "\(verify.stdout)\(verify.stderr)")
        let before = try head(root)
        #expect(try alog(["repair"], vault: root).succeeded)
        #expect(try head(root) == before)
        #expect(try eventFile(root).lines == original)
    }

    @Test("repair of a changed line that stays puts alog's bytes back and sets the copy aside")
    func repairKeepsTheOriginal() throws {
        let dir = TemporaryDirectory()
        let root = dir.sub("vault")
        #expect(try alog(["init"], vault: root).succeeded)
        #expect(try alog(["log", "meal"], vault: root).succeeded)
        let (path, original) = try eventFile(root)
        let changed = original.map { $0.replacingOccurrences(of: "\"type\":\"meal\"", with: "\"type\":\"sleep\"") }
        try writeFile(root + "/" + path, changed.joined(separator: "\n") + "\n")
        _ = try git("commit", "-qam", "phone", in: root)
        #expect(try alog(["repair"], vault: root).succeeded)
        #expect(try eventFile(root).lines == original)
        let aside = try git("ls-files", ".alog/damaged", in: root).stdout.split(separator: "\n").map(String.init)
        try #require(aside.count == 1)
        #expect(try readFile(root + "/" + aside[0]).contains("\"type\":\"sleep\""))
        #expect(try alog(["verify"], vault: root).succeeded)
        #expect(try alog(["history"], vault: root).stdout.contains("meal"))
    }

    @Test("a switch to another branch is a checkout, not a reset: one note, no finding, the way back works")
    func branchSwitch() throws {
        let dir = TemporaryDirectory()
        let root = try vaultWithThreeEntries(dir)
        _ = try git("switch", "-q", "-c", "drafts", "HEAD~2", in: root)

        let status = try alog(["status"], vault: root)
        #expect(status.succeeded)
        #expect(status.stderr.contains("HEAD moved from branch 'main'"), "\(status.stderr)")
        #expect(status.stderr.contains("'git switch main' goes back"))
        #expect(!status.stderr.contains("moved backwards") && !status.stderr.contains("repair"), "\(status.stderr)")
        #expect(!FileManager.default.fileExists(atPath: root + "/.git/alog/removals"))
        // Said once: the next command reads the branch it is on, quietly.
        #expect(try alog(["status"], vault: root).stderr.isEmpty)
        #expect(try alog(["log", "sleep"], vault: root).succeeded)
        #expect(try alog(["verify"], vault: root).succeeded)

        _ = try git("switch", "-q", "main", in: root)
        let back = try alog(["history"], vault: root)
        #expect(back.stdout.contains("exercise") && !back.stdout.contains("sleep"), "\(back.stdout)")
        #expect(!back.stderr.contains("moved backwards"), "\(back.stderr)")
        #expect(try alog(["verify"], vault: root).succeeded)
    }

    @Test("a detached HEAD is said as such on every command, log names the branch to switch back to")
    func detachedHead() throws {
        let dir = TemporaryDirectory()
        let root = try vaultWithThreeEntries(dir)
        let tip = try head(root)
        _ = try git("checkout", "-q", "HEAD~1", in: root)

        for _ in 0..<2 {
            let status = try alog(["status"], vault: root)
            #expect(status.succeeded)
            #expect(status.stderr.contains("HEAD is detached at commit"), "\(status.stderr)")
            #expect(status.stderr.contains("'git switch main' goes back"))
            #expect(!status.stderr.contains("moved backwards") && !status.stderr.contains("repair"), "\(status.stderr)")
        }
        let log = try alog(["log", "sleep"], vault: root)
        #expect(!log.succeeded)
        #expect(log.stderr.contains("detached HEAD") && log.stderr.contains("switch main"), "\(log.stderr)")
        #expect(!FileManager.default.fileExists(atPath: root + "/.git/alog/removals"))

        _ = try git("switch", "-q", "main", in: root)
        let status = try alog(["status"], vault: root)
        #expect(status.stderr.isEmpty, "\(status.stderr)")
        #expect(try head(root) == tip)
        #expect(try alog(["log", "sleep"], vault: root).succeeded)
        #expect(try alog(["verify"], vault: root).succeeded)
    }

    @Test("after a reset, a log on top says --move-branch no longer applies, and repair --move-branch says why")
    func resetThenLog() throws {
        let dir = TemporaryDirectory()
        let root = try vaultWithThreeEntries(dir)
        let tip = try head(root)
        _ = try git("reset", "-q", "--hard", "HEAD~2", in: root)
        #expect(try alog(["status"], vault: root).stderr.contains("alog repair --move-branch"))

        let log = try alog(["log", "sleep"], vault: root)
        #expect(log.succeeded)
        #expect(log.stderr.contains("can no longer put it back there"), "\(log.stderr)")
        let status = try alog(["status"], vault: root)
        #expect(status.stderr.contains("moved backwards from commit \(tip.prefix(12))"), "\(status.stderr)")
        #expect(!status.stderr.contains("--move-branch"), "\(status.stderr)")
        #expect(status.stderr.contains("Commits made on the branch since keep it from being put back"))
        let move = try alog(["repair", "--move-branch"], vault: root)
        #expect(!move.succeeded)
        #expect(move.stderr.contains("commits were made on it since"), "\(move.stderr)")
        #expect(try alog(["repair"], vault: root).succeeded)
        #expect(try alog(["verify"], vault: root).succeeded)
        let history = try alog(["history"], vault: root).stdout
        for type in ["wake", "meal", "exercise", "sleep"] { #expect(history.contains(type), "\(history)") }
    }
}
