import LedgerCommands
import LedgerCore

/// Text made safe for HTML (element content and quoted attribute values).
package func esc(_ text: String) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count)
    for character in text {
        switch character {
        case "&": result += "&amp;"
        case "<": result += "&lt;"
        case ">": result += "&gt;"
        case "\"": result += "&quot;"
        case "'": result += "&#39;"
        default: result.append(character)
        }
    }
    return result
}

/// The clock time of an ISO 8601 instant as alog writes it (`2024-03-01T10:30:00+01:00` →
/// `10:30`), and its date.
enum Instant {
    static func clock(_ iso: String?) -> String {
        guard let iso, iso.count >= 16 else { return "" }
        return String(iso.dropFirst(11).prefix(5))
    }

    /// `clock` as a `<time>` the page's script shows in the reader's zone (with the date when it
    /// is not today there), as the terminal shows times in the viewer's zone; the recorded
    /// time stays in its title.
    static func clockHTML(_ iso: String?, dated: Bool = false) -> String {
        guard let iso else { return "" }
        let text = dated ? "\(date(iso)) \(clock(iso))" : clock(iso)
        return
            "<time class=\"clock\(dated ? " dated" : "")\" datetime=\"\(esc(iso))\" title=\"\(esc(iso))\">\(esc(text))</time>"
    }

    /// `clockHTML` of an instant with its recorded offset.
    static func clockHTML(_ instant: LocalInstant, dated: Bool = false) -> String {
        clockHTML(instant.iso8601, dated: dated)
    }

    static func date(_ iso: String?) -> String {
        guard let iso, iso.count >= 10 else { return "" }
        return String(iso.prefix(10))
    }
}

/// A type's icon, hidden from screen readers (the type's name is beside it). Where the
/// browser has no emoji font, the page's script shows the type's first letter instead
/// (`data-letter`), not an empty box.
func iconHTML(_ icon: String?, type: String) -> String {
    let letter = type.first.map { String($0).uppercased() } ?? "•"
    return "<span class=\"icon\" aria-hidden=\"true\" data-letter=\"\(esc(letter))\">\(esc(icon ?? "•"))</span>"
}

/// `<time>` that the page's script keeps counting: `seconds` as the server saw them at render.
func liveDuration(seconds: Int, text: String, running: Bool = true) -> String {
    running
        ? "<time class=\"live\" data-seconds=\"\(seconds)\">\(esc(text))</time>"
        : "<time>\(esc(text))</time>"
}

/// The `<option>`s of a type `<select>` (`types list`'s order: favorites first), with
/// "every type" first for a filter.
enum TypeOptions {
    static func render(_ types: TypeListing, selected: String?, every: Bool) -> String {
        var html = every ? "<option value=\"\">every type</option>" : ""
        for type in types.types {
            let name = type.name
            let label = type.icon + " " + name
            html += "<option value=\"\(esc(name))\"\(name == selected ? " selected" : "")>\(esc(label))</option>"
        }
        return html
    }

    /// Colours told apart in light and dark, for the types of `filling` that have none.
    static let fallbackColors = [
        "#2DA44E", "#1F6FEB", "#BF3989", "#BC4C00", "#8250DF", "#1B7C83", "#9A6700", "#6E7781",
    ]

    /// Each type's colour (`types list`), for the charts; a type of `filling` without
    /// one gets one of `fallbackColors` that no other type of them has.
    static func colors(_ types: TypeListing, filling: [String] = []) -> [String: String] {
        var colors: [String: String] = [:]
        for type in types.types where !type.color.isEmpty { colors[type.name] = type.color }
        var free = fallbackColors.filter { color in !filling.contains { colors[$0]?.uppercased() == color } }
        for type in filling where colors[type] == nil && !free.isEmpty { colors[type] = free.removeFirst() }
        return colors
    }
}
