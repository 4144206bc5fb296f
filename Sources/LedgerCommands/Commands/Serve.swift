import ArgumentParser
import LedgerCore
import LedgerEnvironment
import LedgerFastPath
import LedgerSystem
import LedgerVault

/// `alog serve`: the web dashboard (docs/web.md). The server lives in `alog-serve`, which
/// installs `WebDashboard.server`; here (in `alog-full`) the command checks its options, then
/// hands its whole command line to `alog-serve`, so neither `alog` nor `alog-full` links the
/// server stack.
struct Serve: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the web dashboard (Today, History, Reports, Calendar, Sync) on this machine until Ctrl-C.",
        discussion: """
            It listens on 127.0.0.1:8787 unless told otherwise and prints the page's address. \
            Binding another address (e.g. --host 0.0.0.0) needs --token (or $ALOG_SERVE_TOKEN): \
            every request must then carry it. docs/web.md documents the pages and the JSON API.
            """)

    @Option(help: "The TCP port (0 picks a free one).")
    var port: Int = 8787

    @Option(help: "The address to listen on (127.0.0.1: this machine only).")
    var host: String = "127.0.0.1"

    @Option(
        help: ArgumentHelp(
            "A secret every request must carry (Authorization: Bearer TOKEN); default $ALOG_SERVE_TOKEN.",
            valueName: "token"))
    var token: String?

    @Flag(help: "Open the page in the desktop's browser once the server listens.")
    var open = false

    @OptionGroup var options: VaultOptions

    func validate() throws {
        guard (0...65535).contains(port) else {
            throw ValidationError("--port \(port) is not a TCP port; give 1 to 65535 (or 0 for any free port)")
        }
        guard !host.isEmpty, host.utf8.count <= 253, !host.contains(where: { $0 == " " || $0 == "/" }) else {
            throw ValidationError("--host \(DisplayText.quoted(host)) is not an address; give one such as 127.0.0.1")
        }
        if let token = settingsToken(), token.utf8.count < 16 || token.contains(where: \.isWhitespace) {
            throw ValidationError(
                "the token must be at least 16 characters without spaces (try: head -c 24 /dev/urandom | base64)")
        }
        if !ServeSettings.isLoopback(host), settingsToken() == nil {
            throw ValidationError(
                "--host \(host) lets other machines reach the dashboard: give --token TOKEN (or set ALOG_SERVE_TOKEN), or leave --host at 127.0.0.1"
            )
        }
    }

    private func settingsToken() -> String? {
        if let token { return token }
        return FileSystem.environment("ALOG_SERVE_TOKEN").flatMap { $0.isEmpty ? nil : $0 }
    }

    func run() throws {
        guard let server = WebDashboard.server else {
            // A run inside another program (a test, the server itself) is never replaced.
            if Invocation.current != nil { throw ValidationError("'alog serve' runs in its own process (alog-serve)") }
            FullCLI.exec(Array(CommandLine.arguments.dropFirst()), program: "alog-serve", variable: "ALOG_SERVE")
        }
        // The vault is found, checked and brought up to date once (a refusal reads as the CLI's).
        let vault = try options.open()
        let settings = ServeSettings(
            host: host, port: port, token: settingsToken(), openBrowser: open, vault: vault.root)
        try server(settings)
    }
}

/// What `alog serve` asks of the server.
public struct ServeSettings: Sendable {
    public var host: String
    public var port: Int
    public var token: String?
    public var openBrowser: Bool
    /// The vault's root folder, absolute.
    public var vault: String

    public init(host: String, port: Int, token: String?, openBrowser: Bool, vault: String) {
        self.host = host
        self.port = port
        self.token = token
        self.openBrowser = openBrowser
        self.vault = vault
    }

    /// True for the addresses of this machine only (`127.0.0.0/8`, `::1`, `localhost`).
    public static func isLoopback(_ host: String) -> Bool {
        host == "localhost" || host == "::1" || host == "[::1]" || host.hasPrefix("127.")
    }
}

/// The server of this process: `alog-serve` installs it before any command runs; in
/// `alog-full` there is none, and `serve` hands its command line to `alog-serve`.
public enum WebDashboard {
    nonisolated(unsafe) public static var server: ((ServeSettings) throws -> Void)?
}
