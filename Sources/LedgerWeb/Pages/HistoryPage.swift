import LedgerCommands
import LedgerCore
import LedgerOutput
import LedgerReports
import LedgerVault

/// History: entries newest first, 50 a page, read through the time index from a place in it
/// (`?before=TIME,ID` for older entries, `?after=TIME,ID` for newer ones, `?date=DATE` for a
/// day and older), filtered by type, group or tags (`?tag=`, several: all of them), under a
/// heading for each day with the day's totals; each entry links to its page.
enum HistoryPage {
    static let pageSize = 50

    /// What the page was asked for (the query, checked).
    struct Query {
        var before: String?
        var after: String?
        var date: String?
        var type: String?
        var group: String?
        /// Only entries with every one of these tags (`?tag=`, repeated).
        var tags: [String] = []
        /// Text to find in the types' names, the tags and the notes (`?q=`).
        var search: String?
        /// The old `?page=N`: the entries after the first (N-1)×50.
        var page: Int = 1

        /// `value`: a field's value; `values`: every value of a field given several times.
        init(_ value: (String) -> String?, values: (String) -> [String] = { _ in [] }) {
            func given(_ name: String) -> String? { value(name).flatMap { $0.isEmpty ? nil : $0 } }
            search = given("q")
            tags = TagFilter.asked(values("tag"))
            (before, after, date, type, group) = (
                given("before"), given("after"), given("date"), given("type"), given("group")
            )
            page = max(1, min(1_000_000, given("page").flatMap { Int($0) } ?? 1))
            if before != nil || after != nil || date != nil { page = 1 }
            if before != nil || date != nil { after = nil }
        }

        /// `history`'s query: one entry more than a page, to know if there are more.
        var request: HistoryQuery {
            HistoryQuery(
                limit: pageSize + 1, before: before ?? date, after: after,
                skip: page > 1 ? (page - 1) * pageSize : nil, search: search, types: type.map { [$0] } ?? [],
                groups: group.map { [$0] } ?? [], tags: tags)
        }

        /// The values asked for, for cutting a long one in a refusal.
        var words: [String] { [before, after, date, type, group, search].compactMap { $0 } + tags }

        /// The filters, as a query's tail (`&type=meal`).
        var filters: String {
            (type.map { "&type=\(percentEncoded($0))" } ?? "") + (group.map { "&group=\(percentEncoded($0))" } ?? "")
                + TagFilter.query(tags) + (search.map { "&q=\(percentEncoded($0))" } ?? "")
        }
    }

    /// The entries to show (newest first) and whether there are newer and older ones.
    static func shown(_ entries: [Listed], query: Query) -> (entries: [Listed], newer: Bool, older: Bool) {
        let more = entries.count > pageSize
        if query.after != nil {
            // The oldest entries after the place: the one too many is the newest.
            return (Array(entries.suffix(pageSize)), more, true)
        }
        return (Array(entries.prefix(pageSize)), query.before != nil || query.date != nil || query.page > 1, more)
    }

    /// `report --by=day`'s query for the days `entries` fall on (oldest to newest), the
    /// filters applied; nil for no entries, and for a search (a report counts types, not the
    /// notes a search finds: its totals would not be the list's).
    static func totals(_ entries: [Listed], query: Query, upToNow: Bool) -> ReportQuery? {
        guard query.search == nil else { return nil }
        let dates = entries.map { $0.entry.at.localDateAndTime.date }
        guard let oldest = dates.min(), let newest = dates.max() else { return nil }
        return ReportQuery(
            range: RangeWords(from: oldest.iso, to: upToNow ? nil : newest.adding(days: 1).iso), by: "day",
            types: query.type.map { [$0] } ?? [], groups: query.group.map { [$0] } ?? [], tags: query.tags)
    }

