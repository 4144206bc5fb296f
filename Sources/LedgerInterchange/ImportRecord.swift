package import LedgerCore

/// One interval read from another tracker, before it becomes an alog entry: where it came from
/// (file and line, for errors), its window, and the names the tracker gave it.
package struct ImportRecord: Sendable, Equatable {
    /// The file and line (or frame number) it was read from.
    package var file: String
    package var line: Int
    /// What identifies the record in its tracker, stable across exports of the same data
    /// (timewarrior: the start, as its intervals never overlap; Watson: the frame's id).
    package var identity: String
    package var start: Int64
    /// Nil for an open interval (still running in the tracker).
    package var end: Int64?
    /// timewarrior's tags (sorted, as it keeps them), Watson's tags.
    package var tags: [String]
    /// Watson's project.
    package var project: String?
    /// timewarrior's annotation; a CSV row's note.
    package var annotation: String?
    /// An alog id the record already has (a CSV row exported by alog): the entry keeps it.
    package var id: EventID?
    /// A point in time, not a window (a CSV row with neither end nor seconds).
    package var isInstant = false
    /// The recorder's UTC offsets at the start and the end, when the source kept them (CSV's
    /// ISO times): the entry keeps them.
    package var offset: Int32?
    package var endOffset: Int32?
    /// The type's group, when the source names it (CSV): a type defined on the way gets it.
    package var group: String?

    package init(
        file: String, line: Int, identity: String, start: Int64, end: Int64?, tags: [String], project: String? = nil,
        annotation: String? = nil
    ) {
        (self.file, self.line, self.identity, self.start, self.end) = (file, line, identity, start, end)
        (self.tags, self.project, self.annotation) = (tags, project, annotation)
    }
}

/// A record that cannot be read: where, and why.
package struct ImportError: CodedError, CustomStringConvertible, Sendable, Equatable {
    package var file: String
    package var line: Int
    package var reason: String
    package var code: ErrorCode { .invalidImport }

    package init(file: String, line: Int, reason: String) { (self.file, self.line, self.reason) = (file, line, reason) }

    package var description: String { "\(DisplayText.escaped(file)):\(line): \(reason)" }
}

/// Which name of a record becomes its alog type.
package enum TypeSource: Sendable, Equatable {
    /// The first tag (timewarrior keeps tags sorted), else the project.
    case firstTag
    /// The project, else the first tag.
    case project
    /// The tag `name` if the record has it (`tag:NAME` picks records out by a tag they share:
    /// the type is then NAME).
    case tag(String)

    /// `first-tag`, `project` or `tag:NAME`.
    package init?(_ text: String) {
        switch text {
        case "first-tag": self = .firstTag
        case "project": self = .project
        default:
            guard text.hasPrefix("tag:"), text.count > 4 else { return nil }
            self = .tag(String(text.dropFirst(4)))
        }
    }

    /// The tracker's name that becomes the type, and the names left for the note.
    package func pick(_ record: ImportRecord) -> (name: String, rest: [String])? {
        var names = record.tags
        switch self {
        case .firstTag:
            if !names.isEmpty { return (names.removeFirst(), names + (record.project.map { [$0] } ?? [])) }
            return record.project.map { ($0, []) }
        case .project:
            if let project = record.project, !project.isEmpty { return (project, names) }
            return names.isEmpty ? nil : (names.removeFirst(), names)
        case .tag(let tag):
            guard let index = names.firstIndex(of: tag) else { return nil }
            names.remove(at: index)
            return (tag, names + (record.project.map { [$0] } ?? []))
        }
    }
}

/// A tracker's name as an alog type name: lower-cased, every character other than a-z, 0-9, `-`
/// and `_` turned into `-` (runs of them into one), a leading digit or dash given a `t-` before
/// it; nil when nothing is left or the result is longer than a type name can be (32): a longer
/// name is never cut, as two names cut alike would become one type.
package func typeName(fromTrackerName name: String) -> String? {
    let converted = convertedTypeName(name)
    return ActivityTypes.validateName(converted) == nil ? converted : nil
}

/// Why `typeName(fromTrackerName:)` gives nil for `name`, with what to do.
package func typeNameRefusal(forTrackerName name: String) -> String {
    let converted = convertedTypeName(name)
    let fix =
        "rename it in the source, choose another name with --type-from, or leave the record out with --skip-invalid"
    if converted.utf8.count > 32 {
        return
            "\(DisplayText.quoted(name)) would be the type \(DisplayText.quoted(converted)), \(converted.utf8.count) characters, and a type name has at most 32; \(fix)"
    }
    return "\(DisplayText.quoted(name)) cannot be made a type name (it needs a letter or digit of a-z, 0-9); \(fix)"
}

private func convertedTypeName(_ name: String) -> String {
    var out = ""
    for scalar in name.lowercased().unicodeScalars {
        let c = Character(scalar)
        let keep = ("a"..."z").contains(c) || ("0"..."9").contains(c) || c == "_"
        if keep {
            out.append(c)
        } else if !out.hasSuffix("-"), !out.isEmpty {
            out.append("-")
        }
    }
    while out.hasSuffix("-") { out.removeLast() }
    guard let first = out.first else { return "" }
    if !("a"..."z").contains(first) { out = "t-" + out }
    return out
}
