import ArgumentParser

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
            Audit.self, Types.self, Rebuild.self, Verify.self, Clone.self, Remote.self, Sync.self, Widget.self,
        ]
    )
}
