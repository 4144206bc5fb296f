package import LedgerCore
import LedgerOutput

/// Types as `types list` and `types search` show them: with their favorite mark, their place
/// in the order and their former names.
package struct TypeListing: Sendable {
    package var types: [ActivityTypeDefinition]
    package var catalog: TypeCatalog
    /// Where `types search` found each type (same order as `types`); nil for a listing.
    var matches: [TypeCatalog.Match]? = nil

    func json() -> String {
        let favorites = catalog.favorites
        let order = catalog.order
        return JSONText.array(
            types.enumerated().map { position, type in
                JSONText.object([
                    ("name", JSONText.string(type.name)), ("icon", JSONText.string(type.icon)),
                    ("group", JSONText.string(type.group)), ("color", JSONText.string(type.color)),
                    ("builtIn", ActivityTypes.builtIn(type.name) != nil ? "true" : "false"),
                    ("archived", type.archived ? "true" : nil),
                    ("favorite", favorites.contains(type.name) ? "true" : "false"),
                    ("order", order.firstIndex(of: type.name).map { String($0 + 1) }),
                    ("formerNames", formerNamesJSON(type.name)),
                    ("match", matches.map { JSONText.string(Self.word($0[position])) }),
                ])
            })
    }

    private func formerNamesJSON(_ name: String) -> String? {
        let former = catalog.formerNames(of: name)
        return former.isEmpty ? nil : JSONText.array(former.map(JSONText.string))
    }

    func lines() -> [String] {
        let favorites = catalog.favorites
        return types.map { type in
            let mark = favorites.contains(type.name) ? "★ " : "  "
            let former = catalog.formerNames(of: type.name)
            return mark
                + "\(Terminal.pad(Render.label(type.name, Render.typeMap([type])), 18))  \(Terminal.pad(DisplayText.line(type.group, width: 40), 10))  \(Terminal.pad(DisplayText.line(type.color, width: 20), 7))"
                + (type.archived ? "  " + Terminal.dim("(removed)") : "")
                + (former.isEmpty ? "" : "  " + Terminal.dim("(was " + former.joined(separator: ", ") + ")"))
        }
    }

    static func word(_ match: TypeCatalog.Match) -> String {
        switch match {
        case .name, .namePrefix, .nameContains: "name"
        case .formerName: "formerName"
        case .group: "group"
        case .icon: "icon"
        }
    }
}
