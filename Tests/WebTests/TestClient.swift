import HTTPTypes
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1
import NIOPosix
import ServiceLifecycle

// The web tests' HTTP client: the application under test is started for real on a free port of
// 127.0.0.1, and every request goes to it over a TCP connection of its own as HTTP/1.1 (NIO's
// codec, which the server's own stack already compiles). It keeps the call shape of
// HummingbirdTesting (`app.test(.router) { client in try await client.execute(uri:method:…) }`,
// a `TestResponse` with `status`, `headers` and `body`), without that package's HTTP client,
// whose TLS and HTTP/2 libraries were most of the test build (docs/web.md, "Tests").

/// How the application is run for a test. Both run the whole server on 127.0.0.1: `.router`
/// is kept so tests written against HummingbirdTesting compile unchanged.
struct TestingSetup: Sendable {
    static var router: TestingSetup { TestingSetup() }
    static var live: TestingSetup { TestingSetup() }
}

/// A response as the test client read it off the connection.
struct TestResponse: Sendable {
    let head: HTTPResponse
    let body: ByteBuffer
    let trailerHeaders: HTTPFields?
    var status: HTTPResponse.Status { head.status }
    var headers: HTTPFields { head.headerFields }
}

protocol TestClientProtocol: Sendable {
    func executeRequest(uri: String, method: HTTPRequest.Method, headers: HTTPFields, body: ByteBuffer?)
        async throws -> TestResponse
    /// The port of the server under test.
    var port: Int? { get }
}

extension TestClientProtocol {
    @discardableResult
    func execute<Return>(
        uri: String, method: HTTPRequest.Method, headers: HTTPFields = [:], body: ByteBuffer? = nil,
        testCallback: @escaping (TestResponse) async throws -> Return = { $0 }
    ) async throws -> Return {
        try await testCallback(executeRequest(uri: uri, method: method, headers: headers, body: body))
    }
}

struct TestClientError: Error, CustomStringConvertible {
    let description: String
}

extension ApplicationProtocol {
    /// Runs the application on a free port of 127.0.0.1 while `test` runs, then shuts it down
    /// gracefully (requests under way finish) and waits until it has stopped.
    func test<Value: Sendable>(
        _ setup: TestingSetup, _ test: @Sendable (any TestClientProtocol) async throws -> Value
    ) async throws -> Value {
        let (ports, bound) = AsyncStream.makeStream(of: Int.self)
        let application = LoopbackApplication(base: self, bound: bound)
        let group = ServiceGroup(
            configuration: ServiceGroupConfiguration(services: [application], logger: application.logger))
        let running = Task {
            defer { bound.finish() }
            try await group.run()
        }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next() else {
            try await running.value
            throw TestClientError(description: "the application stopped before it listened on 127.0.0.1")
        }
        let outcome: Result<Value, any Error>
        do { outcome = .success(try await test(LoopbackClient(port: port))) } catch { outcome = .failure(error) }
        await group.triggerGracefulShutdown()
        try await running.value
        return try outcome.get()
    }
}

/// The application under test, bound to 127.0.0.1 on a port the system picks, which it tells
/// once it listens. Everything else is the application's own.
private struct LoopbackApplication<Base: ApplicationProtocol>: ApplicationProtocol {
    let base: Base
    let bound: AsyncStream<Int>.Continuation

    var responder: Base.Responder { get async throws { try await base.responder } }
    var server: HTTPServerBuilder { base.server }
    var eventLoopGroup: any EventLoopGroup { base.eventLoopGroup }
    var configuration: ApplicationConfiguration { base.configuration.with(address: .hostname("127.0.0.1", port: 0)) }
    var logger: Logger { base.logger }
    var services: [any Service] { base.services }
    var processesRunBeforeServerStart: [@Sendable () async throws -> Void] { base.processesRunBeforeServerStart }

    @Sendable func onServerRunning(_ channel: any Channel) async {
        await base.onServerRunning(channel)
        if let port = channel.localAddress?.port { bound.yield(port) }
        bound.finish()
    }
}

