/// The activity types as the user arranged them: definitions, daily goals, favorites, the
/// listing order and renames. Every part folds like the rest of the state (last-writer-wins
/// registers keyed by the event order; renames are a set), so the same events in any order
/// give the same catalog.
///
/// Names are stored as their events wrote them and read through `resolve`: a rename changes
/// what an old name means everywhere (entries, goals, favorites, the definition) without
/// rewriting anything. The rule, applied to all rename events in the event order: a rename
/// of `from` to `to` renames the type `from` means at that point (itself, or the name an
/// earlier rename gave it), with every name that already meant it. So two devices that rename
/// the same type apart end with the later rename's name, and a rename back restores the old
/// name. Renames from or to a built-in type are ignored (`status` and the widget key on them).
public struct TypeCatalog: Hashable, Sendable {
    /// Definitions by the name their event wrote.
    public package(set) var definitions: [String: Register<ActivityTypeDefinition>] = [:]
    /// Daily goals in seconds (0: none), by the name their event wrote.
    public package(set) var goalRegisters: [String: Register<Int64>] = [:]
    public package(set) var favoriteRegisters: [String: Register<Mark>] = [:]
    public package(set) var orderRegister: Register<TypeOrder>?
    public private(set) var renames: Set<Rename> = []
    /// Former name → current name (derived from `renames`; empty when nothing was renamed).
    public private(set) var aliases: [String: String] = [:]

    /// One rename event.
    public struct Rename: Hashable, Sendable, Comparable {
        public var key: OrderKey
        public var from: String
        public var to: String

        public init(key: OrderKey, from: String, to: String) {
            (self.key, self.from, self.to) = (key, from, to)
        }

        public static func < (a: Self, b: Self) -> Bool { (a.key, a.from, a.to) < (b.key, b.from, b.to) }
    }

    /// A favorite mark, on or off (a register's value must be comparable: off < on).
    public struct Mark: Hashable, Sendable, Comparable {
        public var isOn: Bool

        public init(_ isOn: Bool) { self.isOn = isOn }

        public static func < (a: Self, b: Self) -> Bool { !a.isOn && b.isOn }
    }

    /// The listing order: the names as the event wrote them.
    public struct TypeOrder: Hashable, Sendable, Comparable {
        public var names: [String]

        public init(_ names: [String]) { self.names = names }

        public static func < (a: Self, b: Self) -> Bool { a.names.lexicographicallyPrecedes(b.names) }
    }

    public init() {}

    /// Folds a catalog event; false for any other event.
    @discardableResult
    public mutating func apply(_ event: Event) -> Bool {
        let key = event.orderKey
        switch event.body {
        case .typeDefined(let definition): Register.merge(&definitions[definition.name], key, definition)
        case .goalSet(let type, let seconds): Register.merge(&goalRegisters[type], key, seconds)
        case .favoriteSet(let type, let on): Register.merge(&favoriteRegisters[type], key, Mark(on))
        case .orderSet(let types): Register.merge(&orderRegister, key, TypeOrder(types))
        case .renamed(let from, let to): add(Rename(key: key, from: from, to: to))
        case .logged, .edited, .deleted, .restored, .started, .stopped, .tagged: return false
        }
        return true
    }

    /// Folds `other` in: the catalog of both event sets.
    public mutating func merge(_ other: TypeCatalog) {
        for (name, r) in other.definitions { Register.merge(&definitions[name], r.key, r.value) }
        for (name, r) in other.goalRegisters { Register.merge(&goalRegisters[name], r.key, r.value) }
        for (name, r) in other.favoriteRegisters { Register.merge(&favoriteRegisters[name], r.key, r.value) }
        if let r = other.orderRegister { Register.merge(&orderRegister, r.key, r.value) }
        if !other.renames.isSubset(of: renames) {
            renames.formUnion(other.renames)
            aliases = Self.aliases(of: renames)
        }
    }

    package mutating func add(_ rename: Rename) {
        guard renames.insert(rename).inserted else { return }
        aliases = Self.aliases(of: renames)
    }

    /// Former name → current name, from the renames in the event order (see the type's comment).
    static func aliases(of renames: Set<Rename>) -> [String: String] {
        var current: [String: String] = [:]
        for rename in renames.sorted()
        where ActivityTypes.builtIn(rename.from) == nil && ActivityTypes.builtIn(rename.to) == nil {
            let meant = current[rename.from] ?? rename.from
            guard meant != rename.to else { continue }
            for (name, target) in current where target == meant { current[name] = rename.to }
            current[meant] = rename.to
        }
        return current.filter { $0.key != $0.value }
    }

    // MARK: Reading

