import Foundation
import HTTPTypes
import Hummingbird
import LedgerWeb
import TestSupport
import Testing

/// Tags on the dashboard: shown on every entry row as links, filtered by in History and
/// Reports (several: all of them), listed and changed through the API, put on and taken off on
/// an entry's page.
@Suite("Tags on the web")
struct TagWebTests {
    /// A vault with tagged entries: tags with a space and with markup in them.
    static func fixture() throws -> (WebFixture, ids: [String]) {
        let fixture = try WebFixture(entries: false)
        var ids: [String] = []
        for (index, tags) in [["+home"], ["+deep", "+Deep Focus"], [], ["+deep", "+<b>&x"]].enumerated() {
            let logged = try fixture.alog(["log", index % 2 == 0 ? "meal" : "wake", "--at", "\(7 + index):00"] + tags)
            #expect(logged.succeeded, "\(logged.stderr)")
            ids.append(logged.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        try fixture.alog(["types", "add", "code"])
        #expect(try fixture.alog(["track", "code", "+deep", "--from", "10:30", "--to", "11:45"]).succeeded)
        return (fixture, ids)
    }

    @Test("the API's reads take tag like the CLI's --tag, byte for byte; /api/tags is alog tags")
    func reads() async throws {
        let (fixture, _) = try Self.fixture()
        let app = application(fixture.server())
        try await app.test(.router) { client in
            for (uri, line) in [
                ("/api/history?tag=deep", ["history", "--json", "--tag", "deep"]),
                (
                    "/api/history?tag=deep&tag=Deep%20Focus",
                    ["history", "--json", "--tag", "deep", "--tag", "Deep Focus"]
                ),
                ("/api/report?by=tag&day=1", ["report", "--json", "--by", "tag", "--day"]),
                ("/api/report?tag=deep&day=1", ["report", "--json", "--tag", "deep", "--day"]),
                ("/api/streaks?tag=home", ["streaks", "--json", "--tag", "home"]),
                ("/api/tags", ["tags", "--json"]),
            ] {
                let response = try await client.execute(uri: uri, method: .get)
                #expect(response.status == .ok, "\(uri): \(response.text)")
                #expect(response.text == (try fixture.alog(line).stdout), "\(uri)")
            }
            let tags = try #require(try await client.execute(uri: "/api/tags", method: .get).json as? [[String: Any]])
            #expect(Set(tags.compactMap { $0["tag"] as? String }) == ["deep", "home", "Deep Focus", "<b>&x"])
        }
    }

    @Test("POST /api/tag and /api/untag: one commit each, as the CLI; a bad tag is refused and writes nothing")
    func writes() async throws {
        let (fixture, ids) = try Self.fixture()
        let app = application(fixture.server())
        try await app.test(.router) { client in
            let session = try await Session.start(client)
            var commits = try fixture.commitCount()
            let tagged = try await session.post("/api/tag", #"{"id": "\#(ids[2])", "tag": "on the road"}"#)
            #expect(tagged.status == .ok, "\(tagged.text)")
            #expect(try fixture.commitCount() == commits + 1)
            commits += 1
            #expect(try fixture.alog(["history", "--json", "--tag", "on the road"]).stdout.contains(ids[2]))
            let untagged = try await session.post("/api/untag", #"{"id": "\#(ids[0])", "tag": "+home"}"#)
            #expect(untagged.status == .ok, "\(untagged.text)")
            #expect(try fixture.commitCount() == commits + 1)
            commits += 1
            #expect(!(try fixture.alog(["history", "--json", "--tag", "home"]).stdout.contains(ids[0])))
            let refused = try await session.post("/api/tag", #"{"id": "\#(ids[0])", "tag": " spaced "}"#)
            #expect(refused.status.code == 400 && refused.errorCode == "invalidTag", "\(refused.text)")
            let missing = try await session.post("/api/tag", #"{"id": "\#(ids[0])"}"#)
            #expect(missing.status.code == 400, "\(missing.text)")
            #expect(try fixture.commitCount() == commits)
        }
        #expect(try git("fsck", "--strict", in: fixture.vault).succeeded)
    }

    @Test("History: each row's tags link to History by that tag; ?tag= keeps only those entries, in every link")
    func history() async throws {
        let (fixture, ids) = try Self.fixture()
        let app = application(fixture.server())
        try await app.test(.router) { client in
            let all = try await client.execute(uri: "/history", method: .get).text
            #expect(all.contains(#"<a class="tag" href="/history?tag=Deep%20Focus">+&quot;Deep Focus&quot;</a>"#))
            #expect(all.contains(#"<a class="tag" href="/history?tag=%3Cb%3E%26x">+&lt;b&gt;&amp;x</a>"#))
            #expect(!all.contains("<b>&x"))
            let deep = try await client.execute(uri: "/history?tag=deep", method: .get).text
            let listed = deep.matches(of: /<li id="entry-([0-9a-z]+)"/).map { String($0.1) }
            #expect(listed.count == 3 && listed.contains(ids[1]) && listed.contains(ids[3]) && !listed.contains(ids[0]))
            #expect(deep.contains(#"<input name="tag" value="deep""#))
            // As the form sends a tag with a space (`+` for the space), and a search.
            let formed = try await client.execute(uri: "/history?tag=Deep+Focus&q=", method: .get).text
            #expect(formed.matches(of: /<li id="entry-([0-9a-z]+)"/).map { String($0.1) } == [ids[1]])
            #expect(formed.contains(#"<input name="tag" value="Deep Focus""#))
            let searched = try await client.execute(uri: "/history?q=deep+focus", method: .get).text
            #expect(searched.matches(of: /<li id="entry-([0-9a-z]+)"/).map { String($0.1) } == [ids[1]])
            // Both tags: only the entry that has both.
            let both = try await client.execute(uri: "/history?tag=deep&tag=Deep%20Focus", method: .get).text
            #expect(both.matches(of: /<li id="entry-([0-9a-z]+)"/).map { String($0.1) } == [ids[1]])
            // The day's heading totals count the filtered entries.
            #expect(both.contains(#"<span class="sub">1 entry</span>"#), "\(both)")
            #expect(both.contains("&tag=deep&tag=Deep%20Focus\" download>Export CSV"))
        }
    }

    @Test("Reports by tag and with a tag filter show report --json's rows, and keep the tags in their links")
    func reports() async throws {
        let (fixture, _) = try Self.fixture()
        let app = application(fixture.server())
        try await app.test(.router) { client in
            let page = try await client.execute(uri: "/reports?period=day&by=tag", method: .get).text
            let rows = try #require(
                (try JSONSerialization.jsonObject(
                    with: Data(try fixture.alog(["report", "--json", "--by", "tag", "--day"]).stdout.utf8))
                    as? [String: Any])?["rows"] as? [[String: Any]])
            #expect(rows.count >= 4)
            for row in rows {
                let key = try #require(row["key"] as? String)
                let escaped = key.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(
                    of: "<", with: "&lt;"
                )
                .replacingOccurrences(of: ">", with: "&gt;")
                #expect(page.contains("<th scope=\"row\">\(escaped)</th>"), "\(key)")
            }
            #expect(page.contains("<strong>tag</strong>"))
            let filtered = try await client.execute(uri: "/reports?period=day&by=type&tag=deep", method: .get).text
            // Deep: a wake, a meal and the code window of 1h 15m.
            #expect(filtered.contains("1h 15m") || filtered.contains("1.25"), "\(filtered)")
            #expect(filtered.contains("&by=group&amp;tag=deep") || filtered.contains("by=group&tag=deep"))
            #expect(filtered.contains(#"<input name="tag" value="deep""#))
        }
    }

    @Test("the entry page lists its tags with a button to take each off, and a form to put one on")
    func entryPage() async throws {
        let (fixture, ids) = try Self.fixture()
        let app = application(fixture.server())
        try await app.test(.router) { client in
            let page = try await client.execute(uri: "/entry/\(ids[1])", method: .get).text
            #expect(page.contains(#"data-action="untag" data-id="\#(ids[1])" data-tag="Deep Focus""#))
            #expect(page.contains(#"data-action="untag" data-id="\#(ids[1])" data-tag="deep""#))
            #expect(page.contains(#"<form class="edit" data-action="tag" data-new"#))
            // The events table names the tag event's tags.
            #expect(page.contains("tags +&quot;Deep Focus&quot; +deep"), "\(page)")
        }
    }
}
