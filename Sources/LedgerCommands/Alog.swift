import ArgumentParser
import LedgerEnvironment

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
            The vault is --vault PATH, else $ALOG_VAULT, else a default vault under \
            $XDG_DATA_HOME/alog/vault (created on first use).
            """,
        version: "0.1.0",
        subcommands: [
            Init.self, Log.self, Start.self, Stop.self, Resume.self, Goals.self, Watch.self, Edit.self, Delete.self,
            Restore.self,
            Status.self, History.self, Show.self,
            Audit.self, Types.self, Rebuild.self, Repair.self, Verify.self, Clone.self, Remote.self, Sync.self,
            Widget.self,
        ]
    )

    /// Leaf commands run on every quick log or status refresh.
    static let hotCommands: [String: any ParsableCommand.Type] = [
        "log": Log.self, "status": Status.self, "edit": Edit.self, "delete": Delete.self, "restore": Restore.self,
        "history": History.self,
    ]

    public init() {}

    /// Runs the command line of this process and exits.
    ///
    /// Parsing through the root builds the whole command tree by reflection (about 4 ms on
    /// every run), so a hot command is parsed on its own type first. Anything that does not
    /// parse cleanly there — help, a typo, a missing argument — goes through the root, which
    /// gives the usual help and error texts; errors from running are reported as the root does.
    public static func runFromCommandLine() -> Never {
        // A write past `ulimit -f` fails with EFBIG and is reported, instead of killing us.
        signal(SIGXFSZ, SIG_IGN)
        let arguments = Array(CommandLine.arguments.dropFirst())
        // Before anything reads or writes: a clock alog cannot record is refused. Help and
        // --version need no clock.
        if !arguments.contains(where: { ["-h", "--help", "help", "--version"].contains($0) }) {
            do {
                try CommandClock.check()
            } catch {
                Self.exit(withError: error)
            }
        }
        if let quick = QuickCommand(arguments) {
            do {
                try quick.run()
                Self.exit()
            } catch {
                Self.exit(withError: error)
            }
        }
        if let name = arguments.first, let type = hotCommands[name],
            var command = try? type.parse(Array(arguments.dropFirst()))
        {
            do {
                try command.run()
                Self.exit()
            } catch {
                Self.exit(withError: error)
            }
        }
        Self.main(nil)
        Self.exit()
    }
}
