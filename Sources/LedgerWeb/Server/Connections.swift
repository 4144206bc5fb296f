import HummingbirdCore
import LedgerSystem
import NIOCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// How the server treats its connections (docs/web.md, "Connections"): a request head must
/// arrive within `headTimeout`, a live stream whose page went away is ended at once, and the
/// server accepts no more connections at a time than its descriptors allow.
package struct ConnectionLimits: Sendable {
    /// The time a connection may stay without a whole request head (a slow or stalled client)
    /// or idle between requests, before the server closes it.
    package var headTimeout: Duration = .seconds(15)
    /// How often a live stream writes a comment line, so a page that vanished without closing
    /// its connection (a sleeping laptop) is noticed by the failed write.
    package var heartbeat: Duration = .seconds(15)
    /// The most connections open at once; more wait in the listen queue until one closes.
    package var maximumConnections: Int = Self.connectionsForDescriptorLimit()

    package init() {}

    /// The connections the process can hold and still have descriptors for its commands (the
    /// git files each opens): the soft `RLIMIT_NOFILE` less a quarter of it, at least 128 kept
    /// back. Running out of descriptors is not an error the server could recover from: the
    /// runtime's own thread monitor needs one and stops the process without one.
    package static func connectionsForDescriptorLimit() -> Int {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return 512 }
        // RLIM_INFINITY is all ones.
        return connections(forDescriptorLimit: Int(clamping: min(limit.rlim_cur, 1 << 20)))
    }

    package static func connections(forDescriptorLimit soft: Int) -> Int {
        max(16, min(soft - 128, soft * 3 / 4))
    }

    /// The HTTP/1.1 server with the head timeout and the watch on each connection's end.
    var server: HTTPServerBuilder {
        .http1(
            configuration: .init(
                additionalChannelHandlers: [ConnectionWatch()],
                idleTimeout: TimeAmount(headTimeout)))
    }
}

/// Sees the client's end of a connection (it closed its side, or the connection is gone) and
/// says so to whatever answer is still being written on it: the live stream, which otherwise
/// would hold the connection (and its descriptor) until the vault next changed.
final class ConnectionWatch: ChannelInboundHandler, RemovableChannelHandler {
    // Every request part is passed on untouched (the default `channelRead`).
    typealias InboundIn = NIOAny

    let end = ConnectionEnd()

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if let event = event as? ChannelEvent, event == .inputClosed { end.signal() }
        context.fireUserInboundEventTriggered(event)
    }

    func channelInactive(context: ChannelHandlerContext) {
        end.signal()
        context.fireChannelInactive()
    }

    /// The watch on `channel`'s end, or nil where there is none (a test without a socket).
    static func end(of channel: (any Channel)?) async -> ConnectionEnd? {
        guard let channel else { return nil }
        return try? await channel.eventLoop.submit {
            try channel.pipeline.syncOperations.handler(type: ConnectionWatch.self).end
        }.get()
    }
}

/// A one-time signal: the client of a connection is gone. Any number of tasks may wait for
/// it, one after another (a kept-alive connection serves several requests); a waiting task
/// that is cancelled stops waiting.
package final class ConnectionEnd: Sendable {
    private struct State {
        var ended = false
        var waiters: [Int: CheckedContinuation<Void, Never>] = [:]
        var next = 0
    }
    private let state = Locked(State())

    package init() {}

    package func signal() {
        let waiters = state.withLock { state in
            state.ended = true
            defer { state.waiters = [:] }
            return state.waiters.values
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Returns once the client is gone, or the task is cancelled.
    package func wait() async {
        let id = state.withLock { state in
            defer { state.next += 1 }
            return state.next
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let now = state.withLock { state in
                    // Cancelled before this registered: the handler below found nothing to end.
                    if state.ended || Task.isCancelled { return true }
                    state.waiters[id] = continuation
                    return false
                }
                if now { continuation.resume() }
            }
        } onCancel: {
            state.withLock { $0.waiters.removeValue(forKey: id) }?.resume()
        }
    }
}
