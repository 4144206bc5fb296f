import Foundation
import LedgerCore
import LedgerGit
import LedgerVault
import TestSupport
import Testing

func at(_ text: String) -> LocalInstant { ISO8601.parse(text)!.instant! }

/// A vault clock whose first reading commits a note with plain git: another writer moving the
/// branch while a write is being prepared.
func intrudingClock(_ path: String) throws -> @Sendable () -> Int64 {
    final class Once: @unchecked Sendable { var done = false }
    try writeFile(path + "/other.md", "written by another program\n")
    let once = Once()
    return {
        if !once.done {
            once.done = true
            _ = try? git("add", "other.md", in: path)
            _ = try? git("commit", "-qm", "intruder", in: path)
        }
        return 1_709_287_200_000
    }
}

@Suite("Vault storage")
struct VaultTests {
    @Test("adopting a folder of notes commits only the ledger; the notes stay untouched")
    func adoptFolder() throws {
        let dir = TemporaryDirectory()
        try writeFile(dir.sub("Daily/2024-03-01.md"), "# my day\n")
        let (vault, outcome) = try Vault.initialize(at: dir.path)
        #expect(outcome == .adoptedFolder)
        _ = try vault.log(type: "wake", at: at("2024-03-01T07:00:00+01:00"), note: nil)
        let tracked = try git("ls-files", in: dir.path).stdout.split(separator: "\n")
        #expect(tracked.allSatisfy { $0.hasPrefix(".alog/") })
        #expect(try readFile(dir.sub("Daily/2024-03-01.md")) == "# my day\n")
        #expect(try git("status", "--porcelain", in: dir.path).stdout == "?? Daily/\n")
        #expect(try git("fsck", "--strict", in: dir.path).succeeded)
        #expect(try Vault.initialize(at: dir.path).1 == .alreadyVault)
    }

    @Test("adopting a repository keeps the user's staged and unstaged work out of our commits")
    func adoptRepository() throws {
        let dir = TemporaryDirectory()
        try git("init", "-q", "-b", "main", in: dir.path)
        try writeFile(dir.sub("note.md"), "v1\n")
        try git("add", "note.md", in: dir.path)
        try git("commit", "-qm", "user note", in: dir.path)
        try writeFile(dir.sub("note.md"), "v2 staged\n")
        try git("add", "note.md", in: dir.path)
        try writeFile(dir.sub("note.md"), "v3 unstaged\n")
        let (vault, outcome) = try Vault.initialize(at: dir.path)
        #expect(outcome == .adoptedRepository)
        _ = try vault.log(type: "meal", at: at("2024-03-01T12:00:00Z"), note: "soup")
        let changed = try git("diff", "--name-only", "HEAD~2", "HEAD", in: dir.path).stdout
        #expect(changed.split(separator: "\n").allSatisfy { $0.hasPrefix(".alog/") })
        #expect(try git("show", "HEAD:note.md", in: dir.path).stdout == "v1\n")
        #expect(try git("diff", "--cached", "--name-only", in: dir.path).stdout == "note.md\n")
        #expect(try readFile(dir.sub("note.md")) == "v3 unstaged\n")
        #expect(try git("status", "--porcelain", in: dir.path).stdout == "MM note.md\n")
    }

    @Test("logs, edits, deletes and restores are one commit each and fold as expected")
    func lifecycle() throws {
        let dir = TemporaryDirectory()
        let (vault, _) = try Vault.initialize(at: dir.path)
        let wake = try vault.log(type: "wake", at: at("2024-03-01T07:00:00+01:00"), note: nil).events[0]
        let meal = try vault.log(type: "meal", at: at("2024-03-01T12:00:00+01:00"), note: "soup").events[0]
        _ = try vault.edit(String(meal.id.description.prefix(6)), changes: EntryChanges(note: "stew"))
        _ = try vault.delete(wake.id.description)
        #expect(try vault.state().history.map(\.id) == [meal.id])
        #expect(try vault.summary().lastKnownActivities == ["meal": at("2024-03-01T12:00:00+01:00").seconds])
        _ = try vault.restore(wake.id.description)
        #expect(try vault.state().history.map(\.note) == ["stew", nil])
        #expect(try git("rev-list", "--count", "HEAD", in: dir.path).stdout == "6\n")
        #expect(try git("status", "--porcelain", in: dir.path).stdout == "")
        #expect(try git("fsck", "--strict", in: dir.path).succeeded)
        // Every commit's event ids are named in its message.
        #expect(try git("log", "-1", "--format=%B", in: dir.path).stdout.contains("Alog-Events: "))
        #expect(throws: VaultError.self) { try vault.log(type: "dance", at: at("2024-03-01T12:00:00Z"), note: nil) }
        #expect(throws: VaultError.self) { try vault.edit("abc", changes: EntryChanges(note: "x")) }
        #expect(try git("rev-list", "--count", "HEAD", in: dir.path).stdout == "6\n")
    }

