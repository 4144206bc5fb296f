import Foundation
import LedgerMessages
import LedgerVault
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A real HTTP server on the loopback interface that answers every request with
/// `401 Unauthorized`, counting the requests: a git host rejecting our credentials.
final class RejectingHTTPServer: @unchecked Sendable {
    let port: UInt16
    private let listener: Int32
    private let lock = NSLock()
    private var served = 0
    private var authorizations: [String] = []

    var requestCount: Int { lock.withLock { served } }
    var authorizationHeaders: [String] { lock.withLock { authorizations } }

    init() throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0
            }
        }
        guard bound, listen(fd, 8) == 0 else { throw POSIXError(.EADDRINUSE) }
        listener = fd
        port = UInt16(bigEndian: address.sin_port)
        Thread.detachNewThread { [self] in serve() }
    }

    private func serve() {
        while true {
            let client = accept(listener, nil, nil)
            guard client >= 0 else { return }
            var request = [UInt8]()
            var buffer = [UInt8](repeating: 0, count: 4096)
            while !request.suffix(4).elementsEqual([13, 10, 13, 10]) {
                let count = read(client, &buffer, buffer.count)
                if count <= 0 { break }
                request += buffer[0..<count]
            }
            let text = String(decoding: request, as: UTF8.self)
            lock.withLock {
                served += 1
                if let line = text.split(separator: "\r\n").first(where: { $0.lowercased().hasPrefix("authorization:") }
                ) {
                    authorizations.append(String(line))
                }
            }
            let response =
                "HTTP/1.1 401 Unauthorized\r\nWWW-Authenticate: Basic realm=\"vault\"\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
            _ = response.withCString { write(client, $0, strlen($0)) }
            close(client)
        }
    }

    deinit {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }
}

@Suite("Authentication", .serialized)
struct AuthenticationTests {
    @Test("a server asking for credentials we do not have: a clear error after one request, no loop")
    func noToken() throws {
        let server = try RejectingHTTPServer()
        let dir = TemporaryDirectory()
        let (vault, _) = try Vault.initialize(at: dir.sub("laptop"))
        try vault.addRemote(name: "origin", url: "http://127.0.0.1:\(server.port)/vault.git")
        #expect(throws: SyncError.self) { try vault.syncing.sync() }
        do {
            _ = try vault.syncing.sync()
        } catch let error as SyncError {
            guard case .authentication(let remote, let detail) = error else {
                Issue.record("expected an authentication error, got \(error)")
                return
            }
            #expect(remote == "origin")
            #expect(detail.contains("ALOG_GIT_TOKEN"))
        }
        #expect(server.requestCount <= 4)
    }

    @Test("a rejected token is offered once, then a clear error")
    func rejectedToken() throws {
        let server = try RejectingHTTPServer()
        let dir = TemporaryDirectory()
        let (vault, _) = try Vault.initialize(at: dir.sub("laptop"))
        try vault.addRemote(name: "origin", url: "http://127.0.0.1:\(server.port)/vault.git")
        try git("config", "alog.token", "not-the-right-one", in: dir.sub("laptop"))
        do {
            _ = try vault.syncing.sync()
            Issue.record("the sync succeeded against a server that rejects everything")
        } catch let error as SyncError {
            #expect(error.sentence.contains("rejected the token"), "\(error.sentence)")
        }
        #expect(server.authorizationHeaders.count == 1)
        #expect(server.requestCount <= 4)
    }
}
