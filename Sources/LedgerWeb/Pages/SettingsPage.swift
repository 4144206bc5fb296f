import LedgerCommands
import LedgerCore
import LedgerOutput

/// Settings: a form for a new type (`types add NAME [--icon …] [--group …] [--color …]`); each
/// type's icon, group and colour (`types add NAME --icon …`, which changes only what is given),
/// its favorite mark, its place in the order (`types order`, with every type named), its name
/// (`types rename`), its removal (`types remove`: archived while entries of it remain) and its
/// daily goal (`goals set`); the removed types, each with a button that brings it back (`types
/// add NAME`). Every change is one command and one commit, refused in the CLI's words.
enum SettingsPage {
    static func render(types: TypeListing, goals: [TimerView.Goal]) -> String {
        var goalOf: [String: Int64] = [:]
        for goal in goals { goalOf[goal.type] = goal.goalSeconds }
        let favorites = types.catalog.favorites
        let listed = types.types.filter { !$0.archived }.map { (type: $0, favorite: favorites.contains($0.name)) }
        let removed = types.types.filter(\.archived)
        var html = "<h1>Settings</h1><p class=\"sub\">Types, in the order the Today page lists them.</p>"
        html += newTypeForm()
        for (index, type) in listed.enumerated() {
            html += section(type.type, index: index, listed: listed, goal: goalOf[type.type.name])
        }
        if !removed.isEmpty {
            html +=
                "<section class=\"card\" aria-labelledby=\"removed-types\"><h2 id=\"removed-types\">Removed types</h2>"
            html +=
                "<p class=\"sub\">Their entries stay in history; nothing new can be logged with them.</p><ul class=\"goals\">"
            for type in removed {
                let name = type.name
                html += "<li><span class=\"label\">\(iconHTML(type.icon, type: name)) \(esc(name))</span>"
                html +=
                    "<button type=\"button\" class=\"small\" data-action=\"type\" data-type=\"\(esc(name))\" aria-label=\"Bring back \(esc(name))\">Bring back</button></li>"
            }
            html += "</ul></section>"
        }
        return html
    }

    private static func newTypeForm() -> String {
        var html = "<section class=\"setting card\" aria-labelledby=\"new-type\"><h2 id=\"new-type\">A new type</h2>"
        html += "<form class=\"edit\" data-action=\"type\" data-new aria-label=\"A new type\">"
        for (field, title, hint) in [
            ("type", "Name", "a-z, 0-9, _ or -, starting with a letter"), ("icon", "Icon", "1 to 4 characters"),
            ("group", "Group", "up to 32 characters"), ("color", "Colour", "#rrggbb"),
        ] {
            html +=
                "<label>\(title) <input name=\"\(field)\" value=\"\" title=\"\(hint)\" autocomplete=\"off\"></label>"
        }
        html += "<p class=\"actions\"><button type=\"submit\">Add the type</button></p></form></section>"
        return html
    }

    /// One type's section: its look, favorite mark, place, goal, name and removal.
    private static func section(
        _ type: ActivityTypeDefinition, index: Int, listed: [(type: ActivityTypeDefinition, favorite: Bool)],
        goal: Int64?
    ) -> String {
        let name = type.name
        let id = "type-\(index)"
        let favorite = listed[index].favorite
        var html = "<section class=\"setting card\" aria-labelledby=\"\(esc(id))\">"
        html += "<h2 id=\"\(esc(id))\">\(iconHTML(type.icon, type: name)) \(esc(name))"
        if favorite { html += " <span class=\"sub\">★ favorite</span>" }
        html += "</h2>"
        html += "<form class=\"edit\" data-action=\"type\" aria-label=\"The look of \(esc(name))\">"
        html += "<input type=\"hidden\" name=\"type\" value=\"\(esc(name))\">"
        for (value, field, title, hint) in [
            (type.icon, "icon", "Icon", "1 to 4 characters"), (type.group, "group", "Group", "up to 32 characters"),
            (type.color, "color", "Colour", "#rrggbb, or empty for none"),
        ] {
            let value = esc(value)
            html +=
                "<label>\(title) <input name=\"\(field)\" value=\"\(value)\" data-initial=\"\(value)\" title=\"\(hint)\"></label>"
        }
        html += "<p class=\"actions\"><button type=\"submit\">Save \(esc(name))</button> "
        html +=
            favorite
            ? "<button type=\"button\" data-action=\"favorite\" data-type=\"\(esc(name))\" data-off=\"1\">Not a favorite</button>"
            : "<button type=\"button\" data-action=\"favorite\" data-type=\"\(esc(name))\">Make a favorite</button>"
        html += moveButtons(index: index, listed: listed) + "</p></form>"
        let goalText = goal.map(formatDuration) ?? ""
        html += "<form class=\"edit\" data-action=\"goal\" aria-label=\"The daily goal of \(esc(name))\">"
        html += "<input type=\"hidden\" name=\"type\" value=\"\(esc(name))\">"
        html +=
            "<label>Daily goal <input name=\"goal\" value=\"\(esc(goalText))\" data-initial=\"\(esc(goalText))\" title=\"a duration (45m, 1h30m); 0 removes it\"></label>"
        html += "<p class=\"actions\"><button type=\"submit\">Set the goal</button></p></form>"
        html += "<form class=\"edit\" data-action=\"rename\" aria-label=\"Rename \(esc(name))\">"
        html += "<input type=\"hidden\" name=\"type\" value=\"\(esc(name))\">"
        html += "<label>New name <input name=\"to\" value=\"\" data-initial=\"\"></label>"
        html += "<p class=\"actions\"><button type=\"submit\">Rename</button> "
        let confirm =
            "Remove the type \(name)? Entries of it stay in history (it is archived while they remain), nothing new can be logged with it, and Bring back undoes it."
        html +=
            "<button type=\"button\" class=\"danger\" data-action=\"remove\" data-type=\"\(esc(name))\" data-confirm=\"\(esc(confirm))\">Remove \(esc(name))</button></p></form></section>"
        return html
    }

    /// Up and Down for the type at `index`: each names every listed type in the order wanted
    /// (`types order` takes them all). Favorites always come first, so a type moves only among
    /// its own kind (favorites among favorites, the others among the others).
    private static func moveButtons(index: Int, listed: [(type: ActivityTypeDefinition, favorite: Bool)]) -> String {
        let names = listed.map(\.type.name)
        let favorite = listed[index].favorite
        var html = ""
        for (offset, word) in [(-1, "up"), (1, "down")] {
            let other = index + offset
            guard listed.indices.contains(other), listed[other].favorite == favorite else { continue }
            var order = names
            order.swapAt(index, other)
            html +=
                " <button type=\"button\" class=\"small\" data-action=\"order\" data-type=\"\(esc(names[index]))\" data-move=\"\(word)\" data-types=\"\(esc(order.joined(separator: " ")))\" aria-label=\"Move \(esc(names[index])) \(word)\">\(word == "up" ? "↑ Up" : "↓ Down")</button>"
        }
        return html
    }
}
