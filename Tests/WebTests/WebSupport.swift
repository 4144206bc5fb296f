import Foundation
import HTTPTypes
import Hummingbird
import LedgerCommands
import LedgerWeb
import TestSupport

/// A vault with a few entries, and the dashboard's server on it with the same pinned clock and
/// zone the CLI runs of the test use.
struct WebFixture {
    static let now = "2026-11-24T12:00:00Z"
    let directory = TemporaryDirectory("web")
    var vault: String { directory.sub("vault") }

    /// The environment of the server's commands: what `runAlog` gives its runs.
    var environment: [String: String] {
        var env = ProcessInfo.processInfo.environment
        env["TZ"] = "UTC"
        env["ALOG_NOW"] = Self.now
        env["HOME"] = directory.path
        env["XDG_CONFIG_HOME"] = directory.sub("config")
        env["GIT_AUTHOR_NAME"] = "Test Person"
        env["GIT_AUTHOR_EMAIL"] = "test@example.com"
        env["GIT_COMMITTER_NAME"] = "Test Person"
        env["GIT_COMMITTER_EMAIL"] = "test@example.com"
        return env
    }

    init(entries: Bool = true) throws {
        try alog(["init"])
        guard entries else { return }
        try alog(["log", "wake", "--at", "07:00"])
        try alog(["log", "meal", "--at", "08:30", "--note", "porridge"])
        try alog(["types", "add", "reading", "--icon", "📖", "--group", "mind"])
        try alog(["start", "reading", "--at", "11:00", "--goal", "2h"])
    }

    @discardableResult
    func alog(_ arguments: [String], now: String = WebFixture.now) throws -> ProcessResult {
        try runAlog(arguments, vault: vault, now: now, environment: ["HOME": directory.path])
    }

    func server(host: String = "127.0.0.1", port: Int = 8787, token: String? = nil) -> WebServer {
        WebServer(
            settings: ServeSettings(host: host, port: port, token: token, openBrowser: false, vault: vault),
            environment: environment)
    }

    /// The server with the fixture's environment, its zone (`TZ`) `zone`.
    func server(zone: String) -> WebServer {
        var environment = self.environment
        environment["TZ"] = zone
        return WebServer(
            settings: ServeSettings(host: "127.0.0.1", port: 8787, token: nil, openBrowser: false, vault: vault),
            environment: environment)
    }

    func commitCount() throws -> Int {
        Int(try git("rev-list", "--count", "HEAD", in: vault).stdout.trimmingCharacters(in: .whitespacesAndNewlines))!
    }
}

extension TestResponse {
    var text: String { String(buffer: body) }
    var json: Any? { try? JSONSerialization.jsonObject(with: Data(text.utf8)) }
    var errorCode: String? { ((json as? [String: Any])?["error"] as? [String: Any])?["code"] as? String }
    var errorMessage: String? { ((json as? [String: Any])?["error"] as? [String: Any])?["message"] as? String }
}

/// A browser session against the router: the cookie and CSRF token a page would hold.
struct Session {
    let client: any TestClientProtocol
    var cookie = ""
    var csrf = ""

    static func start(_ client: any TestClientProtocol) async throws -> Session {
        var session = Session(client: client)
        let response = try await client.execute(uri: "/api/session", method: .get)
        let setCookie = response.headers[.setCookie] ?? ""
        session.cookie = String(setCookie.prefix { $0 != ";" })
        session.csrf = ((response.json as? [String: Any])?["csrf"] as? String) ?? ""
        return session
    }

    func get(_ uri: String, headers: HTTPFields = [:]) async throws -> TestResponse {
        var headers = headers
        headers[.cookie] = cookie
        return try await client.execute(uri: uri, method: .get, headers: headers)
    }

    func post(_ uri: String, _ body: String, headers: HTTPFields = [:], csrf: String? = nil) async throws
        -> TestResponse
    {
        var fields: HTTPFields = [.cookie: cookie, .contentType: "application/json"]
        fields[HTTPField.Name("X-Alog-CSRF")!] = csrf ?? self.csrf
        for field in headers { fields[field.name] = field.value }
        return try await client.execute(uri: uri, method: .post, headers: fields, body: ByteBuffer(string: body))
    }
}

func application(_ server: WebServer) -> some ApplicationProtocol {
    server.application()
}
