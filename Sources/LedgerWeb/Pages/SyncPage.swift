import LedgerVault

/// Sync: the remotes, when this clone last fetched, and "Sync now" (the result is what
/// `sync --json` says).
enum SyncPage {
    static func render(remotes: [Vault.Remote], lastFetch: String?) -> String {
        var html = "<h1>Sync</h1>"
        let items = remotes
        if items.isEmpty {
            html +=
                "<p>This vault has no remote yet. Add one in a terminal: <code>alog remote add origin URL</code>.</p>"
            return html
        }
        html +=
            "<p class=\"sub\">Last fetched: "
            + (lastFetch.map { "<time class=\"local\" datetime=\"\(esc($0))\">\(esc($0))</time>" }
                ?? "never (on this machine)") + "</p>"
        html +=
            "<div class=\"scroll\" tabindex=\"0\" role=\"region\" aria-label=\"Remotes\"><table><thead><tr><th scope=\"col\">Remote</th><th scope=\"col\">URL</th><th scope=\"col\"><span class=\"visually-hidden\">Action</span></th></tr></thead><tbody>"
        for remote in items {
            let name = remote.name
            html += "<tr><th scope=\"row\">\(esc(name))</th><td><code>\(esc(remote.url))</code></td>"
            html +=
                "<td><button type=\"button\" data-action=\"sync\" data-remote=\"\(esc(name))\" data-result=\"sync-result\">\(items.count == 1 ? "Sync now" : "Sync with " + esc(name))</button></td></tr>"
        }
        html += "</tbody></table></div>"
        return html + "<output id=\"sync-result\" class=\"result\" aria-live=\"polite\"></output>"
    }
}
