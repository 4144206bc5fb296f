import Foundation
import HTTPTypes
import Hummingbird
import LedgerWeb
import TestSupport
import Testing

@Suite("The pages render the vault's typed reads")
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

    @Test("History pages 50 entries at a time from a place in the time index, under day headings with the day's totals")
    func history() async throws {
        let fixture = try WebFixture(entries: false)
        // 60 entries half an hour apart: 24 on Tuesday the 24th, 36 on Monday the 23rd.
        for step in 0..<60 {
            try fixture.alog(["log", step % 2 == 0 ? "meal" : "wake", "--at", "-\(step * 30 + 1)m"])
        }
        let app = application(fixture.server())
        @Sendable func count(_ html: String) -> Int { html.components(separatedBy: "<li id=\"entry-").count - 1 }
        @Sendable func link(_ html: String, _ rel: String) throws -> String {
            let match = try #require(html.firstMatch(of: try Regex("href=\"(/history[^\"]*)\" rel=\"\(rel)\"")))
            return String(try #require(match.output[1].substring)).replacingOccurrences(of: "&amp;", with: "&")
        }
        try await app.test(.router) { client in
            let first = try await client.execute(uri: "/history", method: .get).text
            #expect(count(first) == 50 && !first.contains("Newer"))
            // Each day's heading counts the whole day, also the entries on the next page.
            #expect(first.contains(#"<h2>Tuesday 24 November 2026 <span class="sub">24 entries</span></h2>"#))
            #expect(first.contains(#"<h2>Monday 23 November 2026 <span class="sub">36 entries</span></h2>"#))
            let older = try link(first, "next")
            #expect(older.hasPrefix("/history?before=2026-11-23T"))
            let second = try await client.execute(uri: older, method: .get).text
            #expect(count(second) == 10 && !second.contains("rel=\"next\""))
            #expect(second.contains("Monday 23 November 2026 <span class=\"sub\">36 entries"))
            #expect(!second.contains("Tuesday"))
            // Newer from there is the first page again; the old ?page=2 is the second.
            let back = try await client.execute(uri: try link(second, "prev"), method: .get).text
            #expect(count(back) == 50)
            #expect(
                back.matches(of: /<li id="entry-([0-9a-z]+)"/).map(\.1)
                    == first.matches(of: /<li id="entry-([0-9a-z]+)"/).map(\.1))
            let paged = try await client.execute(uri: "/history?page=2", method: .get).text
            #expect(
                paged.matches(of: /<li id="entry-([0-9a-z]+)"/).map(\.1)
                    == second.matches(of: /<li id="entry-([0-9a-z]+)"/).map(\.1))
            // A type filter, kept by the links, and counted in the headings.
            let meals = try await client.execute(uri: "/history?type=meal", method: .get).text
            #expect(count(meals) == 30 && !meals.contains("> wake<"))
            #expect(meals.contains("Tuesday 24 November 2026 <span class=\"sub\">12 entries"))
            // A date to jump to: that day and older.
            let monday = try await client.execute(uri: "/history?date=2026-11-23", method: .get).text
            #expect(count(monday) == 36 && !monday.contains("Tuesday") && monday.contains("rel=\"prev\""))
            let filtered = try await client.execute(uri: "/history?date=2026-11-23&type=wake", method: .get).text
            #expect(count(filtered) == 18)
            #expect(try link(filtered, "prev").hasSuffix("&type=wake"))
            // A search over the types and notes: no day totals (a report does not search notes).
            let search = try await client.execute(uri: "/history?q=WAK", method: .get).text
            #expect(count(search) == 30 && !search.contains("> meal<") && !search.contains("entries</span>"))
            #expect(search.contains(#"value="WAK""#))
            let both = try await client.execute(uri: "/history?q=A", method: .get).text
            let bothNext = try link(both, "next")
            #expect(count(both) == 50 && bothNext.hasSuffix("&q=A"))
            // A place that is not one: the CLI's refusal, with a way back.
            let wrong = try await client.execute(uri: "/history?before=10:00,nope", method: .get)
            #expect(wrong.status == .badRequest && wrong.text.contains("not an entry&#39;s id"))
            let id = try #require(first.firstMatch(of: /href="\/entry\/([0-9a-z]+)"/)?.1)
            let entry = try await client.execute(uri: "/entry/\(id)", method: .get)
            #expect(entry.status == .ok)
            #expect(entry.text.contains("<h2>Events</h2>"))
            // When the event was recorded, in the reader's zone as every other time (the recorded
            // instant in the title).
            #expect(entry.text.contains(/<td><time class="clock dated" datetime="2026-11-24T[0-9:]+Z"/))
            #expect(entry.text.contains(/<tr><td>log<\/td>.*<code title="[0-9a-f]{40}">[0-9a-f]{10}<\/code>/))
            #expect(entry.text.contains(#"data-action="edit""#) && entry.text.contains(#"data-action="delete""#))
            let unknown = try await client.execute(uri: "/entry/zzzzzzzz", method: .get)
            #expect(unknown.text.contains("no entry with id"))
        }
    }

    @Test(
        "Timeline lays one day on a time axis: windows as bars (one from the evening before cut at midnight), instants as marks"
    )
    func timeline() async throws {
        let fixture = try WebFixture()
        try fixture.alog(["track", "reading", "--from", "2026-11-23T22:00:00Z", "--to", "2026-11-24T01:00:00Z"])
        let app = application(fixture.server())
        try await app.test(.router) { client in
            let today = try await client.execute(uri: "/timeline", method: .get)
            #expect(today.status == .ok)
            let html = today.text
            #expect(html.contains("<h1>Timeline <span class=\"sub\">Tuesday 24 November 2026</span></h1>"))
            #expect(html.contains(#"<svg class="chart timeline""#))
            // 110 px of labels, then half a pixel a minute: 07:00 is at 320, 11:00 at 440.
            #expect(html.contains(#"<rect class="instant" x="319""#))  // wake at 07:00
            #expect(html.contains(#"<rect class="instant" x="364""#))  // meal at 08:30
            #expect(html.contains(#"<rect class="bar" x="440" y="29" width="30""#))  // reading 11:00, running 1h
            #expect(html.contains(#"<rect class="bar" x="110" y="29" width="30""#))  // 22:00–01:00, from midnight
            #expect(html.contains("<title>reading 22:00–01:00 (3h)</title>"))
            #expect(html.contains("<title>meal 08:30 — porridge</title>"))
            #expect(html.contains(#"href="/timeline?date=2026-11-23" rel="prev""#))
            #expect(html.contains(#"href="/timeline?date=2026-11-25" rel="next""#))
            // The legend: the day's totals as the report counts them (1h of the night's 3h, and 1h running).
            #expect(html.contains("reading <span class=\"sub\">2h, 2 entries</span>"))
            let monday = try await client.execute(uri: "/timeline?date=2026-11-23", method: .get).text
            #expect(monday.contains(#"<rect class="bar" x="770" y="29" width="60""#))
            #expect(!monday.contains("class=\"instant\""))
            let empty = try await client.execute(uri: "/timeline?date=2026-11-01", method: .get).text
            #expect(empty.contains("Nothing on this day."))
            let wrong = try await client.execute(uri: "/timeline?date=someday", method: .get)
            #expect(wrong.status == .badRequest && wrong.text.contains("someday"))
        }
    }

    @Test(
        "Reports: 'By day' stacks each day's time by type with a legend, an axis of hours and the day's total; totals in hours"
    )
    func reportsByDay() async throws {
        let fixture = try WebFixture()
        // Monday: 23 hours of work; Tuesday: 6 of work, 1 of exercise, 1 of reading (running).
        try fixture.alog(["types", "add", "work", "--color", "#AA5500"])
        try fixture.alog(["track", "work", "--from", "2026-11-23T00:00:00Z", "--to", "2026-11-23T23:00:00Z"])
        try fixture.alog(["track", "work", "--from", "2026-11-24T00:00:00Z", "--to", "2026-11-24T06:00:00Z"])
        try fixture.alog(["track", "exercise", "--from", "2026-11-24T06:00:00Z", "--to", "2026-11-24T07:00:00Z"])
        let app = application(fixture.server())
        try await app.test(.router) { client in
            let html = try await client.execute(uri: "/reports?period=week&date=2026-11-23", method: .get).text
            // Hours, as the terminal counts them: 31h, not 1d 7h.
            #expect(html.contains("<p class=\"big\">31h <span class=\"sub\">"))
            #expect(html.contains("<th scope=\"row\">work</th><td>29h</td>"))
            #expect(!html.contains("1d "))
            // The columns: work in its colour, exercise and reading in colours of their own.
            #expect(html.contains(##"fill="#aa5500"><title>work: 23h</title>"##))
            #expect(html.contains("<title>2026-11-24: 8h</title>") && html.contains("<title>2026-11-23: 23h</title>"))
            #expect(html.contains(">23h</text>") && html.contains(">8h</text>"))
            #expect(html.contains(">Mon 23</text>") && html.contains(">Tue 24</text>"))
            // The axis: whole hours, six apart here (at most five lines above zero).
            for tick in ["0h", "6h", "12h", "18h", "24h"] { #expect(html.contains(">\(tick)</text>"), "\(tick)") }
            #expect(!html.contains(">30h</text>"))
            let legend = try #require(
                html.firstMatch(of: /<ul class="legend" aria-label="Types in the columns">(.*?)<\/ul>/)?.1)
            #expect(legend.contains("</svg> work</li>") && legend.contains("</svg> exercise</li>"))
            let exercise = try #require(html.firstMatch(of: /fill="(#[0-9A-Fa-f]{6})"><title>exercise: 1h<\/title>/)?.1)
            let reading = try #require(html.firstMatch(of: /fill="(#[0-9A-Fa-f]{6})"><title>reading: 1h<\/title>/)?.1)
            #expect(exercise != reading && exercise != "#aa5500" && reading != "#aa5500")
            // Every region that scrolls sideways on a phone takes the keyboard's focus.
            #expect(!html.contains("<div class=\"scroll\">"))
        }
    }

    @Test("Reports, Calendar and Sync render their commands' data as SVG and tables")
    func reportsCalendarSync() async throws {
        let fixture = try WebFixture()
        try fixture.alog(["types", "add", "reading", "--color", "#123456"])
        let app = application(fixture.server())
        try await app.test(.router) { client in
            let reports = try await client.execute(uri: "/reports?period=week&by=type", method: .get).text
            #expect(reports.contains("<ul class=\"chart bars\" aria-label=\"Time by type\"><li><span class=\"label\">"))
            #expect(reports.contains("<span class=\"value\">1h</span></li>"))
            #expect(reports.contains(##"fill="#123456""##))
            #expect(reports.contains("<th scope=\"row\">reading</th><td>1h <span class=\"sub\">(running)</span>"))
            #expect(reports.contains(#"href="/reports?period=week&date=2026-11-16&by=type""#))
            // A day, a year and the days between two dates, each with its neighbours.
            let day = try await client.execute(uri: "/reports?period=day&date=2026-11-24", method: .get).text
            #expect(day.contains(#"href="/reports?period=day&date=2026-11-23&by=type" rel="prev""#))
            #expect(day.contains(#"href="/reports?period=day&date=2026-11-25&by=type" rel="next""#))
            #expect(day.contains("<th scope=\"row\">reading</th>"))
            let year = try await client.execute(uri: "/reports?period=year", method: .get).text
            #expect(year.contains(#"href="/reports?period=year&date=2025&by=type" rel="prev""#))
            let custom = try await client.execute(uri: "/reports?from=2026-11-20&to=2026-11-23", method: .get).text
            #expect(custom.contains("<p class=\"big\">0s"))
            #expect(custom.contains(#"href="/reports?from=2026-11-16&to=2026-11-19&by=type" rel="prev""#))
            #expect(custom.contains(#"href="/reports?from=2026-11-24&to=2026-11-27&by=type" rel="next""#))
            #expect(custom.contains(#"href="/reports?from=2026-11-20&amp;to=2026-11-23&by=group""#))
            // Up to a day after today: the range up to now, not a refusal.
            let ahead = try await client.execute(uri: "/reports?from=2026-11-24&to=2026-11-30", method: .get)
            #expect(ahead.status == .ok && ahead.text.contains("<th scope=\"row\">reading</th>"))
            let wrong = try await client.execute(uri: "/reports?from=someday", method: .get)
            #expect(wrong.status == .badRequest && wrong.text.contains("someday"))
            let month = try await client.execute(uri: "/reports?period=month&date=2026-10", method: .get).text
            #expect(month.contains("Nothing in this period"))
            let calendar = try await client.execute(uri: "/calendar", method: .get).text
            #expect(calendar.contains("<svg class=\"chart calendar\""))
            // The weekdays' names and the scale outside the region that scrolls on a phone.
            #expect(calendar.contains(#"<div class="heat"><svg class="weekdays""#))
            #expect(calendar.contains(#"</svg></div></div><p class="heat-legend"><span class="sub">Less</span>"#))
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
