import Foundation
import Hummingbird
import LedgerCore
import LedgerWeb
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite("The server keeps working when the vault is busy or changed underneath it")
struct ResilienceTests {
    @Test("a write while another process holds the vault's lock waits for it, then lands (no 500)")
    func lockHeld() async throws {
        let fixture = try WebFixture()
        let before = try fixture.commitCount()
        let lockPath = fixture.vault + "/.git/alog/write.lock"
        let descriptor = open(lockPath, O_RDWR | O_CREAT, 0o644)
        #expect(descriptor >= 0)
        #expect(flock(descriptor, LOCK_EX) == 0)
        let app = application(fixture.server())
        try await app.test(.router) { client in
            let session = try await Session.start(client)
            // The lock is let go a moment after the write was sent.
            let release = Task.detached {
                try await Task.sleep(for: .milliseconds(700))
                flock(descriptor, LOCK_UN)
                close(descriptor)
            }
            let started = Date()
            let response = try await session.post("/api/log", #"{"type": "meal"}"#)
            #expect(response.status == .ok, "\(response.text)")
            #expect(Date().timeIntervalSince(started) >= 0.5)
            try await release.value
        }
        #expect(try fixture.commitCount() == before + 1)
    }

    @Test("a rebuild, a plain git commit and the caches removed underneath: the next requests answer as the CLI")
    func changedUnderneath() async throws {
        let fixture = try WebFixture()
        let app = application(fixture.server())
        try await app.test(.router) { client in
            let first = try await client.execute(uri: "/api/status", method: .get)
            #expect(first.status == .ok)
            try fixture.alog(["rebuild"])
            try writeFile(fixture.vault + "/Journal.md", "a note\n")
            try git("add", "Journal.md", in: fixture.vault)
            try git("-c", "user.name=T", "-c", "user.email=t@e", "commit", "-qm", "note", in: fixture.vault)
            try? FileManager.default.removeItem(atPath: fixture.vault + "/.git/alog/summary.bin")
            for uri in ["/api/status", "/api/history", "/api/audit"] {
                let response = try await client.execute(uri: uri, method: .get)
                #expect(response.status == .ok, "\(uri)")
                let cli = uri == "/api/audit" ? ["audit", "--json"] : [String(uri.dropFirst(5)), "--json"]
                #expect(response.text == (try fixture.alog(cli)).stdout, "\(uri)")
            }
            let page = try await client.execute(uri: "/", method: .get)
            #expect(page.status == .ok && page.text.contains("<h1>Today</h1>"))
        }
    }

    @Test("a page loaded before a server restart still writes: its script takes the new CSRF token, retries once")
    func pageSurvivesRestart() async throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/node") else { return }
        let fixture = try WebFixture()
        // The page's session and token, from the first run of the server.
        let (cookie, stale) = try await withRunningServer(fixture.server(port: 0)) { port in
            try await blocking {
                let answer = try rawRequest("GET", "/api/session", host: "127.0.0.1:\(port)", port: port)
                let object = try JSONSerialization.jsonObject(with: Data(answer.body.utf8)) as? [String: Any]
                let cookie = String((answer.headers["set-cookie"] ?? "").prefix { $0 != ";" })
                return (cookie, object?["csrf"] as? String ?? "")
            }
        }
        #expect(cookie.hasPrefix("alog_session=") && !stale.isEmpty)
        let script = try String(contentsOf: Self.appScript, encoding: .utf8)
        let parts = [
            try #require(script.firstMatch(of: /const csrf = [^\n]*\n/)).0,
            try #require(script.firstMatch(of: /async function renewCSRF[\s\S]*?\n}\n/)).0,
            try #require(script.firstMatch(of: /async function post[\s\S]*?\n}\n/)).0,
        ]
        let before = try fixture.commitCount()
        try await withRunningServer(fixture.server(port: 0)) { port in
            try await blocking {
                // The stale token alone is refused, in words a page without the server's token can act on.
                let refused = try rawRequest(
                    "POST", "/api/log", host: "127.0.0.1:\(port)", port: port,
                    headers: ["Cookie": cookie, "X-Alog-CSRF": stale, "Content-Type": "application/json"],
                    body: #"{"type": "meal"}"#)
                #expect(refused.status == 403)
                #expect(refused.body.contains("restarted"), "\(refused.body)")
                #expect(refused.body.contains("GET /api/session"), "\(refused.body)")
                #expect(!refused.body.contains("Bearer"), "\(refused.body)")
                // The page's own post(), holding the token it was rendered with; the browser
                // keeps the session cookie.
                let program =
                    """
                    const meta = { content: "\(stale)", setAttribute(name, value) { this[name] = value; } };
                    globalThis.document = { querySelector: () => meta };
                    const send = globalThis.fetch;
                    globalThis.fetch = (path, init = {}) => send("http://127.0.0.1:\(port)" + path,
                      { ...init, headers: { ...(init.headers ?? {}), Cookie: "\(cookie)" } });
                    \(parts.joined())
                    post("log", { type: "meal", note: "after the restart" }).then(
                      (body) => console.log(JSON.stringify(body)),
                      (error) => { console.log("refused: " + error.message); process.exit(1); });
                    """
                let result = try runProcess("/usr/bin/node", ["-e", program])
                #expect(result.succeeded, "\(result.stdout)\(result.stderr)")
                #expect(result.stdout.contains(#""id":"#), "\(result.stdout)")
            }
        }
        #expect(try fixture.commitCount() == before + 1)
        #expect(try fixture.alog(["history", "--limit", "1"]).stdout.contains("after the restart"))
    }

    static let appScript = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources/LedgerWeb/Assets/app.js")

    @Test("the page's script counts durations as alog prints them (app.js's formatDuration against LedgerCore's)")
    func scriptFormatsDurationsAsTheCLI() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/node") else { return }
        let source = try String(contentsOf: Self.appScript, encoding: .utf8)
        let function = try #require(source.firstMatch(of: /function formatDuration[\s\S]*?\n}\n/)).0
        var samples: [Int64] = [-5, 0, 1, 59, 60, 61, 3599, 3600, 3660, 5400, 86_399, 86_400, 90_000, 1_000_000]
        var generator = SplitMix(state: 25)
        for _ in 0..<300 { samples.append(Int64(generator.next() % 20_000_000)) }
        let program = String(function) + "\nfor (const s of \(samples)) console.log(formatDuration(s));\n"
        let result = try runProcess("/usr/bin/node", ["-e", program])
        #expect(result.succeeded, "\(result.stderr)")
        #expect(result.stdout.split(separator: "\n").map(String.init) == samples.map { formatDuration($0) })
    }
}
