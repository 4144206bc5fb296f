public import LedgerCore

/// One side of a day note that two devices changed apart: the note's bytes there, and the
/// entries of its day as that side's ledger had them (to tell what the user changed there and
/// alog did not record yet, as `DayNote.read` does).
public struct DayNoteSide: Sendable {
    public var bytes: [UInt8]
    public var entries: [DayNoteEntry]

    public init(bytes: [UInt8], entries: [DayNoteEntry]) { (self.bytes, self.entries) = (bytes, entries) }
}

/// What a 3-way merge of a day note gives.
public enum DayNoteMerge: Hashable, Sendable {
    /// The merged note. It may hold typed lines, edited lines and removed lines that are not
    /// recorded yet: `read` it against the merged entries and record its changes, then
    /// `render`, as for any note.
    case merged([UInt8])
    /// The text outside alog's keys and region changed on both sides, differently: the shell
    /// keeps both (the sync's conflict copy).
    case textChangedOnBothSides
}

extension DayNote {
    /// Merges a day note both sides changed since `base` (nil: the note was new on both).
    ///
    /// The user's text outside the ledger's frontmatter keys and region is taken from the side
    /// that changed it (either, when they agree); when both changed it differently the merge
    /// refuses. The region is written from `entries` (the merged ledger's entries of the day)
    /// and keeps what either side's user wrote that is not recorded yet: typed lines and
    /// unreadable lines of both sides (the same line on both sides once), a generated line
    /// changed on one side, and leaves out a generated line removed on one side (so the next
    /// `read` records the edit or the delete).
    public static func merge(
        base: [UInt8]?, ours: DayNoteSide, theirs: DayNoteSide, entries: [DayNoteEntry], date: CivilDate,
        types: DayNoteTypes, dayStart: Int = 0
    ) -> DayNoteMerge {
        let our = read(ours.bytes, date: date, entries: ours.entries, types: types, dayStart: dayStart)
        let their = read(theirs.bytes, date: date, entries: theirs.entries, types: types, dayStart: dayStart)
        var ids: Set<EventID> = []
        for entry in ours.entries + theirs.entries + entries { ids.insert(entry.id) }
        let baseOutside =
            base.map { outside(DayNoteDocument($0) { ids.contains($0) }) }
            ?? outside(DayNoteDocument(render(date: date, entries: [], types: types, over: nil)) { _ in false })
        let ourOutside = outside(our.document)
        let theirOutside = outside(their.document)
        let (kept, other): (DayNoteReading, DayNoteReading)
        if ourOutside == theirOutside || theirOutside == baseOutside {
            (kept, other) = (our, their)
        } else if ourOutside == baseOutside {
            (kept, other) = (their, our)
        } else {
            return .textChangedOnBothSides
        }
        var merged = kept
        merged.items = unite(kept.items, other.items, date: date)
        let removed = Set((our.changes.deletes + their.changes.deletes).map(\.id))
        return .merged(render(date: date, entries: entries, types: types, over: merged, leavingOut: removed))
    }

    /// The note without the ledger's keys and the region's lines: what the user wrote outside.
    private static func outside(_ document: DayNoteDocument) -> [[UInt8]] {
        var lines: [[UInt8]] = []
        var inLedgerKey = false
        for index in document.lines.indices {
            let text = document.text(index)
            if let frontmatter = document.frontmatter, frontmatter.yaml.contains(index) {
                if DayNoteFrontmatter.isLedgerKey(text) {
                    inLedgerKey = true
                    continue
                }
                if inLedgerKey, DayNoteFrontmatter.continuesKey(text) { continue }
                inLedgerKey = false
            }
            if let span = document.regionSpan, span.contains(index) {
                if index == span.lowerBound { lines.append(Array(DayNoteDocument.beginMarker.utf8)) }
                continue
            }
            lines.append(Array(document.whole(index)))
        }
        return lines
    }

    /// The region of `kept` with what the user wrote on the `other` side that `kept` lacks: its
    /// edited lines, and its typed, unreadable and indented lines (blank ones aside), each
    /// after the entry line it followed there (first when there was none, or `kept` lacks it).
    private static func unite(
        _ kept: [DayNoteReading.Item], _ other: [DayNoteReading.Item], date: CivilDate
    ) -> [DayNoteReading.Item] {
        var items = kept
        var counts: [[UInt8]: Int] = [:]
        var keptEdits: [EventID: [UInt8]] = [:]
        for item in kept {
            switch item {
            case .kept(let bytes): counts[bytes, default: 0] += 1
            case .entry(let id, let bytes, let state):
                if state == .typed { counts[bytes, default: 0] += 1 }
                if state != .unchanged, state != .typed { keptEdits[id] = bytes }
            }
        }
        var anchor: EventID?
        var seen: [[UInt8]: Int] = [:]
        for item in other {
            var addition: DayNoteReading.Item?
            switch item {
            case .kept(let bytes), .entry(_, let bytes, .typed):
                seen[bytes, default: 0] += 1
                let blank = DayNoteLine.parse(bytes[...]) == .blank
                if !blank, seen[bytes]! > counts[bytes] ?? 0 { addition = item }
            case .entry(let id, let bytes, let state):
                if state != .unchanged, keptEdits[id] != bytes {
                    if let index = position(of: id, in: items), case .entry(_, _, .unchanged) = items[index] {
                        items[index] = item
                    } else {
                        addition = .kept(bytes: bytes)
                    }
                }
                anchor = id
            }
            guard let addition else { continue }
            var at = 0
            if let anchor, let index = position(of: anchor, in: items) {
                at = index + 1
                while at < items.count, !isAnchor(items[at]) { at += 1 }
            }
            items.insert(addition, at: at)
        }
        return items
    }

    /// An entry's line, after which the lines that follow it stay (a typed line is not one yet).
    private static func isAnchor(_ item: DayNoteReading.Item) -> Bool {
        if case .entry(_, _, let state) = item { return state != .typed }
        return false
    }

    private static func position(of id: EventID, in items: [DayNoteReading.Item]) -> Int? {
        items.firstIndex {
            if case .entry(let other, _, let state) = $0 { return other == id && state != .typed }
            return false
        }
    }
}
