internal import ArgumentParser
public import LedgerCore
internal import LedgerFastPath
import LedgerMessages
internal import LedgerVault

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

    /// The command words of every leaf command (aliases included), for generators.
    public static var commandWords: [[String]] { CommandTable.leaves.map(\.words) }

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
        let leaf = throughRoot ? nil : CommandTable.leaf(for: arguments)
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
                outcome.refusal = Alog.oneLine(leaf.map { $0.type.message(for: error) } ?? Alog.message(for: error))
            }
            return outcome
        }
        // The root answers `alog history --help` with its help command, as a parsed command.
        if String(describing: type(of: command)) == "HelpCommand" {
            outcome.help = true
            return outcome
        }
        outcome.parsed = true
        do {
            try check(command, now: now, zone: zone)
            outcome.command = String(describing: type(of: command))
        } catch {
            outcome.refusal = Messages.text(for: error)
        }
        return outcome
    }

    /// The checks a command makes of its input before it opens the vault: the command's own
    /// (`InputChecked`), the same function its run uses.
    static func check(_ command: any ParsableCommand, now: Int64, zone: any TimeZoneRules) throws {
        guard let checked = command as? any InputChecked else { return }
        _ = try checked.checkedInput(TimeExpression(now: now, zone: zone))
    }
}
