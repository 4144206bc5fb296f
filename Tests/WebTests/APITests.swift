import Foundation
import HTTPTypes
import Hummingbird
import LedgerWeb
import TestSupport
import Testing

@Suite("The JSON API answers what the CLI answers")
struct APITests {
    @Test("GET endpoints return the CLI's --json output byte for byte")
    func readsMatchTheCLI() async throws {
        let fixture = try WebFixture()
        let id = try fixture.alog(["history", "--json", "--limit", "1"]).stdout
        let entry = String(id.split(separator: "\"")[3])
        let cases: [(uri: String, cli: [String])] = [
            ("/api/status", ["status", "--json"]),
            ("/api/history", ["history", "--json"]),
            ("/api/history?limit=2&type=meal", ["history", "--json", "--limit", "2", "--type", "meal"]),
            ("/api/history?day=1", ["history", "--json", "--day"]),
            ("/api/history?before=08:30&limit=5", ["history", "--json", "--before", "08:30", "--limit", "5"]),
            ("/api/history?after=2026-11-24&skip=1", ["history", "--json", "--after", "2026-11-24", "--skip", "1"]),
            ("/api/report?week=1&by=group", ["report", "--json", "--week", "--by", "group"]),
            ("/api/report?range=:month", ["report", "--json", ":month"]),
            ("/api/calendar?weeks=4", ["calendar", "--json", "--weeks", "4"]),
            (
                "/api/calendar?type=meal&by=seconds&levels=quantile&weeks=2",
                ["calendar", "--json", "meal", "--by", "seconds", "--levels", "quantile", "--weeks", "2"]
            ),
            ("/api/report?by=day&type=meal", ["report", "--json", "--by", "day", "--type", "meal"]),
            (
                "/api/report?from=2026-11-20&to=2026-11-24T10:00&by=tag",
                ["report", "--json", "--from", "2026-11-20", "--to", "2026-11-24T10:00", "--by", "tag"]
            ),
            (
                "/api/report?day=1&range=2026-11-24&group=mind",
                ["report", "--json", "--day", "2026-11-24", "--group", "mind"]
            ),
            ("/api/tags", ["tags", "--json"]),
            ("/api/streaks?tag=home", ["streaks", "--json", "--tag", "home"]),
            ("/api/streaks", ["streaks", "--json"]),
            ("/api/types", ["types", "list", "--json"]),
            ("/api/goals", ["goals", "list", "--json"]),
            ("/api/remotes", ["remote", "list", "--json"]),
            ("/api/audit", ["audit", "--json"]),
            ("/api/types?all=1", ["types", "list", "--all", "--json"]),
            ("/api/show/\(entry)", ["show", entry, "--json"]),
        ]
        let app = application(fixture.server())
        try await app.test(.router) { client in
            for (uri, cli) in cases {
                let response = try await client.execute(uri: uri, method: .get)
                let expected = try fixture.alog(cli)
                #expect(response.status == .ok, "\(uri): \(response.text)")
                #expect(response.text == expected.stdout, "\(uri)")
                #expect(response.headers[.contentType] == "application/json; charset=utf-8")
            }
        }
    }

    @Test(
        "GET /api/export is 'alog export' as a file to save, in its formats and ranges; a wrong format is its refusal")
    func export() async throws {
        let fixture = try WebFixture()
        let app = application(fixture.server())
        try await app.test(.router) { client in
            for (query, cli, type, file) in [
                ("format=csv", ["export", "--format", "csv"], "text/csv; charset=utf-8", "alog-export.csv"),
                (
                    "format=json&type=meal", ["export", "--format", "json", "--type", "meal"],
                    "application/json; charset=utf-8", "alog-export.json"
                ),
                (
                    "format=csv&week=1", ["export", "--format", "csv", "--week"], "text/csv; charset=utf-8",
                    "alog-export.csv"
                ),
            ] {
                let response = try await client.execute(uri: "/api/export?\(query)", method: .get)
                #expect(response.status == .ok, "\(query): \(response.text)")
                let expected = try fixture.alog(cli).stdout
                #expect(!expected.isEmpty && response.text == expected, "\(query)")
                #expect(response.headers[.contentType] == type)
                #expect(response.headers[.contentDisposition] == "attachment; filename=\"\(file)\"")
            }
            #expect(try await client.execute(uri: "/api/export?format=csv", method: .get).text.contains("porridge"))
            let wrong = try await client.execute(uri: "/api/export?format=xml", method: .get)
            #expect(wrong.status == .badRequest && wrong.errorMessage?.contains("xml") == true, "\(wrong.text)")
            #expect(wrong.headers[.contentDisposition] == nil)
            let unknown = try await client.execute(uri: "/api/export?output=/tmp/x", method: .get)
            #expect(unknown.status == .badRequest && unknown.errorCode == "usage")
        }
    }

