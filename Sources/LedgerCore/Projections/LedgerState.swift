/// The state folded from events. `apply` is a join of last-writer-wins registers keyed by the
/// total event order, so any order, any interleaving and any duplication of the same events
/// produce the same state:
/// - an edit changes the fields it names; per field the latest event in the order wins;
/// - a delete hides the entry until a later restore (latest delete/restore wins);
/// - an edit, delete or restore whose entry has not arrived yet is kept and applies when it does;
/// - an event id seen twice counts once.
///
/// Two representations share the work, because almost every entry is a log event that nothing
/// ever touched:
/// - a *plain* entry lives in a flat table (`plain`, found through `index`). All its fields
///   belong to its log event, so one order key serves them all; the device and type are interned.
///   About 70 bytes an entry instead of ~270 for five full registers.
/// - an entry that an edit, delete or restore touched (or whose log event met a different copy of
///   itself) becomes *tracked*: an `EntryRecord` of full registers in `tracked`. The first such
///   event moves a plain entry there, so the result does not depend on the order events arrive in.
public struct LedgerState: Sendable {
    package var plain: [PlainEntry] = []
    /// How many slots of `plain` moved to `tracked`.
    package var movedCount = 0
    /// Every entry id: its position in `plain`, or `Self.trackedMark` when it is in `tracked`.
    /// One table for both, so a new log event costs one hash.
    package var index: [EventID: UInt32] = [:]
    package var tracked: [EventID: EntryRecord] = [:]
    package static let trackedMark = UInt32.max
    package var devices = Interner()
    package var typeNames = Interner()
    /// Ids of the events that are not log events (edits, deletes, restores, type definitions).
    package var otherEventIDs: Set<EventID> = []
    /// Type definitions, goals, favorites, the order and renames.
    public package(set) var catalog = TypeCatalog()
    /// How many distinct events were folded.
    public package(set) var eventCount = 0
    /// The latest clock stamp seen; a new local event must be stamped after it.
    public package(set) var maxStamp: Stamp = .zero
    /// How many events arrived again with an id already folded.
    public package(set) var duplicateEvents = 0

    public init() {}

    public init(events: some Sequence<Event>) {
        for event in events { apply(event) }
    }

    /// Makes room for about `count` more events (avoids rehashing during a large fold).
    public mutating func reserveCapacity(events count: Int) {
        plain.reserveCapacity(plain.count + count)
        index.reserveCapacity(index.count + count)
    }

    public mutating func apply(_ event: Event) {
        if event.stamp > maxStamp { maxStamp = event.stamp }
        switch event.body {
        case .logged(let type, let at, let note):
            absorbLog(
                PlainEntry(
                    id: event.id, stamp: event.stamp, at: at, device: devices.index(of: event.device),
                    type: typeNames.index(of: type), note: note ?? ""))
        case .edited(let target, let changes):
            countOther(event.id)
            updateTracked(target) { Self.edited(&$0, event.orderKey, changes) }
        case .deleted(let target):
            countOther(event.id)
            updateTracked(target) { Register.merge(&$0.visibility, event.orderKey, .deleted) }
        case .restored(let target):
            countOther(event.id)
            updateTracked(target) { Register.merge(&$0.visibility, event.orderKey, .visible) }
        case .typeDefined, .goalSet, .favoriteSet, .orderSet, .renamed:
            countOther(event.id)
            catalog.apply(event)
        case .started(let type, let at, let note, let goal, let task, let ref):
            // A timer's start is the log event of a timed entry; it is always tracked (timers are
            // few beside instants, and their end comes later).
            if tracked[event.id]?.created != nil { duplicateEvents += 1 } else { eventCount += 1 }
            let key = event.orderKey
            updateTracked(event.id) { record in
                Self.logged(&record, key, type, at, note ?? "")
                Register.merge(&record.timer, key, TimerFacts(goalSeconds: goal ?? 0, task: task, ref: ref))
            }
        case .stopped(let target, let at, let note):
            countOther(event.id)
            updateTracked(target) { record in
                Register.merge(&record.end, event.orderKey, at)
                if let note { Register.merge(&record.note, event.orderKey, note) }
            }
        case .tagged(let target, let tags, let on):
            countOther(event.id)
            updateTracked(target) { record in
                for tag in tags { Register.merge(&record.tags[tag], event.orderKey, on ? .on : .off) }
            }
        }
    }

