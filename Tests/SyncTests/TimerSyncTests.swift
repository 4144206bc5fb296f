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

    @Test("undo across devices: a stop another device overtook is passed over; another device's stop stands")
    func undoAcrossDevices() throws {
        let dir = TemporaryDirectory()
        let remote = try makeBareRemote(dir)
        let now = "2030-01-01T12:00:00Z"
        let later = "2030-01-01T12:30:00Z"
        let laptop = dir.sub("laptop")
        #expect(try alog(["init"], vault: laptop, now: now).succeeded)
        #expect(try alog(["remote", "add", "origin", remote], vault: laptop, now: now).succeeded)
        let reading = try alog(["start", "exercise", "--at", "10:00"], vault: laptop, now: now).stdout
            .trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(try alog(["sync"], vault: laptop, now: now).succeeded)
        let phone = dir.sub("phone")
        #expect(try alog(["clone", remote], vault: phone, now: now).succeeded)
        func end(_ vault: String, _ id: String) throws -> String {
            let history = try #require(
                try json(try alog(["history", "--json"], vault: vault, now: later)) as? [[String: Any]])
            return history.first { $0["id"] as? String == id }?["end"] as? String ?? "running"
        }

        // Apart: the laptop switches to a meal at 10:10 (stopping exercise there); the phone,
        // later by the clock, stops exercise at 10:05. After syncing, the phone's stop stands.
        let meal = try alog(["start", "meal", "--at", "10:10"], vault: laptop, now: now).stdout
            .trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(try alog(["stop", "--at", "10:05"], vault: phone, now: later).succeeded)
        for vault in [laptop, phone, laptop] { #expect(try alog(["sync"], vault: vault, now: later).succeeded) }
        #expect(try end(laptop, reading) == "2030-01-01T10:05:00Z")
        // Undoing the switch deletes the meal; the overtaken stop has nothing to take back.
        let undone = try alog(["undo"], vault: laptop, now: later)
        #expect(undone.succeeded, "\(undone.stderr)")
        #expect(undone.stdout.contains("deleted timer \(meal)"), "\(undone.stdout)")
        #expect(undone.stdout.contains("was overtaken by a later change"), "\(undone.stdout)")
        #expect(try end(laptop, reading) == "2030-01-01T10:05:00Z")
        // The next undo reaches the action before (the start): nothing is stuck.
        #expect(try alog(["undo"], vault: laptop, now: later).stdout.contains("deleted timer \(reading)"))

        // Both stop a timer while apart; the later stop (by order) wins. Undoing it leaves the
        // other device's stop in force, not a running timer.
        let walk = try alog(["start", "exercise", "--at", "11:00"], vault: laptop, now: later).stdout
            .trimmingCharacters(in: .whitespacesAndNewlines)
        for vault in [laptop, phone] { #expect(try alog(["sync"], vault: vault, now: later).succeeded) }
        #expect(try alog(["stop", "--at", "11:05"], vault: phone, now: later).succeeded)
        #expect(try alog(["stop", "--at", "11:10"], vault: laptop, now: "2030-01-01T12:45:00Z").succeeded)
        for vault in [laptop, phone, laptop] { #expect(try alog(["sync"], vault: vault, now: later).succeeded) }
        #expect(try end(laptop, walk) == "2030-01-01T11:10:00Z")
        let back = try alog(["undo"], vault: laptop, now: "2030-01-01T12:50:00Z")
        #expect(back.stdout.contains("it ends at") && back.stdout.contains("again"), "\(back.stdout)")
        #expect(try end(laptop, walk) == "2030-01-01T11:05:00Z")
        #expect(try git("fsck", "--strict", in: laptop).succeeded)
    }
}
