/// One immutable ledger record. Events are only ever appended; an edit, delete or restore is
/// a new event naming the entry it changes.
public struct Event: Hashable, Sendable {
    /// The on-disk format version this build writes (and the newest it reads).
    public static let formatVersion = 1

    public var version: Int
    public var id: EventID
    /// The device that wrote it (its folder in the ledger).
    public var device: String
    public var stamp: Stamp
    /// The writer's wall clock when it was recorded, milliseconds since the epoch.
    public var wallMillis: Int64
    public var body: EventBody

    public init(
        id: EventID, device: String, stamp: Stamp, wallMillis: Int64, body: EventBody,
        version: Int = Event.formatVersion
    ) {
        self.version = version
        self.id = id
        self.device = device
        self.stamp = stamp
        self.wallMillis = wallMillis
        self.body = body
    }

    public var orderKey: OrderKey { OrderKey(stamp: stamp, device: device, id: id) }

    /// The entry this event is about: its own id for a log, the target otherwise.
    public var entryID: EventID? {
        switch body {
        case .logged: id
        case .edited(let target, _), .deleted(let target), .restored(let target): target
        case .typeDefined: nil
        }
    }
}

/// The fields an edit changes; nil means unchanged. An empty note clears the note.
public struct EntryChanges: Hashable, Sendable {
    public var type: String?
    public var at: LocalInstant?
    public var note: String?

    public init(type: String? = nil, at: LocalInstant? = nil, note: String? = nil) {
        self.type = type
        self.at = at
        self.note = note
    }

    public var isEmpty: Bool { type == nil && at == nil && note == nil }
}

public enum EventBody: Hashable, Sendable {
    /// An activity happened at `at` (with the user's UTC offset then).
    case logged(type: String, at: LocalInstant, note: String?)
    case edited(target: EventID, changes: EntryChanges)
    case deleted(target: EventID)
    case restored(target: EventID)
    case typeDefined(ActivityTypeDefinition)

    /// The `kind` written on disk.
    public var kind: String {
        switch self {
        case .logged: "log"
        case .edited: "edit"
        case .deleted: "delete"
        case .restored: "restore"
        case .typeDefined: "type"
        }
    }
}
