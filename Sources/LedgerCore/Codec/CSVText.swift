/// CSV as RFC 4180 writes it, for every CSV alog prints (`export --format csv`, `report --csv`).
package enum CSVText {
    /// `text` as one field: quoted, with its quotes doubled, when it holds a comma, a quote or
    /// a line break; as it is otherwise.
    package static func field(_ text: String) -> String {
        text.contains(where: { $0 == "," || $0 == "\"" || $0.isNewline })
            ? "\"" + text.replacing("\"", with: "\"\"") + "\"" : text
    }
}
