import Foundation
import TestSupport
import Testing

/// A day note is read as an edit only where the person changed it (docs/obsidian.md, "What is
/// read as an edit"): a sync, a merge, or a note rewritten because the ledger changed for
/// another reason (another device's timer cutting this one, an import) never is.
@Suite("Day notes invent no edits")
struct DayNotesNoInventedEditsTests {
    /// The kinds of the committed events, counted (through `git`, an outside witness).
    func kinds(_ vault: String) throws -> [String: Int] {
        var counts: [String: Int] = [:]
        for event in try committedEvents(vault) { counts[event["kind"] as? String ?? "?", default: 0] += 1 }
        return counts
    }

    /// An entry's end in `history --json` ("running" while it runs, "gone" when not listed).
    func end(_ vault: String, _ id: String, now: String) throws -> String {
        let result = try alog(["history", "--json"], vault: vault, now: now)
        #expect(result.succeeded, "\(result.stderr)")
        let history = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        guard let entry = history.first(where: { $0["id"] as? String == id }) else { return "gone" }
        return entry["end"] as? String ?? "running"
    }

    func id(_ result: ProcessResult) -> String {
        #expect(result.succeeded, "\(result.stderr)")
        return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test(
        "another device's timer cuts this one: the syncs record no edit, and deleting the cutting entry gives the time back",
        arguments: [true, false])
    func cutByAnotherDevice(notes: Bool) throws {
        let dir = TemporaryDirectory()
        let remote = try makeBareRemote(dir)
        let now = "2030-01-01T12:00:00Z"
        let a = dir.sub("a")
        #expect(try alog(["init"], vault: a, now: "2030-01-01T09:00:00Z").succeeded)
        if notes { #expect(try alog(["notes", "enable"], vault: a, now: "2030-01-01T09:00:00Z").succeeded) }
        #expect(try alog(["remote", "add", "origin", remote], vault: a, now: "2030-01-01T09:00:00Z").succeeded)
        #expect(try alog(["sync"], vault: a, now: "2030-01-01T09:00:00Z").succeeded)
        let b = dir.sub("b")
        #expect(try alog(["clone", remote], vault: b, now: "2030-01-01T09:00:00Z").succeeded)

        // Apart: A starts exercise at 10:00; B starts and stops a meal 11:00–11:45; A stops at 12:00.
        let exercise = id(try alog(["start", "exercise"], vault: a, now: "2030-01-01T10:00:00Z"))
        let meal = id(try alog(["start", "meal"], vault: b, now: "2030-01-01T11:00:00Z"))
        #expect(try alog(["stop"], vault: b, now: "2030-01-01T11:45:00Z").succeeded)
        #expect(try alog(["stop"], vault: a, now: now).succeeded)
        var outputs: [String] = []
        for vault in [a, b, a] {
            let synced = try alog(["sync"], vault: vault, now: now)
            #expect(synced.succeeded, "\(synced.stderr)")
            outputs.append(synced.stdout + synced.stderr)
        }
        #expect(try alog(["sync"], vault: b, now: now).succeeded)
        for output in outputs { #expect(!output.contains("changed line"), "\(output)") }
        for vault in [a, b] {
            let counts = try kinds(vault)
            #expect(counts["edit"] == nil, "\(counts)")
            #expect(try end(vault, exercise, now: now) == "2030-01-01T11:00:00Z")
            let audit = try alog(["audit"], vault: vault, now: now)
            #expect(!audit.stdout.contains("edit"), "\(audit.stdout)")
        }
        if notes {
            let note = try readFile(a + "/Activities/2030-01-01.md")
            #expect(note.contains("- 10:00–11:00 exercise"), "\(note)")
            #expect(try readFile(b + "/Activities/2030-01-01.md") == note)
        }

        // The cut is the meal's, not a recorded edit: deleting the meal gives exercise its 12:00 back.
        #expect(try alog(["delete", meal], vault: a, now: "2030-01-01T12:05:00Z").succeeded)
        #expect(try end(a, exercise, now: "2030-01-01T12:05:00Z") == "2030-01-01T12:00:00Z")
        if notes {
            #expect(try readFile(a + "/Activities/2030-01-01.md").contains("- 10:00–12:00 exercise"))
        }
        #expect(try kinds(a)["edit"] == nil)
        #expect(try git("status", "--porcelain", in: a).stdout.isEmpty)
        #expect(try git("fsck", "--strict", in: a).succeeded)
    }
}