    @Test(
        "The Settings page's writes: a type's look, its favorite mark, its goal and its name, each one commit; refusals write nothing"
    )
    func settingsWrites() async throws {
        let fixture = try WebFixture()
        let app = application(fixture.server())
        try await app.test(.router) { client in
            let session = try await Session.start(client)
            var commits = try fixture.commitCount()
            for (uri, body, said) in [
                ("/api/type", ##"{"type": "reading", "color": "#112233", "group": "mind"}"##, "reading"),
                ("/api/favorite", #"{"type": "reading"}"#, "favorite"),
                ("/api/goal", #"{"type": "reading", "goal": "45m"}"#, "reading"),
                ("/api/favorite", #"{"type": "reading", "off": true}"#, "reading"),
                ("/api/rename", #"{"type": "reading", "to": "books"}"#, "books"),
            ] {
                let response = try await session.post(uri, body)
                #expect(response.status == .ok, "\(uri): \(response.text)")
                let message = (response.json as? [String: Any])?["message"] as? String ?? ""
                #expect(message.contains(said), "\(uri): \(message)")
                commits += 1
                #expect(try fixture.commitCount() == commits, "\(uri)")
            }
            let types = try fixture.alog(["types", "list", "--json"]).stdout
            #expect(types.contains(##""name":"books","icon":"📖","group":"mind","color":"#112233""##), "\(types)")
            #expect(
                !types.contains(
                    ##""name":"books","icon":"📖","group":"mind","color":"#112233","builtIn":false,"favorite":true"##))
            #expect(
                try fixture.alog(["goals", "list", "--json"]).stdout.contains(#""type":"books","goalSeconds":2700"#))
            // Refused as the CLI refuses, nothing written.
            for (uri, body, status) in [
                ("/api/type", #"{"type": "books", "color": "blue"}"#, HTTPResponse.Status.badRequest),
                ("/api/rename", #"{"type": "books", "to": "meal"}"#, .badRequest),
                ("/api/rename", #"{"type": "books"}"#, .badRequest),
                ("/api/goal", #"{"type": "books", "goal": "soon"}"#, .badRequest),
                ("/api/favorite", #"{"type": "nosuch"}"#, .badRequest),
            ] {
                let response = try await session.post(uri, body)
                #expect(response.status == status, "\(uri) \(body): \(response.status) \(response.text)")
                #expect(response.errorMessage?.isEmpty == false, "\(uri) \(body)")
            }
            #expect(try fixture.commitCount() == commits)
            let page = try await session.get("/settings")
            #expect(page.status == .ok)
            #expect(page.text.contains(#"<form class="edit" data-action="goal" aria-label="The daily goal of books">"#))
            #expect(page.text.contains(#"<input name="goal" value="45m" data-initial="45m""#))
            #expect(page.text.contains(##"<input name="color" value="#112233" data-initial="#112233""##))
            #expect(page.text.contains(#"data-action="favorite" data-type="books">Make a favorite"#))
        }
        #expect(try git("fsck", "--strict", in: fixture.vault).succeeded)
    }

    @Test("POST /api/log logs through the same call as 'alog log': one commit, the id answered")
    func logWrites() async throws {
        let fixture = try WebFixture()
        let before = try fixture.commitCount()
        let app = application(fixture.server())
        try await app.test(.router) { client in
            let session = try await Session.start(client)
            let response = try await session.post("/api/log", #"{"type": "meal", "at": "10:15", "note": "soup"}"#)
            #expect(response.status == .ok, "\(response.text)")
            let id = (response.json as? [String: Any])?["id"] as? String
            #expect(id?.count == 12)
            let history = try fixture.alog(["history", "--json", "--limit", "1", "--type", "meal"]).stdout
            #expect(history.contains(#""id":"\#(id ?? "?")""#) && history.contains(#""note":"soup""#))
            #expect(history.contains(#""at":"2026-11-24T10:15:00Z""#))
        }
        #expect(try fixture.commitCount() == before + 1)
        #expect(try git("fsck", "--strict", in: fixture.vault).succeeded)
        #expect(try git("log", "-1", "--format=%s", in: fixture.vault).stdout.hasPrefix("alog: log meal"))
    }

    @Test("each refusal reads as the CLI's, with a 4xx status and no commit")
    func refusalsReadAsTheCLIs() async throws {
        let fixture = try WebFixture()
        let before = try fixture.commitCount()
        let app = application(fixture.server())
        // The CLI command line whose refusal the endpoint's must read as (nil: the server's own).
        let cases: [(uri: String, body: String, status: HTTPResponse.Status, cli: [String]?)] = [
            ("/api/log", #"{"type": "nope"}"#, .badRequest, ["log", "nope"]),
            ("/api/log", #"{"type": "meal", "at": "13:30"}"#, .badRequest, ["log", "meal", "--at", "13:30"]),
            ("/api/log", #"{"type": "meal", "at": "soon"}"#, .badRequest, ["log", "meal", "--at", "soon"]),
            ("/api/edit", #"{"id": "zzzzzzzz", "note": "x"}"#, .notFound, ["edit", "zzzzzzzz", "--note", "x"]),
            ("/api/delete", #"{"id": "zzzzzzzz"}"#, .notFound, ["delete", "zzzzzzzz"]),
            ("/api/restore", #"{"id": "zz"}"#, .badRequest, ["restore", "zz"]),
            ("/api/resume", "", .conflict, ["resume"]),
            ("/api/log", #"{"type": "--vault=/tmp"}"#, .badRequest, nil),
            ("/api/log", #"{"type": "meal", "note": "\#(String(repeating: "n", count: 2001))"}"#, .badRequest, nil),
            ("/api/log", #"{"type": "meal", "when": "now"}"#, .badRequest, nil),
            ("/api/log", #"{"type": 3}"#, .badRequest, nil),
            ("/api/log", #"{"type": "meal""#, .badRequest, nil),
            ("/api/log", #"["meal"]"#, .badRequest, nil),
            ("/api/log", "{}", .badRequest, nil),
            ("/api/nothing", "{}", .notFound, nil),
        ]
        try await app.test(.router) { client in
            let session = try await Session.start(client)
            for (uri, body, status, cli) in cases {
                let response = try await session.post(uri, body)
                #expect(response.status == status, "\(uri) \(body.prefix(60)): \(response.text)")
                #expect(response.errorCode != nil, "\(uri): \(response.text)")
                if let cli {
                    // The same sentence the terminal shows.
                    let expected = try fixture.alog(cli)
                    #expect(expected.status != 0)
                    #expect(expected.stderr == "Error: \(response.errorMessage ?? "?")\n", "\(uri) \(body)")
                }
            }
            // A 10 MB body is refused before it is read whole.
            let huge = String(repeating: "a", count: 10 * 1024 * 1024)
            let large = try await session.post("/api/log", huge)
            #expect(large.status == .contentTooLarge)
            #expect(large.errorCode == "bodyTooLarge")
            // A body that is not JSON nor a form.
            let xml = try await session.post("/api/log", "<log/>", headers: [.contentType: "application/xml"])
            #expect(xml.status == .unsupportedMediaType)
        }
        #expect(try fixture.commitCount() == before)
    }

    @Test("every write endpoint does what its command does")
    func writesRoundTrip() async throws {
        let fixture = try WebFixture()
        let app = application(fixture.server())
        try await app.test(.router) { client in
            let session = try await Session.start(client)
            let stop = try await session.post("/api/stop", "")
            #expect(stop.status == .ok, "\(stop.text)")
            #expect(((stop.json as? [String: Any])?["message"] as? String)?.hasPrefix("stopped reading") == true)
            let resume = try await session.post("/api/resume", "{}")
            #expect(resume.status == .ok, "\(resume.text)")
            let cancel = try await session.post("/api/cancel", "")
            #expect(cancel.status == .ok, "\(cancel.text)")
            let started = try await session.post("/api/start", #"{"type": "reading", "goal": "30m", "note": "book"}"#)
            #expect(started.status == .ok, "\(started.text)")
            let id = try #require((started.json as? [String: Any])?["id"] as? String)
            let status = try await session.get("/api/status")
            #expect(status.text.contains(#""running":{"entry":"\#(id)""#))
            #expect(status.text.contains(#""goalSeconds":1800"#))
            let edit = try await session.post("/api/edit", #"{"id": "\#(id)", "note": "another book"}"#)
            #expect(edit.status == .ok, "\(edit.text)")
            let show = try await session.get("/api/show/\(id)")
            #expect(show.text.contains(#""note":"another book""#))
            let delete = try await session.post("/api/delete", #"{"id": "\#(id)"}"#)
            #expect(delete.status == .ok, "\(delete.text)")
            #expect(try await session.get("/api/show/\(id)").text.contains(#""deleted":true"#))
            let restore = try await session.post(
                "/api/restore", "id=\(id)", headers: [.contentType: "application/x-www-form-urlencoded"])
            #expect(restore.status == .ok, "\(restore.text)")
            let undo = try await session.post("/api/undo", "")
            #expect(undo.status == .ok, "\(undo.text)")
            #expect(((undo.json as? [String: Any])?["message"] as? String)?.hasPrefix("undid") == true)
            #expect(try await session.get("/api/show/\(id)").text.contains(#""deleted":true"#))
            // A sync without a remote is refused as the CLI refuses it.
            let sync = try await session.post("/api/sync", "")
            #expect(sync.status == .notFound)
            #expect(sync.errorCode == "noRemote")
        }
        #expect(try git("fsck", "--strict", in: fixture.vault).succeeded)
    }

    @Test(
        "50 concurrent logs all land, one commit each, while reads run beside them and each sees a whole list"
    )
    func concurrentLogs() async throws {
        let fixture = try WebFixture(entries: false)
        let before = try fixture.commitCount()
        let app = application(fixture.server())
        try await app.test(.router) { client in
            let session = try await Session.start(client)
            let ids = try await withThrowingTaskGroup(of: [String].self) { group in
                for index in 0..<50 {
                    group.addTask {
                        let response = try await session.post("/api/log", #"{"type": "meal", "note": "n\#(index)"}"#)
                        return ((response.json as? [String: Any])?["id"] as? String).map { [$0] } ?? []
                    }
                }
                // The server's one handle on the vault: reads in parallel with the writes see
                // some prefix of them, never a damaged or half-written list.
                for _ in 0..<4 {
                    group.addTask {
                        for _ in 0..<5 {
                            let read = try await client.execute(uri: "/api/history", method: .get)
                            let list = read.json as? [[String: Any]]
                            #expect(read.status == .ok && list != nil && list!.count <= 50, "\(read.text.prefix(200))")
                        }
                        return []
                    }
                }
                var ids: [String] = []
                for try await part in group { ids += part }
                return ids
            }
            #expect(Set(ids).count == 50)
        }
        #expect(try fixture.commitCount() == before + 50)
        #expect(
            try git("status", "--porcelain", in: fixture.vault).stdout.isEmpty, "the index and work tree follow HEAD")
        let history = try fixture.alog(["history", "--json"]).stdout
        #expect(history.components(separatedBy: #""type":"meal""#).count - 1 == 50)
        #expect(try git("fsck", "--strict", in: fixture.vault).succeeded)
    }

    @Test("an unknown query field or a flag that is not a boolean is a usage refusal")
    func readRefusals() async throws {
        let fixture = try WebFixture()
        let app = application(fixture.server())
        try await app.test(.router) { client in
            let unknown = try await client.execute(uri: "/api/history?vault=/etc", method: .get)
            #expect(unknown.status == .badRequest)
            #expect(unknown.errorMessage?.contains("unknown field 'vault'") == true)
            let flag = try await client.execute(uri: "/api/history?day=maybe", method: .get)
            #expect(flag.status == .badRequest)
            let limit = try await client.execute(uri: "/api/history?limit=0", method: .get)
            #expect(limit.status == .badRequest)
            #expect(
                limit.text
                    == (try fixture.alog(["history", "--limit", "0", "--json"]).stderr).trimmingCharacters(
                        in: .newlines))
            let missing = try await client.execute(uri: "/api/show/zzzzzzzz", method: .get)
            #expect(missing.status == .notFound)
        }
    }
}

@Suite("The API's documentation lists every endpoint")
struct APIDocumentationTests {
    @Test("docs/web.md and docs/web-api.openapi.yaml name each read and write the server has")
    func everyEndpointDocumented() throws {
        let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs")
        let guide = try String(contentsOf: docs.appendingPathComponent("web.md"), encoding: .utf8)
        let openAPI = try String(contentsOf: docs.appendingPathComponent("web-api.openapi.yaml"), encoding: .utf8)
        for name in Array(Endpoints.reads.keys) + Array(Endpoints.writes.keys) {
            #expect(guide.contains("`/api/\(name)`"), "docs/web.md misses /api/\(name)")
            #expect(openAPI.contains("  /api/\(name):"), "the OpenAPI file misses /api/\(name)")
        }
    }
}

@Suite("Values that a command line would read otherwise stay what they are")
struct APIValueTests {
    @Test("an empty note clears it, a note of '-' is kept, an empty time is refused without leaking the command line")
    func awkwardValues() async throws {
        let fixture = try WebFixture()
        let app = application(fixture.server())
        try await app.test(.router) { client in
            let session = try await Session.start(client)
            let logged = try await session.post("/api/log", #"{"type": "meal", "note": "-"}"#)
            let id = try #require((logged.json as? [String: Any])?["id"] as? String)
            #expect(try await session.get("/api/show/\(id)").text.contains(#""note":"-""#))
            let cleared = try await session.post("/api/edit", #"{"id": "\#(id)", "note": ""}"#)
            #expect(cleared.status == .ok, "\(cleared.text)")
            #expect(
                !(try await session.get("/api/show/\(id)").text.contains(
                    #"{"id":"\#(id)","type":"meal","at":"2026-11-24T12:00:00Z","date":"2026-11-24","time":"12:00","icon":"🍽️","note""#
                )))
            for body in [#"{"type": "meal", "at": ""}"#, #"{"type": "meal", "at": "", "note": "x"}"#] {
                let response = try await session.post("/api/log", body)
                #expect(response.status == .badRequest, "\(body)")
                #expect(response.errorMessage?.contains("--vault") == false, "\(response.text)")
                #expect(response.errorMessage?.contains("--note") == false, "\(response.text)")
            }
            let array = try await session.post(
                "/api/log", "[1, 2]", headers: [.contentType: "application/x-www-form-urlencoded"])
            #expect(array.errorCode == "malformedBody")
            let calendar = try await session.get("/api/calendar?type=meal&type=wake&weeks=2")
            #expect(calendar.text == (try fixture.alog(["calendar", "meal", "wake", "--weeks", "2", "--json"])).stdout)
        }
    }

    @Test("a form is decoded as a browser encodes it; a malformed escape or a name given twice is refused")
    func formsAndDuplicateNames() async throws {
        let fixture = try WebFixture()
        let app = application(fixture.server())
        let form: HTTPFields = [.contentType: "application/x-www-form-urlencoded"]
        try await app.test(.router) { client in
            let session = try await Session.start(client)
            let decoded = try await session.post("/api/log", "type=meal&note=a+b%26c%3D%25+caf%C3%A9", headers: form)
            let id = try #require((decoded.json as? [String: Any])?["id"] as? String, "\(decoded.text)")
            let shown = try await session.get("/api/show/\(id)")
            #expect(shown.text.contains(#""note":"a b&c=% café""#), "\(shown.text)")
            let before = try fixture.commitCount()
            for (body, words) in [
                ("type=meal&note=a+b%26c%ZZ", ["'%ZZ'", "byte 23", "'%25'"]),
                ("type=meal&note=50%", ["'%'", "byte 18"]),
                ("type=meal&note=%C3", ["not UTF-8"]),
            ] {
                let response = try await session.post("/api/log", body, headers: form)
                #expect(response.status == .badRequest, "\(body)")
                #expect(response.errorCode == "malformedBody", "\(body): \(response.text)")
                for word in words {
                    #expect(response.errorMessage?.contains(word) == true, "\(body): \(response.text)")
                }
            }
            for (body, headers) in [
                (#"{"type": "meal", "note": "first", "note": "second"}"#, HTTPFields()),
                (#"{"type": "meal", "note": "first", "\u006eote": "second"}"#, HTTPFields()),
                ("type=meal&note=first&note=second", form),
            ] {
                let response = try await session.post("/api/log", body, headers: headers)
                #expect(response.status == .badRequest, "\(body)")
                #expect(response.errorMessage == "'note' is given twice; give it once", "\(body): \(response.text)")
            }
            // Names inside a nested value are not the object's own: refused for the value's type.
            let nested = try await session.post("/api/log", #"{"type": "meal", "note": {"a": 1, "a": 2}}"#)
            #expect(nested.errorMessage == "'note' must be a string", "\(nested.text)")
            #expect(try fixture.commitCount() == before)
        }
    }
}
