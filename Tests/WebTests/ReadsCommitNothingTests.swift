import Foundation
import HTTPTypes
import Hummingbird
import LedgerWeb
import TestSupport
import Testing

/// A page load or an API read never changes the ledger: a line typed into a day note and an
/// interrupted write wait for the next write, from the page or from any `alog` command, which
/// commits them as the CLI does on open. The widget's queued taps are committed by the server's
/// own step (a `widget drain` when the queue changes), not by a read.
@Suite("The web's reads commit nothing")
struct ReadsCommitNothingTests {
    @Test(
        "GETs of every page and read commit nothing; the server commits queued taps itself; the next write logs typed day-note lines"
    )
    func readsLeaveTheQueue() async throws {
        let fixture = try WebFixture()
        try fixture.alog(["notes", "enable"])
        try fixture.alog(["widget", "tap", "exercise", "--at", "09:40"])
        let note = fixture.vault + "/Activities/2026-11-24.md"
        var text = try String(contentsOfFile: note, encoding: .utf8)
        let wake = try #require(text.range(of: "- 07:00"))
        let lineEnd = try #require(text[wake.lowerBound...].firstIndex(of: "\n"))
        text.insert(contentsOf: "\n- 09:15 meal toast", at: lineEnd)
        try text.write(toFile: note, atomically: true, encoding: .utf8)
        let before = try fixture.commitCount()
        let app = application(fixture.server())
        try await app.test(.router) { client in
            let session = try await Session.start(client)
            // The server's own step: the queued tap becomes one commit (waited for as the
            // queue's emptying, which is what the drain does last).
            for _ in 0..<500 where try fixture.commitCount() == before { usleep(20_000) }
            #expect(try fixture.commitCount() == before + 1)
            #expect(try git("log", "-1", "--format=%s", in: fixture.vault).stdout.contains("widget tap"))
            let tapped = try fixture.commitCount()
            let head = try git("rev-parse", "HEAD", in: fixture.vault).stdout
            for uri in [
                "/", "/history", "/timeline", "/reports", "/calendar", "/settings", "/sync", "/api/status",
                "/api/history", "/api/report", "/api/calendar", "/api/streaks", "/api/types", "/api/goals",
                "/api/audit", "/api/export?format=csv",
            ] {
                let response = try await session.get(uri)
                #expect(response.status == .ok, "\(uri): \(response.status)")
                #expect(try fixture.commitCount() == tapped, "\(uri) committed")
            }
            #expect(try git("rev-parse", "HEAD", in: fixture.vault).stdout == head)
            #expect(try git("status", "--porcelain", in: fixture.vault).stdout.contains("Activities/2026-11-24.md"))
            // A write commits what waited, as any alog command does when it opens the vault.
            let logged = try await session.post("/api/log", #"{"type": "meal", "at": "11:30"}"#)
            #expect(logged.status == .ok, "\(logged.text)")
        }
        let history = try fixture.alog(["history", "--json", "--day"]).stdout
        #expect(history.contains(#""note":"toast""#) && history.contains(#""type":"exercise""#), "\(history)")
        #expect(try fixture.commitCount() > before + 2)
        #expect(try git("fsck", "--strict", in: fixture.vault).succeeded)
    }
}
