public import LedgerCore

/// The user's actions on the ledger: each is checked against the folded state, then written
/// as new events in one commit (`append`). Nothing is ever rewritten: an edit, delete or
/// restore is a new event that names the entry it changes.
extension Vault {
    /// Logs an activity of a known type.
    public func log(type: String, at: LocalInstant, note: String?, tags: [String] = []) throws -> Appended {
        // A former name (`types rename`) is written as the type's current one.
        let type = try checkLog(type: type)
        let noteText = note.flatMap { $0.isEmpty ? nil : $0 }
        return try append(
            [.logged(type: type, at: at, note: noteText)], message: "alog: log \(type) at \(at.iso8601)", tags: tags)
    }

    /// Puts `tags` on the entry `prefix` names (`on`), or takes them off: one `tag` or `untag`
    /// event of the tags that change, returned with the entry (none changed: nothing is
    /// appended). A deleted entry is refused.
    public func tag(_ prefix: String, tags: [String], on: Bool) throws -> (
        entry: Entry, changed: [String], appended: Appended?
    ) {
        let (entry, changing) = try checkTag(prefix, tags: tags, on: on)
        guard !changing.isEmpty else { return (entry, [], nil) }
        let appended = try append(
            [.tagged(target: entry.id, tags: changing, on: on)],
            message: "alog: \(on ? "tag" : "untag") \(entry.id) (\(entry.type))")
        return (try state().entry(entry.id)!, changing, appended)
    }

    /// The entry `tag` would change and the tags that would change; throws what it would refuse.
    @discardableResult
    public func checkTag(_ prefix: String, tags: [String], on: Bool) throws -> (entry: Entry, changing: [String]) {
        guard !tags.isEmpty else { throw VaultError.nothingToChange }
        for tag in tags {
            if let reason = Tags.problem(tag) { throw VaultError.invalidTag(tag, reason: reason) }
        }
        let entry = try resolveEntry(prefix)
        if entry.isDeleted { throw VaultError.editOfDeletedEntry(entry.id.description) }
        return (entry, Tags.normalized(tags).filter { entry.tags.contains($0) != on })
    }

    /// Throws what `log(type:…)` would refuse, without writing anything; returns the type's
    /// current name.
    @discardableResult
    public func checkLog(type: String) throws -> String {
        try Self.typeInUse(type, summary: try summary()).name
    }

    /// The type in use that `name` means (by its current or a former name), or the refusal:
    /// a removed type as removed, anything else as unknown (with the types in use).
    static func typeInUse(_ name: String, summary: StatusSummary) throws -> ActivityTypeDefinition {
        guard let definition = summary.type(named: name) else {
            if summary.definition(named: name)?.archived == true { throw VaultError.archivedType(name) }
            throw VaultError.unknownType(name, known: summary.types.map(\.name))
        }
        return definition
    }

    /// Finds an entry by a unique id prefix of at least 4 characters.
    public func resolveEntry(_ prefix: String) throws -> Entry {
        let wanted = prefix.lowercased()
        guard wanted.count >= 4 else { throw VaultError.entryPrefixTooShort(prefix) }
        let state = try state()
        if let exact = EventID(wanted), let entry = state.entry(exact) { return entry }
        var matches: [EventID] = []
        for id in state.entryIDs where id.hasPrefix(wanted) {
            matches.append(id)
            if matches.count > 10 { break }
        }
        guard let first = matches.first else { throw VaultError.unknownEntry(prefix) }
        guard matches.count == 1 else {
            throw VaultError.ambiguousEntry(prefix, candidates: matches.map(\.description).sorted())
        }
        return state.entry(first)!
    }

    /// Changes the fields of an entry (found by id prefix) that `changes` names. Fields that
    /// already hold the value given are left out of the event; when none is left, nothing is
    /// written and `appended` is nil. For a timer, `at` moves its start and `end` its end; a
    /// window that would overlap another timer is refused, or with `adjust` the neighbours are
    /// trimmed in the same commit.
    public func edit(_ prefix: String, changes: EntryChanges, adjust: Bool = false) throws
        -> (entry: Entry, appended: Appended?)
    {
        let (entry, trims) = try checkEdit(prefix, changes: changes, adjust: adjust)
        let effective = Self.effectiveChanges(changes, to: entry)
        if effective.isEmpty && trims.isEmpty { return (entry, nil) }
        let bodies =
            trims.map { EventBody.edited(target: $0.entry.id, changes: $0.changes) }
            + (effective.isEmpty ? [] : [.edited(target: entry.id, changes: effective)])
        let appended = try append(bodies, message: "alog: edit \(entry.id) (\(entry.type))")
        return (try state().entry(entry.id)!, appended)
    }

