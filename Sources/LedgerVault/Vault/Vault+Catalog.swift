public import LedgerCore

/// The catalog commands: favorites, the listing order and renames. Each is one event in one
/// commit, so it syncs like everything else (the rules are in docs/sync.md, "The catalog").
extension Vault {
    /// What a catalog change came to; `appended` is nil when nothing needed writing.
    public struct CatalogChange: Sendable {
        /// The types the command named, by their current names.
        public var named: [String]
        public var appended: Appended?
        /// The types in use, in the order `types` lists them after the change.
        public var types: [ActivityTypeDefinition]
    }

    /// Marks a type in use as a favorite (`on`) or takes the mark away.
    public func setFavorite(_ name: String, on: Bool) throws -> CatalogChange {
        let summary = try summary()
        let definition = try typeInUse(typed: name, summary: summary)
        let named = [definition.name]
        guard summary.catalog.favorites.contains(definition.name) != on else {
            return CatalogChange(named: named, appended: nil, types: summary.types)
        }
        let appended = try append(
            [.favoriteSet(type: definition.name, on: on)],
            message: on ? "alog: favorite \(definition.name)" : "alog: not a favorite: \(definition.name)")
        return CatalogChange(named: named, appended: appended, types: try self.summary().types)
    }

    /// Sets the order `types` lists types in (after the favorites); types not named follow by
    /// name. An empty list goes back to listing by name.
    public func setTypeOrder(_ names: [String]) throws -> CatalogChange {
        let summary = try summary()
        var order: [String] = []
        for name in names {
            let current = try typeInUse(typed: name, summary: summary).name
            if !order.contains(current) { order.append(current) }
        }
        guard order != summary.catalog.order else {
            return CatalogChange(named: order, appended: nil, types: summary.types)
        }
        let appended = try append(
            [.orderSet(types: order)],
            message: order.isEmpty ? "alog: list types by name" : "alog: type order " + order.joined(separator: " "))
        return CatalogChange(named: order, appended: appended, types: try self.summary().types)
    }

    /// What `renameType` did.
    public struct TypeRename: Sendable {
        public var from: String
        public var definition: ActivityTypeDefinition
        /// Nil when the type already had the name.
        public var appended: Appended?
    }

    /// Throws what `renameType` would refuse; returns the type's definition under its new name.
    @discardableResult
    public func checkRenameType(_ old: String, to new: String) throws -> (from: String, to: ActivityTypeDefinition) {
        let (old, new) = (old.lowercased(), new.lowercased())
        if let reason = ActivityTypes.validateName(new) { throw VaultError.invalidTypeName(new, reason: reason) }
        let summary = try summary()
        var definition = try typeInUse(typed: old, summary: summary)
        let current = definition.name
        for name in [current, new] where ActivityTypes.builtIn(name) != nil { throw VaultError.builtInRename(name) }
        if new != current, summary.definition(named: new) != nil {
            if let owner = summary.catalog.aliases[new], owner != current {
                throw VaultError.typeRenamedAway(new, to: owner)
            }
            // A former name of this very type is free to take back.
            if summary.catalog.aliases[new] == nil { throw VaultError.typeNameTaken(new) }
        }
        definition.name = new
        return (current, definition)
    }

    /// Renames a type: its entries, goal, favorite mark and place in the order follow, and
    /// history shows the new name. Nothing is rewritten; one event records the rename.
    public func renameType(_ old: String, to new: String) throws -> TypeRename {
        let (from, definition) = try checkRenameType(old, to: new)
        guard from != definition.name else { return TypeRename(from: from, definition: definition, appended: nil) }
        let appended = try append(
            [.renamed(from: from, to: definition.name)], message: "alog: rename type \(from) to \(definition.name)")
        return TypeRename(from: from, definition: definition, appended: appended)
    }

    /// The type in use that `name` (any case) means, or the refusal; a name no type can have
    /// is refused as such.
    private func typeInUse(typed name: String, summary: StatusSummary) throws -> ActivityTypeDefinition {
        let name = name.lowercased()
        if let reason = ActivityTypes.validateName(name) { throw VaultError.invalidTypeName(name, reason: reason) }
        return try Self.typeInUse(name, summary: summary)
    }
}