/// One connection per request, closed once the response has ended (so requests may run at the
/// same time, as a page's do). The request is written and the response read on the
/// connection's event loop, from the moment it connects: a test's task may wait a long time
/// for a thread on a loaded machine, and a request written that late would find the
/// connection closed by the server's idle timeout.
private struct LoopbackClient: TestClientProtocol {
    let port: Int?

    func executeRequest(uri: String, method: HTTPRequest.Method, headers: HTTPFields, body: ByteBuffer?)
        async throws -> TestResponse
    {
        let head = Self.head(uri: uri, method: method, headers: headers, body: body)
        let loop = MultiThreadedEventLoopGroup.singleton.next()
        let answered = loop.makePromise(of: TestResponse.self)
        let description = "\(method) \(uri)"
        do {
            _ = try await ClientBootstrap(group: loop)
                .channelInitializer { channel in
                    channel.eventLoop.makeCompletedFuture {
                        // Unchecked: the tests send what a hostile page may (a `\` in a path).
                        try channel.pipeline.syncOperations.addHTTPClientHandlers(enableOutboundHeaderValidation: false)
                        try channel.pipeline.syncOperations.addHandler(
                            Exchange(head: head, body: body, answered: answered, description: description))
                    }
                }
                .connect(host: "127.0.0.1", port: port!).get()
        } catch {
            answered.fail(error)
        }
        return try await answered.futureResult.get()
    }

    /// The request's head as HTTP/1.1 sends it: `Host` is `localhost` unless the test names
    /// one, and a body is sent with its length.
    private static func head(uri: String, method: HTTPRequest.Method, headers: HTTPFields, body: ByteBuffer?)
        -> HTTPRequestHead
    {
        var fields = HTTPHeaders()
        if headers[HTTPField.Name("Host")!] == nil { fields.add(name: "Host", value: "localhost") }
        for field in headers { fields.add(name: field.name.rawName, value: field.value) }
        if headers[.contentLength] == nil && headers[.transferEncoding] == nil
            && (body != nil || ![.get, .head, .delete, .options].contains(method))
        {
            fields.add(name: "Content-Length", value: String(body?.readableBytes ?? 0))
        }
        return HTTPRequestHead(
            version: .http1_1, method: HTTPMethod(rawValue: method.rawValue), uri: uri, headers: fields)
    }

    static func fields(_ headers: HTTPHeaders) -> HTTPFields {
        var fields = HTTPFields()
        for (name, value) in headers {
            if let name = HTTPField.Name(name) { fields.append(HTTPField(name: name, value: value)) }
        }
        return fields
    }
}

/// Sends one request as soon as the connection is up and gathers its response.
private final class Exchange: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPClientResponsePart
    typealias OutboundOut = HTTPClientRequestPart

    let head: HTTPRequestHead
    let body: ByteBuffer?
    let answered: EventLoopPromise<TestResponse>
    let description: String
    private var response: HTTPResponseHead?
    private var received = ByteBuffer()

    init(head: HTTPRequestHead, body: ByteBuffer?, answered: EventLoopPromise<TestResponse>, description: String) {
        (self.head, self.body, self.answered, self.description) = (head, body, answered, description)
    }

    func channelActive(context: ChannelHandlerContext) {
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        if let body { context.write(wrapOutboundOut(.body(.byteBuffer(body))), promise: nil) }
        context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
        context.fireChannelActive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head) where head.status.code >= 200: response = head
        case .head: break
        case .body(var bytes): received.writeBuffer(&bytes)
        case .end(let trailers):
            guard let response else { return }
            answered.succeed(
                TestResponse(
                    head: HTTPResponse(
                        status: .init(code: Int(response.status.code), reasonPhrase: response.status.reasonPhrase),
                        headerFields: LoopbackClient.fields(response.headers)),
                    body: received, trailerHeaders: trailers.map(LoopbackClient.fields)))
            context.close(promise: nil)
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        let problem = "\(description): the server closed the connection without a whole response"
        answered.fail(TestClientError(description: problem))
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        answered.fail(error)
        context.close(promise: nil)
    }
}