    /// The entry `edit` would change and the neighbours it would trim; throws what it would
    /// refuse, without writing anything. A deleted entry is refused: it must be restored first.
    @discardableResult
    public func checkEdit(_ prefix: String, changes: EntryChanges, adjust: Bool = false) throws
        -> (entry: Entry, trims: [(entry: Entry, changes: EntryChanges)])
    {
        guard !changes.isEmpty else { throw VaultError.nothingToChange }
        let entry = try resolveEntry(prefix)
        if entry.isDeleted {
            throw VaultError.editOfDeletedEntry(entry.id.description)
        }
        if let type = changes.type { try checkLog(type: type) }
        let trims = try timers.checkWindow(of: entry, start: changes.at, end: changes.end, adjust: adjust)
        return (entry, trims)
    }

    /// `changes` without the fields `entry` already has (`--note ""` when it has no note).
    static func effectiveChanges(_ changes: EntryChanges, to entry: Entry) -> EntryChanges {
        var effective = changes
        if changes.type == entry.type { effective.type = nil }
        if let at = changes.at, at == entry.at { effective.at = nil }
        if let note = changes.note, note == (entry.note ?? "") { effective.note = nil }
        if let end = changes.end, end == entry.end { effective.end = nil }
        return effective
    }

    /// Hides an entry (found by id prefix) until it is restored.
    public func delete(_ prefix: String) throws -> (Entry, Appended) {
        let entry = try checkDelete(prefix)
        let appended = try append([.deleted(target: entry.id)], message: "alog: delete \(entry.id) (\(entry.type))")
        return (entry, appended)
    }

    /// The entry `delete` would hide; throws what it would refuse, without writing anything.
    @discardableResult
    public func checkDelete(_ prefix: String) throws -> Entry {
        let entry = try resolveEntry(prefix)
        if entry.isDeleted { throw VaultError.entryAlreadyDeleted(entry.id.description) }
        return entry
    }

    /// Shows a deleted entry (found by id prefix) again.
    public func restore(_ prefix: String) throws -> (Entry, Appended) {
        let entry = try checkRestore(prefix)
        let appended = try append([.restored(target: entry.id)], message: "alog: restore \(entry.id) (\(entry.type))")
        return (entry, appended)
    }

    /// The entry `restore` would show again; throws what it would refuse, without writing.
    @discardableResult
    public func checkRestore(_ prefix: String) throws -> Entry {
        let entry = try resolveEntry(prefix)
        if !entry.isDeleted { throw VaultError.entryNotDeleted(entry.id.description) }
        return entry
    }

    /// Adds or redefines an activity type.
    public func defineType(_ definition: ActivityTypeDefinition) throws -> Appended {
        try Self.checkDefine(definition)
        return try append([.typeDefined(definition)], message: "alog: define type \(definition.name)")
    }

    /// Throws what `defineType` would refuse (it needs nothing of the vault).
    public static func checkDefine(_ definition: ActivityTypeDefinition) throws {
        if let reason = ActivityTypes.validateName(definition.name) {
            throw VaultError.invalidTypeName(definition.name, reason: reason)
        }
        if let reason = ActivityTypes.validateIcon(definition.icon) {
            throw VaultError.invalidTypeField(field: "icon", reason: reason)
        }
        if let reason = ActivityTypes.validateGroup(definition.group) {
            throw VaultError.invalidTypeField(field: "group", reason: reason)
        }
        if let reason = ActivityTypes.validateColor(definition.color) {
            throw VaultError.invalidTypeField(
                field: "color", reason: reason + " (it was \(DisplayText.quoted(definition.color)))")
        }
    }

    /// The definition `types add NAME` makes: the type's current definition (when it has one)
    /// with only the fields given changed; a new type gets the defaults for the others. The
    /// name is taken in lowercase, as everywhere.
    public func typeDefinition(name: String, icon: String?, group: String?, color: String?) throws
        -> (definition: ActivityTypeDefinition, existed: Bool)
    {
        let name = name.lowercased()
        let summary = try summary()
        if let renamed = summary.catalog.aliases[name] { throw VaultError.typeRenamedAway(name, to: renamed) }
        var current = summary.definition(named: name)
        current?.archived = false
        var definition = current ?? ActivityTypeDefinition(name: name)
        if let icon { definition.icon = icon }
        if let group { definition.group = group }
        if let color { definition.color = color.lowercased() }
        try Self.checkDefine(definition)
        return (definition, current != nil)
    }
}
