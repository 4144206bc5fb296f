import Dispatch
package import Hummingbird
import HummingbirdCore
package import LedgerCommands
import LedgerGitLayout
package import LedgerSystem
package import Logging
import NIOCore
import ServiceLifecycle
import UnixSignals

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The dashboard's server: the routes, the access guard, the live feed and its watcher.
package struct WebServer: Sendable {
    package let settings: ServeSettings
    package let runner: CommandRunner
    package let feed: ChangeFeed
    package let keys = SessionKeys()
    /// The port once bound (`--port 0` picks one).
    package let port: Locked<Int>
    /// The head timeout, the live streams' heartbeat and the most connections at once.
    package var limits = ConnectionLimits()
    private let gitDirectory: String

    package init(settings: ServeSettings, environment: [String: String] = CommandRunner.processEnvironment) {
        self.settings = settings
        runner = CommandRunner(vault: settings.vault, environment: environment)
        gitDirectory = GitDirectory.of(workTree: settings.vault) ?? settings.vault + "/.git/"
        feed = ChangeFeed(version: VaultVersion.read(gitDirectory: gitDirectory))
        port = Locked(settings.port)
    }

    package func router() -> Router<WebContext> {
        // HEAD is answered as GET is, without the body (and with the same headers).
        let router = Router(context: WebContext.self, options: .autoGenerateHeadEndpoints)
        router.add(middleware: AccessGuard(host: settings.host, token: settings.token, keys: keys, port: port))
        APIRoutes(runner: runner, feed: feed, keys: keys, heartbeat: limits.heartbeat).register(on: router)
        PageRoutes(runner: runner, keys: keys).register(on: router)
        Assets.register(on: router)
        // Anything else: 404, through the guard (so with its headers), in the CLI's shape.
        for method in [HTTPRequest.Method.get, .post, .put, .delete, .patch] {
            router.on("**", method: method) { request, _ in AccessGuard.notFound(request) }
        }
        return router
    }

    /// The application, with the watcher started and stopped around it; `onRunning` is told
    /// the bound port.
    package func application(
        logger: Logger = Logger(label: "alog-serve"), onRunning: @escaping @Sendable (Int) async -> Void = { _ in }
    ) -> some ApplicationProtocol {
        let port = self.port
        var app = Application(
            router: router(),
            server: limits.server,
            configuration: ApplicationConfiguration(
                address: .hostname(settings.host, port: settings.port), serverName: "alog",
                availableConnectionsDelegate: .maximum(limits.maximumConnections, logger: logger)),
            services: [
                FeedService(
                    feed: feed, gitDirectory: gitDirectory,
                    commitQueue: { [runner] in
                        _ = await runner.perform(DrainQueueRequest(), command: "widget", words: [])
                    })
            ],
            onServerRunning: { channel in
                let bound = channel.localAddress?.port ?? port.withLock { $0 }
                port.withLock { $0 = bound }
                await onRunning(bound)
            },
            logger: logger)
        app.logger.logLevel = .warning
        return app
    }

    /// Runs until SIGINT or SIGTERM; requests under way finish first (a write is never cut).
    package static func serve(_ settings: ServeSettings) throws {
        let server = WebServer(settings: settings)
        let done = Locked<(any Error)?>(nil)
        let finished = DispatchSemaphore(value: 0)
        let displayHost = settings.host.contains(":") ? "[\(settings.host)]" : settings.host
        let app = server.application { port in
            let address = "http://\(ServeHost.isWildcard(settings.host) ? "127.0.0.1" : displayHost):\(port)/"
            let link = settings.token.map { address + "?token=" + $0 } ?? address
            StandardStream.output("alog serve: \(link) (vault \(settings.vault); Ctrl-C stops)\n")
            if settings.openBrowser, let problem = Launcher.open(link) {
                StandardStream.error("warning: could not open the browser: \(problem)\n")
            }
        }
        Task {
            do {
                try await app.runService(gracefulShutdownSignals: [.sigterm, .sigint])
            } catch {
                done.withLock { $0 = error }
            }
            finished.signal()
        }
        finished.wait()
        if let error = done.withLock({ $0 }) { throw ServeFailure(underlying: error, settings: settings) }
    }
}

/// The server could not start (the port taken, the address not this machine's).
package struct ServeFailure: Error, CustomStringConvertible {
    var underlying: any Error
    var settings: ServeSettings

    package var description: String {
        let text = "\(underlying)"
        if text.contains("Address already in use") || text.contains("EADDRINUSE") {
            return
                "port \(settings.port) on \(settings.host) is taken by another program; give another with --port (or --port 0 for any free one)"
        }
        return "could not serve on \(settings.host):\(settings.port): \(text)"
    }
}

/// Starts the watcher with the server and, at shutdown, ends every page's live stream so the
/// server's graceful shutdown does not wait on them.
struct FeedService: Service {
    let feed: ChangeFeed
    let gitDirectory: String
    /// Commits the widget's queued taps, as a write (`DrainQueueRequest`, `alog widget drain`'s use case).
    let commitQueue: @Sendable () async -> Void

    func run() async throws {
        let watcher = VaultWatcher(gitDirectory: gitDirectory, feed: feed)
        watcher.start()
        let committing = Task { await commitQueuedTaps() }
        try? await gracefulShutdown()
        await feed.finish()
        await committing.value
        watcher.stop()
    }

    /// The server's own step for what a page load no longer does (a `GET` commits nothing):
    /// when the widget's queue changes, and once at start, its taps are committed as a write,
    /// so an open page shows a tap within about a second, as it shows a log made elsewhere.
    private func commitQueuedTaps() async {
        let queue = StateDirectory(gitDirectory: gitDirectory).widget.queue
        let changes = await feed.subscribe()
        if FileSystem.exists(queue) { await commitQueue() }
        var last = await feed.version.queue
        for await version in changes where version.queue != last {
            last = version.queue
            if FileSystem.exists(queue) { await commitQueue() }
        }
    }
}
