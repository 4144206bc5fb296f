import Foundation
import HTTPTypes
import Hummingbird
import LedgerCommands
import LedgerWeb
import TestSupport
import Testing

/// Issue 46: the server performs the entry writes as typed use cases, not as command lines,
/// and answers from their outcomes, not from printed text. What a person sees must not change:
/// each answer's `message` is the line `alog` prints for the same write, its refusals are the
/// CLI's `--json` refusals, and a value is only ever a value.
@Suite("The web's entry writes are typed use cases, answering as the CLI does")
struct TypedWriteTests {
    /// A copy of the fixture's vault as it is now, for the CLI to do the same write on.
    static func twin(of fixture: WebFixture, _ name: String) throws -> String {
        let twin = fixture.directory.sub(name)
        try FileManager.default.copyItem(atPath: fixture.vault, toPath: twin)
        return twin
    }

    @Test("each write's message is the line 'alog' prints for the same write on a copy of the vault")
    func messagesAreTheCLIsLines() async throws {
        let fixture = try WebFixture()
        let history = try fixture.alog(["history", "--json", "--type", "meal"]).stdout
        let meal = String(history.split(separator: "\"")[3])
        let app = application(fixture.server())
        try await app.test(.router) { client in
            let session = try await Session.start(client)
            let steps: [(uri: String, body: String, cli: [String])] = [
                ("/api/tag", #"{"id": "\#(meal)", "tag": "+home"}"#, ["tag", meal, "+home"]),
                ("/api/tag", #"{"id": "\#(meal)", "tag": "home"}"#, ["tag", meal, "home"]),
                ("/api/untag", #"{"id": "\#(meal)", "tag": "home"}"#, ["untag", meal, "home"]),
                ("/api/edit", #"{"id": "\#(meal)", "note": "oats"}"#, ["edit", meal, "--note", "oats"]),
                ("/api/edit", #"{"id": "\#(meal)", "note": "oats"}"#, ["edit", meal, "--note", "oats"]),
                ("/api/stop", #"{"at": "11:30"}"#, ["stop", "--at", "11:30"]),
                ("/api/undo", "", ["undo"]),
                ("/api/cancel", "", ["cancel"]),
                ("/api/delete", #"{"id": "\#(meal)"}"#, ["delete", meal]),
                ("/api/restore", #"{"id": "\#(meal)"}"#, ["restore", meal]),
                (
                    "/api/type", #"{"type": "chess", "icon": "♟", "group": "mind"}"#,
                    ["types", "add", "chess", "--icon", "♟", "--group", "mind"]
                ),
                ("/api/type", #"{"type": "chess", "icon": "♟"}"#, ["types", "add", "chess", "--icon", "♟"]),
                ("/api/favorite", #"{"type": "chess"}"#, ["types", "favorite", "chess"]),
                ("/api/favorite", #"{"type": "chess"}"#, ["types", "favorite", "chess"]),
                ("/api/goal", #"{"type": "chess", "goal": "45m"}"#, ["goals", "set", "chess", "45m"]),
                ("/api/rename", #"{"type": "chess", "to": "go"}"#, ["types", "rename", "chess", "go"]),
                ("/api/order", #"{"types": "reading go"}"#, ["types", "order", "reading", "go"]),
                ("/api/order", #"{"types": "reading go"}"#, ["types", "order", "reading", "go"]),
                ("/api/remove", #"{"type": "go"}"#, ["types", "remove", "go"]),
            ]
            for (index, step) in steps.enumerated() {
                let twin = try Self.twin(of: fixture, "twin\(index)")
                let cli = try runAlog(
                    step.cli, vault: twin, now: WebFixture.now, environment: ["HOME": fixture.directory.path])
                let response = try await session.post(step.uri, step.body)
                #expect(response.status == .ok && cli.succeeded, "\(step.uri): \(response.text) / \(cli.stderr)")
                let answer = response.json as? [String: Any]
                #expect(answer?["message"] as? String == cli.stdout.trimmingCharacters(in: .newlines), "\(step.uri)")
                // What the CLI said on stderr is in `warnings`, as sentences (without the
                // terminal's `alog: warning: `).
                let warnings = answer?["warnings"] as? [String] ?? []
                let said = cli.stderr.split(separator: "\n").map { line in
                    line.hasPrefix("alog: warning: ") ? String(line.dropFirst("alog: warning: ".count)) : String(line)
                }
                #expect(warnings == said, "\(step.uri): \(warnings) / \(said)")
            }
            // The unchanged edit said so, and wrote nothing; the vault is whole.
            #expect(try git("fsck", "--strict", in: fixture.vault).succeeded)
        }
    }

    @Test(
        "values are only values: a note of '-', '--at' or '-x' is kept as written; refusals are the CLI's --json ones")
    func valuesStayValues() async throws {
        let fixture = try WebFixture()
        let app = application(fixture.server())
        try await app.test(.router) { client in
            let session = try await Session.start(client)
            for note in ["-", "--at", "-x --vault /tmp"] {
                let body = String(
                    data: try JSONSerialization.data(withJSONObject: ["type": "meal", "note": note]), encoding: .utf8)!
                let response = try await session.post("/api/log", body)
                #expect(response.status == .ok, "\(note): \(response.text)")
                let id = try #require((response.json as? [String: Any])?["id"] as? String)
                let shown = try fixture.alog(["show", id, "--json"]).stdout
                let object = try JSONSerialization.jsonObject(with: Data(shown.utf8)) as? [String: Any]
                #expect((object?["entry"] as? [String: Any])?["note"] as? String == note, "\(shown)")
            }
            let commits = try fixture.commitCount()
            for (uri, body, cli, code) in [
                (
                    "/api/edit", #"{"id": "zzzz", "at": "08:00", "start": "08:00"}"#,
                    ["edit", "zzzz", "--at", "08:00", "--start", "08:00"], "usage"
                ),
                ("/api/log", #"{"type": "nosuchtype"}"#, ["log", "nosuchtype"], "unknownType"),
                (
                    "/api/log", #"{"type": "meal", "at": "tomorrow 10:00"}"#,
                    ["log", "meal", "--at", "tomorrow 10:00"], "invalidTime"
                ),
                ("/api/delete", #"{"id": "qqqqqqqq"}"#, ["delete", "qqqqqqqq"], "unknownEntry"),
                ("/api/stop", #"{"at": "10:00"}"#, ["stop", "--at", "10:00"], nil),
                ("/api/tag", #"{"id": "qqqqqqqq", "tag": "a\u0007b"}"#, ["tag", "qqqqqqqq", "a\u{7}b"], "invalidTag"),
            ] {
                let response = try await session.post(uri, body)
                let refusal = try fixture.alog(cli)
                #expect(!refusal.succeeded && response.status != .ok, "\(uri) \(body): \(response.text)")
                if let code { #expect(response.errorCode == code, "\(uri) \(body): \(response.text)") }
                // The same sentence the terminal shows (the JSON one has no usage lines after it).
                let first = refusal.stderr.split(separator: "\n").first.map(String.init) ?? ""
                #expect("Error: " + (response.errorMessage ?? "") == first, "\(uri) \(body)")
            }
            #expect(try fixture.commitCount() == commits, "a refusal writes nothing")
        }
    }
}

/// The API's `status`, `history` and `show` are typed queries (`ReadUseCase`): their bytes are
/// checked against the CLI's by `APITests.readsMatchTheCLI`; their refusals here.
@Suite("The web's typed reads refuse as the CLI refuses")
struct TypedReadTests {
    @Test("a history, report, calendar or streaks query the CLI refuses is refused with the same --json object")
    func refusalsAreTheCLIs() async throws {
        let fixture = try WebFixture()
        let app = application(fixture.server())
        try await app.test(.router) { client in
            for (query, cli) in [
                ("limit=abc", ["--limit", "abc"]),
                ("limit=0", ["--limit", "0"]),
                ("skip=-2", ["--skip", "-2"]),
                ("since=08:00&week=1", ["--since", "08:00", "--week"]),
                ("day=1&week=1", ["--day", "--week"]),
                ("to=10:00", ["--to", "10:00"]),
                ("range=:fortnight", [":fortnight"]),
                ("type=nosuchtype", ["--type", "nosuchtype"]),
                ("before=10:00,notanid", ["--before", "10:00,notanid"]),
                ("tag=%20x", ["--tag", " x"]),
            ] {
                let response = try await client.execute(uri: "/api/history?\(query)", method: .get)
                let refusal = try fixture.alog(["history", "--json"] + cli)
                #expect(!refusal.succeeded && response.status != .ok, "\(query): \(response.text)")
                #expect(response.text == refusal.stderr.trimmingCharacters(in: .newlines), "\(query)")
            }
            for (uri, cli) in [
                ("/api/report?by=fortnight", ["report", "--json", "--by", "fortnight"]),
                ("/api/report?tz=Not/AZone", ["report", "--json", "--tz", "Not/AZone"]),
                ("/api/report?tz=../../etc/passwd", ["report", "--json", "--tz", "../../etc/passwd"]),
                ("/api/report?from=10:00&week=1", ["report", "--json", "--from", "10:00", "--week"]),
                ("/api/calendar?weeks=0", ["calendar", "--json", "--weeks", "0"]),
                ("/api/calendar?weeks=abc", ["calendar", "--json", "--weeks", "abc"]),
                ("/api/calendar?levels=loud", ["calendar", "--json", "--levels", "loud"]),
                ("/api/calendar?type=nosuchtype", ["calendar", "--json", "nosuchtype"]),
                ("/api/streaks?tag=%20x", ["streaks", "--json", "--tag", " x"]),
            ] {
                let response = try await client.execute(uri: uri, method: .get)
                let refusal = try fixture.alog(cli)
                #expect(!refusal.succeeded && response.status != .ok, "\(uri): \(response.text)")
                #expect(response.text == refusal.stderr.trimmingCharacters(in: .newlines), "\(uri)")
            }
            let unknown = try await client.execute(uri: "/api/show/qqqqqqqq", method: .get)
            let refusal = try fixture.alog(["show", "qqqqqqqq", "--json"])
            #expect(unknown.status == .notFound && unknown.text == refusal.stderr.trimmingCharacters(in: .newlines))
        }
    }
}

@Suite("A request's time zone is its own")
struct RequestZoneTests {
    @Test("GET /api/report?tz=Asia/Tokyo answers in Tokyo and leaves the server's zone (Berlin) to every other request")
    func reportZoneStaysInItsRequest() async throws {
        let fixture = try WebFixture()
        try await application(fixture.server(zone: "Europe/Berlin")).test(.router) { client in
            func from(_ uri: String) async throws -> String {
                let response = try await client.execute(uri: uri, method: .get)
                return (response.json as? [String: Any])?["from"] as? String ?? response.text
            }
            #expect(try await from("/api/report") == "2026-11-23T00:00:00+01:00")
            #expect(try await from("/api/report?tz=Asia/Tokyo") == "2026-11-23T00:00:00+09:00")
            #expect(try await from("/api/report") == "2026-11-23T00:00:00+01:00")
            #expect(try await from("/api/report?tz=America/New_York") == "2026-11-23T00:00:00-05:00")
            let status = try await client.execute(uri: "/api/status", method: .get)
            let cli = try runAlog(
                ["status", "--json"], vault: fixture.vault, now: WebFixture.now,
                environment: ["HOME": fixture.directory.path, "TZ": "Europe/Berlin"], run: .process)
            #expect(status.text == cli.stdout, "the status of the server's own zone, as alog in Berlin prints it")
        }
    }
}

@Suite("A page's days are its request's zone's")
struct PageZoneTests {
    @Test("Timeline and Reports in a server at UTC+14: the day is the server's (25 November), not the process's (24)")
    func pagesReadTheirInvocationsZone() async throws {
        let fixture = try WebFixture()
        // 2026-11-24T12:00Z is 02:00 on the 25th there.
        try await application(fixture.server(zone: "Pacific/Kiritimati")).test(.router) { client in
            let timeline = try await client.execute(uri: "/timeline", method: .get).text
            #expect(timeline.contains("<h1>Timeline <span class=\"sub\">Wednesday 25 November 2026</span></h1>"))
            #expect(timeline.contains(#"<a href="/timeline?date=2026-11-24" rel="prev">"#))
            let day = try await client.execute(uri: "/reports?period=day", method: .get).text
            #expect(day.contains(#"<a href="/reports?period=day&date=2026-11-24&by=type" rel="prev">"#))
            #expect(day.contains(#"<a href="/reports?period=day&date=2026-11-26&by=type" rel="next">"#))
        }
    }
}

@Suite("Every endpoint performs a typed use case")
struct EveryEndpointIsTypedTests {
    @Test("each read and write of Endpoints has its typed query or request (none falls back to a command line)")
    func everyEndpointTyped() throws {
        for name in Endpoints.reads.keys.sorted() {
            #expect(try TypedReads.query(name, []) != nil, "GET /api/\(name)")
        }
        for name in Endpoints.writes.keys.sorted() {
            // Without its required fields a write is refused as missing one: it has a case.
            do {
                #expect(try TypedWrites.request(name, TypedWrites.Fields(values: [:])) != nil, "POST /api/\(name)")
            } catch {
                guard case .missing = error else { throw error }
            }
        }
    }
}
