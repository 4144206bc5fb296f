/// What the fold knows about one entry (a logged activity and everything that targeted it).
public struct EntryRecord: Hashable, Sendable {
    /// The order key of the log event; nil while only edits/deletes for it have arrived.
    public var created: OrderKey?
    public var type: Register<String>?
    public var at: Register<LocalInstant>?
    /// An empty string means "no note".
    public var note: Register<String>?
    public var visibility: Register<Visibility>?
    /// Set by a `start` event: the entry is timed (a window, not an instant).
    public var timer: Register<TimerFacts>?
    /// The end of a timed entry's window (a `stop`, or an edit's `end`); `EntryRecord.noEnd`
    /// when an edit took the end away again (the timer runs).
    public var end: Register<LocalInstant>?
    /// Each tag ever put on the entry: on (`tag`) or off (`untag`), the latest event winning.
    public var tags: [String: Register<TagMark>] = [:]

    /// The end register's value for "no end" (an instant no event can carry: before 1970).
    public static let noEnd = LocalInstant(seconds: .min, offset: 0)

    public init() {}

    /// True once the log event arrived (edits that came earlier are kept and apply now).
    public var isLogged: Bool { created != nil && type != nil && at != nil }
    public var isDeleted: Bool { visibility?.value == .deleted }
}

/// What a `start` event fixes about its timer.
public struct TimerFacts: Hashable, Sendable, Comparable {
    /// How long the timer is meant to run, in seconds; 0 for no goal.
    public var goalSeconds: Int64
    /// The task note it works on.
    public var task: TaskRef?
    /// What another tracker called the interval it was imported from (`watson:<frame id>`).
    public var ref: String?

    public init(goalSeconds: Int64, task: TaskRef? = nil, ref: String? = nil) {
        self.goalSeconds = goalSeconds
        self.task = task
        self.ref = ref
    }

    public static func < (a: TimerFacts, b: TimerFacts) -> Bool {
        if a.goalSeconds != b.goalSeconds { return a.goalSeconds < b.goalSeconds }
        if a.task != b.task {
            guard let x = a.task else { return true }
            guard let y = b.task else { return false }
            return x < y
        }
        return (a.ref ?? "") < (b.ref ?? "")
    }

    /// Why `ref` cannot be a timer's reference, or nil: 1 to 128 characters, printable, no space.
    public static func refProblem(_ ref: String) -> String? {
        let scalars = ref.unicodeScalars
        guard (1...128).contains(scalars.count) else { return "a reference has 1 to 128 characters" }
        if scalars.contains(where: { DisplayText.isUnsafe($0) || $0.properties.isWhitespace }) {
            return "a reference has no spaces, control, line-break or text-direction characters"
        }
        return nil
    }
}

/// Whether a tag is on an entry; set by `tag` and `untag` events.
public enum TagMark: UInt8, Hashable, Sendable, Comparable {
    case off = 0
    case on = 1

    public static func < (a: TagMark, b: TagMark) -> Bool { a.rawValue < b.rawValue }
}

/// Whether an entry is shown; set by delete and restore events.
public enum Visibility: UInt8, Hashable, Sendable, Comparable {
    case visible = 0
    case deleted = 1

    public static func < (a: Visibility, b: Visibility) -> Bool { a.rawValue < b.rawValue }
}

/// A materialised entry, as the history shows it.
public struct Entry: Hashable, Sendable {
    public var id: EventID
    public var type: String
    public var at: LocalInstant
    public var note: String?
    public var isDeleted: Bool
    /// The key of the event that created it.
    public var created: OrderKey
    /// A timed entry: `at` is its start, `end` where it was stopped (nil while it runs, or
    /// until the next timer's start ends it; see `Timeline`).
    public var isTimed: Bool
    public var end: LocalInstant?
    /// A timed entry's goal in seconds, when it has one.
    public var goalSeconds: Int64?
    /// The task note a timed entry works on (`alog task start`).
    public var task: TaskRef?
    /// Its tags, in `Tags.precedes` order.
    public var tags: [String]
    /// A timed entry's reference in the tracker it was imported from (`TimerFacts.ref`).
    public var ref: String?

    public init(
        id: EventID, type: String, at: LocalInstant, note: String?, isDeleted: Bool, created: OrderKey,
        isTimed: Bool = false, end: LocalInstant? = nil, goalSeconds: Int64? = nil, task: TaskRef? = nil,
        ref: String? = nil, tags: [String] = []
    ) {
        self.tags = tags
        self.ref = isTimed ? ref : nil
        self.id = id
        self.type = type
        self.at = at
        self.note = note
        self.isDeleted = isDeleted
        self.created = created
        self.isTimed = isTimed
        self.end = isTimed ? end : nil
        self.goalSeconds = isTimed ? goalSeconds : nil
        self.task = isTimed ? task : nil
    }

    init?(id: EventID, record: EntryRecord) {
        guard let created = record.created, let type = record.type?.value, let at = record.at?.value else {
            return nil
        }
        let note = record.note?.value
        let goal = record.timer?.value.goalSeconds ?? 0
        self.init(
            id: id, type: type, at: at, note: note?.isEmpty == false ? note : nil, isDeleted: record.isDeleted,
            created: created, isTimed: record.timer != nil,
            end: record.end.flatMap { $0.value == EntryRecord.noEnd ? nil : $0.value },
            goalSeconds: goal > 0 ? goal : nil, task: record.timer?.value.task, ref: record.timer?.value.ref,
            tags: record.tags.isEmpty
                ? [] : record.tags.compactMap { $0.value.value == .on ? $0.key : nil }.sorted(by: Tags.precedes))
    }

    /// Newest first: later instant first; for equal instants, the later-created first.
    public static func newestFirst(_ a: Entry, _ b: Entry) -> Bool {
        if a.at.seconds != b.at.seconds { return a.at.seconds > b.at.seconds }
        return a.created > b.created
    }
}
