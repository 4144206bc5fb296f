import Foundation
import LedgerCore
import LedgerGit
import LedgerGitLayout
import LedgerVault
import TestSupport
import Testing

/// The ways a branch ref is found damaged (issue 16).
enum RefDamage: String, CaseIterable, Sendable {
    case emptied, directory, deleted, garbled, missingCommit

    func apply(_ root: String) throws {
        let ref = root + "/.git/refs/heads/main"
        switch self {
        case .emptied: try writeFile(ref, "")
        case .directory:
            try FileManager.default.removeItem(atPath: ref)
            try FileManager.default.createDirectory(atPath: ref, withIntermediateDirectories: false)
        case .deleted: try FileManager.default.removeItem(atPath: ref)
        case .garbled: try writeFile(ref, "not a commit\n")
        case .missingCommit: try writeFile(ref, String(repeating: "1234", count: 10) + "\n")
        }
    }
}

/// Ways an ordinary git commit takes committed event lines away (issue 16).
enum LineDamage: String, CaseIterable, Sendable {
    case truncated, cut, garbled, deleted

    func apply(_ root: String, file: String) throws {
        let path = root + "/" + file
        let text = try readFile(path)
        switch self {
        case .truncated: try writeFile(path, "")
        case .cut: try writeFile(path, String(text.split(separator: "\n")[0]) + "\n")
        case .garbled: try writeFile(path, text.replacingOccurrences(of: "\"v\":1,", with: "\"v\":1;"))
        case .deleted: try FileManager.default.removeItem(atPath: path)
        }
        #expect(try git("commit", "-qam", "tidy", in: root).succeeded)
    }
}

func head(_ root: String) throws -> String {
    try git("rev-parse", "HEAD", in: root).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
}

/// A vault with three logged entries; returns their ids and the event file.
func vaultWithThreeEntries(_ dir: TemporaryDirectory) throws -> (ids: [EventID], file: String) {
    let (vault, _) = try Vault.initialize(at: dir.path)
    var ids: [EventID] = []
    for (type, time) in [("wake", "07:00"), ("meal", "08:00"), ("exercise", "09:00")] {
        ids.append(try vault.log(type: type, at: at("2024-03-01T\(time):00Z"), note: nil).events[0].id)
    }
    let file = try git("ls-files", ".alog/events", in: dir.path).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    return (ids, file)
}

@Suite("Repair: damaged refs, removed lines, damaged caches")
struct RepairTests {
    @Test("a damaged branch ref is an error, never an empty vault; repair restores it", arguments: RefDamage.allCases)
    func damagedRef(_ damage: RefDamage) throws {
        let dir = TemporaryDirectory()
        let (ids, _) = try vaultWithThreeEntries(dir)
        let before = try head(dir.path)
        try damage.apply(dir.path)

        let vault = try Vault.open(at: dir.path)
        for read in [{ _ = try vault.state() }, { _ = try vault.summary() }, { _ = try vault.verify() }] {
            #expect {
                try read()
            } throws: { error in
                guard case .branchDamaged(let ref, _) = error as? VaultError else { return false }
                return ref == ".git/refs/heads/main"
            }
        }
        #expect(throws: VaultError.self) { try vault.log(type: "meal", at: at("2024-03-01T10:00:00Z"), note: nil) }
        // No commit without a parent was made: the object store has no new commit.
        #expect(try Repository.open(at: dir.path).storedCommits().count == 4)

