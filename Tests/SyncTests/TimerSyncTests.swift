import Foundation
import TestSupport
import Testing

/// Timers started on two devices while apart: after syncing, both devices show the same line.
@Suite("Timers across devices")
struct TimerSyncTests {
    func json(_ result: ProcessResult) throws -> Any {
        #expect(result.succeeded, "\(result.stderr)")
        return try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
    }

    @Test("concurrent starts: the earlier timer ends where the later starts, on both devices")
    func concurrentStarts() throws {
        let dir = TemporaryDirectory()
        let remote = try makeBareRemote(dir)
        let now = "2030-01-01T12:00:00Z"
        let laptop = dir.sub("laptop")
        #expect(try alog(["init"], vault: laptop, now: now).succeeded)
        #expect(try alog(["remote", "add", "origin", remote], vault: laptop, now: now).succeeded)
        #expect(try alog(["sync"], vault: laptop, now: now).succeeded)
        let phone = dir.sub("phone")
        #expect(try alog(["clone", remote], vault: phone, now: now).succeeded)

        // Apart: the laptop starts reading at 10:00, the phone exercise at 10:40 and stops it
        // at 11:00; the laptop then starts work at 11:30 (stopping its reading there).
        #expect(try alog(["types", "add", "reading"], vault: laptop, now: now).succeeded)
        let reading = try alog(["start", "reading", "--at", "10:00"], vault: laptop, now: now)
        let exercise = try alog(["start", "exercise", "--at", "10:40"], vault: phone, now: now)
        #expect(try alog(["stop", "--at", "11:00"], vault: phone, now: now).succeeded)
        #expect(try alog(["start", "meal", "--at", "11:30"], vault: laptop, now: now).succeeded)
        for vault in [laptop, phone, laptop] { #expect(try alog(["sync"], vault: vault, now: now).succeeded) }

        var views: [[[String: String]]] = []
        for vault in [laptop, phone] {
            let history = try #require(
                try json(try alog(["history", "--json"], vault: vault, now: now)) as? [[String: Any]])
            views.append(
                history.map { entry in
                    ["id": entry["id"] as? String ?? "", "end": entry["end"] as? String ?? "running"]
                })
            let status = try #require(
                try json(try alog(["status", "--json"], vault: vault, now: now)) as? [String: Any])
            #expect((status["running"] as? [String: Any])?["type"] as? String == "meal")
        }
        #expect(views[0] == views[1])
        let byID = Dictionary(uniqueKeysWithValues: views[0].map { ($0["id"]!, $0["end"]!) })
        let readingID = reading.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let exerciseID = exercise.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        // The laptop stopped reading at 11:30, but the phone's exercise started at 10:40.
        #expect(byID[readingID] == "2030-01-01T10:40:00Z")
        #expect(byID[exerciseID] == "2030-01-01T11:00:00Z")
        #expect(try eventIDCounts(laptop) == eventIDCounts(phone))
    }
}
