import ArgumentParser
import LedgerCore
import LedgerFastPath
import LedgerVault

/// What the CLI makes of a command line before it opens a vault, without running anything: the
/// fast paths' reading (`QuickCommand`, the front's `HotCommand`), the argument parser's, and
/// the checks each command makes of its input before it opens the vault (times, type names,
/// entry id prefixes). For the fuzzing harness (`LedgerFuzzing`), which feeds it a million
/// generated command lines in one process; nothing here reads or writes a file.
public enum CommandLineProbe {
    public struct Outcome: Sendable, Equatable {
        /// `alog-full`'s quick path took the line.
        public var quick = false
        /// The front took the line.
        public var front = false
        /// The parser took the line (the command's checks may still refuse it).
        public var parsed = false
        /// The leaf command the parser found, when the line parsed and passed the checks.
        public var command: String?
        /// The line asked for help or the version (exit 0, nothing to check).
        public var help = false
        /// What the CLI prints when it refuses the line (the parser's message, or the command's
        /// check), without the `Error: ` prefix.
        public var refusal: String?
    }

    /// The leaf commands by their command words, so a line is parsed on its leaf type (the
    /// root's parse reflects over the whole tree, ~4 ms a line in a debug build).
    static let leaves: [(words: [String], type: any ParsableCommand.Type)] = [
        (["init"], Init.self), (["log"], Log.self), (["edit"], Edit.self), (["delete"], Delete.self),
        (["restore"], Restore.self), (["status"], Status.self), (["history"], History.self), (["show"], Show.self),
        (["audit"], Audit.self), (["types", "list"], Types.List.self), (["types", "add"], Types.Add.self),
        (["rebuild"], Rebuild.self), (["repair"], Repair.self), (["verify"], Verify.self), (["clone"], Clone.self),
        (["remote", "list"], Remote.List.self), (["remote", "add"], Remote.Add.self),
        (["remote", "remove"], Remote.Remove.self), (["sync"], Sync.self), (["widget", "tap"], WidgetTap.self),
        (["widget", "status"], WidgetStatus.self), (["widget", "timeline"], WidgetTimeline.self),
        (["widget", "pending"], WidgetPending.self), (["widget", "discard"], WidgetDiscard.self),
        (["widget", "drain"], WidgetDrain.self), (["start"], Start.self), (["switch"], Start.self),
        (["stop"], Stop.self), (["resume"], Resume.self), (["continue"], Resume.self), (["cancel"], Cancel.self),
        (["track"], Track.self), (["goals", "list"], Goals.List.self), (["goals", "set"], Goals.Set.self),
        (["watch"], Watch.self), (["undo"], Undo.self), (["config"], Config.self),
    ]

    /// The command words of every leaf command, for generators.
    public static var commandWords: [[String]] { leaves.map(\.words) }

    /// Reads `arguments` (without the program name) as every reader of the CLI does. `now` and
    /// `zone` are what times are read against. With `throughRoot`, the parser reads the line
    /// from the root, as `alog-full` does for anything not hot; otherwise on its leaf type when
    /// the command words name one.
    public static func probe(
        _ arguments: [String], now: Int64, zone: any TimeZoneRules, throughRoot: Bool = false
    ) -> Outcome {
        var outcome = Outcome()
        outcome.quick = QuickCommand(arguments) != nil
        outcome.front = HotCommand(arguments) != nil
        let leaf = throughRoot ? nil : leaves.last { arguments.starts(with: $0.words) }
        let command: any ParsableCommand
        do {
            if let leaf {
                command = try leaf.type.parse(Array(arguments.dropFirst(leaf.words.count)))
            } else {
                command = try Alog.parseAsRoot(arguments)
            }
        } catch {
            if Alog.exitCode(for: error) == .success {
                outcome.help = true
            } else {
                outcome.refusal = leaf.map { $0.type.message(for: error) } ?? Alog.message(for: error)
            }
            return outcome
        }
        outcome.parsed = true
        do {
            try check(command, now: now, zone: zone)
            outcome.command = String(describing: type(of: command))
        } catch {
            outcome.refusal = "\(error)"
        }
        return outcome
    }

    /// The checks a command makes of its input before it opens the vault.
    static func check(_ command: any ParsableCommand, now: Int64, zone: any TimeZoneRules) throws {
        let time = TimeExpression(now: now, zone: zone)
        func typeName(_ name: String) throws {
            if let reason = ActivityTypes.validateName(name) {
                throw VaultError.invalidTypeName(name, reason: reason)
            }
        }
        func entryID(_ prefix: String) throws {
            guard prefix.lowercased().count >= 4 else { throw VaultError.entryPrefixTooShort(prefix) }
            _ = EventID(prefix.lowercased())
        }
        switch command {
        case let log as Log:
            _ = try log.at.map(time.parse)
            try typeName(log.type.lowercased())
        case let edit as Edit:
            _ = try edit.at.map(time.parse)
            try edit.type.map { try typeName($0.lowercased()) }
            try entryID(edit.id)
        case let delete as Delete: try entryID(delete.id)
        case let restore as Restore: try entryID(restore.id)
        case let show as Show: try entryID(show.id)
        case let history as History: _ = try history.since.map(time.parse)
        case let add as Types.Add:
            try Vault.checkDefine(
                ActivityTypeDefinition(
                    name: add.name.lowercased(), icon: add.icon ?? "•", group: add.group ?? "", color: add.color ?? ""))
        case let start as Start:
            _ = try start.at.map(time.parse)
            _ = try start.goal.map(Start.duration)
            try typeName(start.type.lowercased())
        case let stop as Stop: _ = try stop.at.map(time.parse)
        case let resume as Resume: _ = try resume.at.map(time.parse)
        case let track as Track:
            let (from, to, duration) = try track.ends()
            _ = try time.parse(from)
            _ = try to.map(time.parse)
            _ = try duration.map(Start.duration)
            try typeName(track.type.lowercased())
        case let tap as WidgetTap:
            _ = try tap.at.map(time.parse)
            try typeName(tap.type.lowercased())
        default: break
        }
    }
}
