import LedgerCore
import LedgerNotes

/// Entries, types and notes the day-note tests share.
enum DayNoteFixture {
    static let date = CivilDate(year: 2026, month: 11, day: 23)
    static let offset: Int32 = 3600
    static let types = DayNoteTypes(
        icons: [
            "wake": "☀️", "sleep": "🌙", "meal": "🍽️", "exercise": "🏃", "work": "💼", "reading": "📖", "swim": "🏊",
            "deep-work": "•",
        ],
        loggable: ["wake", "sleep", "meal", "exercise", "work", "reading", "deep-work"],
        aliases: ["job": "work"])

    /// The instant the wall clock of `offset` shows `hour:minute` on November `day`, 2026.
    static func at(_ hour: Int, _ minute: Int, second: Int = 0, day: Int = 23, offset: Int32 = offset) -> LocalInstant {
        let local =
            CivilDate(year: 2026, month: 11, day: day).daysSinceEpoch * 86_400
            + Int64(hour * 3600 + minute * 60 + second)
        return LocalInstant(seconds: local - Int64(offset), offset: offset)
    }

    static func id(_ text: String) -> EventID { EventID(text)! }

    static let wake = DayNoteEntry(id: id("7k2m9q4x8c3p"), type: "wake", start: at(7, 0))
    static let work = DayNoteEntry(
        id: id("9a1b2c3d4e5f"), type: "work", start: at(9, 0), isTimed: true, end: at(10, 30), note: "client call")
    static let meal = DayNoteEntry(id: id("0m1n2p3q4r5s"), type: "meal", start: at(12, 30), note: "pasta")
    static let reading = DayNoteEntry(id: id("1x2y3z4a5b6c"), type: "reading", start: at(21, 0), isTimed: true)
    static let sleep = DayNoteEntry(
        id: id("2v3w4x5y6z7a"), type: "sleep", start: at(23, 0), isTimed: true, end: at(7, 10, day: 24))
    static let day = [wake, work, meal, sleep]

    static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }
    static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    /// The note of `entries` as alog writes it new.
    static func note(_ entries: [DayNoteEntry] = day) -> String {
        text(DayNote.render(date: date, entries: entries, types: types, over: nil))
    }

    /// Reads `text` against `entries`, as a command does.
    static func read(
        _ text: String, _ entries: [DayNoteEntry] = day, lastWritten: [DayNoteEntry]? = nil, dayStart: Int = 0
    ) -> DayNoteReading {
        DayNote.read(
            bytes(text), date: date, entries: entries, types: types, lastWritten: lastWritten, dayStart: dayStart)
    }

    /// Writes `reading`'s note again for `entries`.
    static func render(_ reading: DayNoteReading, _ entries: [DayNoteEntry]) -> String {
        text(DayNote.render(date: date, entries: entries, types: types, over: reading))
    }

    /// The entry a log makes, as the shell records it (in `offset`).
    static func entry(of log: DayNoteLog) -> DayNoteEntry {
        func instant(_ clock: DayNoteClock) -> LocalInstant {
            LocalInstant(seconds: clock.localSeconds - Int64(offset), offset: offset)
        }
        var end: LocalInstant?
        if case .at(let clock) = log.end { end = instant(clock) }
        return DayNoteEntry(
            id: log.id, type: log.type, start: instant(log.start), isTimed: log.end != .instant, end: end,
            note: log.note, tags: log.tags)
    }
}

extension DayNoteFixture {
    /// `entries` with `changes` recorded, as the shell records them (times in `offset`).
    static func apply(_ changes: DayNoteChanges, to entries: [DayNoteEntry]) -> [DayNoteEntry] {
        func instant(_ clock: DayNoteClock) -> LocalInstant {
            LocalInstant(seconds: clock.localSeconds - Int64(offset), offset: offset)
        }
        var byID: [EventID: DayNoteEntry] = [:]
        for entry in entries { byID[entry.id] = entry }
        for log in changes.logs { byID[log.id] = entry(of: log) }
        for edit in changes.edits {
            guard var entry = byID[edit.id] else { continue }
            if let start = edit.start { entry.start = instant(start) }
            if let type = edit.type { entry.type = type }
            if let note = edit.note { entry.note = note.isEmpty ? nil : note }
            entry.tags = Tags.normalized(entry.tags.filter { !edit.tagsOff.contains($0) } + edit.tagsOn)
            switch edit.end {
            case .at(let clock): entry.end = instant(clock)
            case .running: entry.end = nil
            case .instant, nil: break
            }
            byID[edit.id] = entry
        }
        for delete in changes.deletes { byID[delete.id] = nil }
        return byID.values.sorted { $0.start.seconds != $1.start.seconds ? $0.start < $1.start : $0.id < $1.id }
    }
}

extension String {
    /// The text with the first `old` replaced by `new` (a user's edit).
    func replacingOnce(_ old: String, with new: String) -> String {
        guard let range = firstRange(of: old) else { return self }
        var text = self
        text.replaceSubrange(range, with: new)
        return text
    }

    /// How many times `part` occurs (not overlapping).
    func occurrences(_ part: String) -> Int {
        var count = 0
        var rest = self[...]
        while let range = rest.firstRange(of: part) {
            count += 1
            rest = rest[range.upperBound...]
        }
        return count
    }
}
