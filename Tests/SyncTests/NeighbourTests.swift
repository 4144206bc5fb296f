import Foundation
import LedgerCore
import LedgerGit
import LedgerVault
import TestSupport
import Testing

@Suite("Sync with plain-git neighbours", .serialized)
struct NeighbourTests {
    @Test("conflicting note edits keep both versions; delete/edit keeps the edit; disjoint edits merge")
    func notesSurvive() throws {
        let dir = TemporaryDirectory()
        let remote = try makeBareRemote(dir)
        let phone = dir.sub("phone")
        try plainClone(remote, into: phone, in: dir)
        try writeFile(phone + "/Daily.md", "line one\nline two\nline three\n")
        try writeFile(phone + "/Todo.md", "a\nb\nc\nd\ne\n")
        try writeFile(phone + "/Old.md", "old note\n")
        try writeFile(phone + "/Draft.md", "draft\n")
        try Data([0x89, 0x50, 0x4E, 0x47, 0, 1, 2]).write(to: URL(fileURLWithPath: phone + "/pic.png"))
        try commitAll(phone, "notes from the phone")
        try git("push", "-q", "origin", "main", in: phone)

        let (laptop, cloned) = try Vault.clone(url: remote, into: dir.sub("laptop"))
        #expect(cloned.eventsReceived == 0)
        let root = laptop.root
        #expect(try readFile(root + "/Daily.md") == "line one\nline two\nline three\n")
        #expect(try laptop.syncing.sync().pushed)  // the ledger folder the clone added

        // The phone edits and deletes, and pushes first.
        try git("pull", "-q", "origin", "main", in: phone)
        try writeFile(phone + "/Daily.md", "line one (phone)\nline two\nline three\n")
        try writeFile(phone + "/Todo.md", "a\nb\nc\nd\ne (phone)\n")
        try FileManager.default.removeItem(atPath: phone + "/Old.md")
        try writeFile(phone + "/Draft.md", "draft, finished on the phone\n")
        try Data([0x89, 0x50, 0x4E, 0x47, 0, 9, 9]).write(to: URL(fileURLWithPath: phone + "/pic.png"))
        try commitAll(phone, "phone edits")
        try git("push", "-q", "origin", "main", in: phone)

        // The laptop's git plugin commits its own edits of the same files; alog logs an event.
        try writeFile(root + "/Daily.md", "line one (laptop)\nline two\nline three\n")
        try writeFile(root + "/Todo.md", "a (laptop)\nb\nc\nd\ne\n")
        try writeFile(root + "/Old.md", "old note, edited on the laptop\n")
        try FileManager.default.removeItem(atPath: root + "/Draft.md")
        try Data([0x89, 0x50, 0x4E, 0x47, 0, 7, 7]).write(to: URL(fileURLWithPath: root + "/pic.png"))
        try commitAll(root, "laptop edits")
        let meal = try laptop.log(type: "meal", at: at("2024-03-01T12:00:00Z"), note: nil).events[0]

        let report = try laptop.syncing.sync()
        #expect(report.action == .merged)
        #expect(report.pushed)
        #expect(report.notesMerged == ["Todo.md"])
        #expect(report.editsKeptOverDeletes.sorted() == ["Draft.md", "Old.md"])
        #expect(Set(report.conflictCopies.map(\.path)) == ["Daily.md", "pic.png"])
        let daily = try #require(report.conflictCopies.first { $0.path == "Daily.md" })
        #expect(daily.copy.hasPrefix("Daily (conflict "))
        #expect(daily.copy.hasSuffix(").md"))
        // The shared vault's version stays in place; the local one is next to it.
        #expect(try readFile(root + "/Daily.md") == "line one (phone)\nline two\nline three\n")
        #expect(try readFile(root + "/" + daily.copy) == "line one (laptop)\nline two\nline three\n")
        #expect(try readFile(root + "/Todo.md") == "a (laptop)\nb\nc\nd\ne (phone)\n")
        #expect(try readFile(root + "/Old.md") == "old note, edited on the laptop\n")
        #expect(try readFile(root + "/Draft.md") == "draft, finished on the phone\n")
        let picCopy = try #require(report.conflictCopies.first { $0.path == "pic.png" }).copy
        #expect(
            try Data(contentsOf: URL(fileURLWithPath: root + "/pic.png")) == Data([0x89, 0x50, 0x4E, 0x47, 0, 9, 9]))
        #expect(
            try Data(contentsOf: URL(fileURLWithPath: root + "/" + picCopy)) == Data([0x89, 0x50, 0x4E, 0x47, 0, 7, 7]))
        #expect(try git("status", "--porcelain", in: root).stdout == "")
        #expect(try git("fsck", "--strict", in: root).succeeded)

        // The phone pulls with plain git and gets everything, with no conflict.
        let pull = try git("pull", "-q", "--no-rebase", "origin", "main", in: phone)
        #expect(pull.succeeded, "\(pull.stderr)")
        #expect(try readFile(phone + "/" + daily.copy) == "line one (laptop)\nline two\nline three\n")
        #expect(try readFile(phone + "/Old.md") == "old note, edited on the laptop\n")
        let phoneEvents = try git("grep", "-l", meal.id.description, "--", ".alog", in: phone)
        #expect(phoneEvents.succeeded)
    }

    @Test("uncommitted local edits the merge would overwrite stop the sync; nothing changes")
    func localChangesInTheWay() throws {
        let dir = TemporaryDirectory()
        let remote = try makeBareRemote(dir)
        let phone = dir.sub("phone")
        try plainClone(remote, into: phone, in: dir)
        try writeFile(phone + "/Note.md", "v1\n")
        try commitAll(phone, "note")
        try git("push", "-q", "origin", "main", in: phone)
        let (laptop, _) = try Vault.clone(url: remote, into: dir.sub("laptop"))
        _ = try laptop.syncing.sync()
        try git("pull", "-q", "origin", "main", in: phone)
        try writeFile(phone + "/Note.md", "v2 from the phone\n")
        try commitAll(phone, "edit")
        try git("push", "-q", "origin", "main", in: phone)

        try writeFile(laptop.root + "/Note.md", "typing on the laptop\n")
        let head = try git("rev-parse", "HEAD", in: laptop.root).stdout
        #expect(throws: SyncError.localChangesInTheWay(paths: ["Note.md"])) { try laptop.syncing.sync() }
        #expect(try git("rev-parse", "HEAD", in: laptop.root).stdout == head)
        #expect(try readFile(laptop.root + "/Note.md") == "typing on the laptop\n")

        try commitAll(laptop.root, "laptop edit")
        let report = try laptop.syncing.sync()
        #expect(report.conflictCopies.map(\.path) == ["Note.md"])
        #expect(try readFile(laptop.root + "/Note.md") == "v2 from the phone\n")
    }

    @Test("a plain git clone sharing the remote sees alog's events and alog sees its pushes")
    func plainGitEvents() throws {
        let dir = TemporaryDirectory()
        let remote = try makeBareRemote(dir)
        let laptop = try makeFirstDevice(dir, remote: remote)
        let phone = dir.sub("phone")
        try plainClone(remote, into: phone, in: dir)
        let (phoneVault, _) = try Vault.initialize(at: phone)  // adopts the clone: a second device
        _ = try phoneVault.log(type: "sleep", at: at("2024-03-01T23:00:00Z"), note: nil)
        try git("push", "-q", "origin", "main", in: phone)
        let report = try laptop.syncing.sync()
        #expect(report.action == .fastForward)
        #expect(report.eventsReceived == 1)
        #expect(try laptop.summary().lastKnownActivities.keys.sorted() == ["sleep", "wake"])
    }

    @Test("two clones wrongly sharing a device id: the event files merge as a union, each event once")
    func sharedDeviceID() throws {
        let dir = TemporaryDirectory()
        let remote = try makeBareRemote(dir)
        let laptop = try makeFirstDevice(dir, remote: remote)
        _ = try Vault.clone(url: remote, into: dir.sub("copy"))
        // Copying .git/alog along with the folder makes the copy the same device.
        try writeFile(dir.sub("copy/.git/alog/device"), "id=\(laptop.device.id)\nname=copied\n")
        let copy = try Vault.open(at: dir.sub("copy"))
        #expect(copy.device.id == laptop.device.id)
        let fixed: Int64 = 1_709_290_800_000
        laptop.clock = { fixed }
        copy.clock = { fixed }
        var written: Set<String> = []
        for minute in 0..<3 {
            let instant = LocalInstant(seconds: 1_709_280_000 + Int64(minute) * 60, offset: 0)
            written.insert(try laptop.log(type: "meal", at: instant, note: "laptop").events[0].id.description)
            written.insert(try copy.log(type: "meal", at: instant, note: "copy").events[0].id.description)
        }
        _ = try copy.syncing.sync()
        let report = try laptop.syncing.sync()
        #expect(report.action == .merged)
        #expect(report.eventsReceived == 3)
        _ = try copy.syncing.sync()
        for root in [laptop.root, copy.root] {
            let counts = try eventIDCounts(root)
            #expect(Set(counts.keys).isSuperset(of: written))
            #expect(counts.count == 7)
            #expect(counts.values.allSatisfy { $0 == 1 })
            #expect(try git("fsck", "--strict", in: root).succeeded)
        }
        #expect(try laptop.state().history.count == 7)
    }
}