    static func render(
        entries: [Listed], totals: ReportSheet?, types: TypeListing, query: Query
    ) -> String {
        let (shown, newer, older) = shown(entries, query: query)
        var html = "<h1>History</h1>"
        html += "<form class=\"filter\" method=\"get\" action=\"/history\">"
        html += "<label>Type <select name=\"type\">" + TypeOptions.render(types, selected: query.type, every: true)
        html += "</select></label> <label>Group <select name=\"group\">"
        html += GroupOptions.render(types, selected: query.group) + "</select></label> "
        html += "<label>Up to <input type=\"date\" name=\"date\" value=\"\(esc(query.date ?? ""))\"></label> "
        html += TagFilter.fields(query.tags)
        html +=
            "<label>Search <input type=\"search\" name=\"q\" value=\"\(esc(query.search ?? ""))\" placeholder=\"note, type or tag\"></label> "
        html += "<button type=\"submit\">Show</button></form>"
        // The export is `alog export`'s, of every entry of the type and tags (it knows no groups).
        let exported = (query.type.map { "&type=\(percentEncoded($0))" } ?? "") + TagFilter.query(query.tags)
        html += "<p class=\"actions\">\(UndoButton.html) "
        html += "<a class=\"button\" href=\"/api/export?format=csv\(exported)\" download>Export CSV</a> "
        html += "<a class=\"button\" href=\"/api/export?format=json\(exported)\" download>Export JSON</a></p>"
        var byDay: [String: Rollup.Row] = [:]
        for row in totals?.rollup.rows ?? [] { byDay[row.key] = row }
        if shown.isEmpty {
            html += "<p class=\"sub\">\(newer ? "No more entries." : "No entries.")</p>"
        }
        var start = 0
        while start < shown.count {
            let date = shown[start].entry.at.localDateAndTime.date.iso
            var end = start
            while end < shown.count, shown[end].entry.at.localDateAndTime.date.iso == date { end += 1 }
            html += "<section class=\"day\"><h2>\(esc(heading(date)))"
            if let day = byDay[date] {
                html += " <span class=\"sub\">\(day.count == 1 ? "1 entry" : "\(day.count) entries")"
                if day.seconds > 0 { html += ", \(esc(formatDuration(day.seconds))) tracked" }
                html += "</span>"
            }
            html += "</h2>" + EntryList.render(Array(shown[start..<end]), empty: "", showDate: false) + "</section>"
            start = end
        }
        var links: [String] = []
        let filters = query.filters
        if newer {
            links.append("<a href=\"/history\(filters.isEmpty ? "" : "?" + filters.dropFirst())\">⇤ Newest</a>")
            if let first = shown.first {
                links.append("<a href=\"/history?after=\(cursor(first))\(filters)\" rel=\"prev\">← Newer</a>")
            }
        }
        if older, let last = shown.last {
            links.append("<a href=\"/history?before=\(cursor(last))\(filters)\" rel=\"next\">Older →</a>")
        }
        if !links.isEmpty { html += "<nav class=\"paging\" aria-label=\"Pages\">\(links.joined(separator: " "))</nav>" }
        return html
    }

    /// An entry's place in the history, as `history --before`/`--after` take it: its start and id.
    static func cursor(_ listed: Listed) -> String {
        percentEncoded(listed.entry.at.iso8601 + "," + listed.entry.id.description)
    }

