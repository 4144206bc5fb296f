import Foundation
import TestSupport
import Testing

/// A device whose clock runs ahead: its events still arrive and converge, and the sync that
/// receives them says which device and how far ahead.
@Suite("Clocks across devices")
struct ClockTests {
    func object(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test("events stamped more than a day ahead are reported by the sync that receives them")
    func aheadOfClock() throws {
        let dir = TemporaryDirectory()
        let remote = try makeBareRemote(dir)
        let laptop = dir.sub("laptop")
        let today = "2030-01-01T12:00:00Z"
        #expect(try alog(["init"], vault: laptop, now: today).succeeded)
        #expect(try alog(["remote", "add", "origin", remote], vault: laptop, now: today).succeeded)
        #expect(try alog(["sync"], vault: laptop, now: today).succeeded)
        let desktop = dir.sub("desktop")
        #expect(try alog(["clone", remote], vault: desktop, now: today).succeeded)
        let device = try readFile(desktop + "/.git/alog/device").split(separator: "\n")[0].dropFirst(3)

        // The desktop's clock is three days ahead; an hour-ahead log is nothing to report.
        let ahead = "2030-01-04T12:00:00Z"
        #expect(try alog(["log", "meal"], vault: desktop, now: ahead).succeeded)
        #expect(try alog(["sync"], vault: desktop, now: ahead).succeeded)
        let received = try alog(["sync", "--json"], vault: laptop, now: today)
        #expect(received.succeeded, "\(received.stderr)")
        let report = try object(received.stdout)
        #expect(report["eventsReceived"] as? Int == 1)
        let clocks = try #require(report["aheadOfClock"] as? [[String: Any]])
        #expect(clocks.count == 1)
        #expect(clocks.first?["device"] as? String == String(device))
        #expect(clocks.first?["events"] as? Int == 1)
        #expect((clocks.first?["latest"] as? String)?.hasPrefix("2030-01-04T12:00") == true)

        // The laptop's next event is stamped after the one received, and both converge.
        #expect(try alog(["log", "wake", "--at", "-1h"], vault: laptop, now: today).succeeded)
        let again = try alog(["sync"], vault: laptop, now: today)
        #expect(again.succeeded && !again.stdout.contains("clock:"), "\(again.stdout)")
        #expect(try alog(["sync"], vault: desktop, now: ahead).succeeded)
        #expect(try eventIDCounts(laptop) == eventIDCounts(desktop))
        // Its stamp follows the received one, though its own clock is three days behind.
        let events = try committedEvents(laptop)
        func stampMillis(_ type: String) -> Int64? {
            (events.first { $0["type"] as? String == type }?["hlc"] as? String)
                .flatMap { Int64($0.split(separator: "-")[0]) }
        }
        let meal = try #require(stampMillis("meal"))
        let wake = try #require(stampMillis("wake"))
        #expect(wake >= meal)

        let human = try alog(["log", "exercise"], vault: desktop, now: ahead)
        #expect(human.succeeded)
        #expect(try alog(["sync"], vault: desktop, now: ahead).succeeded)
        let text = try alog(["sync"], vault: laptop, now: today).stdout
        #expect(text.contains("clock: 1 event from device \(device)"), "\(text)")
    }
}
