import ArgumentParser
package import LedgerCore
import LedgerEnvironment
import LedgerMessages
import LedgerOutput
package import LedgerVault

/// `types add NAME [--icon] [--group] [--color]`: a type defined, or the fields given changed.
package struct DefineTypeRequest: UseCase {
    package var name: String
    package var icon: String?
    package var group: String?
    package var color: String?

    package init(name: String, icon: String? = nil, group: String? = nil, color: String? = nil) {
        (self.name, self.icon, self.group, self.color) = (name, icon, group, color)
    }

    /// The name, icon, group and colour checked without the vault.
    func checkedInput() throws {
        try Vault.checkDefine(
            ActivityTypeDefinition(name: name.lowercased(), icon: icon ?? "•", group: group ?? "", color: color ?? ""))
    }

    package func perform(in access: VaultAccess) throws -> TypeDefined {
        // Checked without the vault first (name, icon, group, colour), then against it.
        try checkedInput()
        var planned: (definition: ActivityTypeDefinition, existed: Bool)?
        let vault = try access.open(creatingDefault: true) {
            planned = try $0.typeDefinition(name: name, icon: icon, group: group, color: color)
        }
        let (definition, existed) = (planned!.definition, planned!.existed)
        let wasRemoved = try vault.summary().definition(named: definition.name)?.archived == true
        if existed, try vault.summary().type(named: definition.name) == definition {
            return TypeDefined(definition: definition, change: .unchanged, warnings: [])
        }
        let appended = try vault.defineType(definition)
        return TypeDefined(
            definition: definition, change: wasRemoved ? .broughtBack : existed ? .changed : .defined,
            warnings: appended.warnings)
    }
}

/// What `types add` did to the type.
package struct TypeDefined: WriteOutcome {
    package enum Change: Sendable { case defined, changed, broughtBack, unchanged }

    package var definition: ActivityTypeDefinition
    package var change: Change
    package var warnings: [Notice]

    package var notes: [String] {
        change == .unchanged
            ? ["nothing changed: \(definition.name) already has that icon, group and colour"] : []
    }

    package var line: String {
        let verb: String
        switch change {
        case .unchanged: return ""
        case .defined: verb = "defined"
        case .changed: verb = "changed"
        case .broughtBack: verb = "brought back"
        }
        return DisplayText.escaped("\(verb) \(definition.icon) \(definition.name)")
    }
}

/// `types remove NAME`: a type removed, or archived while entries of it remain.
package struct RemoveTypeRequest: UseCase {
    package var name: String

    package init(name: String) { self.name = name }

    package func perform(in access: VaultAccess) throws -> TypeRemoved {
        TypeRemoved(removal: try access.open { try $0.checkRemoveType(name) }.removeType(name))
    }
}

/// What `types remove` did.
package struct TypeRemoved: WriteOutcome {
    package var removal: Vault.TypeRemoval

    package var warnings: [Notice] { removal.appended.warnings }

    package var line: String {
        let type = removal.definition.name
        if removal.liveEntries == 0 {
            return DisplayText.escaped(
                "removed type \(removal.definition.icon) \(type); 'alog types add \(type)' brings it back")
        }
        let count = removal.liveEntries == 1 ? "its entry stays" : "its \(removal.liveEntries) entries stay"
        return DisplayText.escaped(
            "archived type \(removal.definition.icon) \(type): \(count) in history, and nothing new can be logged with it; 'alog types add \(type)' brings it back"
        )
    }
}

/// `types favorite NAME [--off]`: the favorite mark put on a type or taken off.
package struct FavoriteRequest: UseCase {
    package var name: String
    package var on: Bool

    package init(name: String, on: Bool) { (self.name, self.on) = (name, on) }

    package func perform(in access: VaultAccess) throws -> FavoriteChanged {
        FavoriteChanged(change: try access.open().setFavorite(name, on: on), on: on)
    }
}

/// What `types favorite` did.
package struct FavoriteChanged: WriteOutcome {
    package var change: Vault.CatalogChange
    package var on: Bool

    package var warnings: [Notice] { change.appended?.warnings ?? [] }

    package var notes: [String] {
        guard change.appended == nil else { return [] }
        return ["nothing changed: \(change.named[0]) \(on ? "is already a favorite" : "is not a favorite")"]
    }

    package var line: String {
        guard change.appended != nil else { return "" }
        let type = change.named[0]
        return DisplayText.escaped(on ? "★ \(type) is a favorite" : "\(type) is no longer a favorite")
    }
}

/// `types order NAME…` (or `--reset`, no names): the order types are listed in.
package struct TypeOrderRequest: UseCase {
    package var names: [String]
    package var reset: Bool

    package init(names: [String], reset: Bool = false) { (self.names, self.reset) = (names, reset) }

    /// Names or `--reset`, one of the two.
    func checkedInput() throws {
        if reset && !names.isEmpty { throw ValidationError("give types to order, or --reset, not both") }
        if !reset && names.isEmpty {
            throw ValidationError(
                "name the types in the order you want them (e.g. 'alog types order meal reading'), or give --reset")
        }
    }

    package func perform(in access: VaultAccess) throws -> OrderChanged {
        try checkedInput()
        return OrderChanged(change: try access.open().setTypeOrder(reset ? [] : names))
    }
}

/// What `types order` did.
package struct OrderChanged: WriteOutcome {
    package var change: Vault.CatalogChange

    package var warnings: [Notice] { change.appended?.warnings ?? [] }
    package var notes: [String] { change.appended == nil ? ["nothing changed: that is the order already"] : [] }
    package var line: String {
        change.appended == nil
            ? "" : DisplayText.escaped("types listed as: " + change.types.map(\.name).joined(separator: " "))
    }
}

/// `types rename OLD NEW`: a type renamed (its entries, goal and mark follow).
package struct RenameTypeRequest: UseCase {
    package var old: String
    package var new: String

    package init(old: String, new: String) { (self.old, self.new) = (old, new) }

    package func perform(in access: VaultAccess) throws -> TypeRenamed {
        TypeRenamed(rename: try access.open { try $0.checkRenameType(old, to: new) }.renameType(old, to: new))
    }
}

/// What `types rename` did.
package struct TypeRenamed: WriteOutcome {
    package var rename: Vault.TypeRename

    package var warnings: [Notice] { rename.appended?.warnings ?? [] }
    package var notes: [String] {
        rename.appended == nil ? ["nothing changed: the type is already called \(rename.definition.name)"] : []
    }
    package var line: String {
        rename.appended == nil
            ? ""
            : DisplayText.escaped("renamed \(rename.definition.icon) \(rename.from) to \(rename.definition.name)")
    }
}

/// `goals set TYPE DURATION` (`0` removes it): a type's daily goal.
package struct DailyGoalRequest: UseCase {
    package var type: String
    package var duration: String

    package init(type: String, duration: String) { (self.type, self.duration) = (type, duration) }

    package func perform(in access: VaultAccess) throws -> GoalSet {
        let seconds = duration == "0" ? 0 : try Start.duration(duration)
        let type = type.lowercased()
        let vault = try access.open(creatingDefault: true) {
            try $0.timers.checkDailyGoal(type: type, seconds: seconds)
        }
        return GoalSet(
            type: type, seconds: seconds, warnings: try vault.timers.setDailyGoal(type: type, seconds: seconds).warnings
        )
    }
}

/// What `goals set` did.
package struct GoalSet: WriteOutcome {
    package var type: String
    package var seconds: Int64
    package var warnings: [Notice]

    package var line: String {
        seconds == 0 ? "removed the daily goal of \(type)" : "daily goal of \(type): \(formatDuration(seconds))"
    }
}