    /// The current name of `name` (itself unless it was renamed).
    @inline(__always)
    public func resolve(_ name: String) -> String {
        aliases.isEmpty ? name : aliases[name] ?? name
    }

    /// Registers keyed by their current names; where two names came to mean one type, the
    /// latest event wins.
    private func resolved<Value>(_ registers: [String: Register<Value>]) -> [String: Register<Value>] {
        guard !aliases.isEmpty else { return registers }
        var result: [String: Register<Value>] = [:]
        for (name, register) in registers {
            Register.merge(&result[resolve(name)], register.key, register.value)
        }
        return result
    }

    /// The definitions by current name (each carrying that name).
    public var definedTypes: [String: Register<ActivityTypeDefinition>] {
        guard !aliases.isEmpty else { return definitions }
        var result = resolved(definitions)
        for name in result.keys { result[name]!.value.name = name }
        return result
    }

    /// Daily goal registers by current name.
    public var goals: [String: Register<Int64>] { resolved(goalRegisters) }

    /// The current names of the favorite types.
    public var favorites: Set<String> {
        Set(resolved(favoriteRegisters).compactMap { $0.value.value.isOn ? $0.key : nil })
    }

    /// The listing order by current names (each once).
    public var order: [String] {
        var seen: Set<String> = []
        return (orderRegister?.value.names ?? []).map(resolve).filter { seen.insert($0).inserted }
    }

    /// A type's definition by any of its names, archived or not (nil: unknown).
    public func definition(named name: String) -> ActivityTypeDefinition? {
        let current = resolve(name)
        return definedTypes[current]?.value ?? ActivityTypes.builtIn(current)
    }

    /// Every type, archived ones included, by name: what entries are drawn with.
    public var allTypes: [ActivityTypeDefinition] { ActivityTypes.merged(with: definedTypes) }

    /// `types` in the user's order: favorites first, then the order `types order` set, then by
    /// name.
    public func arranged(_ types: [ActivityTypeDefinition]) -> [ActivityTypeDefinition] {
        let favorites = self.favorites
        var rank: [String: Int] = [:]
        for (position, name) in order.enumerated() { rank[name] = position }
        return types.sorted { a, b in
            let (fa, fb) = (favorites.contains(a.name), favorites.contains(b.name))
            if fa != fb { return fa }
            let (ra, rb) = (rank[a.name] ?? Int.max, rank[b.name] ?? Int.max)
            if ra != rb { return ra < rb }
            return a.name < b.name
        }
    }

    /// The names that once meant `name`'s type, sorted.
    public func formerNames(of name: String) -> [String] {
        aliases.filter { $0.value == name }.map(\.key).sorted()
    }
}

extension TypeCatalog {
    /// Where a search text was found in a type, best first.
    public enum Match: Int, Sendable, Comparable {
        case name, namePrefix, nameContains, formerName, group, icon

        public static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }
    }

    /// The types among `types` that `text` finds (case-insensitive): in the name, a former
    /// name, the group, or the icon's keywords (the Unicode names of its characters, so "moon"
    /// finds 🌙). Best matches first; equal ones keep `types`' order.
    public func search(_ text: String, in types: [ActivityTypeDefinition]) -> [(
        type: ActivityTypeDefinition, match: Match
    )] {
        let wanted = text.lowercased().trimmingSpaces
        guard !wanted.isEmpty else { return types.map { ($0, .name) } }
        var found: [(type: ActivityTypeDefinition, match: Match, position: Int)] = []
        for (position, type) in types.enumerated() {
            let match: Match? =
                if type.name == wanted { .name } else if type.name.hasPrefix(wanted) {
                    .namePrefix
                } else if type.name.contains(wanted) {
                    .nameContains
                } else if formerNames(of: type.name).contains(where: { $0.contains(wanted) }) {
                    .formerName
                } else if type.group.lowercased().contains(wanted) {
                    .group
                } else if Self.iconKeywords(type.icon).contains(wanted) {
                    .icon
                } else {
                    nil
                }
            if let match { found.append((type, match, position)) }
        }
        found.sort { ($0.match, $0.position) < ($1.match, $1.position) }
        return found.map { ($0.type, $0.match) }
    }

    /// The Unicode names of an icon's characters, lowercased and joined ("crescent moon").
    public static func iconKeywords(_ icon: String) -> String {
        icon.unicodeScalars.compactMap { $0.properties.name?.lowercased() }.joined(separator: " ")
    }
}

extension String {
    fileprivate var trimmingSpaces: String {
        var view = Substring(self)
        while view.first == " " { view.removeFirst() }
        while view.last == " " { view.removeLast() }
        return String(view)
    }
}
