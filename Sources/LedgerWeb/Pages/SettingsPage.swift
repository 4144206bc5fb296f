import LedgerCore

/// Settings: each type's icon, group and colour (`types add NAME --icon … --group … --color …`,
/// which changes only what is given), its favorite mark, its name, and its daily goal (`goals
/// set`). Every change is one command and one commit, refused in the CLI's words.
enum SettingsPage {
    static func render(types: JSONValue, goals: JSONValue) -> String {
        var goalOf: [String: Int] = [:]
        for goal in goals.array {
            if let type = goal["type"].string { goalOf[type] = goal["goalSeconds"].int }
        }
        var html = "<h1>Settings</h1><p class=\"sub\">Types, in the order the Today page lists them.</p>"
        for (index, type) in types.array.enumerated() {
            let name = type["name"].string ?? ""
            let id = "type-\(index)"
            let favorite = type["favorite"].bool
            html += "<section class=\"setting card\" aria-labelledby=\"\(esc(id))\">"
            html += "<h2 id=\"\(esc(id))\">\(iconHTML(type["icon"].string, type: name)) \(esc(name))"
            if favorite { html += " <span class=\"sub\">★ favorite</span>" }
            html += "</h2>"
            html += "<form class=\"edit\" data-action=\"type\" aria-label=\"The look of \(esc(name))\">"
            html += "<input type=\"hidden\" name=\"type\" value=\"\(esc(name))\">"
            for (field, title, hint) in [
                ("icon", "Icon", "1 to 4 characters"), ("group", "Group", "up to 32 characters"),
                ("color", "Colour", "#rrggbb, or empty for none"),
            ] {
                let value = esc(type[field].string ?? "")
                html +=
                    "<label>\(title) <input name=\"\(field)\" value=\"\(value)\" data-initial=\"\(value)\" title=\"\(hint)\"></label>"
            }
            html += "<p class=\"actions\"><button type=\"submit\">Save \(esc(name))</button> "
            html +=
                favorite
                ? "<button type=\"button\" data-action=\"favorite\" data-type=\"\(esc(name))\" data-off=\"1\">Not a favorite</button></p>"
                : "<button type=\"button\" data-action=\"favorite\" data-type=\"\(esc(name))\">Make a favorite</button></p>"
            html += "</form>"
            let goal = goalOf[name].map { formatDuration(Int64($0)) } ?? ""
            html += "<form class=\"edit\" data-action=\"goal\" aria-label=\"The daily goal of \(esc(name))\">"
            html += "<input type=\"hidden\" name=\"type\" value=\"\(esc(name))\">"
            html +=
                "<label>Daily goal <input name=\"goal\" value=\"\(esc(goal))\" data-initial=\"\(esc(goal))\" title=\"a duration (45m, 1h30m); 0 removes it\"></label>"
            html += "<p class=\"actions\"><button type=\"submit\">Set the goal</button></p></form>"
            html += "<form class=\"edit\" data-action=\"rename\" aria-label=\"Rename \(esc(name))\">"
            html += "<input type=\"hidden\" name=\"type\" value=\"\(esc(name))\">"
            html += "<label>New name <input name=\"to\" value=\"\" data-initial=\"\"></label>"
            html += "<p class=\"actions\"><button type=\"submit\">Rename</button></p></form></section>"
        }
        return html
    }
}
