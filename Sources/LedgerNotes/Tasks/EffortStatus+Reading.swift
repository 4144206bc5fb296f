extension EffortStatus {
    /// The status a frontmatter value names, in any form the plugin (or a person) writes it:
    /// `[[ems__EffortStatusDoing]]`, `ems__EffortStatusDoing`, with an alias
    /// (`[[ems__EffortStatusDoing|Doing]]`), by uid (`[[027e78f4-…]]`, `[[027e78f4-…|Doing]]`),
    /// the name followed by its uid (`[[ems__EffortStatusDoing 027e78f4-…]]`). Surrounding
    /// quotes, blanks and line breaks (a block scalar's) are ignored; an unquoted `[[…]]`, which
    /// YAML reads as a list in a list, is given here as its text, `[[…]]`. Names are matched
    /// exactly, uids in any case. Anything else is `other` with the link's target (or the text).
    public init(frontmatterValue value: String) {
        var text = Substring(value).trimmingBlanks
        if text.count >= 2, let first = text.first, first == "\"" || first == "'", text.last == first {
            text = text.dropFirst().dropLast().trimmingBlanks
        }
        if text.hasPrefix("[["), text.hasSuffix("]]"), text.count >= 4 {
            text = text.dropFirst(2).dropLast(2).trimmingBlanks
        }
        var target = text
        var alias: Substring?
        if let pipe = text.firstIndex(of: "|") {
            target = text[..<pipe].trimmingBlanks
            alias = text[text.index(after: pipe)...].trimmingBlanks
        }
        // The plugin honours an alias only when it is itself a status name: `[[uid|Done]]`'s
        // alias is display text.
        if let alias, let status = Self.named(alias) {
            self = status
        } else if let status = Self.named(target) ?? Self.withUID(target) {
            self = status
        } else if let space = target.firstIndex(of: " "), let status = Self.named(target[..<space]) {
            self = status
        } else {
            self = .other(String(target))
        }
    }

    private static func named(_ name: Substring) -> EffortStatus? {
        known.first { $0.name == name }
    }

    private static func withUID(_ text: Substring) -> EffortStatus? {
        guard text.utf8.count == 36 else { return nil }
        let lowered = text.lowercased()
        return known.first { $0.uid == lowered }
    }
}

extension Substring {
    /// Without spaces, tabs and line breaks at either end.
    fileprivate var trimmingBlanks: Substring {
        let blanks: Set<Character> = [" ", "\t", "\n", "\r", "\r\n"]
        var text = self
        while let first = text.first, blanks.contains(first) { text = text.dropFirst() }
        while let last = text.last, blanks.contains(last) { text = text.dropLast() }
        return text
    }
}
