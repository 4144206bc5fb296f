public import LedgerCore

/// What the user changed in a day note since alog last wrote it: the events to record, and
/// the lines that could not be read (left as they are).
public struct DayNoteChanges: Hashable, Sendable {
    /// Typed lines, to log (an instant) or record (a timer), each with its deterministic id.
    public var logs: [DayNoteLog] = []
    /// Generated lines whose time, end, type, note or tags the user changed.
    public var edits: [DayNoteEdit] = []
    /// Generated lines the user removed from the region (only while its markers are intact).
    public var deletes: [DayNoteDelete] = []
    /// Lines left as they are, and why; a note-wide problem (damaged markers) names the marker's
    /// line.
    public var problems: [DayNoteProblem] = []

    public init() {}

    /// Nothing to record (there may still be problems to report).
    public var hasNoEvents: Bool { logs.isEmpty && edits.isEmpty && deletes.isEmpty }
}

/// A typed line, to be logged.
public struct DayNoteLog: Hashable, Sendable {
    /// `DayNoteID.forTypedLine`: the same on every device that reads the same line, so two
    /// devices logging it make one entry.
    public var id: EventID
    /// The line's number in the file, from 1.
    public var line: Int
    /// As the ledger names it (lowercase, a former name resolved).
    public var type: String
    public var start: DayNoteClock
    /// `.instant` for a log, `.running` for a timer that runs, `.at` for a window that ended.
    public var end: DayNoteEnd
    public var note: String?
    /// The tags written on the line (`+home`).
    public var tags: [String]

    public init(
        id: EventID, line: Int, type: String, start: DayNoteClock, end: DayNoteEnd, note: String?, tags: [String] = []
    ) {
        (self.id, self.line, self.type, self.start, self.end, self.note) = (id, line, type, start, end, note)
        self.tags = tags
    }
}

/// A generated line the user changed: only the fields that changed are set.
public struct DayNoteEdit: Hashable, Sendable {
    public var id: EventID
    public var line: Int
    /// A new start (its minute changed; the seconds become 0).
    public var start: DayNoteClock?
    /// A timer's new end: `.at`, or `.running` when the end was taken away.
    public var end: DayNoteEnd?
    public var type: String?
    /// A new note; `""` removes it.
    public var note: String?
    /// Tags written onto the line, and tags taken off it.
    public var tagsOn: [String]
    public var tagsOff: [String]

    public init(
        id: EventID, line: Int, start: DayNoteClock? = nil, end: DayNoteEnd? = nil, type: String? = nil,
        note: String? = nil, tagsOn: [String] = [], tagsOff: [String] = []
    ) {
        (self.id, self.line, self.start, self.end, self.type, self.note) = (id, line, start, end, type, note)
        (self.tagsOn, self.tagsOff) = (tagsOn, tagsOff)
    }
}

/// A generated line the user removed.
public struct DayNoteDelete: Hashable, Sendable {
    public var id: EventID
    /// The line as alog wrote it, for the command's output.
    public var text: String

    public init(id: EventID, text: String) { (self.id, self.text) = (id, text) }
}

/// A line left as it was, and why.
public struct DayNoteProblem: Hashable, Sendable {
    /// The line's number in the file, from 1.
    public var line: Int
    /// The line as it is in the note (without its line break).
    public var text: String
    public var reason: Reason

    public init(line: Int, text: String, reason: Reason) { (self.line, self.text, self.reason) = (line, text, reason) }

    public enum Reason: Hashable, Sendable {
        /// Text at the start of a line that is not `- HH:MM type …`.
        case notAnEntry
        /// A time that is not `HH:MM` (or, for an end, `YYYY-MM-DDTHH:MM`).
        case invalidTime(String)
        case missingType
        /// `12:30 - meal`: a dash with spaces and no end.
        case missingEnd
        /// Not a type name: the word and why.
        case invalidType(String, String)
        case unknownType(String)
        case removedType(String)
        /// The note cannot be kept (`NoteText.validate`'s reason).
        case invalidNote(String)
        /// A block id that is not one of this day's entries (another day's, a deleted one's).
        case notThisDay(EventID)
        /// Several lines with one entry's block id that say different things (a copied line, a
        /// merge that left both), on these lines (from 1): none is read, all are kept.
        case conflictingCopies(EventID, lines: [Int])
        /// An instant's line was given an end.
        case endOnInstant(EventID)
        /// A timer's line lost its `–`.
        case timerNeedsEnd(EventID)
        /// An entry's line outside the region: the entry is not deleted.
        case outsideRegion(EventID)
        /// The region's markers were damaged; the region was put back around these lines and
        /// nothing was deleted.
        case markersDamaged(MarkerDamage)
    }

    public enum MarkerDamage: Hashable, Sendable {
        case beginMissing, endMissing, bothMissing, repeated, endBeforeBegin
    }

    /// The reason in words, without the file and line (the shell adds `path:line: `).
    public var message: String {
        switch reason {
        case .notAnEntry:
            return
                "not an entry line (alog's region holds one entry a line, such as '- 12:30 meal pasta'); left as it is"
        case .invalidTime(let text):
            return "'\(DisplayText.escaped(text))' is not a time (HH:MM, a window HH:MM–HH:MM); left as it is"
        case .missingType: return "a type is missing after the time; left as it is"
        case .missingEnd:
            return "a window needs its end (09:00–10:30); a running timer is written 09:00– type; left as it is"
        case .invalidType(let text, let why): return "'\(DisplayText.escaped(text))' is not a type name: \(why)"
        case .unknownType(let name):
            return "unknown type '\(name)'; left as it is ('alog types add \(name)' defines it)"
        case .removedType(let name): return "type '\(name)' was removed; left as it is"
        case .invalidNote(let why): return "the note cannot be kept: \(why); left as it is"
        case .notThisDay(let id):
            return "entry \(id) is not one of this day's entries (deleted, or of another day); left as it is"
        case .conflictingCopies(let id, let lines):
            let numbers = lines.map(String.init)
            let listed = numbers.dropLast().joined(separator: ", ") + " and " + numbers.last!
            return
                "lines \(listed) all carry entry \(id)'s id '^\(id)' and say different things; none of them is "
                + "read, nothing is changed: to log a copied line as a new entry remove '^\(id)' from it, "
                + "otherwise delete the lines you do not mean"
        case .endOnInstant(let id):
            return "entry \(id) is an instant, it cannot get an end; left as it is"
        case .timerNeedsEnd(let id):
            return "entry \(id) is a timer: its line keeps its '–' (09:00–10:30, or 09:00– while it runs)"
        case .outsideRegion(let id):
            return "entry \(id)'s line is outside alog's region; it is not deleted, and the region lists it too"
        case .markersDamaged(let damage):
            let what =
                switch damage {
                case .beginMissing: "the '%% alog:begin %%' line is missing"
                case .endMissing: "the '%% alog:end %%' line is missing"
                case .bothMissing: "the '%% alog:begin %%' and '%% alog:end %%' lines are missing"
                case .repeated: "a '%% alog:begin %%' or '%% alog:end %%' line is there twice"
                case .endBeforeBegin: "'%% alog:end %%' comes before '%% alog:begin %%'"
                }
            return what + "; the region was put back around the entries' lines, and nothing was deleted"
        }
    }
}