    /// Folds `other` into this state: the result is the state of both event sets folded
    /// together (the fold is a join, so folding halves on two threads and merging is exact).
    public mutating func merge(_ other: LedgerState) {
        if other.maxStamp > maxStamp { maxStamp = other.maxStamp }
        duplicateEvents += other.duplicateEvents
        for id in other.otherEventIDs { countOther(id) }
        catalog.merge(other.catalog)
        reserveCapacity(events: other.plainCount)
        // The other state's interned indices, renumbered into this state's tables.
        let deviceMap = other.devices.strings.map { devices.index(of: $0) }
        let typeMap = other.typeNames.strings.map { typeNames.index(of: $0) }
        for var entry in other.plain where !entry.isMoved {
            entry.device = deviceMap[Int(entry.device)]
            entry.type = typeMap[Int(entry.type)]
            absorbLog(entry)
        }
        for (id, record) in other.tracked {
            // The log event of a tracked entry is counted here; its fields are in the registers.
            if record.created != nil {
                if isLogged(id) { duplicateEvents += 1 } else { eventCount += 1 }
            }
            updateTracked(id) { mine in
                if let created = record.created { Self.mergeCreated(&mine, created) }
                if let r = record.type { Register.merge(&mine.type, r.key, r.value) }
                if let r = record.at { Register.merge(&mine.at, r.key, r.value) }
                if let r = record.note { Register.merge(&mine.note, r.key, r.value) }
                if let r = record.visibility { Register.merge(&mine.visibility, r.key, r.value) }
                if let r = record.timer { Register.merge(&mine.timer, r.key, r.value) }
                if let r = record.end { Register.merge(&mine.end, r.key, r.value) }
                for (tag, r) in record.tags { Register.merge(&mine.tags[tag], r.key, r.value) }
            }
        }
    }

    private mutating func countOther(_ id: EventID) {
        if otherEventIDs.insert(id).inserted { eventCount += 1 } else { duplicateEvents += 1 }
    }

    private func isLogged(_ id: EventID) -> Bool {
        guard let position = index[id] else { return false }
        return position != Self.trackedMark || tracked[id]?.created != nil
    }

    /// How many entries are plain.
    package var plainCount: Int { plain.count - movedCount }

    /// A log event (its device and type interned in this state's tables): a new plain entry,
    /// unless the id is already known.
    private mutating func absorbLog(_ entry: PlainEntry) {
        guard let position = index.updateValue(UInt32(plain.count), forKey: entry.id) else {
            eventCount += 1
            plain.append(entry)
            return
        }
        index[entry.id] = position
        if position != Self.trackedMark {
            duplicateEvents += 1
            if plain[Int(position)] == entry { return }
            // A different copy of the same event (a damaged duplicate): registers decide.
            track(position)
        } else if tracked[entry.id]?.created != nil {
            duplicateEvents += 1
        } else {
            eventCount += 1
        }
        var record = tracked[entry.id] ?? EntryRecord()
        addLog(entry, to: &record)
        tracked[entry.id] = record
    }

    /// Changes the tracked record of `id`, moving a plain entry into full registers first.
    private mutating func updateTracked(_ id: EventID, _ body: (inout EntryRecord) -> Void) {
        switch index[id] {
        case nil: index[id] = Self.trackedMark
        case let position? where position != Self.trackedMark: track(position)
        default: break
        }
        body(&tracked[id, default: EntryRecord()])
    }

    private mutating func track(_ position: UInt32) {
        let entry = plain[Int(position)]
        tracked[entry.id] = record(of: entry)
        index[entry.id] = Self.trackedMark
        plain[Int(position)].isMoved = true
        movedCount += 1
    }