        let report = try Vault.open(at: dir.path).repairs.repair()
        #expect(report.restoredBranch?.hex == before)
        #expect(try head(dir.path) == before)
        #expect(try git("fsck", "--strict", in: dir.path).succeeded)
        let repaired = try Vault.open(at: dir.path)
        #expect(Set(try repaired.state().history.map(\.id)) == Set(ids))
        _ = try repaired.log(type: "meal", at: at("2024-03-01T10:00:00Z"), note: nil)
        #expect(try git("rev-parse", "HEAD~1", in: dir.path).stdout.hasPrefix(before))
    }

    @Test("repair prefers the reflog's newer commit that follows the cache's, and proves one without caches")
    func repairChoosesTheNewestProvenCommit() throws {
        let dir = TemporaryDirectory()
        _ = try vaultWithThreeEntries(dir)
        try writeFile(dir.sub("note.md"), "a note\n")
        #expect(try git("add", "note.md", in: dir.path).succeeded)
        #expect(try git("commit", "-qm", "a note", in: dir.path).succeeded)
        let newest = try head(dir.path)
        try RefDamage.deleted.apply(dir.path)
        #expect(try Vault.open(at: dir.path).repairs.repair().restoredBranch?.hex == newest)

        // Without caches and reflogs, the one commit that no other follows.
        try RefDamage.deleted.apply(dir.path)
        for path in [".git/alog/state.bin", ".git/alog/summary.bin", ".git/logs"] {
            try FileManager.default.removeItem(atPath: dir.sub(path))
        }
        #expect(throws: VaultError.self) { try Vault.open(at: dir.path).state() }
        #expect(try Vault.open(at: dir.path).repairs.repair().restoredBranch?.hex == newest)
    }

    @Test("HeadFile answers unborn only for a branch that never had a commit")
    func headFileUnborn() throws {
        let dir = TemporaryDirectory()
        #expect(try git("init", "-q", "-b", "main", dir.path, in: "/").succeeded)
        let gitDirectory = dir.path + "/.git/"
        #expect(HeadFile.resolve(gitDirectory: gitDirectory) == .unborn)
        try writeFile(dir.sub("a.md"), "a\n")
        #expect(try git("add", "a.md", in: dir.path).succeeded)
        #expect(try git("commit", "-qm", "a", in: dir.path).succeeded)
        #expect(HeadFile.resolve(gitDirectory: gitDirectory) == .commit(try head(dir.path)))
        // (A ref naming a commit that is not there looks fine from the refs files alone.)
        for damage in RefDamage.allCases where damage != .missingCommit {
            try? FileManager.default.removeItem(atPath: dir.sub(".git/refs/heads/main"))
            try writeFile(dir.sub(".git/refs/heads/main"), try head(dir.path) + "\n")
            try damage.apply(dir.path)
            #expect(HeadFile.resolve(gitDirectory: gitDirectory) == nil, "\(damage)")
        }
    }

    @Test(
        "removed event lines are noticed, kept in the projections, and written back by repair",
        arguments: LineDamage.allCases)
    func removedLines(_ damage: LineDamage) throws {
        let dir = TemporaryDirectory()
        let (ids, file) = try vaultWithThreeEntries(dir)
        let original = try readFile(dir.sub(file))
        try damage.apply(dir.path, file: file)
        let tidy = try head(dir.path)

        let vault = try Vault.open(at: dir.path)
        #expect(Set(try vault.state().history.map(\.id)) == Set(ids))
        #expect(try vault.summary().lastKnownActivities.keys.sorted() == ["exercise", "meal", "wake"])
        let findings = try vault.repo.pendingRemovals()
        let removed = damage == .cut ? 2 : 3
        #expect(findings.map { "\($0.commit.hex) \($0.path) \($0.lines.count)" } == ["\(tidy) \(file) \(removed)"])
        // Remembered, without diffing again; a full fold keeps the entries too.
        let again = try Vault.open(at: dir.path)
        #expect(try again.repo.pendingRemovals() == findings)
        #expect(try again.rebuild().liveEntries == 3)

        let report = try again.repairs.repair()
        #expect(report.linesWrittenBack == removed)
        #expect(try git("rev-parse", "HEAD~1", in: dir.path).stdout.hasPrefix(tidy))
        let restored = try git("show", "HEAD:\(file)", in: dir.path).stdout
        #expect(Set(restored.split(separator: "\n")).isSuperset(of: original.split(separator: "\n")))
        #expect(try git("status", "--porcelain", ".alog", in: dir.path).stdout.isEmpty)
        #expect(try git("fsck", "--strict", in: dir.path).succeeded)
        let repaired = try Vault.open(at: dir.path)
        #expect(try repaired.repo.pendingRemovals().isEmpty)
        #expect(Set(try repaired.state().history.map(\.id)) == Set(ids))
        #expect(try repaired.repairs.repair().actions.isEmpty)
        // verify still sees the removal in history, and that it was written back.
        let verified = try repaired.verify()
        #expect(verified.rewrites.isEmpty)
        #expect(verified.repairedRewrites.map(\.commit.hex) == [tidy])
        // Garbled lines were moved aside to .alog/damaged/ in the repair commit (issue 27).
        #expect(verified.malformedLines.isEmpty)
        #expect((report.damagedLinesMoved > 0) == (damage == .garbled))
    }

    @Test("lines moved to another file are not removals; a plain append is not scanned")
    func movedLinesAreNotRemovals() throws {
        let dir = TemporaryDirectory()
        let (_, file) = try vaultWithThreeEntries(dir)
        let moved = file.replacingOccurrences(of: ".jsonl", with: ".2.jsonl")
        #expect(try git("mv", file, moved, in: dir.path).succeeded)
        #expect(try git("commit", "-qm", "move", in: dir.path).succeeded)
        let vault = try Vault.open(at: dir.path)
        #expect(try vault.state().history.count == 3)
        #expect(try vault.repo.pendingRemovals().isEmpty)
        #expect(!FileManager.default.fileExists(atPath: dir.sub(".git/alog/removals")))
    }

    @Test("rebuild replaces a cache or the device file that is in the way, keeping the device id")
    func rebuildReplacesDamagedState() throws {
        let dir = TemporaryDirectory()
        let (ids, _) = try vaultWithThreeEntries(dir)
        let device = try Vault.open(at: dir.path).device.id
        for name in ["state.bin", "summary.bin", "device"] {
            let path = dir.sub(".git/alog/" + name)
            try FileManager.default.removeItem(atPath: path)
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
            #expect {
                let vault = try Vault.open(at: dir.path)
                _ = try vault.state()
                _ = try vault.summary()
            } throws: { error in
                guard case .damagedStateFile(let shown, _) = error as? VaultError else { return false }
                return shown == ".git/alog/" + name
            }
            let replaced = try Vault.clearDamagedState(at: dir.path)
            #expect(replaced.count == 1)
            let shown = ".git/alog/" + name
            switch replaced.first {
            case .replacedCache(let path, let problem)?: #expect(path == shown && problem == "it was a directory")
            case .replacedDevice(let path, let problem, let id, let recovered)?:
                #expect(path == shown && problem == "it was a directory" && id == device && recovered)
            default: Issue.record("unexpected \(replaced)")
            }
            let vault = try Vault.open(at: dir.path)
            #expect(vault.device.id == device)
            _ = try vault.rebuild()
            #expect(Set(try vault.state().history.map(\.id)) == Set(ids))
        }
        // A device file with no id in it is not silently replaced by a new device.
        try writeFile(dir.sub(".git/alog/device"), "garbage\n")
        #expect(throws: VaultError.self) { try Vault.open(at: dir.path) }
        #expect(
            try Vault.clearDamagedState(at: dir.path)
                == [.replacedDevice(".git/alog/device", problem: "it held no device id", id: device, recovered: true)])
        #expect(try Vault.open(at: dir.path).device.id == device)
    }
}
