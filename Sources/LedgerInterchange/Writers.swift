package import LedgerCore

/// alog's entries in other formats (`alog export`): CSV, timewarrior's `timew export` JSON and
/// Watson's frames, so data can go back or on to a spreadsheet.
package enum ExportFormat: String, Sendable, CaseIterable {
    case csv, json, timewarrior, watson

    /// An entry with what the formats need of it: its window (nil end while it runs) and group.
    package struct Item: Sendable {
        package var entry: Entry
        package var end: Int64?
        package var group: String

        package init(entry: Entry, end: Int64?, group: String) {
            (self.entry, self.end, self.group) = (entry, end, group)
        }
    }

    /// `id,type,group,start,end,seconds,note` (RFC 4180: fields with a comma, quote or line
    /// break quoted, quotes doubled; CRLF line ends). An instant has no end and no seconds.
    package static func csv(_ items: [Item], now: Int64) -> String {
        var lines = ["id,type,group,start,end,seconds,note"]
        for item in items {
            let entry = item.entry
            let end = item.end.map { LocalInstant(seconds: $0, offset: entry.at.offset).iso8601 } ?? ""
            let seconds =
                entry.isTimed ? String(max(0, (item.end ?? max(now, entry.at.seconds)) - entry.at.seconds)) : ""
            lines.append(
                [entry.id.description, entry.type, item.group, entry.at.iso8601, end, seconds, entry.note ?? ""].map(
                    CSVText.field
                )
                .joined(separator: ","))
        }
        return lines.joined(separator: "\r\n") + "\r\n"
    }

    /// `timew export`'s JSON: the timed entries, oldest first, the type and the entry's tags as
    /// the tags (sorted, as timewarrior keeps them; the type is left out when one of the tags
    /// is what it came from, `Deep Focus` for `deep-focus`), the note as the annotation
    /// (instants have no place in timewarrior and are left out).
    package static func timewarrior(_ items: [Item]) -> String {
        let timed = items.filter(\.entry.isTimed)
        let lines = timed.enumerated().map { index, item in
            JSONText.object([
                ("id", String(timed.count - index)), ("start", JSONText.string(stamp(item.entry.at.seconds))),
                ("end", item.end.map { JSONText.string(stamp($0)) }),
                ("tags", JSONText.array(timewarriorTags(item.entry).map(JSONText.string))),
                ("annotation", item.entry.note.map(JSONText.string)),
            ])
        }
        return "[\n" + lines.joined(separator: ",\n") + "\n]\n"
    }

    /// An entry's tags in timewarrior, where the type is one more tag.
    static func timewarriorTags(_ entry: Entry) -> [String] {
        let typeIsATag = entry.tags.contains { typeName(fromTrackerName: $0) == entry.type }
        return Tags.normalized(typeIsATag ? entry.tags : entry.tags + [entry.type])
    }

    /// Watson's frames: the closed windows, oldest first (`[start, stop, project, id, tags,
    /// updated_at]`), the type as the project, the entry's tags as the frame's; the frame's id is
    /// the one Watson gave it when the entry was imported from Watson, else the entry's id.
    package static func watson(_ items: [Item]) -> String {
        let frames = items.compactMap { item -> String? in
            guard item.entry.isTimed, let end = item.end else { return nil }
            let id = item.entry.ref.flatMap { $0.hasPrefix("watson:") ? String($0.dropFirst(7)) : nil }
            return
                "[\(item.entry.at.seconds), \(end), \(JSONText.string(item.entry.type)), \(JSONText.string(id ?? item.entry.id.description)), \(JSONText.array(item.entry.tags.map(JSONText.string))), \(end)]"
        }
        return "[\n" + frames.joined(separator: ",\n") + "\n]\n"
    }

    /// `20261120T090000Z`.
    static func stamp(_ seconds: Int64) -> String {
        let (date, second) = LocalInstant(seconds: seconds, offset: 0).localDateAndTime
        let time = LocalInstant.clock(second, seconds: true).replacing(":", with: "")
        return date.iso.replacing("-", with: "") + "T" + time + "Z"
    }
}
