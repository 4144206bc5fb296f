import ArgumentParser
import LedgerCore
import LedgerVault

/// A command's checks of its own words, made before it opens a vault: times, type names, id
/// prefixes. The same function serves the run (which uses what it returns, so each word is
/// read once) and `CommandLineProbe`, so a command line is checked once and by one rule.
protocol InputChecked: ParsableCommand {
    associatedtype Input
    func checkedInput(_ time: TimeExpression) throws -> Input
}

/// Every command of the CLI, listed once. Each command declares its own words (its
/// configuration), its hot form (`HotFormCommand`) and its checks (`InputChecked`) in its own
/// file; the root's subcommands, the leaves the probe and the quick parse use, "did you mean"
/// and the shell completion (generated from the root) are all derived from this list, and
/// `CommandTableTests` fails when a reader misses a command.
enum CommandTable {
    /// The top-level commands, in the order `alog --help` lists them.
    static let topLevel: [any ParsableCommand.Type] = [
        Init.self, Log.self, Start.self, Stop.self, Resume.self, Cancel.self, Track.self, Goals.self, Watch.self,
        Report.self, Streaks.self, Calendar.self, Gaps.self, Edit.self, Lengthen.self, Shorten.self, Split.self,
        Join.self, Tag.self, Untag.self, TagList.self, Delete.self, Restore.self, Undo.self, Status.self,
        History.self,
        Show.self, Audit.self, Import.self, Export.self, Types.self, Tasks.self, TaskCommand.self, Open.self,
        Notes.self,
        Config.self, Rebuild.self, Repair.self,
        Verify.self, GC.self,
        Clone.self, Remote.self, Sync.self, Serve.self, Widget.self, Completions.self,
    ]

    /// A command that runs (a leaf of the tree), by the words that name it.
    struct Leaf {
        let words: [String]
        let type: any ParsableCommand.Type
    }

    /// Every leaf, by its name and by each alias (`switch` for `start`, `types rm` for `types
    /// remove`); a group's default subcommand is reached by the group's words alone too.
    static let leaves: [Leaf] = topLevel.flatMap { leaves(of: $0, under: []) }

    private static func leaves(of type: any ParsableCommand.Type, under prefix: [[String]]) -> [Leaf] {
        let configuration = type.configuration
        let names = [type._commandName] + configuration.aliases
        let paths = prefix.isEmpty ? names.map { [$0] } : prefix.flatMap { path in names.map { path + [$0] } }
        guard !configuration.subcommands.isEmpty else { return paths.map { Leaf(words: $0, type: type) } }
        var found = configuration.subcommands.flatMap { leaves(of: $0, under: paths) }
        if let fallback = configuration.defaultSubcommand {
            found += paths.map { Leaf(words: $0, type: fallback) }
        }
        return found
    }

    /// Every name a user may type as the first word (commands and their aliases).
    static var firstWords: [String] { topLevel.flatMap { [$0._commandName] + $0.configuration.aliases } }

    /// The leaf named by the first words of `arguments` (the longest match), if any.
    static func leaf(for arguments: [String]) -> Leaf? {
        leaves.filter { arguments.starts(with: $0.words) }.max { $0.words.count < $1.words.count }
    }

    /// Commands run on every quick log or status refresh, parsed on their own type first
    /// (building the root's tree by reflection costs milliseconds on each run).
    static var parsedAlone: Set<String> { Set(hotCommands.keys) }

    /// `parsedAlone`, by name. Spelled out: deriving the names (`_commandName`) makes the
    /// runtime describe each type, which scans every protocol conformance of the executable and
    /// cost a quarter of a `history` (`CommandTableTests` checks the names).
    static let hotCommands: [String: any ParsableCommand.Type] = [
        "log": Log.self, "status": Status.self, "edit": Edit.self, "delete": Delete.self, "restore": Restore.self,
        "history": History.self,
    ]

    /// The commands behind the fast paths' hot forms.
    static let hotFormCommands: [any HotFormCommand.Type] = {
        var seen = Set<ObjectIdentifier>()
        return leaves.compactMap { $0.type as? any HotFormCommand.Type }.filter {
            seen.insert(ObjectIdentifier($0)).inserted
        }
    }()
}

/// The checks several commands make of their words.
enum InputCheck {
    /// A type name as typed: refused when no type could have it; lower-cased.
    static func typeName(_ name: String) throws -> String {
        let lowered = name.lowercased()
        if let reason = ActivityTypes.validateName(lowered) {
            throw VaultError.invalidTypeName(lowered, reason: reason)
        }
        return lowered
    }

    /// Tags as typed (`+deep`; the `+` may be left out where `plusRequired` is false), each
    /// checked by `Tags.problem`, without repeats.
    static func tags(_ words: [String], plusRequired: Bool = true) throws -> [String] {
        if plusRequired { try plusWritten(words) }
        return try Tags.normalized(
            words.map { word in
                let tag = word.hasPrefix("+") ? String(word.dropFirst()) : word
                if let reason = Tags.problem(tag) { throw VaultError.invalidTag(tag, reason: reason) }
                return tag
            })
    }

    /// Words after a type are tags only when written `+name`: anything else is a usage error
    /// (the parser's `validate`, so the fast paths decline such a line as the parser does).
    /// The tags take the words the parser does not recognise (`parsing: .allUnrecognized`),
    /// so an unknown option is said here, as the parser says it, before the word after it.
    static func plusWritten(_ words: [String]) throws {
        guard let word = words.first(where: { !$0.hasPrefix("+") }) else { return }
        if word.hasPrefix("-"), word.count > 1 {
            throw ValidationError("Unknown option \(DisplayText.quoted(word))")
        }
        throw ValidationError(
            "\(DisplayText.quoted(word)) is not understood: a tag is written with a '+' (+\(DisplayText.escaped(word))), and a time with --at"
        )
    }

    /// An entry id prefix as typed: at least 4 characters.
    static func entryPrefix(_ prefix: String) throws {
        guard prefix.lowercased().count >= 4 else { throw VaultError.entryPrefixTooShort(prefix) }
    }

    /// `types` by their current names (a former name, `types rename`, means the renamed type);
    /// refuses the first the vault does not know (removed ones are known: their entries stay in
    /// reports and history).
    static func knownTypes(_ types: Set<String>, in summary: StatusSummary) throws -> Set<String> {
        let all = summary.allTypes
        let known = Set(all.map(\.name))
        let current = types.map { (typed: $0, current: summary.catalog.resolve($0)) }
        if let unknown = current.sorted(by: { $0.typed < $1.typed }).first(where: { !known.contains($0.current) }) {
            throw VaultError.unknownType(unknown.typed, known: all.filter { !$0.archived }.map(\.name))
        }
        return Set(current.map(\.current))
    }

    /// An optional time, read against `time`'s now and zone.
    static func instant(_ text: String?, _ time: TimeExpression) throws -> LocalInstant? {
        try text.map { try time.parse($0) }
    }
}