    @Test("a busy day rolls over to new file parts at 16 KiB and every part is read back")
    func fileParts() throws {
        let dir = TemporaryDirectory()
        let (vault, _) = try Vault.initialize(at: dir.path)
        vault.clock = { 1_709_287_200_000 }
        let note = String(repeating: "n", count: 900)
        for minute in 0..<40 {
            _ = try vault.log(
                type: "meal", at: LocalInstant(seconds: 1_709_280_000 + Int64(minute) * 60, offset: 0), note: note)
        }
        let files = try git("ls-files", ".alog/events", in: dir.path).stdout.split(separator: "\n")
        #expect(files.count >= 2)
        #expect(files.contains { $0.hasSuffix("2024-03-01.2.jsonl") })
        for file in files {
            let size = try FileManager.default.attributesOfItem(atPath: dir.sub(String(file)))[.size] as! Int
            #expect(size < VaultLayout.partLimit + 2048)
        }
        #expect(try Vault.open(at: dir.path).rebuild().entries == 40)
        #expect(try git("status", "--porcelain", in: dir.path).stdout == "")
        #expect(try vault.verify().isClean)
    }

    @Test("ids resolve by unique prefix; ambiguous prefixes are refused")
    func prefixes() throws {
        let dir = TemporaryDirectory()
        let (vault, _) = try Vault.initialize(at: dir.path)
        var ids: [EventID] = []
        for hour in 0..<40 {
            ids.append(
                try vault.log(type: "meal", at: at("2024-03-01T00:00:00Z").adding(hours: hour), note: nil).events[0].id)
        }
        #expect(try vault.resolveEntry(ids[3].description.uppercased()).id == ids[3])
        // Find two ids sharing a first character to provoke ambiguity.
        let groups = Dictionary(grouping: ids) { $0.description.prefix(1) }
        if let pair = groups.values.first(where: { $0.count > 1 }) {
            let common = String(zip(pair[0].description, pair[1].description).prefix { $0 == $1 }.map(\.0))
            if common.count >= 4 {
                #expect(throws: VaultError.self) { try vault.resolveEntry(common) }
            }
        }
        #expect(throws: VaultError.entryPrefixTooShort("abc")) { try vault.resolveEntry("abc") }
    }

