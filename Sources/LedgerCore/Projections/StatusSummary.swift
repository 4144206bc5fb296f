/// The small projection behind `alog status`: the latest live entry per type, the defined
/// types, the clock high-water mark, and the ids still waiting for their log event. Small
/// enough to load in microseconds; derived from `LedgerState`, and advanced cheaply by the
/// writer's own new events.
public struct StatusSummary: Hashable, Sendable {
    public struct Latest: Hashable, Sendable {
        public var id: EventID
        public var at: LocalInstant
        public var created: OrderKey

        public init(id: EventID, at: LocalInstant, created: OrderKey) {
            self.id = id
            self.at = at
            self.created = created
        }

        func isNewer(than other: Latest) -> Bool {
            if at.seconds != other.at.seconds { return at.seconds > other.at.seconds }
            return created > other.created
        }
    }

    /// type name → its latest live entry.
    public var latest: [String: Latest] = [:]
    /// Type definitions, goals, favorites, the order and renames.
    public var catalog = TypeCatalog()
    public var maxStamp: Stamp = .zero
    public var unresolvedTargets: Set<EventID> = []
    /// The live timed entries that started within `recentWindow` of the latest start: enough
    /// for the running timer and today's totals, whatever the history's size.
    public var recentTimers: [Entry] = []
    /// Recent timers whose end or note a later event than their start has set (an edit, a
    /// stop, an `undo` that took the end away): a stop that arrives for one of them may be
    /// older than that event, and only the full fold, which knows each register's key, decides.
    public var editedTimers: Set<EventID> = []
    /// Every timer ever bound to a task note (`alog task start`), deleted ones included: few
    /// beside the entries, and what `history` and `tasks` look a timer's task up in without
    /// the full state.
    public var taskBindings: [EventID: TaskRef] = [:]

    /// How far back from the latest timer's start `recentTimers` reaches: a local day and more,
    /// so today's totals are whole whenever the latest timer started today.
    public static let recentWindow: Int64 = 48 * 3600

    public init() {}

    public init(_ state: LedgerState) {
        maxStamp = state.maxStamp
        catalog = state.catalog
        let timers = state.timedEntries.filter { !$0.isDeleted }
        if let latest = timers.map(\.at.seconds).max() {
            recentTimers = timers.filter { $0.at.seconds >= latest - Self.recentWindow }.sorted(
                by: Timeline.startsFirst)
            editedTimers = Set(
                recentTimers.lazy.map(\.id).filter { id in
                    guard let record = state.tracked[id] else { return false }
                    return record.end != nil || (record.note.map { $0.key != record.created } ?? false)
                })
        }
        // Plain entries (nearly all of them): the latest per interned type, compared without
        // building an order key unless two share an instant.
        var latestPlain = [PlainEntry?](repeating: nil, count: state.typeNames.count)
        for entry in state.plain where !entry.isMoved {
            let slot = Int(entry.type)
            if let current = latestPlain[slot] {
                if entry.at.seconds < current.at.seconds { continue }
                if entry.at.seconds == current.at.seconds,
                    !Entry.newestFirst(state.entry(of: entry), state.entry(of: current))
                {
                    continue
                }
            }
            latestPlain[slot] = entry
        }
        for case let entry? in latestPlain {
            let materialised = state.entry(of: entry)
            offer(Latest(id: entry.id, at: entry.at, created: materialised.created), type: materialised.type)
        }
        for (id, record) in state.tracked {
            if let task = record.timer?.value.task { taskBindings[id] = task }
            guard record.isLogged else {
                unresolvedTargets.insert(id)
                continue
            }
            guard !record.isDeleted, let entry = state.entry(id, record) else { continue }
            offer(Latest(id: id, at: entry.at, created: entry.created), type: entry.type)
        }
    }

    mutating func offer(_ candidate: Latest, type: String) {
        if let current = latest[type], !candidate.isNewer(than: current) { return }
        latest[type] = candidate
    }

