package import LedgerCore

/// Which types a report, a history or an export keeps: the types named (none: every type) and
/// the types of the groups named (none: every group). A type without a group is in
/// `TypeFilter.ungrouped`, which `""` names too.
package struct TypeFilter: Sendable {
    /// The group of the types that have none.
    package static let ungrouped = "(no group)"

    package var types: Set<String>
    package var groups: Set<String>
    /// Each type's group, as defined (empty for none).
    package var groupOf: [String: String]

    package init(types: Set<String> = [], groups: some Sequence<String> = [String](), groupOf: [String: String] = [:]) {
        self.types = types
        self.groups = Set(groups.map { $0.isEmpty ? Self.ungrouped : $0 })
        self.groupOf = groupOf
    }

    /// The groups of `definitions`.
    package init(
        types: Set<String> = [], groups: some Sequence<String> = [String](), definitions: [ActivityTypeDefinition]
    ) {
        self.init(
            types: types, groups: groups,
            groupOf: Dictionary(definitions.map { ($0.name, $0.group) }, uniquingKeysWith: { a, _ in a }))
    }

    /// `type`'s group, or `ungrouped`.
    package func group(of type: String) -> String { groupOf[type].flatMap { $0.isEmpty ? nil : $0 } ?? Self.ungrouped }

    package func keeps(_ type: String) -> Bool {
        (types.isEmpty || types.contains(type)) && (groups.isEmpty || groups.contains(group(of: type)))
    }
}
