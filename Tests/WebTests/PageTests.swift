import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import LedgerWeb
import TestSupport
import Testing

@Suite("The pages render the vault through the CLI's JSON")
struct PageTests {
    @Test("Today shows the timers, the running timer with its goal, a button per type and today's entries")
    func today() async throws {
        let fixture = try WebFixture()
        try fixture.alog(["types", "favorite", "reading"])
        let app = application(fixture.server())
        try await app.test(.router) { client in
            let response = try await client.execute(uri: "/", method: .get)
            #expect(response.status == .ok)
            let html = response.text
            #expect(html.hasPrefix("<!doctype html>"))
            #expect(html.contains(#"<meta name="alog-csrf" content=""#))
            #expect(html.contains("Awake") && html.contains("5h"))  // woke at 07:00, now 12:00
            #expect(html.contains("Since last meal") && html.contains("3h 30m"))
            #expect(html.contains(#"<progress class="live" data-seconds="3600" max="7200" value="3600""#))
            // The recorded time, shown in the reader's zone by the page's script.
            #expect(
                html.contains(
                    #"reached at <time class="clock" datetime="2026-11-24T13:00:00Z" title="2026-11-24T13:00:00Z">13:00</time>"#
                ))
            // Favorites first: reading's button comes before meal's.
            let reading = try #require(html.range(of: #"data-action="log" data-type="reading""#))
            let meal = try #require(html.range(of: #"data-action="log" data-type="meal""#))
            #expect(reading.lowerBound < meal.lowerBound)
            #expect(html.contains(#"aria-label="Switch the timer to meal""#))
            #expect(html.contains(#"aria-label="Restart the reading timer""#))
            #expect(html.contains("porridge"))
            // No script or style from elsewhere.
            #expect(!html.contains("http://") && !html.contains("https://"))
            let fragment = try await client.execute(
                uri: "/", method: .get, headers: [HTTPField.Name("X-Alog-Fragment")!: "main"])
            #expect(!fragment.text.contains("<html") && fragment.text.contains("<h1>Today</h1>"))
        }
    }

    @Test("text from the vault is escaped in every page")
    func escaped() async throws {
        let fixture = try WebFixture()
        try fixture.alog(["log", "meal", "--at", "09:00", "--note", #"<script>alert("x")</script> & 'q'"#])
        let app = application(fixture.server())
        try await app.test(.router) { client in
            for uri in ["/", "/history"] {
                let html = try await client.execute(uri: uri, method: .get).text
                #expect(!html.contains("<script>alert"), "\(uri)")
                #expect(html.contains("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;q&#39;"), "\(uri)")
            }
        }
    }

    @Test("History pages 50 entries at a time, filters by type, and links each entry's page")
    func history() async throws {
        let fixture = try WebFixture(entries: false)
        for minute in 0..<60 {
            try fixture.alog(["log", minute % 2 == 0 ? "meal" : "wake", "--at", "-\(minute + 1)m"])
        }
        let app = application(fixture.server())
        try await app.test(.router) { client in
            let first = try await client.execute(uri: "/history", method: .get).text
            #expect(first.components(separatedBy: "<li id=\"entry-").count - 1 == 50)
            #expect(first.contains(#"href="/history?page=2""#) && !first.contains("Newer"))
            let second = try await client.execute(uri: "/history?page=2", method: .get).text
            #expect(second.components(separatedBy: "<li id=\"entry-").count - 1 == 10)
            #expect(second.contains("Newer") && !second.contains("Older"))
            let meals = try await client.execute(uri: "/history?type=meal", method: .get).text
            #expect(meals.components(separatedBy: "<li id=\"entry-").count - 1 == 30)
            #expect(!meals.contains(#"data-type="wake""#) && !meals.contains("> wake<"))
            let id = try #require(first.firstMatch(of: /href="\/entry\/([0-9a-z]+)"/)?.1)
            let entry = try await client.execute(uri: "/entry/\(id)", method: .get)
            #expect(entry.status == .ok)
            #expect(entry.text.contains("<h2>Events</h2>"))
            #expect(entry.text.contains(/<tr><td>log<\/td>.*<code title="[0-9a-f]{40}">[0-9a-f]{10}<\/code>/))
            #expect(entry.text.contains(#"data-action="edit""#) && entry.text.contains(#"data-action="delete""#))
            let unknown = try await client.execute(uri: "/entry/zzzzzzzz", method: .get)
            #expect(unknown.text.contains("no entry with id"))
        }
    }

    @Test("Reports, Calendar and Sync render their commands' data as SVG and tables")
    func reportsCalendarSync() async throws {
        let fixture = try WebFixture()
        try fixture.alog(["types", "add", "reading", "--color", "#123456"])
        let app = application(fixture.server())
        try await app.test(.router) { client in
            let reports = try await client.execute(uri: "/reports?period=week&by=type", method: .get).text
            #expect(reports.contains("<svg class=\"chart bars\""))
            #expect(reports.contains(##"fill="#123456""##))
            #expect(reports.contains("<th scope=\"row\">reading</th><td>1h <span class=\"sub\">(running)</span>"))
            #expect(reports.contains(#"href="/reports?period=week&date=2026-11-16&by=type""#))
            let month = try await client.execute(uri: "/reports?period=month&date=2026-10", method: .get).text
            #expect(month.contains("Nothing in this period"))
            let calendar = try await client.execute(uri: "/calendar", method: .get).text
            #expect(calendar.contains("<svg class=\"chart calendar\""))
            #expect(calendar.contains("<title>2026-11-24 (today): 3 entries</title>"))
            #expect(calendar.contains("<title>2026-11-23: 0 entries</title>"))
            #expect(calendar.contains(##"fill="#EBEDF0""##))
            #expect(calendar.contains("<th scope=\"row\">wake</th><td>1</td><td>1 day</td>"))
            let sync = try await client.execute(uri: "/sync", method: .get).text
            #expect(sync.contains("no remote yet"))
            try fixture.alog(["remote", "add", "origin", fixture.directory.sub("remote.git")])
            let withRemote = try await client.execute(uri: "/sync", method: .get).text
            #expect(withRemote.contains(#"data-action="sync" data-remote="origin""#))
        }
    }
}
