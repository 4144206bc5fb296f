import LedgerCommands
import LedgerCore
import LedgerOutput

/// Entries as `history` lists them (`Listed`), as a list: time, type, window, note, a link to the
/// entry's page.
enum EntryList {
    static func render(_ entries: [Listed], empty: String, showDate: Bool = false) -> String {
        guard !entries.isEmpty else { return "<p class=\"sub\">\(esc(empty))</p>" }
        var html = "<ol class=\"entries\">"
        for entry in entries { html += row(entry, showDate: showDate) }
        return html + "</ol>"
    }

    static func row(_ listed: Listed, showDate: Bool) -> String {
        let entry = listed.entry
        let id = entry.id.description
        let type = entry.type
        var html = "<li id=\"entry-\(esc(id))\">"
        html += "<span class=\"when\">\(Instant.clockHTML(entry.at, dated: showDate))</span>"
        html += "<span class=\"what\">\(iconHTML(listed.icon, type: type)) \(esc(type))"
        if let task = entry.task { html += " <span class=\"task\">▸ \(esc(task.title))</span>" }
        html += "</span>"
        html += "<span class=\"window\">\(window(listed))</span>"
        if !entry.tags.isEmpty {
            html += "<span class=\"tags\">" + entry.tags.map(tagLink).joined(separator: " ") + "</span>"
        }
        let label = "the \(esc(type)) entry at \(esc(entry.at.localTime))"
        html +=
            "<span class=\"row-actions\"><a class=\"details\" href=\"/entry/\(esc(id))\" aria-label=\"Details of \(label)\">details</a>"
        html +=
            " <button type=\"button\" class=\"quiet small\" data-action=\"delete\" data-id=\"\(esc(id))\" aria-label=\"Delete \(label)\">delete</button></span>"
        if let note = entry.note { html += "<span class=\"note\">\(esc(note))</span>" }
        return html + "</li>"
    }

    /// A tag as the CLI writes it (`+deep`, `+"Deep Focus"`), a link to History filtered by it.
    static func tagLink(_ tag: String) -> String {
        "<a class=\"tag\" href=\"/history?tag=\(HistoryPage.percentEncoded(tag))\">\(esc(Render.tags([tag])))</a>"
    }

    /// `–10:15 (1h 15m)`, `running (10m)`, or nothing for an instant.
    static func window(_ listed: Listed) -> String {
        guard let window = listed.window else { return "" }
        let text = formatDuration(window.seconds)
        if let end = window.end { return "–\(Instant.clockHTML(end)) (\(esc(text)))" }
        return "running (\(liveDuration(seconds: Int(window.seconds), text: text)))"
    }
}