    /// `Tuesday 24 November 2026`.
    static func heading(_ iso: String) -> String {
        guard let date = CivilDate.parse(iso)?.date, iso.count == 10 else { return iso }
        let weekdays = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
        let months = [
            "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
            "November", "December",
        ]
        return "\(weekdays[date.weekday - 1]) \(date.day) \(months[date.month - 1]) \(date.year)"
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

/// The tag filter of History and Reports: `?tag=` given once per tag, entries with all of them.
enum TagFilter {
    /// The tags asked for, each once, without the form's empty field.
    static func asked(_ values: [String]) -> [String] {
        var tags: [String] = []
        for tag in values where !tag.isEmpty && !tags.contains(tag) { tags.append(tag) }
        return tags
    }

    /// As a query's tail: `&tag=deep&tag=Deep%20Focus`.
    static func query(_ tags: [String]) -> String { tags.map { "&tag=\(HistoryPage.percentEncoded($0))" }.joined() }

    /// As the CLI's options: `--tag=deep`.
    static func options(_ tags: [String]) -> [String] { tags.map { "--tag=\($0)" } }

    /// A form's fields: one per tag asked for, and one more to add a tag.
    static func fields(_ tags: [String]) -> String {
        (tags + [""]).map {
            "<label>Tag <input name=\"tag\" value=\"\(esc($0))\" placeholder=\"deep\" size=\"10\" autocapitalize=\"off\"></label> "
        }.joined()
    }
}

/// Undo: `alog undo` (`POST /api/undo`), which takes back the vault's last change; the
/// message that follows says what it undid.
enum UndoButton {
    static let html =
        "<button type=\"button\" data-action=\"undo\" data-confirm=\"Undo the last change to the vault (as alog undo does)?\">Undo last change</button>"
}

/// The `<option>`s of a group `<select>`: the groups `types list` names, "every group"
/// first.
enum GroupOptions {
    static func render(_ types: TypeListing, selected: String?) -> String {
        var groups: [String] = []
        for type in types.types where !type.group.isEmpty && !groups.contains(type.group) { groups.append(type.group) }
        var html = "<option value=\"\">every group</option>"
        for group in groups.sorted() {
            html += "<option value=\"\(esc(group))\"\(group == selected ? " selected" : "")>\(esc(group))</option>"
        }
        return html
    }
}

/// One entry: what it is now, a form to edit it, delete or restore it, and every event that
/// touched it with its commit, device and author (what `alog show` prints).
enum EntryPage {
    /// What `show` found, as the page shows it: the entry with its window at the moment it was
    /// read, and the events that touched it.
    struct Shown: Sendable {
        var listed: Listed
        var records: [Vault.AuditRecord]

        init(_ shown: LedgerCommands.Shown, at moment: ReadMoment) {
            let window = shown.window.map { Render.Window($0, now: moment.now) }
            listed = Listed(shown.entry, window: window, types: shown.types)
            records = shown.records
        }
    }

    static func render(show: Shown, types: TypeListing) -> String {
        let entry = show.listed.entry
        let id = entry.id.description
        let deleted = entry.isDeleted
        var html =
            "<h1>\(iconHTML(show.listed.icon, type: entry.type)) \(esc(entry.type)) <span class=\"sub\">\(Instant.clockHTML(entry.at, dated: true))</span></h1>"
        if deleted { html += "<p class=\"problem\">This entry is deleted. Restore brings it back.</p>" }
        html += "<p class=\"sub\">id <code>\(esc(id))</code> \(EntryList.window(show.listed))</p>"
        if let note = entry.note { html += "<p class=\"note\">\(esc(note))</p>" }
        html += tagList(entry.tags, id: id, removable: !deleted)
        if deleted {
            html +=
                "<p class=\"actions\"><button type=\"button\" data-action=\"restore\" data-id=\"\(esc(id))\">Restore</button></p>"
        } else {
            html += editForm(show.listed, types: types)
        }
        html +=
            "<h2>Events</h2><div class=\"scroll\" tabindex=\"0\" role=\"region\" aria-label=\"Events\"><table class=\"events\"><thead><tr><th scope=\"col\">Event</th><th scope=\"col\">Recorded</th><th scope=\"col\">Device</th><th scope=\"col\">Author</th><th scope=\"col\">Commit</th><th scope=\"col\">Changes</th></tr></thead><tbody>"
        for record in show.records {
            let (event, commit) = (record.event, record.commit.hex)
            let recorded = LocalInstant(seconds: event.wallMillis / 1000, offset: 0)
            html += "<tr><td>\(esc(event.body.kind))</td>"
            html += "<td>\(Instant.clockHTML(recorded, dated: true))</td>"
            html += "<td><code>\(esc(event.device))</code></td>"
            html += "<td>\(esc(record.author.name))</td>"
            html += "<td><code title=\"\(esc(commit))\">\(esc(String(commit.prefix(10))))</code></td>"
            html += "<td>\(esc(changes(event.body).joined(separator: "; ")))</td></tr>"
        }
        return html + "</tbody></table></div>"
    }

    /// What an event that touches an entry set: `type meal`, `at …`, `end …`, `note …`, the
    /// task's `title` and `task` (its note's path), the tags it put on or took off.
    static func changes(_ body: EventBody) -> [String] {
        switch body {
        case .logged(let type, let at, let note):
            return ["type \(type)", "at \(at.iso8601)"] + (note.map { ["note \($0)"] } ?? [])
        case .edited(_, let changes):
            return [
                changes.type.map { "type \($0)" }, changes.at.map { "at \($0.iso8601)" },
                changes.end.map { "end \($0.iso8601)" }, changes.note.map { "note \($0)" },
            ].compactMap { $0 }
        case .started(let type, let at, let note, _, let task, _):
            return ["type \(type)", "at \(at.iso8601)"] + (note.map { ["note \($0)"] } ?? [])
                + (task.map { ["title \($0.title)", "task \($0.path)"] } ?? [])
        case .stopped(_, let at, let note):
            return ["at \(at.iso8601)"] + (note.map { ["note \($0)"] } ?? [])
        case .tagged(_, let tags, _):
            return tags.isEmpty ? [] : ["tags " + Render.tags(tags)]
        default:
            return []
        }
    }

    /// The entry's tags, each a link to History filtered by it with a button that takes it off,
    /// and a form that puts one on (`POST /api/tag`, `/api/untag`: one event each; Undo takes it
    /// back).
    private static func tagList(_ tags: [String], id: String, removable: Bool) -> String {
        var html = "<section class=\"tags\" aria-label=\"Tags\"><h2>Tags</h2>"
        if tags.isEmpty {
            html += "<p class=\"sub\">No tags.</p>"
        } else {
            html += "<ul class=\"tags\">"
            for tag in tags {
                html += "<li>" + EntryList.tagLink(tag)
                if removable {
                    html +=
                        " <button type=\"button\" class=\"quiet small\" data-action=\"untag\" data-id=\"\(esc(id))\" data-tag=\"\(esc(tag))\" aria-label=\"Take the tag \(esc(tag)) off\">take off</button>"
                }
                html += "</li>"
            }
            html += "</ul>"
        }
        if removable {
            html += "<form class=\"edit\" data-action=\"tag\" data-new aria-label=\"Put a tag on this entry\">"
            html += "<input type=\"hidden\" name=\"id\" value=\"\(esc(id))\">"
            html +=
                "<label>New tag <input name=\"tag\" maxlength=\"64\" placeholder=\"deep\" autocapitalize=\"off\"></label>"
            html += " <button type=\"submit\">Add tag</button></form>"
        }
        return html + "</section>"
    }

    private static func editForm(_ listed: Listed, types: TypeListing) -> String {
        let (entry, id, at) = (listed.entry, listed.entry.id.description, listed.entry.at.iso8601)
        let current = entry.type
        var html = "<form class=\"edit\" data-action=\"edit\" aria-label=\"Edit this entry\">"
        html += "<input type=\"hidden\" name=\"id\" value=\"\(esc(id))\">"
        html += "<label>Type <select name=\"type\" data-initial=\"\(esc(current))\">"
        html += TypeOptions.render(types, selected: current, every: false)
        html += "</select></label>"
        let timed = listed.window != nil
        html +=
            "<label>\(timed ? "Start" : "Time") <input name=\"at\" value=\"\(esc(at))\" data-initial=\"\(esc(at))\"></label>"
        if timed, let end = listed.window?.end?.iso8601 {
            html += "<label>End <input name=\"end\" value=\"\(esc(end))\" data-initial=\"\(esc(end))\"></label>"
        }
        html +=
            "<label class=\"wide\">Note <textarea name=\"note\" rows=\"2\" maxlength=\"2000\" data-initial=\"\(esc(entry.note ?? ""))\">\(esc(entry.note ?? ""))</textarea></label>"
        html += "<p class=\"actions\"><button type=\"submit\">Save changes</button> "
        html +=
            "<button type=\"button\" class=\"danger\" data-action=\"delete\" data-id=\"\(esc(id))\" data-confirm=\"Delete this entry? (Restore brings it back.)\">Delete</button></p>"
        return html + "</form>"
    }
}