    /// Folds an event new to this vault: one this device just wrote, or one that arrived from
    /// another device (ids are random, so a new line is a new event). Returns false when the
    /// event can change more than the summary knows about (an edit, delete or restore, or a
    /// log whose edits arrived first): the caller then derives the summary from the full state.
    public mutating func absorbNewEvent(_ event: Event) -> Bool {
        if event.stamp > maxStamp { maxStamp = event.stamp }
        switch event.body {
        case .logged(let type, let at, _):
            guard !unresolvedTargets.contains(event.id) else { return false }
            offer(Latest(id: event.id, at: at, created: event.orderKey), type: catalog.resolve(type))
            return true
        case .typeDefined, .goalSet, .favoriteSet, .orderSet:
            catalog.apply(event)
            return true
        case .renamed:
            // The latest entry per type may join another's: the full state decides.
            return false
        case .started(let rawType, let at, let note, let goal, let task, _):
            let type = catalog.resolve(rawType)
            if let task { taskBindings[event.id] = task }
            guard !unresolvedTargets.contains(event.id), !recentTimers.contains(where: { $0.id == event.id }) else {
                return false
            }
            offer(Latest(id: event.id, at: at, created: event.orderKey), type: type)
            let entry = Entry(
                id: event.id, type: type, at: at, note: note?.isEmpty == false ? note : nil, isDeleted: false,
                created: event.orderKey, isTimed: true, goalSeconds: (goal ?? 0) > 0 ? goal : nil, task: task)
            // Timers mostly arrive in order (an import brings thousands): sorted only when not.
            recentTimers.append(entry)
            if recentTimers.count > 1, Timeline.startsFirst(entry, recentTimers[recentTimers.count - 2]) {
                recentTimers.sort(by: Timeline.startsFirst)
            }
            let latest = recentTimers.last!.at.seconds
            if recentTimers[0].at.seconds < latest - Self.recentWindow {
                recentTimers.removeAll { $0.at.seconds < latest - Self.recentWindow }
                if !editedTimers.isEmpty { editedTimers.formIntersection(recentTimers.map(\.id)) }
            }
            return true
        case .stopped(let target, let at, let note):
            // The first stop of a timer the summary holds; anything else (a second stop, whose
            // order decides, or a timer older than the window) needs the full state.
            guard let index = recentTimers.firstIndex(where: { $0.id == target }), recentTimers[index].end == nil,
                !editedTimers.contains(target)
            else { return false }
            // A note ordered before the start's own (clocks apart) loses to it: the fold decides.
            if note != nil, event.orderKey < recentTimers[index].created { return false }
            recentTimers[index].end = at
            if let note { recentTimers[index].note = note.isEmpty ? nil : note }
            editedTimers.insert(target)
            return true
        case .edited, .deleted, .restored:
            return false
        case .tagged(let target, _, _):
            // A recent timer's tags come from the full state (its registers decide); other
            // entries' tags are nothing the summary shows.
            return !recentTimers.contains(where: { $0.id == target })
        }
    }

    /// The recent timers on one line: the running one, today's totals.
    public var timeline: Timeline { Timeline(entries: recentTimers) }

    /// Daily goals of the types in use (a removed type's goal is kept, and shown again when the
    /// type is brought back).
    public var dailyGoals: [String: Int64] {
        var result: [String: Int64] = [:]
        let definedTypes = catalog.definedTypes
        for (type, register) in catalog.goals where register.value > 0 && definedTypes[type]?.value.archived != true {
            result[type] = register.value
        }
        return result
    }

    /// `LastKnownActivities`: type name → unix seconds of its latest live entry.
    public var lastKnownActivities: [String: Int64] { latest.mapValues(\.at.seconds) }

    /// A type in use (nil for an unknown or archived one): what `log` and `start` accept.
    public func type(named name: String) -> ActivityTypeDefinition? {
        definition(named: name).flatMap { $0.archived ? nil : $0 }
    }

    /// A type's definition, archived or not.
    /// A type's definition by any of its names, archived or not.
    public func definition(named name: String) -> ActivityTypeDefinition? { catalog.definition(named: name) }

    /// The types in use (archived ones left out), favorites first, then in the user's order,
    /// then by name.
    public var types: [ActivityTypeDefinition] { types(includingRemoved: false) }

    /// `types`, or with the removed (archived) ones too, in the same arrangement (`types --all`).
    public func types(includingRemoved: Bool) -> [ActivityTypeDefinition] {
        catalog.arranged(includingRemoved ? allTypes : allTypes.filter { !$0.archived })
    }

    /// Every type, archived ones included, by name: what entries are drawn with.
    public var allTypes: [ActivityTypeDefinition] { catalog.allTypes }

    /// Defined types by current name, with the key of the defining event.
    public var definedTypes: [String: Register<ActivityTypeDefinition>] { catalog.definedTypes }
}
