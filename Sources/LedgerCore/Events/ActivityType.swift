/// What an activity type looks like to the user.
public struct ActivityTypeDefinition: Hashable, Sendable, Comparable {
    public var name: String
    public var icon: String
    public var group: String
    public var color: String
    /// Set by `types remove`: the type is no longer offered (not listed, not accepted by
    /// `log`/`start`), while entries already logged with it keep their icon and colour.
    /// Defining the type again (`types add`) clears it.
    public var archived: Bool

    public init(name: String, icon: String = "•", group: String = "", color: String = "", archived: Bool = false) {
        self.name = name
        self.icon = icon
        self.group = group
        self.color = color
        self.archived = archived
    }

    public static func < (lhs: Self, rhs: Self) -> Bool {
        (lhs.name, lhs.icon, lhs.group, lhs.color, lhs.archived ? 1 : 0)
            < (rhs.name, rhs.icon, rhs.group, rhs.color, rhs.archived ? 1 : 0)
    }
}

public enum ActivityTypes {
    /// The four types that exist without being defined.
    public static let builtIns: [ActivityTypeDefinition] = [
        ActivityTypeDefinition(name: "wake", icon: "☀️", group: "rest", color: "#f5a623"),
        ActivityTypeDefinition(name: "sleep", icon: "🌙", group: "rest", color: "#4a6fa5"),
        ActivityTypeDefinition(name: "meal", icon: "🍽️", group: "food", color: "#7ed321"),
        ActivityTypeDefinition(name: "exercise", icon: "🏃", group: "body", color: "#d0021b"),
    ]

    /// The built-ins overlaid with the defined types (a definition may restyle a built-in), by name.
    public static func merged(with defined: [String: Register<ActivityTypeDefinition>]) -> [ActivityTypeDefinition] {
        var byName: [String: ActivityTypeDefinition] = [:]
        for builtIn in builtIns { byName[builtIn.name] = builtIn }
        for (name, register) in defined { byName[name] = register.value }
        return byName.values.sorted { $0.name < $1.name }
    }

    public static func builtIn(_ name: String) -> ActivityTypeDefinition? {
        builtIns.first { $0.name == name }
    }

    /// Type names: 1 to 32 characters of `[a-z0-9_-]`, starting with a letter. Lowercase keeps
    /// the `LastKnownActivities` keys stable across devices.
    public static func validateName(_ name: String) -> String? {
        let bytes = Array(name.utf8)
        guard (1...32).contains(bytes.count) else { return "a type name has 1 to 32 characters" }
        guard let first = bytes.first, (97...122).contains(first) else {
            return "a type name starts with a lowercase letter"
        }
        let ok = bytes.allSatisfy { (97...122).contains($0) || (48...57).contains($0) || $0 == 95 || $0 == 45 }
        return ok ? nil : "a type name may contain only a-z, 0-9, '_' and '-'"
    }

    /// Icons: 1 to 4 grapheme clusters (an emoji with its modifiers is one), 64 bytes at most,
    /// no control characters. Nil when acceptable, else why not.
    public static func validateIcon(_ icon: String) -> String? {
        if icon.isEmpty { return "an icon has at least one character" }
        if icon.unicodeScalars.contains(where: isControl) { return "an icon may not contain control characters" }
        if icon.count > maxIconCharacters || icon.utf8.count > 64 {
            return "an icon has at most \(maxIconCharacters) characters (it had \(icon.count))"
        }
        return nil
    }

    public static let maxIconCharacters = 4

    /// Groups: at most 32 characters, no control characters.
    public static func validateGroup(_ group: String) -> String? {
        if group.unicodeScalars.contains(where: isControl) { return "a group may not contain control characters" }
        if group.count > 32 || group.utf8.count > 128 {
            return "a group has at most 32 characters (it had \(group.count))"
        }
        return nil
    }

    /// Colours: `#rrggbb` (hex digits, either case), or empty for none.
    public static func validateColor(_ color: String) -> String? {
        if color.isEmpty { return nil }
        let bytes = Array(color.utf8)
        let hex = bytes.dropFirst().allSatisfy {
            (48...57).contains($0) || (97...102).contains($0) || (65...70).contains($0)
        }
        return bytes.count == 7 && bytes[0] == UInt8(ascii: "#") && hex
            ? nil : "a colour is written #rrggbb, e.g. #4a6fa5"
    }

    /// C0 and C1 controls, DEL, and the line and paragraph separators.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0x2028 || scalar.value == 0x2029
    }
}
