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
        if text.utf8.count >= 2, let first = text.utf8.first, first == 0x22 || first == 0x27, text.utf8.last == first {
            text = text.dropFirst().dropLast().trimmingBlanks
        }
        if text.utf8.count >= 4, text.hasPrefix("[["), text.hasSuffix("]]") {
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
        guard name.utf8.starts(with: prefix.utf8) else { return nil }
        return known.first { $0.name == name }
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
        func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
        var start = startIndex
        var end = endIndex
        while start < end, isBlank(utf8[start]) { start = utf8.index(after: start) }
        while start < end, isBlank(utf8[utf8.index(before: end)]) { end = utf8.index(before: end) }
        return self[start..<end]
    }
}