    private func record(of entry: PlainEntry) -> EntryRecord {
        var record = EntryRecord()
        addLog(entry, to: &record)
        return record
    }

    /// Merges a log event into full registers.
    private func addLog(_ entry: PlainEntry, to record: inout EntryRecord) {
        let key = OrderKey(stamp: entry.stamp, device: devices[entry.device], id: entry.id)
        Self.logged(&record, key, typeNames[entry.type], entry.at, entry.note)
    }

    private static func mergeCreated(_ record: inout EntryRecord, _ key: OrderKey) {
        if record.created.map({ key > $0 }) ?? true { record.created = key }
    }

    private static func logged(
        _ record: inout EntryRecord, _ key: OrderKey, _ type: String, _ at: LocalInstant, _ note: String
    ) {
        mergeCreated(&record, key)
        Register.merge(&record.type, key, type)
        Register.merge(&record.at, key, at)
        Register.merge(&record.note, key, note)
    }

    private static func edited(_ record: inout EntryRecord, _ key: OrderKey, _ changes: EntryChanges) {
        if let type = changes.type { Register.merge(&record.type, key, type) }
        if let at = changes.at { Register.merge(&record.at, key, at) }
        if let note = changes.note { Register.merge(&record.note, key, note) }
        if let end = changes.end { Register.merge(&record.end, key, end) }
        if changes.clearsEnd { Register.merge(&record.end, key, EntryRecord.noEnd) }
    }

    // MARK: Reading

    func entry(of plainEntry: PlainEntry) -> Entry {
        Entry(
            id: plainEntry.id, type: catalog.resolve(typeNames[plainEntry.type]), at: plainEntry.at,
            note: plainEntry.note.isEmpty ? nil : plainEntry.note, isDeleted: false,
            created: OrderKey(stamp: plainEntry.stamp, device: devices[plainEntry.device], id: plainEntry.id))
    }

    /// The entry with this id (deleted ones included), once its log event has arrived.
    public func entry(_ id: EventID) -> Entry? {
        guard let position = index[id] else { return nil }
        if position != Self.trackedMark { return entry(of: plain[Int(position)]) }
        return tracked[id].flatMap { entry(id, $0) }
    }

    /// A tracked entry as the user sees it (its type by its current name).
    func entry(_ id: EventID, _ record: EntryRecord) -> Entry? {
        guard var entry = Entry(id: id, record: record) else { return nil }
        if !catalog.aliases.isEmpty { entry.type = catalog.resolve(entry.type) }
        return entry
    }

    /// Calls `body` with every entry whose log event has arrived, deleted ones included, in no
    /// particular order.
    public func forEachEntry(_ body: (Entry) throws -> Void) rethrows {
        for plainEntry in plain where !plainEntry.isMoved { try body(entry(of: plainEntry)) }
        for (id, record) in tracked {
            if let entry = entry(id, record) { try body(entry) }
        }
    }

    /// Every entry whose log event has arrived, deleted ones included, in no particular order.
    public var allEntries: [Entry] {
        var entries: [Entry] = []
        entries.reserveCapacity(plainCount + tracked.count)
        forEachEntry { entries.append($0) }
        return entries
    }

    /// Live (not deleted) entries, newest first.
    public var history: [Entry] { history(since: nil, limit: nil) }

    /// Live entries at or after `since` (unix seconds), newest first, at most `limit` of them.
    /// Sorts small (instant, row) pairs and builds entries only for the rows it returns, so
    /// `alog history --limit 20` on a million entries does not sort a million entries.
    public func history(since: Int64?, limit: Int?) -> [Entry] {
        let from = since ?? .min
        var keys: [(seconds: Int64, row: Int)] = []
        keys.reserveCapacity(plainCount + tracked.count)
        for (position, row) in plain.enumerated() where !row.isMoved && row.at.seconds >= from {
            keys.append((row.at.seconds, position))
        }
        // Tracked entries are few: built up front, referred to by negative rows.
        var trackedEntries: [Entry] = []
        for (id, record) in tracked {
            guard let entry = entry(id, record), !entry.isDeleted, entry.at.seconds >= from else {
                continue
            }
            keys.append((entry.at.seconds, -1 - trackedEntries.count))
            trackedEntries.append(entry)
        }
        keys.sort { $0.seconds > $1.seconds }
        // Entries sharing the last instant taken are ordered by their keys below: take them all.
        var end = min(limit ?? keys.count, keys.count)
        while end > 0, end < keys.count, keys[end].seconds == keys[end - 1].seconds { end += 1 }
        let entries = keys[..<end].map { $0.row >= 0 ? entry(of: plain[$0.row]) : trackedEntries[-1 - $0.row] }
        let ordered = entries.sorted(by: Entry.newestFirst)
        return limit.map { Array(ordered.prefix($0)) } ?? ordered
    }

