import Foundation
import HTTPTypes
import Hummingbird
import LedgerWeb
import TestSupport
import Testing

@Suite("Who may reach the dashboard, and what a write must carry")
struct SecurityTests {
    @Test("a Host that is not this server is refused (DNS rebinding)")
    func hostChecked() throws {
        let fixture = try WebFixture()
        let server = try ServeProcess(fixture)
        let port = server.port
        for host in ["evil.example", "evil.example:\(port)", "127.0.0.1:1", "localhost.evil.example:\(port)"] {
            let (status, body) = try rawGet("/api/status", host: host, port: port)
            #expect(status == 403, "\(host)")
            #expect(body.contains(#""code":"unknownHost""#))
        }
        for host in ["127.0.0.1:\(port)", "localhost:\(port)", "[::1]:\(port)", "localhost"] {
            let (status, body) = try rawGet("/api/status", host: host, port: port)
            #expect(status == 200, "\(host): \(body)")
        }
        #expect(server.interrupt() == 0)
    }

    @Test("a write needs the page's CSRF token and its own Origin; nothing is committed otherwise")
    func writesNeedCSRF() async throws {
        let fixture = try WebFixture()
        let before = try fixture.commitCount()
        let app = application(fixture.server())
        try await app.test(.router) { client in
            let session = try await Session.start(client)
            let missing = try await session.post("/api/log", #"{"type": "meal"}"#, csrf: "")
            #expect(missing.status == .forbidden)
            #expect(missing.errorCode == "csrf")
            let wrong = try await session.post(
                "/api/log", #"{"type": "meal"}"#, csrf: String(repeating: "0", count: 64))
            #expect(wrong.status == .forbidden)
            // Another session's token is worthless with this session's cookie.
            let other = try await Session.start(client)
            let swapped = try await session.post("/api/log", #"{"type": "meal"}"#, csrf: other.csrf)
            #expect(swapped.status == .forbidden)
            let crossSite = try await session.post(
                "/api/log", #"{"type": "meal"}"#, headers: [.origin: "http://evil.example"])
            #expect(crossSite.status == .forbidden)
            #expect(crossSite.errorCode == "crossOrigin")
            let sameSite = try await session.post(
                "/api/log", #"{"type": "meal"}"#, headers: [.origin: "http://localhost"])
            #expect(sameSite.status == .ok, "\(sameSite.text)")
        }
        #expect(try fixture.commitCount() == before + 1)
    }

    @Test("with a token every request carries it; a script writes with the bearer token alone")
    func tokenRequired() async throws {
        let fixture = try WebFixture()
        let token = "s3cret-token-for-the-test"
        let app = application(fixture.server(host: "0.0.0.0", token: token))
        try await app.test(.router) { client in
            let anonymous = try await client.execute(uri: "/api/status", method: .get)
            #expect(anonymous.status == .unauthorized)
            #expect(anonymous.headers[.wwwAuthenticate] == "Bearer")
            let page = try await client.execute(uri: "/", method: .get)
            #expect(page.status == .unauthorized)
            let wrong = try await client.execute(
                uri: "/api/status", method: .get, headers: [.authorization: "Bearer not-the-token-at-all"])
            #expect(wrong.status == .unauthorized)
            let bearer = try await client.execute(
                uri: "/api/status", method: .get, headers: [.authorization: "Bearer \(token)"])
            #expect(bearer.status == .ok)
            let lowercase = try await client.execute(
                uri: "/api/status", method: .get, headers: [.authorization: "bearer \(token)"])
            #expect(lowercase.status == .ok)
            let browser = try await client.execute(uri: "/", method: .get, headers: [.accept: "text/html"])
            #expect(browser.status == .unauthorized && browser.text.contains("needs its token"))
            // The address printed at start carries the token: it becomes a cookie.
            let visit = try await client.execute(uri: "/?token=\(token)", method: .get)
            #expect(visit.status == .seeOther)
            #expect(visit.headers[.location] == "/")
            let cookie = String((visit.headers[.setCookie] ?? "").prefix { $0 != ";" })
            #expect(cookie == "alog_token=\(token)")
            // The redirect goes to a path of this server, whatever the address's path looks like.
            for (path, location) in [
                ("//evil.example", "/evil.example"), ("/\\evil.example", "/evil.example"),
                ("/%2F%2Fevil.example", "/%2F%2Fevil.example"), ("/history", "/history"),
                ("///\\//evil.example/x", "/evil.example/x"),
            ] {
                let redirect = try await client.execute(uri: "\(path)?token=\(token)", method: .get)
                #expect(redirect.status == .seeOther, "\(path)")
                #expect(redirect.headers[.location] == location, "\(path)")
            }
            let withCookie = try await client.execute(uri: "/", method: .get, headers: [.cookie: cookie])
            #expect(withCookie.status == .ok)
            let write = try await client.execute(
                uri: "/api/log", method: .post,
                headers: [.authorization: "Bearer \(token)", .contentType: "application/json"],
                body: ByteBuffer(string: #"{"type": "meal"}"#))
            #expect(write.status == .ok, "\(write.text)")
            // The cookie alone does not make a write: the page's CSRF token is still needed.
            let cookieWrite = try await client.execute(
                uri: "/api/log", method: .post, headers: [.cookie: cookie, .contentType: "application/json"],
                body: ByteBuffer(string: #"{"type": "meal"}"#))
            #expect(cookieWrite.status == .forbidden)
        }
    }

    @Test("only the app's own assets are served, with a strict content security policy")
    func assetsOnly() async throws {
        let fixture = try WebFixture()
        let app = application(fixture.server())
        try await app.test(.router) { client in
            for uri in ["/assets/app.css", "/assets/app.js", "/assets/icon.svg"] {
                let response = try await client.execute(uri: uri, method: .get)
                #expect(response.status == .ok, "\(uri)")
            }
            for uri in [
                "/assets/../Package.swift", "/assets/%2e%2e%2fPackage.swift", "/assets/app.css/../../etc/passwd",
                "/etc/passwd", "/assets/", "/Package.swift",
            ] {
                let response = try await client.execute(uri: uri, method: .get)
                #expect(response.status == .notFound, "\(uri): \(response.status)")
                #expect(!response.text.contains("root:"))
            }
            // Anything else is a 404 in the CLI's shape, with the same headers.
            for uri in ["/nosuch", "//etc/passwd", "/api/show"] {
                let missing = try await client.execute(uri: uri, method: .get)
                #expect(missing.status == .notFound, "\(uri)")
                #expect(missing.errorCode == "notFound", "\(uri): \(missing.text)")
                #expect(missing.headers[.contentSecurityPolicy] != nil, "\(uri)")
            }
            let unknownEntry = try await client.execute(uri: "/entry/zzzzzzzz", method: .get)
            #expect(unknownEntry.status == .notFound && unknownEntry.text.contains("Back to History"))
            let page = try await client.execute(uri: "/", method: .get)
            let policy = page.headers[.contentSecurityPolicy] ?? ""
            #expect(policy.contains("default-src 'self'") && policy.contains("frame-ancestors 'none'"))
            #expect(page.headers[.xContentTypeOptions] == "nosniff")
        }
    }

    @Test("every answer carries the security headers: pages, HEAD, redirects, each refusal and error status")
    func headersOnEveryStatus() throws {
        let fixture = try WebFixture()
        let token = "s3cret-token-for-the-test"
        let server = try ServeProcess(fixture, arguments: ["--token", token])
        let port = server.port
        let local = "127.0.0.1:\(port)"
        let bearer = ["Authorization": "Bearer \(token)"]
        let json = bearer.merging(["Content-Type": "application/json"]) { $1 }
        var seen: Set<Int> = []
        func check(
            _ method: String, _ path: String, host: String? = nil, headers: [String: String] = bearer,
            body: String = "", expect status: Int, _ comment: Comment? = nil
        ) throws {
            let answer = try rawRequest(method, path, host: host ?? local, port: port, headers: headers, body: body)
            let what = "\(method) \(path) \(comment?.rawValue ?? "")"
            #expect(answer.status == status, "\(what): \(answer.body.prefix(300))")
            seen.insert(answer.status)
            let policy = answer.headers["content-security-policy"] ?? ""
            #expect(policy.contains("default-src 'self'") && policy.contains("frame-ancestors 'none'"), "\(what)")
            #expect(answer.headers["x-frame-options"] == "DENY", "\(what)")
            #expect(answer.headers["x-content-type-options"] == "nosniff", "\(what)")
            #expect(answer.headers["referrer-policy"] == "no-referrer", "\(what)")
            #expect(answer.headers["cache-control"] != nil, "\(what)")
        }
        try check("GET", "/", expect: 200)
        try check("HEAD", "/", expect: 200)
        try check("GET", "/assets/app.css", expect: 200)
        try check("GET", "/api/status", expect: 200)
        try check("GET", "/?token=\(token)", headers: [:], expect: 303)
        try check("GET", "/api/history?bogus=1", expect: 400)
        try check("POST", "/api/log", headers: json, body: "[1]", expect: 400)
        try check("GET", "/", headers: [:], expect: 401)
        try check("GET", "/", headers: ["Accept": "text/html"], expect: 401, "the token page")
        try check("HEAD", "/", headers: [:], expect: 401)
        try check("GET", "/", host: "evil.example", expect: 403, "unknown Host")
        try check(
            "POST", "/api/log", headers: json.merging(["Origin": "http://evil.example"]) { $1 },
            body: #"{"type": "meal"}"#, expect: 403, "cross origin")
        try check(
            "POST", "/api/log", headers: ["Cookie": "alog_token=\(token)", "Content-Type": "application/json"],
            body: #"{"type": "meal"}"#, expect: 403, "no CSRF token")
        for path in ["/nosuch", "//evil.example", "/entry/zzzzzzzz", "/api/show/zzzzzzzz", "/api/nosuch"] {
            try check("GET", path, expect: 404)
        }
        try check("HEAD", "/nosuch", expect: 404)
        try check("OPTIONS", "/", expect: 404, "a method nothing answers")
        try check("POST", "/api/stop", headers: json, expect: 200)
        try check("POST", "/api/stop", headers: json, expect: 409, "nothing running")
        try check("POST", "/api/log", headers: json.merging(["Content-Length": "100000"]) { $1 }, expect: 413)
        try check(
            "POST", "/api/log", headers: bearer.merging(["Content-Type": "text/plain"]) { $1 }, body: "meal",
            expect: 415)
        // Another writer's lock on the branch: 503, try again.
        let lock = fixture.vault + "/.git/refs/heads/main.lock"
        try writeFile(lock, "")
        try check("POST", "/api/log", headers: json, body: #"{"type": "meal"}"#, expect: 503)
        try FileManager.default.removeItem(atPath: lock)
        // A damaged branch: 500.
        let branch = fixture.vault + "/.git/refs/heads/main"
        let head = try String(contentsOfFile: branch, encoding: .utf8)
        try writeFile(branch, "not a commit\n")
        try check("GET", "/api/history", expect: 500)
        try writeFile(branch, head)
        #expect(seen == [200, 303, 400, 401, 403, 404, 409, 413, 415, 500, 503])
        #expect(server.interrupt() == 0)
    }

    @Test("the served assets are the files of Sources/LedgerWeb/Assets, byte for byte")
    func embeddedAssetsCurrent() async throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/LedgerWeb/Assets")
        let fixture = try WebFixture(entries: false)
        let app = application(fixture.server())
        try await app.test(.router) { client in
            for name in ["app.css", "app.js", "icon.svg"] {
                let file = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
                let served = try await client.execute(uri: "/assets/\(name)", method: .get).text
                #expect(served == file, "\(name) is not served as it is in Sources/LedgerWeb/Assets")
            }
        }
    }

    @Test("alog serve refuses another address without a token, and a port that is not one")
    func serveOptionsChecked() throws {
        let fixture = try WebFixture(entries: false)
        let open = try fixture.alog(["serve", "--host", "0.0.0.0"])
        #expect(open.status == 64)
        #expect(open.stderr.contains("--token"))
        let port = try fixture.alog(["serve", "--port", "70000"])
        #expect(port.status == 64)
        #expect(port.stderr.contains("not a TCP port"))
        let short = try fixture.alog(["serve", "--token", "abc"])
        #expect(short.status == 64)
        #expect(short.stderr.contains("at least 16 characters"))
    }
}
