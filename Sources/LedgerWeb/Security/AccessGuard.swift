import HTTPTypes
package import Hummingbird
package import LedgerCore
package import LedgerSystem

/// Who may reach the server and what a request must carry (docs/web.md, "Security"):
///
/// - every request names this server in `Host` (a page of another site that rebinds its DNS
///   name to 127.0.0.1 sends its own name: refused);
/// - with a token (`--token`, `ALOG_SERVE_TOKEN`), every request carries it, as
///   `Authorization: Bearer TOKEN` or the cookie a visit to `/?token=TOKEN` sets;
/// - a write (`POST`) comes from this server's own pages (`Origin`, when sent, is this
///   server) and carries the page's CSRF token (`X-Alog-CSRF`), or the bearer token.
///
/// Every answer forbids framing, sniffing and any script or style from elsewhere.
package struct AccessGuard: RouterMiddleware {
    package typealias Context = WebContext

    package let host: String
    package let token: String?
    package let keys: SessionKeys
    /// The port the server listens on (known once it is bound, for `--port 0`).
    package let port: Locked<Int>

    package static var sessionCookie: String { "alog_session" }
    package static var tokenCookie: String { "alog_token" }
    package static var csrfHeader: String { "X-Alog-CSRF" }

    /// Every answer, the guard's own refusals and the router's errors included, leaves with the
    /// security headers.
    package func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let response: Response
        do {
            response = try await admit(request, context: context, next: next)
        } catch let error as any HTTPResponseError {
            response = Self.refusal(error, request)
        } catch {
            response = Self.refusal(
                .error, message: "the server failed: \("\(error)".prefix(200))")
        }
        return Self.secured(response)
    }

    /// The request checked (Host, token, Origin, CSRF) and, when it passes, answered.
    private func admit(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        var context = context
        let authority = request.head.authority
        guard let authority, hostAllowed(authority) else {
            return Self.refusal(
                .unknownHost,
                message:
                    "this server answers to \(allowedNames.first!):\(port.withLock { $0 }), not \(authority.map { "'\($0.prefix(80))'" } ?? "a request without Host")"
            )
        }
        let cookies = Self.cookies(request.headers[.cookie])
        // The scheme's name is case-insensitive (RFC 9110).
        let bearer = request.headers[.authorization].flatMap { value in
            value.lowercased().hasPrefix("bearer ")
                ? String(value.dropFirst("Bearer ".count).drop { $0 == " " }) : nil
        }
        var setCookies: [String] = []
        var bearerValid = false
        if let token {
            bearerValid = bearer.map { SessionKeys.constantTimeEqual($0, token) } ?? false
            let cookieValid = cookies[Self.tokenCookie].map { SessionKeys.constantTimeEqual($0, token) } ?? false
            if !bearerValid && !cookieValid {
                // A visit to a link with the token in it (printed at start): keep it in a
                // cookie and go on without it in the address bar.
                if request.method == .get, let given = request.uri.queryParameters.get("token"),
                    SessionKeys.constantTimeEqual(given, token)
                {
                    var response = Response(status: .seeOther, headers: [.location: Self.localPath(request.uri.path)])
                    response.headers.append(
                        HTTPField(name: .setCookie, value: Self.cookie(Self.tokenCookie, token, maxAge: 30 * 86400)))
                    return response
                }
                let message =
                    "this server needs its token: send 'Authorization: Bearer TOKEN', or open the address 'alog serve' printed (it carries the token)"
                var response = Self.refusal(.unauthorized, message: message)
                // A browser gets a page that says what to do.
                if request.headers[.accept]?.contains("text/html") == true {
                    response = Response(
                        status: .unauthorized, headers: [.contentType: "text/html; charset=utf-8"],
                        body: ResponseBody(
                            byteBuffer: ByteBuffer(
                                string:
                                    "<!doctype html><html lang=\"en\"><meta charset=\"utf-8\"><title>alog: token needed</title><h1>This dashboard needs its token</h1><p>Open the address <code>alog serve</code> printed when it started: it carries the token (<code>http://…/?token=…</code>). Scripts send <code>Authorization: Bearer TOKEN</code>.</p></html>"
                            )))
                }
                response.headers[.wwwAuthenticate] = "Bearer"
                return response
            }
        }
        let existing = cookies[Self.sessionCookie].flatMap { SessionKeys.isSession($0) ? $0 : nil }
        if let existing {
            context.session = existing
        } else {
            let session = keys.newSession()
            context.session = session
            setCookies.append(Self.cookie(Self.sessionCookie, session, maxAge: nil))
        }
        if ![.get, .head].contains(request.method) {
            if let origin = request.headers[.origin], origin != "http://" + authority {
                return Self.refusal(
                    .crossOrigin,
                    message: "a write from '\(origin.prefix(80))' is refused: only this server's own pages may write")
            }
            if !bearerValid {
                let csrf = request.headers[HTTPField.Name(Self.csrfHeader)!]
                guard let csrf, let existing, keys.verify(csrf, session: existing) else {
                    return Self.refusal(.csrf, message: csrfMessage(given: csrf != nil))
                }
            }
        }
        var response = try await next(request, context)
        for cookie in setCookies { response.headers.append(HTTPField(name: .setCookie, value: cookie)) }
        return response
    }

    /// `path` as a path of this server, for a `Location`: a browser reads `//host/…` and `/\host/…`
    /// (and either with tabs or line breaks, which it drops) as another site's address, so the
    /// leading slashes, backslashes and blanks become one `/`.
    static func localPath(_ path: String) -> String {
        "/" + path.drop { "/\\ \t\r\n".contains($0) }
    }

    /// Why a write without a valid CSRF token is refused, and what gets one. The page's own
    /// script takes a fresh token and retries by itself; a script without the server's token
    /// cannot send a bearer token, so that is only suggested when the server has one.
    private func csrfMessage(given: Bool) -> String {
        let what =
            given
            ? "this write's CSRF token (header \(Self.csrfHeader)) is not this session's: the server restarted since the page was loaded, or the token is another session's"
            : "this write lacks its session's CSRF token (header \(Self.csrfHeader))"
        let remedy =
            "GET /api/session (with the \(Self.sessionCookie) cookie) answers the current one, which the page's script takes by itself; reloading the page works too"
        return what + "; " + remedy + (token == nil ? "" : ", or a script sends 'Authorization: Bearer TOKEN' instead")
    }

    /// The names this server answers to: the loopback names, and the bound address.
    private var allowedNames: [String] {
        var names = ["127.0.0.1", "localhost", "[::1]"]
        if !ServeHost.isWildcard(host) { names.insert(host.contains(":") ? "[\(host)]" : host, at: 0) }
        return names
    }

    private func hostAllowed(_ authority: String) -> Bool {
        let port = self.port.withLock { $0 }
        // A browser names the port unless it is 80; a name without one is still checked.
        let (name, given) = Self.split(authority)
        guard given == nil || given == port else { return false }
        // Bound to every address (with a token, which every request carries): any name.
        if ServeHost.isWildcard(host) { return true }
        return allowedNames.contains(name.lowercased())
    }

    /// `host:port` (or `[v6]:port`) split.
    static func split(_ authority: String) -> (String, Int?) {
        if let colon = authority.lastIndex(of: ":"), !authority[colon...].contains("]") {
            return (String(authority[..<colon]), Int(authority[authority.index(after: colon)...]))
        }
        return (authority, nil)
    }

    /// The security headers every answer carries.
    private static func secured(_ response: Response) -> Response {
        var response = response
        response.headers[.contentSecurityPolicy] =
            "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'"
        response.headers[.xContentTypeOptions] = "nosniff"
        response.headers[HTTPField.Name("X-Frame-Options")!] = "DENY"
        response.headers[HTTPField.Name("Referrer-Policy")!] = "no-referrer"
        if response.headers[.cacheControl] == nil { response.headers[.cacheControl] = "no-store" }
        return response
    }

    static func cookies(_ header: String?) -> [String: String] {
        var result: [String: String] = [:]
        for part in (header ?? "").split(separator: ";") {
            let pair = part.split(separator: "=", maxSplits: 1)
            guard pair.count == 2 else { continue }
            result[pair[0].trimmingCharacters(in: " ")] = pair[1].trimmingCharacters(in: " ")
        }
        return result
    }

    static func cookie(_ name: String, _ value: String, maxAge: Int?) -> String {
        "\(name)=\(value); Path=/; HttpOnly; SameSite=Strict" + (maxAge.map { "; Max-Age=\($0)" } ?? "")
    }

    /// An error the router threw (a path or method nothing answers), in the CLI's JSON shape.
    private static func refusal(_ error: any HTTPResponseError, _ request: Request) -> Response {
        if error.status == .notFound {
            return notFound(request)
        }
        let message = (error as? HTTPError)?.body ?? error.status.reasonPhrase
        return refusal(error.status.code < 500 ? .badRequest : .error, message: message, status: error.status)
    }

    /// Nothing at this path (or for this method).
    package static func notFound(_ request: Request) -> Response {
        refusal(
            .notFound,
            message:
                "nothing at \(request.method) \(request.uri.path.prefix(80)); the pages are / (Today), /history, /reports, /calendar and /sync, the API is under /api/ (docs/web.md)"
        )
    }

    /// A refusal in the CLI's JSON shape, with the HTTP status of its code (`ErrorCode.httpStatus`)
    /// unless `status` says another (a router's own refusal keeps the status it was thrown with).
    package static func refusal(
        _ code: ErrorCode, message: String, status: HTTPResponse.Status? = nil
    ) -> Response {
        var response = Response(
            status: status ?? HTTPResponse.Status(code: code.httpStatus),
            headers: [.contentType: "application/json; charset=utf-8"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: ReadAnswer.Refusal(code: code, message: message).json)))
        response.headers[.cacheControl] = "no-store"
        return response
    }
}

extension Substring {
    fileprivate func trimmingCharacters(in set: Character) -> String {
        String(drop { $0 == set }.reversed().drop { $0 == set }.reversed())
    }
}

/// The `--host` values that mean every address.
package enum ServeHost {
    package static func isWildcard(_ host: String) -> Bool { ["0.0.0.0", "::", "[::]", "*"].contains(host) }
}
