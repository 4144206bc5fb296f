/// The state folded from events. `apply` is a join of last-writer-wins registers keyed by the
/// total event order, so any order, any interleaving and any duplication of the same events
/// produce the same state:
/// - an edit changes the fields it names; per field the latest event in the order wins;
/// - a delete hides the entry until a later restore (latest delete/restore wins);
/// - an edit, delete or restore whose entry has not arrived yet is kept and applies when it does;
/// - an event id seen twice counts once.
public struct LedgerState: Sendable {
    public internal(set) var records: [EventID: EntryRecord] = [:]
    var typeRegisters: [String: Register<ActivityTypeDefinition>] = [:]
    /// Every distinct event id folded so far.
    public internal(set) var eventIDs: Set<EventID> = []
    /// The latest clock stamp seen; a new local event must be stamped after it.
    public internal(set) var maxStamp: Stamp = .zero
    /// How many events arrived again with an id already folded.
    public internal(set) var duplicateEvents = 0

    public init() {}

    public init(events: some Sequence<Event>) {
        for event in events { apply(event) }
    }

    public var eventCount: Int { eventIDs.count }

    /// Makes room for about `count` more events (avoids rehashing during a large fold).
    public mutating func reserveCapacity(events count: Int) {
        records.reserveCapacity(records.count + count)
        eventIDs.reserveCapacity(eventIDs.count + count)
    }

    public mutating func apply(_ event: Event) {
        if !eventIDs.insert(event.id).inserted { duplicateEvents += 1 }
        if event.stamp > maxStamp { maxStamp = event.stamp }
        let key = event.orderKey
        switch event.body {
        case .logged(let type, let at, let note):
            Self.logged(&records[event.id, default: EntryRecord()], key, type, at, note)
        case .edited(let target, let changes):
            Self.edited(&records[target, default: EntryRecord()], key, changes)
        case .deleted(let target):
            Register.merge(&records[target, default: EntryRecord()].visibility, key, .deleted)
        case .restored(let target):
            Register.merge(&records[target, default: EntryRecord()].visibility, key, .visible)
        case .typeDefined(let definition):
            Register.merge(&typeRegisters[definition.name], key, definition)
        }
    }

    private static func logged(
        _ record: inout EntryRecord, _ key: OrderKey, _ type: String, _ at: LocalInstant, _ note: String?
    ) {
        if record.created.map({ key > $0 }) ?? true { record.created = key }
        Register.merge(&record.type, key, type)
        Register.merge(&record.at, key, at)
        Register.merge(&record.note, key, note ?? "")
    }

    private static func edited(_ record: inout EntryRecord, _ key: OrderKey, _ changes: EntryChanges) {
        if let type = changes.type { Register.merge(&record.type, key, type) }
        if let at = changes.at { Register.merge(&record.at, key, at) }
        if let note = changes.note { Register.merge(&record.note, key, note) }
    }

    /// The entry with this id (deleted ones included), once its log event has arrived.
    public func entry(_ id: EventID) -> Entry? {
        records[id].flatMap { Entry(id: id, record: $0) }
    }

    /// Every entry whose log event has arrived, deleted ones included, in no particular order.
    public var allEntries: [Entry] {
        records.compactMap { Entry(id: $0.key, record: $0.value) }
    }

    /// Live (not deleted) entries, newest first.
    public var history: [Entry] {
        allEntries.filter { !$0.isDeleted }.sorted(by: Entry.newestFirst)
    }

    /// Ids that edits, deletes or restores named but whose log event has not arrived.
    public var unresolvedTargets: [EventID] {
        records.filter { !$0.value.isLogged }.map(\.key).sorted()
    }

    /// Defined types with the key of the defining event (latest definition per name).
    public var definedTypes: [String: Register<ActivityTypeDefinition>] { typeRegisters }

    /// The built-in and defined types, by name.
    public var types: [ActivityTypeDefinition] {
        ActivityTypes.merged(with: typeRegisters)
    }

    /// Ids of all entries whose log event arrived, deleted ones included.
    public var entryIDs: [EventID] { records.compactMap { $0.value.isLogged ? $0.key : nil } }
}
