import ArgumentParser

#if canImport(Glibc)
    import Glibc
#endif

@main
struct Alog: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "alog",
        abstract: "Keep a personal activity log as append-only events in your notes vault's git repository.",
        discussion: """
            The vault is --vault PATH, else $ALOG_VAULT, else a default vault under \
            $XDG_DATA_HOME/alog/vault (created on first use).
            """,
        version: "0.1.0",
        subcommands: [
            Init.self, Log.self, Edit.self, Delete.self, Restore.self, Status.self, History.self, Show.self,
            Audit.self, Types.self, Rebuild.self, Repair.self, Verify.self, Clone.self, Remote.self, Sync.self,
            Widget.self,
        ]
    )

    /// Leaf commands run on every quick log or status refresh.
    static let hotCommands: [String: any ParsableCommand.Type] = [
        "log": Log.self, "status": Status.self, "edit": Edit.self, "delete": Delete.self, "restore": Restore.self,
        "history": History.self,
    ]

    /// Parsing through the root builds the whole command tree by reflection (about 4 ms on
    /// every run), so a hot command is parsed on its own type first. Anything that does not
    /// parse cleanly there — help, a typo, a missing argument — goes through the root, which
    /// gives the usual help and error texts; errors from running are reported as the root does.
    static func main() {
        signal(SIGXFSZ, SIG_IGN)  // a file size limit fails the write (EFBIG) instead of killing alog mid-way
        let arguments = Array(CommandLine.arguments.dropFirst())
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
    }
}
