public import LedgerCore

/// `alog types remove`: a type leaves the list of types in use. Nothing is rewritten: a new
/// definition of the type carries `archived`, so the entries already logged with it keep
/// their icon and colour, and `types add` brings the type back with the fields it had.
extension Vault {
    /// What `removeType` did: whether entries of the type remain (then it is archived rather
    /// than gone from every view) and how many.
    public struct TypeRemoval: Sendable {
        public var definition: ActivityTypeDefinition
        public var liveEntries: Int
        public var appended: Appended
    }

    /// Throws what `removeType` would refuse (from the summary alone); returns the archived
    /// definition it would write.
    @discardableResult
    public func checkRemoveType(_ name: String) throws -> ActivityTypeDefinition {
        let name = name.lowercased()
        if let reason = ActivityTypes.validateName(name) { throw VaultError.invalidTypeName(name, reason: reason) }
        let summary = try summary()
        guard var definition = summary.definition(named: name) else {
            throw VaultError.noSuchType(name, types: summary.types.map(\.name))
        }
        if definition.archived {
            throw VaultError.typeAlreadyRemoved(name)
        }
        if let running = summary.timeline.running, running.entry.type == definition.name {
            throw VaultError.typeTimerRunning(type: name, entry: running.entry.id.description)
        }
        definition.archived = true
        return definition
    }

    /// Archives a type: `log`, `start`, `edit --type` and goals no longer accept it, `types`
    /// no longer lists it (`types --all` does), and its entries are shown as before.
    public func removeType(_ name: String) throws -> TypeRemoval {
        let definition = try checkRemoveType(name)
        // Counted here, once: the full state, as the command is about to write.
        var live = 0
        try state().forEachEntry { entry in
            if entry.type == definition.name && !entry.isDeleted { live += 1 }
        }
        let appended = try append(
            [.typeDefined(definition)], message: "alog: remove type \(definition.name)")
        return TypeRemoval(definition: definition, liveEntries: live, appended: appended)
    }
}
