import Foundation
import Hummingbird
import LedgerWeb
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The server in this process on a free port of 127.0.0.1 while `body` runs, then stopped.
func withRunningServer<Value: Sendable>(
    _ server: WebServer, _ body: @Sendable (Int) async throws -> Value
) async throws -> Value {
    let (ports, bound) = AsyncStream.makeStream(of: Int.self)
    let app = server.application { bound.yield($0) }
    let running = Task { try await app.runService(gracefulShutdownSignals: []) }
    var iterator = ports.makeAsyncIterator()
    guard let port = await iterator.next() else { throw ServeProcess.ServeError(message: "the server did not start") }
    defer { running.cancel() }
    return try await body(port)
}

/// Runs `work` (blocking socket calls) on a thread of its own, so it never holds one of the
/// few threads the server's handlers run on.
func blocking<Value: Sendable>(_ work: @escaping @Sendable () throws -> Value) async throws -> Value {
    try await withCheckedThrowingContinuation { continuation in
        Thread.detachNewThread { continuation.resume(with: Result { try work() }) }
    }
}

@Suite("Connections: pages that went away release theirs, stalled clients are cut off", .serialized)
struct ConnectionTests {
    @Test("2,000 live streams opened and closed under 'ulimit -n 256': the descriptors stay flat, the server answers")
    func closedStreamsReleased() throws {
        let fixture = try WebFixture()
        let server = try ServeProcess(fixture, descriptorLimit: 256)
        let start = server.descriptors
        #expect(start > 0)
        var highest = start
        for cycle in 0..<2_000 {
            let stream = try EventStreamReader(port: server.port)
            // The stream is under way (the server wrote its first event) before the page goes.
            let answered = stream.wait(for: "event: hello", seconds: 10)
            #expect(answered, "cycle \(cycle): no hello (\(server.descriptors) descriptors open)")
            if !answered { break }
            if cycle % 50 == 0 { highest = max(highest, server.descriptors) }
        }
        #expect(highest - start < 64, "the descriptors grew from \(start) to \(highest)")
        #expect(server.process.isRunning)
        let (status, body) = try rawGet("/api/status", host: "127.0.0.1:\(server.port)", port: server.port)
        #expect(status == 200, "\(body)")
        #expect(server.interrupt() == 0)
    }

    @Test(
        "more streams held open than the process has descriptors: the server never runs out, and answers once they close"
    )
    func descriptorsNeverExhausted() throws {
        let fixture = try WebFixture()
        let server = try ServeProcess(fixture, descriptorLimit: 256)
        let start = server.descriptors
        var held: [EventStreamReader] = []
        for _ in 0..<300 { held.append(try EventStreamReader(port: server.port)) }
        // As many as the server may hold are answered; the others wait in the listen queue.
        let answered = ConnectionLimits.connections(forDescriptorLimit: 256)
        for stream in held.prefix(answered) { #expect(stream.wait(for: "event: hello", seconds: 10)) }
        let holding = server.descriptors
        #expect(holding < 256 - 32, "\(holding) of 256 descriptors in use")
        held = []
        #expect(server.process.isRunning)
        // Every stream closed, those that waited in the queue included: a new page is served.
        let stream = try EventStreamReader(port: server.port)
        #expect(stream.wait(for: "event: hello", seconds: 30))
        let (status, body) = try rawGet("/api/status", host: "127.0.0.1:\(server.port)", port: server.port)
        #expect(status == 200, "\(body)")
        #expect(server.descriptors - start < 64, "\(server.descriptors) descriptors, \(start) at the start")
        #expect(server.interrupt() == 0)
    }

    @Test("a connection that sends half a request head is closed by the server after the head timeout")
    func slowHeadClosed() async throws {
        let fixture = try WebFixture(entries: false)
        var server = fixture.server(port: 0)
        server.limits.headTimeout = .seconds(1)
        try await withRunningServer(server) { port in
            try await blocking {
                let slow = try EventStreamReader(
                    port: port, request: "GET /api/status HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n")
                slow.sendMore("Accept: applic")
                #expect(slow.waitForClose(seconds: 30), "the server kept a connection with half a request head")
                #expect(slow.take().isEmpty, "the stalled request was answered")
                // A whole request on another connection is answered as before.
                let (status, _) = try rawGet("/api/status", host: "127.0.0.1:\(port)", port: port)
                #expect(status == 200)
            }
        }
    }

    @Test("an open live stream is not cut by the head timeout, and writes a heartbeat comment")
    func liveStreamHeartbeat() async throws {
        let fixture = try WebFixture(entries: false)
        var server = fixture.server(port: 0)
        server.limits.headTimeout = .milliseconds(300)
        server.limits.heartbeat = .milliseconds(100)
        try await withRunningServer(server) { port in
            try await blocking {
                let stream = try EventStreamReader(port: port)
                #expect(stream.wait(for: "event: hello", seconds: 10))
                _ = stream.take()
                // Ten heartbeats: the stream outlived several head timeouts.
                for beat in 0..<10 {
                    #expect(stream.wait(for: ": alive\n\n", seconds: 10), "heartbeat \(beat)")
                    _ = stream.take()
                }
                try fixture.alog(["log", "meal"])
                #expect(stream.wait(for: "event: change", seconds: 10))
            }
        }
    }
}
