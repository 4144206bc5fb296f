/// History: entries newest first, 50 a page, with a type filter; each links to its page.
enum HistoryPage {
    static let pageSize = 50

    static func render(entries: JSONValue, types: JSONValue, type: String?, page: Int) -> String {
        let all = entries.array
        let shown = Array(all.dropFirst((page - 1) * pageSize).prefix(pageSize))
        var html = "<h1>History</h1>"
        html += "<form class=\"filter\" method=\"get\" action=\"/history\"><label>Type <select name=\"type\">"
        html += TypeOptions.render(types, selected: type, every: true)
        html += "</select></label> <button type=\"submit\">Show</button></form>"
        html += EntryList.render(shown, empty: page > 1 ? "No more entries." : "No entries.", showDate: true)
        var links: [String] = []
        let filter = type.map { "&type=\(percentEncoded($0))" } ?? ""
        if page > 1 { links.append("<a href=\"/history?page=\(page - 1)\(filter)\" rel=\"prev\">← Newer</a>") }
        if all.count > page * pageSize {
            links.append("<a href=\"/history?page=\(page + 1)\(filter)\" rel=\"next\">Older →</a>")
        }
        if !links.isEmpty { html += "<nav class=\"paging\" aria-label=\"Pages\">\(links.joined(separator: " "))</nav>" }
        return html
    }

    /// A query value, percent-encoded.
    static func percentEncoded(_ text: String) -> String {
        var result = ""
        for byte in text.utf8 {
            if (48...57).contains(byte) || (65...90).contains(byte) || (97...122).contains(byte)
                || [45, 46, 95, 126].contains(byte)
            {
                result.append(Character(Unicode.Scalar(byte)))
            } else {
                result += "%" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
            }
        }
        return result
    }
}

/// One entry: what it is now, a form to edit it, delete or restore it, and every event that
/// touched it with its commit, device and author (what `alog show` prints).
enum EntryPage {
    static func render(show: JSONValue, types: JSONValue) -> String {
        let entry = show["entry"]
        let id = entry["id"].string ?? ""
        let deleted = entry["deleted"].bool
        var html =
            "<h1><span aria-hidden=\"true\">\(esc(entry["icon"].string ?? ""))</span> \(esc(entry["type"].string ?? "")) <span class=\"sub\">\(Instant.clockHTML(entry["at"].string, dated: true))</span></h1>"
        if deleted { html += "<p class=\"problem\">This entry is deleted. Restore brings it back.</p>" }
        html += "<p class=\"sub\">id <code>\(esc(id))</code> \(EntryList.window(entry))</p>"
        if let note = entry["note"].string { html += "<p class=\"note\">\(esc(note))</p>" }
        if deleted {
            html +=
                "<p class=\"actions\"><button type=\"button\" data-action=\"restore\" data-id=\"\(esc(id))\">Restore</button></p>"
        } else {
            html += editForm(entry, types: types)
        }
        html +=
            "<h2>Events</h2><div class=\"scroll\"><table class=\"events\"><thead><tr><th scope=\"col\">Event</th><th scope=\"col\">Recorded</th><th scope=\"col\">Device</th><th scope=\"col\">Author</th><th scope=\"col\">Commit</th><th scope=\"col\">Changes</th></tr></thead><tbody>"
        for event in show["events"].array {
            var changes: [String] = []
            for key in ["type", "at", "start", "end", "note", "goal", "title", "task"] {
                if let value = event[key].string { changes.append("\(key) \(value)") }
            }
            let commit = event["commit"].string ?? ""
            html += "<tr><td>\(esc(event["kind"].string ?? ""))</td>"
            html += "<td>\(esc(event["recordedAt"].string ?? ""))</td>"
            html += "<td><code>\(esc(event["device"].string ?? ""))</code></td>"
            html += "<td>\(esc(event["author"].string ?? ""))</td>"
            html += "<td><code title=\"\(esc(commit))\">\(esc(String(commit.prefix(10))))</code></td>"
            html += "<td>\(esc(changes.joined(separator: "; ")))</td></tr>"
        }
        return html + "</tbody></table></div>"
    }

    private static func editForm(_ entry: JSONValue, types: JSONValue) -> String {
        let id = entry["id"].string ?? ""
        let current = entry["type"].string ?? ""
        var html = "<form class=\"edit\" data-action=\"edit\" aria-label=\"Edit this entry\">"
        html += "<input type=\"hidden\" name=\"id\" value=\"\(esc(id))\">"
        html += "<label>Type <select name=\"type\" data-initial=\"\(esc(current))\">"
        html += TypeOptions.render(types, selected: current, every: false)
        html += "</select></label>"
        let timed = entry["seconds"].int != nil
        html +=
            "<label>\(timed ? "Start" : "Time") <input name=\"at\" value=\"\(esc(entry["at"].string ?? ""))\" data-initial=\"\(esc(entry["at"].string ?? ""))\"></label>"
        if timed, let end = entry["end"].string {
            html += "<label>End <input name=\"end\" value=\"\(esc(end))\" data-initial=\"\(esc(end))\"></label>"
        }
        html +=
            "<label class=\"wide\">Note <textarea name=\"note\" rows=\"2\" maxlength=\"2000\" data-initial=\"\(esc(entry["note"].string ?? ""))\">\(esc(entry["note"].string ?? ""))</textarea></label>"
        html += "<p class=\"actions\"><button type=\"submit\">Save changes</button> "
        html +=
            "<button type=\"button\" class=\"danger\" data-action=\"delete\" data-id=\"\(esc(id))\" data-confirm=\"Delete this entry? (Restore brings it back.)\">Delete</button></p>"
        return html + "</form>"
    }
}