    /// How many entries have arrived (deleted ones included), and how many of them are live.
    public var entryCounts: (entries: Int, live: Int) {
        var entries = plainCount
        var live = plainCount
        for record in tracked.values where record.isLogged {
            entries += 1
            if !record.isDeleted { live += 1 }
        }
        return (entries, live)
    }

    /// Ids that edits, deletes or restores named but whose log event has not arrived.
    public var unresolvedTargets: [EventID] {
        tracked.filter { !$0.value.isLogged }.map(\.key).sorted()
    }

    /// Defined types with the key of the defining event (latest definition per current name).
    public var definedTypes: [String: Register<ActivityTypeDefinition>] { catalog.definedTypes }

    /// Daily goals, type → seconds a day (types without one are absent).
    public var goals: [String: Int64] { catalog.goals.compactMapValues { $0.value > 0 ? $0.value : nil } }

    /// Every timed entry (deleted ones included); timers are always tracked.
    public var timedEntries: [Entry] {
        tracked.compactMap { id, record in record.timer == nil ? nil : entry(id, record) }
    }

    /// The timers on one line (see `Timeline`).
    public var timeline: Timeline { Timeline(entries: timedEntries) }

    /// The built-in and defined types in use, by name (archived ones left out).
    public var types: [ActivityTypeDefinition] { allTypes.filter { !$0.archived } }

    /// Every type, archived ones included: what entries are drawn with.
    public var allTypes: [ActivityTypeDefinition] { catalog.allTypes }

    /// Ids of all entries whose log event arrived, deleted ones included.
    public var entryIDs: [EventID] {
        plain.compactMap { $0.isMoved ? nil : $0.id } + tracked.compactMap { $0.value.isLogged ? $0.key : nil }
    }
}

/// An entry only its log event wrote (see `LedgerState`). The device and type are indices into
/// the state's interned strings; an empty note means none.
package struct PlainEntry: Sendable, Equatable {
    package var id: EventID
    package var stamp: Stamp
    package var at: LocalInstant
    package var device: UInt32
    package var type: UInt32
    package var note: String
    /// Moved to the tracked records; its slot stays so the other positions do not shift.
    package var isMoved = false

    package init(id: EventID, stamp: Stamp, at: LocalInstant, device: UInt32, type: UInt32, note: String) {
        (self.id, self.stamp, self.at, self.device, self.type, self.note) = (id, stamp, at, device, type, note)
    }
}

/// Strings stored once and referred to by index (device ids, type names: a handful each).
package struct Interner: Sendable {
    package private(set) var strings: [String] = []
    private var indices: [String: UInt32] = [:]
    private var last: UInt32 = 0

    package init() {}

    package subscript(index: UInt32) -> String { strings[Int(index)] }

    package var count: Int { strings.count }

    package mutating func index(of string: String) -> UInt32 {
        // Consecutive events mostly share their device and often their type.
        if Int(last) < strings.count, strings[Int(last)] == string { return last }
        // A few entries: comparing small strings beats hashing them.
        if strings.count <= 8, let found = strings.firstIndex(of: string) {
            last = UInt32(found)
            return last
        }
        if strings.count > 8, let index = indices[string] {
            last = index
            return index
        }
        let index = UInt32(strings.count)
        strings.append(string)
        indices[string] = index
        last = index
        return index
    }
}
