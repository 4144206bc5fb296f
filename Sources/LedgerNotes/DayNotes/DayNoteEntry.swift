public import LedgerCore

/// One entry as its day note shows it: what the ledger has for it now.
///
/// Times are shown on the wall clock of the entry's own recorded UTC offset (`LocalInstant`),
/// never the reader's zone: every device renders the same bytes for the same events, so a note
/// synced between devices in different zones does not change back and forth.
public struct DayNoteEntry: Hashable, Sendable {
    public var id: EventID
    public var type: String
    /// The entry's instant, or a timer's start.
    public var start: LocalInstant
    /// True for a timer (a window), false for an instant.
    public var isTimed: Bool
    /// Where a timer's window ends as the timeline lays it (its own end, or the next timer's
    /// start); nil while it runs, and always nil for an instant.
    public var end: LocalInstant?
    /// Nil or empty: no note.
    public var note: String?
    /// Its tags, in `Tags.precedes` order.
    public var tags: [String]

    public init(
        id: EventID, type: String, start: LocalInstant, isTimed: Bool = false, end: LocalInstant? = nil,
        note: String? = nil, tags: [String] = []
    ) {
        (self.id, self.type, self.start, self.isTimed) = (id, type, start, isTimed)
        self.end = isTimed ? end : nil
        self.note = note?.isEmpty == false ? note : nil
        self.tags = tags
    }

    /// An entry of the ledger, with its window's end as `Timeline` lays it.
    public init(_ entry: Entry, windowEnd: LocalInstant?) {
        self.init(
            id: entry.id, type: entry.type, start: entry.at, isTimed: entry.isTimed, end: windowEnd, note: entry.note,
            tags: entry.tags)
    }

    /// The live entries of `entries` whose start falls on `date` (on the wall clock of their own
    /// offset; with a `dayStart` of 4 hours, 02:30 counts to the day before), oldest first, with
    /// their windows as the timeline lays them. `entries` should hold the timers of the day
    /// after as well: the first of them ends a window left running.
    public static func day(_ date: CivilDate, of entries: [Entry], dayStart: Int = 0) -> [DayNoteEntry] {
        let timeline = Timeline(entries: entries)
        var ends: [EventID: LocalInstant?] = [:]
        for interval in timeline.intervals { ends[interval.entry.id] = interval.end }
        return
            entries
            .filter { !$0.isDeleted && DayNoteClock.noteDate(of: $0.at, dayStart: dayStart) == date }
            .map { DayNoteEntry($0, windowEnd: ends[$0.id] ?? nil) }
            .inStartOrder()
    }

    /// The region's order: by start, then by id (the same on every device).
    static func startsFirst(_ a: DayNoteEntry, _ b: DayNoteEntry) -> Bool {
        a.start.seconds != b.start.seconds ? a.start.seconds < b.start.seconds : a.id < b.id
    }
}

extension [DayNoteEntry] {
    /// The entries sorted by `DayNoteEntry.startsFirst`, stably: their positions are sorted on
    /// the two keys and the entries moved once. Sorting the entries themselves moved each
    /// (two strings and more) through its value witnesses at every step: ~1.5 M instructions
    /// for a day of 120 entries, on every commit with day notes on.
    func inStartOrder() -> [DayNoteEntry] {
        var sorted = true
        var index = 1
        while index < count, sorted {
            let (seconds, previous) = (self[index].start.seconds, self[index - 1].start.seconds)
            sorted = seconds != previous ? seconds > previous : self[index].id.rawValue >= self[index - 1].id.rawValue
            index += 1
        }
        if sorted { return self }
        let seconds = map(\.start.seconds)
        let ids = map(\.id.rawValue)
        var order = [Int](indices)
        order.sort { (a: Int, b: Int) -> Bool in
            if seconds[a] != seconds[b] { return seconds[a] < seconds[b] }
            if ids[a] != ids[b] { return ids[a] < ids[b] }
            return a < b
        }
        return order.map { self[$0] }
    }
}

/// A wall-clock minute on a date, as a day note's line gives it. The shell resolves it to an
/// instant in a zone (`localSeconds` is what `TimeZoneRules.instant(forLocal:)` takes).
public struct DayNoteClock: Hashable, Sendable, Comparable {
    public var date: CivilDate
    public var hour: Int
    public var minute: Int

    public init(date: CivilDate, hour: Int, minute: Int) {
        (self.date, self.hour, self.minute) = (date, hour, minute)
    }

    /// The wall clock of `instant` in its own offset, to the minute.
    public init(_ instant: LocalInstant) {
        let (date, second) = instant.localDateAndTime
        self.init(date: date, hour: second / 3600, minute: second / 60 % 60)
    }

    /// Seconds since the epoch as if the wall clock were UTC.
    public var localSeconds: Int64 { date.daysSinceEpoch * 86_400 + Int64(hour * 3600 + minute * 60) }

    /// `HH:MM`.
    var text: String { LocalInstant.clock(hour * 3600 + minute * 60, seconds: false) }

    var minuteOfDay: Int { hour * 60 + minute }

    public static func < (a: DayNoteClock, b: DayNoteClock) -> Bool {
        (a.date, a.hour, a.minute) < (b.date, b.hour, b.minute)
    }

    /// The day note an instant belongs to: its own wall-clock date, or the date before when it
    /// falls before `dayStart` (seconds after midnight).
    public static func noteDate(of instant: LocalInstant, dayStart: Int = 0) -> CivilDate {
        let (date, second) = instant.localDateAndTime
        return second < dayStart ? date.adding(days: -1) : date
    }
}

/// What a day note needs to know of the type catalog.
public struct DayNoteTypes: Sendable {
    /// The icon of every type an entry may have (removed types included); a type missing here
    /// is drawn with `•`.
    public var icons: [String: String]
    /// The types a typed line or an edit may name: defined (or built in) and not removed.
    public var loggable: Set<String>
    /// Former names of renamed types, to their current name.
    public var aliases: [String: String]

    public init(icons: [String: String], loggable: Set<String>? = nil, aliases: [String: String] = [:]) {
        self.icons = icons
        self.loggable = loggable ?? Set(icons.keys)
        self.aliases = aliases
    }

    /// The built-in types only.
    public static let builtIns = DayNoteTypes(
        icons: Dictionary(uniqueKeysWithValues: ActivityTypes.builtIns.map { ($0.name, $0.icon) }))

    func icon(of type: String) -> String { icons[type] ?? "•" }

    /// A type as a line names it (any case, a former name allowed), as the ledger names it.
    func resolve(_ written: String) -> String {
        let name = written.lowercased()
        return aliases[name] ?? name
    }
}
