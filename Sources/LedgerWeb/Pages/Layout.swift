import HTTPTypes
import Hummingbird

/// The frame of every page: the sections' navigation, the live region, the page's CSRF token,
/// the stylesheet and the script (all served by this binary: no CDN, no external font).
enum Layout {
    static let sections: [(path: String, title: String)] = [
        ("/", "Today"), ("/timeline", "Timeline"), ("/history", "History"), ("/reports", "Reports"),
        ("/calendar", "Calendar"), ("/sync", "Sync"),
        ("/settings", "Settings"),
    ]

    /// The page, or only its `<main>` content when the page's script asks for it to refresh
    /// in place (`X-Alog-Fragment: main`).
    static func response(
        _ request: Request, title: String, section: String, csrf: String, content: String,
        status: HTTPResponse.Status = .ok
    ) -> Response {
        let fragment = request.headers[HTTPField.Name("X-Alog-Fragment")!] == "main"
        let html = fragment ? content : page(title: title, section: section, csrf: csrf, content: content)
        return Response(
            status: status, headers: [.contentType: "text/html; charset=utf-8"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: html)))
    }

    static func page(title: String, section: String, csrf: String, content: String) -> String {
        let navigation = sections.map { item in
            let current = item.path == section ? " aria-current=\"page\"" : ""
            return "<a href=\"\(item.path)\"\(current)>\(item.title)</a>"
        }.joined()
        return """
            <!doctype html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="color-scheme" content="light dark">
            <meta name="alog-csrf" content="\(esc(csrf))">
            <title>\(esc(title)) · alog</title>
            <link rel="icon" href="/assets/icon.svg" type="image/svg+xml">
            <link rel="stylesheet" href="/assets/app.css">
            <script src="/assets/app.js" defer></script>
            </head>
            <body>
            <a class="skip" href="#main">Skip to content</a>
            <header>
            <span class="brand" aria-hidden="true">alog</span>
            <nav aria-label="Sections">\(navigation)</nav>
            <span id="connection" class="connection" role="status" title="Connecting…"><span aria-hidden="true">●</span> <span class="connection-text">connecting</span></span>
            </header>
            <div id="messages" role="status" aria-live="polite"></div>
            <div id="alerts" role="alert" aria-live="assertive"></div>
            <main id="main" tabindex="-1">
            \(content)
            </main>
            </body>
            </html>
            """
    }

    /// A refusal shown in a page (the vault could not be read, say) in the CLI's words.
    static func problem(_ refusal: ReadAnswer.Refusal) -> String {
        "<p class=\"problem\" role=\"alert\">\(esc(refusal.message))</p>"
    }
}
