/// One immutable ledger record. Events are only ever appended; an edit, delete or restore is
/// a new event naming the entry it changes.
public struct Event: Hashable, Sendable {
    /// The newest on-disk format version this build reads. It writes each event with the
    /// lowest version that has its kind (`EventBody.version`): version 1 readers keep reading
    /// every instant, edit, delete, restore and type definition.
    public static let formatVersion = 6

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
        version: Int? = nil
    ) {
        self.version = version ?? body.version
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
        case .logged, .started: id
        default: body.target
        }
    }
}

/// The fields an edit changes; nil means unchanged. An empty note clears the note. `at` is an
/// instant's time or a timed entry's start; `end` applies to timed entries only.
public struct EntryChanges: Hashable, Sendable {
    public var type: String?
    public var at: LocalInstant?
    public var note: String?
    public var end: LocalInstant?
    /// Takes a timed entry's end away, so it runs again (`undo` of a `stop`; written as
    /// `"end": null`, format version 3). Never together with `end`.
    public var clearsEnd: Bool

    public init(
        type: String? = nil, at: LocalInstant? = nil, note: String? = nil, end: LocalInstant? = nil,
        clearsEnd: Bool = false
    ) {
        self.type = type
        self.at = at
        self.note = note
        self.end = clearsEnd ? nil : end
        self.clearsEnd = clearsEnd
    }

    public var isEmpty: Bool { type == nil && at == nil && note == nil && end == nil && !clearsEnd }
}

public enum EventBody: Hashable, Sendable {
    /// An activity happened at `at` (with the user's UTC offset then).
    case logged(type: String, at: LocalInstant, note: String?)
    case edited(target: EventID, changes: EntryChanges)
    case deleted(target: EventID)
    case restored(target: EventID)
    case typeDefined(ActivityTypeDefinition)
    /// A timer started at `at`: a timed entry (this event's id) that runs until it is stopped,
    /// or until the next timer starts (see `Timeline`). `goal` is how long it is meant to run;
    /// `task`, the task note it works on (`alog task start`); `ref`, what another tracker calls
    /// the interval it was imported from (`watson:<frame id>`), kept for the way back.
    case started(
        type: String, at: LocalInstant, note: String?, goal: Int64?, task: TaskRef? = nil, ref: String? = nil)
    /// The timer `target` stopped at `at` (the end of its window, with the offset then).
    case stopped(target: EventID, at: LocalInstant, note: String?)
    /// The daily goal of a type, in seconds a day (0 removes it).
    case goalSet(type: String, seconds: Int64)
    /// A type marked as a favorite (`on`), or no longer (`types favorite`).
    case favoriteSet(type: String, on: Bool)
    /// The order types are listed in (`types order`); types not named follow by name. Empty:
    /// by name again.
    case orderSet(types: [String])
    /// A type renamed: entries, goals, favorites and the definition of `from` are shown as
    /// `to` (see `TypeCatalog` for the rule when renames cross).
    case renamed(from: String, to: String)
    /// Tags put on an entry (`on`, kind `tag`) or taken off it (kind `untag`): each tag of an
    /// entry is a register of its own, so tags added on two devices both stay (version 6).
    case tagged(target: EventID, tags: [String], on: Bool)

    /// The entry this body changes: an edit's, delete's, restore's, stop's or tag's target (nil for a
    /// log, a start and the catalog's kinds).
    public var target: EventID? {
        switch self {
        case .edited(let target, _), .deleted(let target), .restored(let target), .stopped(let target, _, _),
            .tagged(let target, _, _):
            target
        case .logged, .started, .typeDefined, .goalSet, .favoriteSet, .orderSet, .renamed: nil
        }
    }

    /// Whether this body makes an entry: a log or a start.
    public var makesEntry: Bool {
        switch self {
        case .logged, .started: true
        default: false
        }
    }

    /// The `kind` written on disk.
    public var kind: String {
        switch self {
        case .logged: "log"
        case .edited: "edit"
        case .deleted: "delete"
        case .restored: "restore"
        case .typeDefined: "type"
        case .started: "start"
        case .stopped: "stop"
        case .goalSet: "goal"
        case .favoriteSet: "favorite"
        case .orderSet: "order"
        case .renamed: "rename"
        case .tagged(_, _, let on): on ? "tag" : "untag"
        }
    }

    /// The format version that introduced this kind (or, for an edit, the keys it uses):
    /// timers and goals are version 2, an archived (removed) type and an edit that takes a
    /// timer's end away version 3, favorites, the order and renames version 4, a start bound to
    /// a task note version 5, tags version 6.
    public var version: Int {
        switch self {
        case .typeDefined(let definition): definition.archived ? 3 : 1
        case .logged, .deleted, .restored: 1
        case .edited(_, let changes): changes.clearsEnd ? 3 : changes.end == nil ? 1 : 2
        case .started(_, _, _, _, let task, _): task == nil ? 2 : 5
        case .stopped, .goalSet: 2
        case .favoriteSet, .orderSet, .renamed: 4
        case .tagged: 6
        }
    }
}
