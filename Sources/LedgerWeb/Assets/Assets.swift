import Hummingbird

/// The dashboard's own files, compiled into the binary (`EmbeddedAssets`): nothing is read from
/// disk, so no request can reach a file outside them.
enum Assets {
    static let files: [String: (type: String, body: String)] = [
        "app.css": ("text/css; charset=utf-8", EmbeddedAssets.appCss),
        "app.js": ("text/javascript; charset=utf-8", EmbeddedAssets.appJs),
        "icon.svg": ("image/svg+xml", EmbeddedAssets.iconSvg),
    ]

    static func register(on router: Router<WebContext>) {
        router.get("/assets/:name") { _, context in
            guard let name = context.parameters.get("name"), let file = files[name] else {
                return AccessGuard.refusal(.notFound, code: "notFound", message: "no such asset")
            }
            var response = Response(
                status: .ok, headers: [.contentType: file.type],
                body: ResponseBody(byteBuffer: ByteBuffer(string: file.body + "\n")))
            response.headers[.cacheControl] = "no-cache"
            return response
        }
    }
}
