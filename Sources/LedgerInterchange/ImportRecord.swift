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
    /// Whether `tags` are the tracker's tags, kept on the entry (timewarrior, Watson, klog); a
    /// CSV row's one name is only its type.
    package var keepsTags = true

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
    /// The first tag that starts with the prefix, without it (`prefix:client-`: the tag
    /// `client-acme` gives the type `acme`); a record with no such tag: its first tag.
    case prefix(String)

    /// `first-tag`, `project`, `tag:NAME` or `prefix:TEXT`.
    package init?(_ text: String) {
        switch text {
        case "first-tag": self = .firstTag
        case "project": self = .project
        default:
            if text.hasPrefix("prefix:"), text.count > 7 {
                self = .prefix(String(text.dropFirst(7)))
                return
            }
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
        case .prefix(let prefix):
            guard let index = names.firstIndex(where: { $0.hasPrefix(prefix) && $0.count > prefix.count }) else {
                return TypeSource.firstTag.pick(record)
            }
            let tag = names.remove(at: index)
            return (String(tag.dropFirst(prefix.count)), names + (record.project.map { [$0] } ?? []))
        }
    }
}

/// `--type-map FILE`: which tag names which type, one `TAG = TYPE` a line (`#` starts a
/// comment line; blank lines are skipped). A record's type is the map's for the first of its
/// tags the map names; a record with none of them falls back to `--type-from`.
package struct TypeMap: Sendable, Equatable {
    package var types: [String: String]

    package init(types: [String: String]) { self.types = types }

    /// The map in `bytes`, or the first line that cannot be read (`file:line: why`).
    package init(_ bytes: [UInt8], file: String) throws(ImportError) {
        types = [:]
        var number = 0
        for raw in String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false) {
            number += 1
            let line = raw.hasSuffix("\r") ? raw.dropLast() : raw
            let text = line.drop { $0 == " " || $0 == "\t" }
            if text.isEmpty || text.hasPrefix("#") { continue }
            guard let equals = text.lastIndex(of: "=") else {
                throw ImportError(
                    file: file, line: number, reason: "expected 'TAG = TYPE' (a tag, '=', the type it becomes)")
            }
            let tag = text[..<equals].trimmingBlanks()
            let type = text[text.index(after: equals)...].trimmingBlanks()
            guard !tag.isEmpty else {
                throw ImportError(file: file, line: number, reason: "the tag before '=' is empty")
            }
            if let reason = ActivityTypes.validateName(type) {
                throw ImportError(
                    file: file, line: number, reason: "\(DisplayText.quoted(type)) is not a type name: \(reason)")
            }
            if let earlier = types[tag], earlier != type {
                throw ImportError(
                    file: file, line: number,
                    reason: "the tag \(DisplayText.quoted(tag)) is mapped twice (to \(earlier) and to \(type))")
            }
            types[tag] = type
        }
    }

    /// The type the map gives `record`: the first of its tags the map names.
    package func type(of record: ImportRecord) -> String? {
        for tag in record.tags { if let type = types[tag] { return type } }
        return nil
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