    @Test("a damaged line is reported with file and line, skipped, and everything else loads")
    func damagedLine() throws {
        let dir = TemporaryDirectory()
        let (vault, _) = try Vault.initialize(at: dir.path)
        _ = try vault.log(type: "wake", at: at("2024-03-01T07:00:00Z"), note: nil)
        _ = try vault.log(type: "meal", at: at("2024-03-01T08:00:00Z"), note: nil)
        let file = try git("ls-files", ".alog/events", in: dir.path).stdout.trimmingCharacters(
            in: .whitespacesAndNewlines)
        var lines = try readFile(dir.sub(file)).split(separator: "\n").map(String.init)
        lines.insert(#"{"v":1,"id":"broken"#, at: 1)
        try writeFile(dir.sub(file), lines.joined(separator: "\n") + "\n")
        try git("commit", "-qam", "hand edit", in: dir.path)

        let reopened = try Vault.open(at: dir.path)
        let report = try reopened.rebuild()
        #expect(report.entries == 2)
        #expect(report.skippedLines.map(\.description).first?.hasPrefix("\(file):2: ") == true)
        let verify = try reopened.verify()
        #expect(verify.malformedLines.map(\.line) == [2])
        #expect(!verify.isClean)
    }

    @Test("a rebuild of a ledger with many files (folded on two threads) equals one fold of its events")
    func rebuildOnTwoThreads() throws {
        let dir = TemporaryDirectory()
        let (vault, _) = try Vault.initialize(at: dir.path)
        // 120 days from two devices: 240 files, so both threads get files of both devices, and
        // edits, deletes and restores often sit in a file the other thread reads.
        var events: [Event] = []
        var logs: [EventID] = []
        var rng = SystemRandomNumberGenerator()
        for day in 0..<120 {
            for (slot, device) in ["alpha1", "bravo2"].enumerated() {
                let millis = Int64(1_704_067_200_000 + day * 86_400_000 + slot * 3_600_000)
                let stamp = Stamp(millis: millis)
                let id = EventID.random(using: &rng)
                let at = LocalInstant(seconds: millis / 1000, offset: 3600)
                events.append(
                    Event(
                        id: id, device: device, stamp: stamp, wallMillis: millis,
                        body: .logged(
                            type: ["wake", "meal", "sleep"][day % 3], at: at, note: day % 5 == 0 ? "day \(day)" : nil)))
                logs.append(id)
                if day % 7 == 3 {
                    let edit = Event(
                        id: EventID.random(using: &rng), device: device, stamp: Stamp(millis: millis + 1),
                        wallMillis: millis,
                        body: .edited(target: logs[day * 2 / 3], changes: EntryChanges(note: "moved")))
                    let delete = Event(
                        id: EventID.random(using: &rng), device: device, stamp: Stamp(millis: millis + 2),
                        wallMillis: millis, body: .deleted(target: logs[day / 2]))
                    events += [edit, delete]
                }
                if day % 11 == 5 {
                    events.append(
                        Event(
                            id: EventID.random(using: &rng), device: device, stamp: Stamp(millis: millis + 3),
                            wallMillis: millis, body: .restored(target: logs[day / 2])))
                }
            }
        }
        _ = try vault.importEvents(events, message: "import")
        let reference = LedgerState(events: events)
        let report = try Vault.open(at: dir.path).rebuild()
        #expect(report.events == events.count)
        #expect(report.skippedLines.isEmpty)
        let rebuilt = try Vault.open(at: dir.path).state()
        #expect(rebuilt.history == reference.history)
        #expect(Set(rebuilt.allEntries) == Set(reference.allEntries))
        #expect(rebuilt.eventCount == reference.eventCount)
        #expect(StatusSummary(rebuilt) == StatusSummary(reference))

        // A damaged line in a file of each half: both reported with file and line, the rest loads.
        let files = try git("ls-files", ".alog/events", in: dir.path).stdout.split(separator: "\n").map(String.init)
        #expect(files.count >= 200)
        var expected: [String] = []
        for file in [files[3], files[20]] {
            let text = try readFile(dir.sub(file)) + "{\"v\":1,\"id\":\"oops\"}\n"
            try writeFile(dir.sub(file), text)
            expected.append("\(file):\(text.split(separator: "\n").count)")
        }
        try git("commit", "-qam", "hand edit", in: dir.path)
        let damaged = try Vault.open(at: dir.path).rebuild()
        #expect(damaged.events == events.count)
        #expect(damaged.skippedLines.map { "\($0.path):\($0.line)" } == expected)
    }

    @Test("verify finds a commit that rewrote an event line")
    func verifyRewrite() throws {
        let dir = TemporaryDirectory()
        let (vault, _) = try Vault.initialize(at: dir.path)
        _ = try vault.log(type: "wake", at: at("2024-03-01T07:00:00Z"), note: nil)
        #expect(try vault.verify().isClean)
        let file = try git("ls-files", ".alog/events", in: dir.path).stdout.trimmingCharacters(
            in: .whitespacesAndNewlines)
        let text = try readFile(dir.sub(file)).replacingOccurrences(of: "\"wake\"", with: "\"sleep\"")
        try writeFile(dir.sub(file), text)
        try git("commit", "-qam", "tamper", in: dir.path)
        let report = try Vault.open(at: dir.path).verify()
        #expect(report.rewrites.count == 1)
        #expect(report.rewrites.first?.path == file)
        // The cache notices the rewrite: the changed line is a removal (named by commit), and the
        // original line still counts until `alog repair` writes it back (docs/event-format.md).
        let reopened = try Vault.open(at: dir.path)
        #expect(try reopened.summary().lastKnownActivities.keys.sorted() == ["wake"])
        let tamper = try git("rev-parse", "HEAD", in: dir.path).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let removals = try reopened.repo.pendingRemovals().map { "\($0.commit.hex) \($0.path) \($0.lines.count)" }
        #expect(removals == ["\(tamper) \(file) 1"])
    }

    @Test("a branch moved by another writer mid-commit is rebuilt on top, nothing lost")
    func compareAndSwapRetry() throws {
        let dir = TemporaryDirectory()
        let (vault, _) = try Vault.initialize(at: dir.path)
        vault.clock = try intrudingClock(dir.path)
        let appended = try vault.log(type: "wake", at: at("2024-03-01T07:00:00Z"), note: nil)
        let log = try git("log", "--format=%s", in: dir.path).stdout.split(separator: "\n")
        #expect(log.count == 3)
        #expect(log[1] == "intruder")
        #expect(try git("show", "HEAD:other.md", in: dir.path).succeeded)
        #expect(try vault.state().history.map(\.id) == [appended.events[0].id])
    }

    @Test("two clones pulled with plain git merge their ledgers without conflict; caches follow")
    func plainGitPull() throws {
        let dir = TemporaryDirectory()
        let origin = dir.sub("origin.git")
        try git("init", "-q", "--bare", "-b", "main", origin, in: dir.path)
        let (a, _) = try Vault.initialize(at: dir.sub("a"))
        try git("remote", "add", "origin", origin, in: a.root)
        _ = try a.log(type: "wake", at: at("2024-03-01T07:00:00Z"), note: nil)
        try git("push", "-q", "origin", "main", in: a.root)
        try git("clone", "-q", origin, dir.sub("b"), in: dir.path)
        let b = try Vault.open(at: dir.sub("b"))
        #expect(a.device.id != b.device.id)
        _ = try b.log(type: "meal", at: at("2024-03-01T12:00:00Z"), note: nil)
        _ = try a.log(type: "sleep", at: at("2024-03-01T23:00:00Z"), note: nil)
        _ = try a.summary()
        try git("push", "-q", "origin", "main", in: b.root)
        let pull = try git("pull", "-q", "--no-rebase", "--no-edit", "origin", "main", in: a.root)
        #expect(pull.succeeded, "\(pull.stderr)")
        let reopened = try Vault.open(at: a.root)
        #expect(try reopened.summary().lastKnownActivities.keys.sorted() == ["meal", "sleep", "wake"])
        #expect(try reopened.state().history.count == 3)
        #expect(try git("fsck", "--strict", in: a.root).succeeded)
    }

    @Test("even two clones that wrongly share a device id merge by union, no conflict")
    func sharedDeviceUnion() throws {
        let dir = TemporaryDirectory()
        let origin = dir.sub("origin.git")
        try git("init", "-q", "--bare", "-b", "main", origin, in: dir.path)
        let (a, _) = try Vault.initialize(at: dir.sub("a"))
        a.clock = { 1_709_287_200_000 }
        try git("remote", "add", "origin", origin, in: a.root)
        _ = try a.log(type: "wake", at: at("2024-03-01T07:00:00Z"), note: nil)
        try git("push", "-q", "origin", "main", in: a.root)
        try git("clone", "-q", origin, dir.sub("b"), in: dir.path)
        _ = try Vault.open(at: dir.sub("b"))
        try FileManager.default.removeItem(atPath: dir.sub("b/.git/alog/device"))
        try FileManager.default.copyItem(atPath: a.root + "/.git/alog/device", toPath: dir.sub("b/.git/alog/device"))
        let b = try Vault.open(at: dir.sub("b"))
        b.clock = { 1_709_287_200_000 }
        #expect(b.device == a.device)
        _ = try b.log(type: "meal", at: at("2024-03-01T09:00:00Z"), note: nil)
        _ = try a.log(type: "exercise", at: at("2024-03-01T08:00:00Z"), note: nil)
        try git("push", "-q", "origin", "main", in: b.root)
        let pull = try git("pull", "-q", "--no-rebase", "--no-edit", "origin", "main", in: a.root)
        #expect(pull.succeeded, "\(pull.stderr)")
        #expect(
            !(try readFile(
                a.root + "/"
                    + VaultLayout.eventFile(device: a.device.id, wallMillis: 1_709_287_200_000).joined(separator: "/")))
                .contains("<<<<"))
        let state = try Vault.open(at: a.root).state()
        #expect(state.history.count == 3)
        #expect(state.duplicateEvents == 0)
    }
}

extension LocalInstant {
    func adding(hours: Int) -> LocalInstant { LocalInstant(seconds: seconds + Int64(hours) * 3600, offset: offset) }
}
