import LedgerCore
import LedgerOutput

/// Entries as `history --json` gives them, as a list: time, type, window, note, a link to the
/// entry's page.
enum EntryList {
    static func render(_ entries: [JSONValue], empty: String, showDate: Bool = false) -> String {
        guard !entries.isEmpty else { return "<p class=\"sub\">\(esc(empty))</p>" }
        var html = "<ol class=\"entries\">"
        for entry in entries { html += row(entry, showDate: showDate) }
        return html + "</ol>"
    }

    static func row(_ entry: JSONValue, showDate: Bool) -> String {
        let id = entry["id"].string ?? ""
        let type = entry["type"].string ?? ""
        var html = "<li id=\"entry-\(esc(id))\">"
        html += "<span class=\"when\">\(Instant.clockHTML(entry["at"].string, dated: showDate))</span>"
        html +=
            "<span class=\"what\">\(iconHTML(entry["icon"].string, type: type)) \(esc(type))"
        if let title = entry["taskTitle"].string { html += " <span class=\"task\">▸ \(esc(title))</span>" }
        html += "</span>"
        html += "<span class=\"window\">\(window(entry))</span>"
        let tags = entry["tags"].array.compactMap(\.string)
        if !tags.isEmpty { html += "<span class=\"tags\">" + tags.map(tagLink).joined(separator: " ") + "</span>" }
        let label = "the \(esc(type)) entry at \(esc(entry["time"].string ?? ""))"
        html +=
            "<span class=\"row-actions\"><a class=\"details\" href=\"/entry/\(esc(id))\" aria-label=\"Details of \(label)\">details</a>"
        html +=
            " <button type=\"button\" class=\"quiet small\" data-action=\"delete\" data-id=\"\(esc(id))\" aria-label=\"Delete \(label)\">delete</button></span>"
        if let note = entry["note"].string { html += "<span class=\"note\">\(esc(note))</span>" }
        return html + "</li>"
    }

    /// A tag as the CLI writes it (`+deep`, `+"Deep Focus"`), a link to History filtered by it.
    static func tagLink(_ tag: String) -> String {
        "<a class=\"tag\" href=\"/history?tag=\(HistoryPage.percentEncoded(tag))\">\(esc(Render.tags([tag])))</a>"
    }

    /// `–10:15 (1h 15m)`, `running (10m)`, or nothing for an instant.
    static func window(_ entry: JSONValue) -> String {
        guard let seconds = entry["seconds"].int else { return "" }
        let text = formatDuration(Int64(seconds))
        if let end = entry["end"].string { return "–\(Instant.clockHTML(end)) (\(esc(text)))" }
        return "running (\(liveDuration(seconds: seconds, text: text)))"
    }
}
