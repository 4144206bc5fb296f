import Hummingbird
import LedgerCore

/// The dashboard's own files, compiled into the binary (SwiftPM's `embedInCode` resources,
/// `PackageResources`): nothing is read from disk, so no request can reach a file outside them.
enum Assets {
    static let files: [String: (type: String, body: [UInt8])] = [
        "app.css": ("text/css; charset=utf-8", PackageResources.app_css),
        "app.js": ("text/javascript; charset=utf-8", PackageResources.app_js),
        "icon.svg": ("image/svg+xml", PackageResources.icon_svg),
    ]

    static func register(on router: Router<WebContext>) {
        router.get("/assets/:name") { _, context in
            guard let name = context.parameters.get("name"), let file = files[name] else {
                return AccessGuard.refusal(.notFound, message: "no such asset")
            }
            var response = Response(
                status: .ok, headers: [.contentType: file.type],
                body: ResponseBody(byteBuffer: ByteBuffer(bytes: file.body)))
            response.headers[.cacheControl] = "no-cache"
            return response
        }
    }
}
