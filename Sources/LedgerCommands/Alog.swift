public import ArgumentParser
package import LedgerCore
internal import LedgerEnvironment
internal import LedgerFastPath
internal import LedgerSystem

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The root of the CLI. `alog-full`'s `main` calls `runFromCommandLine()`.
public struct Alog: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "alog",
        abstract: "Keep a personal activity log as append-only events in your notes vault's git repository.",
        discussion: """
            The vault is --vault PATH, else $ALOG_VAULT, else the vault whose folder you are in, else \
            'alog config vault', else a default vault under $XDG_DATA_HOME/alog/vault (started by the \
            first command that records something, such as 'alog log'). With --json, a refusal is JSON on stderr too. 'alog --version' prints the version.
            """,
        subcommands: CommandTable.topLevel
    )

    /// Leaf commands run on every quick log or status refresh (see `CommandTable`).
    static var hotCommands: [String: any ParsableCommand.Type] { CommandTable.hotCommands }

    /// Printed by `alog --version` (only the root takes it: subcommands do not list it).
    static let version = "0.1.0"

    public init() {}

    /// The longest word of a command line alog reads (notes included).
    public static let maxArgumentBytes = 4096

    /// `alog stat` and the like: the closest command names, for "did you mean".
    static func suggestions(for name: String) -> [String] {
        NearMiss.candidates(for: name, among: CommandTable.firstWords)
    }

    /// Runs the command line of this process and exits with its status.
    public static func runFromCommandLine() -> Never {
        // A write past `ulimit -f` fails with EFBIG and is reported, instead of killing us.
        signal(SIGXFSZ, SIG_IGN)
        exitNow(main(Array(CommandLine.arguments.dropFirst())))
    }

    /// Runs one command line (without the program's name) and returns its exit status; all it
    /// prints goes through `StandardStream` (and `emit`). Never exits: `alog-full`'s `main`
    /// does, and a test calls this inside an `Invocation`.
    ///
    /// Parsing through the root builds the whole command tree by reflection (about 4 ms on
    /// every run), so a hot command is parsed on its own type first. Anything that does not
    /// parse cleanly there — help, a typo, a missing argument — goes through the root, which
    /// gives the usual help and error texts; errors from running are reported as the root does.
    public static func main(_ given: [String]) -> Int32 {
        // Swift repairs arguments that are not UTF-8 (a bad byte becomes U+FFFD): refused instead.
        if let problem = RawArguments.invalidUTF8() {
            StandardStream.error("Error: \(problem)\n")
            return 1
        }
        let arguments = GlobalOptions.hoisted(given)
        // A word longer than any alog takes is refused before parsing: the argument parser's
        // time grows with the square of a word's length (a 34,500-character word took 22 s).
        if let (index, word) = arguments.enumerated().first(where: { $0.element.utf8.count > maxArgumentBytes }) {
            StandardStream.error(
                "Error: argument \(index + 1) is \(word.utf8.count) bytes long; alog takes at most \(maxArgumentBytes) bytes a word (a longer note: --note-file FILE, or --note - to read it from standard input)\n"
            )
            return 1
        }
        // Before anything reads or writes: a clock alog cannot record is refused. Help,
        // --version and a shell's completion (which must never print an error) need no clock.
        if !arguments.contains(where: { ["-h", "--help", "help", "--version"].contains($0) }),
            arguments.first != "---completion"
        {
            do {
                try CommandClock.check()
            } catch {
                return fail(error, arguments: given)
            }
        }
        if arguments == ["--version"] {
            StandardStream.output(version + "\n")
            return 0
        }
        if let quick = QuickCommand(arguments) {
            do {
                try quick.run()
                return 0
            } catch {
                return fail(error, arguments: given)
            }
        }
        if let name = arguments.first, let type = hotCommands[name],
            var command = try? type.parse(Array(arguments.dropFirst()))
        {
            do {
                try command.run()
                return 0
            } catch {
                return fail(error, arguments: given)
            }
        }
        // Only now, off the quick and hot paths (whose command names are known): a word that
        // names no command gets "did you mean".
        if let name = arguments.first, !name.hasPrefix("-"), name != "help", !CommandTable.firstWords.contains(name) {
            let close = suggestions(for: name)
            let hint =
                OtherTrackers.hint(for: name)
                ?? (close.isEmpty ? "" : " Did you mean \(close.map { "'alog \($0)'" }.joined(separator: " or "))?")
            let message = "\(DisplayText.quoted(name)) is not an alog command.\(hint) See 'alog --help' for the list."
            if wantsJSON(given) {
                return refuseAsJSON(code: .unknownCommand, message: message, status: 64, arguments: given)
            }
            StandardStream.error("Error: \(message)\n")
            return 64
        }
        do {
            var command = try parseAsRoot(arguments)
            try command.run()
        } catch {
            return fail(error, arguments: given)
        }
        return 0
    }

    /// True when the command line asks for JSON (`--json` before any `--`): a refusal is then
    /// written as JSON too.
    static func wantsJSON(_ arguments: [String]) -> Bool { arguments.prefix { $0 != "--" }.contains("--json") }

    /// The stable code of a refusal (docs/cli.md, "Error codes"): the error's own, else by kind.
    static func errorCode(for error: any Error, exit: ExitCode) -> ErrorCode {
        if let coded = error as? any CodedError { return coded.code }
        if exit.rawValue == 64 { return .usage }
        return switch error {
        case is FileSystem.Failure: .fileSystem
        default: String(describing: type(of: error)) == "GitError" ? .git : .error
        }
    }

    /// Writes `{"error": {"code": …, "message": …}}` on stderr and returns `status`: the
    /// refusal of a command asked for `--json`.
    static func refuseAsJSON(code: ErrorCode, message: String, status: Int32, arguments: [String]) -> Int32 {
        let text = message.hasPrefix("Error: ") ? String(message.dropFirst("Error: ".count)) : message
        let object = JSONText.object([
            (
                "error",
                JSONText.object([
                    ("code", JSONText.string(code.rawValue)),
                    ("message", JSONText.string(shortened(text, arguments: arguments))),
                ])
            )
        ])
        StandardStream.error(object + "\n")
        return status
    }

    /// Ends the process with `status` once what was written is out (no teardown of a large
    /// state).
    static func exitNow(_ status: Int32) -> Never {
        fflush(nil)
        #if canImport(Glibc)
            Glibc.exit(status)
        #else
            Darwin.exit(status)
        #endif
    }

    /// `message` with every long word of the command line in it cut to a readable length
    /// (the argument parser echoes a value it refuses whole): `aaaa…(4000 characters)`. A word
    /// that names a file or folder that exists (a long `--vault`), or one in a folder that
    /// exists (a misspelt file name), stays whole: a message may give a command to run on a
    /// path under it, and a person fixes a typo by reading the whole path.
    static func shortened(_ message: String, arguments: [String]) -> String {
        var message = message
        func isPath(_ word: String) -> Bool {
            if FileSystem.exists(word) { return true }
            guard let slash = word.lastIndex(of: "/"), slash != word.startIndex else { return false }
            return FileSystem.isDirectory(String(word[..<slash]))
        }
        let long = Set(
            arguments.filter {
                DisplayText.width($0) > DisplayText.echoWidth && ($0.utf8.count > 4096 || !isPath($0))
            })
        for word in long.sorted(by: { $0.count > $1.count }) where message.contains(word) {
            let cut = DisplayText.cut(DisplayText.escaped(word), to: DisplayText.echoWidth - 1)
            message = message.replacing(word, with: cut + "…(\(word.count) characters)")
        }
        return message
    }

    /// The parser's alternatives (`Unknown option '-x'` / `or: Missing value for '-o <file>'`,
    /// when a dash word could be grouped short options) on the refusal's one line.
    static func oneLine(_ message: String) -> String { message.replacing("\n   or: ", with: "; or: ") }

    /// A use case's refusal as `--json` says it (`{"error": {"code", "message"}}`): its code and
    /// its sentence on one line, each long word of `words` (the request's values) cut as a
    /// command line's are. For a shell that performs use cases itself (the web).
    package static func refusal(for error: any Error, command: String, words: [String]) -> (
        code: ErrorCode, message: String
    ) {
        let error = Refusal.presentable(error, command: command)
        let message = oneLine(Self.message(for: error))
        let text = message.hasPrefix("Error: ") ? String(message.dropFirst("Error: ".count)) : message
        return (errorCode(for: error, exit: exitCode(for: error)), shortened(text, arguments: words))
    }

    /// Writes `error`'s message, as `exit(withError:)` does, and returns the exit status, with
    /// any text from outside alog in it (an argument echoed, a path, a name from a synced
    /// vault) made safe for a terminal: no control character of it reaches stderr as is.
    static func fail(_ error: any Error, arguments: [String]) -> Int32 {
        let error = Refusal.presentable(error, command: arguments.first { CommandTable.firstWords.contains($0) })
        let code = exitCode(for: error)
        let full = fullMessage(for: error)
        // Help and --version go to stdout, as the parser prints them.
        if code == .success {
            if !full.isEmpty { StandardStream.output(full + "\n") }
            return code.rawValue
        }
        if full.isEmpty { return code.rawValue }
        let message = oneLine(full)
        if wantsJSON(arguments) {
            return refuseAsJSON(
                code: errorCode(for: error, exit: code), message: oneLine(Self.message(for: error)),
                status: code.rawValue, arguments: arguments)
        }
        StandardStream.error(DisplayText.escaped(shortened(message, arguments: arguments), oneLine: false) + "\n")
        return code.rawValue
    }
}
