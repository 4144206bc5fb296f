import Yams

/// A frontmatter value as the text alog reads from it.
enum FrontmatterText {
    /// A scalar's text; nil for a null (`~`, `null`, nothing) and for anything but a scalar,
    /// except an unquoted wikilink: YAML reads `[[x]]` as a list holding a list holding `x`,
    /// which is given back as the text `[[x]]`; and a list of one such value, its item.
    static func text(of node: Node) -> String? {
        switch node {
        case .scalar(let scalar):
            if scalar.style == .plain, ["", "~", "null", "Null", "NULL"].contains(scalar.string) { return nil }
            return scalar.string
        case .sequence(let outer) where outer.count == 1:
            if case .sequence(let inner) = outer[0], inner.count == 1, case .scalar(let scalar) = inner[0] {
                return "[[\(scalar.string)]]"
            }
            return text(of: outer[0])
        default:
            return nil
        }
    }

    /// The text of a value `text(of:)` has none for, for an unknown status: a list's items
    /// joined (`[a, b]`), `{…}` for a map, empty for a null.
    static func listed(_ node: Node) -> String {
        switch node {
        case .sequence(let sequence):
            return "[" + sequence.map { text(of: $0) ?? listed($0) }.joined(separator: ", ") + "]"
        case .mapping:
            return "{…}"
        default:
            return ""
        }
    }
}
