public import LedgerCore
public import LedgerNotes

/// What the day notes did in one commit: entries their typed lines logged, changed lines
/// edited, removed lines deleted, notes written, and lines that could not be read.
public struct DayNotesReport: Sendable, Equatable {
    public var logged: [EventID] = []
    public var edited: [EventID] = []
    /// Deleted entries, with the line alog had written for each (`restore` brings one back).
    public var deleted: [(id: EventID, line: String)] = []
    /// Vault-relative paths of the notes written.
    public var written: [String] = []
    /// `path`, and what could not be read there (line numbers are the note's).
    public var problems: [(path: String, problem: DayNoteProblem)] = []
    /// Notes that are not notes alog can read (a folder in a note's place, a FIFO, a huge file):
    /// neither read nor written in this commit (`Notice.dayNoteSkipped`).
    public var skipped: [Notice] = []

    public init() {}

    public var isEmpty: Bool {
        logged.isEmpty && edited.isEmpty && deleted.isEmpty && problems.isEmpty && skipped.isEmpty
    }

    public static func == (a: DayNotesReport, b: DayNotesReport) -> Bool {
        a.logged == b.logged && a.edited == b.edited && a.deleted.map(\.id) == b.deleted.map(\.id)
            && a.written == b.written && a.problems.map(\.path) == b.problems.map(\.path)
            && a.problems.map(\.problem) == b.problems.map(\.problem) && a.skipped == b.skipped
    }
}

/// The day notes' part of one commit: the events their lines ask for (first in the commit),
/// the notes rewritten, and what to remember once the commit landed.
struct DayNoteWork {
    var bodies: [EventBody] = []
    var ids: [EventID] = []
    var edits: [FileEdit] = []
    /// Date, path and bytes of each note written: what alog last wrote, for the next read.
    var written: [(date: CivilDate, path: String, bytes: [UInt8])] = []
    var report = DayNotesReport()
    /// The notes read, and those of them with lines that could not be read (read again by every
    /// command until they are fixed, so they are said every time).
    var read = Set<CivilDate>()
    var withProblems = Set<CivilDate>()

    mutating func add(_ body: EventBody, id: EventID = .random()) {
        bodies.append(body)
        ids.append(id)
    }
}

/// The fold of a few events onto the entries a day note shows: enough to render the notes a
/// commit touches without folding the ledger.
enum DayNoteFold {
    /// `entries` after `body` (whose event id is `id`).
    static func apply(_ body: EventBody, id: EventID, to entries: inout [EventID: Entry]) {
        let created = OrderKey(stamp: Stamp(millis: Int64.max / 2), device: "", id: id)
        switch body {
        case .logged(let type, let at, let note):
            entries[id] = Entry(id: id, type: type, at: at, note: note, isDeleted: false, created: created)
        case .started(let type, let at, let note, let goal, let task, _):
            entries[id] = Entry(
                id: id, type: type, at: at, note: note, isDeleted: false, created: created, isTimed: true,
                goalSeconds: goal, task: task)
        case .edited(let target, let changes):
            guard var entry = entries[target] else { return }
            if let type = changes.type { entry.type = type }
            if let at = changes.at { entry.at = at }
            if let note = changes.note { entry.note = note.isEmpty ? nil : note }
            if entry.isTimed, let end = changes.end { entry.end = end }
            if changes.clearsEnd { entry.end = nil }
            entries[target] = entry
        case .deleted(let target):
            entries[target]?.isDeleted = true
        case .restored(let target):
            entries[target]?.isDeleted = false
        case .stopped(let target, let at, let note):
            guard var entry = entries[target], entry.isTimed else { return }
            entry.end = at
            if let note { entry.note = note }
            entries[target] = entry
        case .tagged(let target, let tags, let on):
            guard var entry = entries[target] else { return }
            entry.tags = Tags.normalized(on ? entry.tags + tags : entry.tags.filter { !tags.contains($0) })
            entries[target] = entry
        case .typeDefined, .goalSet, .favoriteSet, .orderSet, .renamed:
            break
        }
    }
}
