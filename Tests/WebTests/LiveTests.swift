import Foundation
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

#if canImport(Glibc)
    import Glibc
#endif

/// The real `alog-serve`, started on a free port of 127.0.0.1 for one test.
final class ServeProcess: @unchecked Sendable {
    let process = Process()
    let port: Int
    private let output = Pipe()

    /// `descriptorLimit`: started through `sh -c 'ulimit -n N; exec alog-serve …'`.
    init(_ fixture: WebFixture, arguments: [String] = [], descriptorLimit: Int? = nil) throws {
        let executable = productsDirectory + "/alog-serve"
        let serve = ["serve", "--port", "0", "--vault", fixture.vault] + arguments
        if let descriptorLimit {
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", "ulimit -n \(descriptorLimit) && exec \"$0\" \"$@\"", executable] + serve
        } else {
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = serve
        }
        process.environment = fixture.environment
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        // "alog serve: http://127.0.0.1:PORT/ (…)"
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            line += chunk
        }
        let text = String(decoding: line, as: UTF8.self)
        guard let match = text.firstMatch(of: /127\.0\.0\.1:(\d+)\//), let port = Int(match.1) else {
            process.terminate()
            throw ServeError(message: "alog-serve printed no address: \(text)")
        }
        self.port = port
    }

    struct ServeError: Error { var message: String }

    /// The descriptors the server holds now (`/proc/PID/fd`).
    var descriptors: Int {
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(process.processIdentifier)/fd").count) ?? -1
    }

    /// SIGINT, as Ctrl-C; the exit status, or nil if it did not end within `seconds`.
    func interrupt(waiting seconds: Double = 10) -> Int32? {
        kill(process.processIdentifier, SIGINT)
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning, Date() < deadline { usleep(20_000) }
        if process.isRunning {
            process.terminate()
            return nil
        }
        return process.terminationStatus
    }

    deinit { if process.isRunning { process.terminate() } }
}

/// A GET sent as is over a socket (any `Host`, as a rebinding page would send it): the status
/// and the body.
func rawGet(_ path: String, host: String, port: Int) throws -> (Int, String) {
    let answer = try rawRequest("GET", path, host: host, port: port)
    return (answer.status, answer.body)
}

/// An answer read off the socket as it came: the status, the header fields (names in lower
/// case) and the body (chunks not decoded).
struct RawAnswer {
    var status: Int
    var headers: [String: String]
    var body: String
}

/// A request sent as is over a socket (`Connection: close`), and its answer.
func rawRequest(
    _ method: String, _ path: String, host: String, port: Int, headers: [String: String] = [:], body: String = ""
) throws -> RawAnswer {
    var head = "\(method) \(path) HTTP/1.1\r\nHost: \(host)\r\nConnection: close\r\n"
    for (name, value) in headers { head += "\(name): \(value)\r\n" }
    if !body.isEmpty { head += "Content-Length: \(body.utf8.count)\r\n" }
    let connection = try EventStreamReader(port: port, request: head + "\r\n" + body)
    // The server closing the connection (Connection: close) is the event; the cap only keeps a
    // hung server from hanging the suite, and is generous for a loaded machine.
    _ = connection.waitForClose(seconds: 60)
    let text = connection.take()
    let parts = text.split(separator: "\r\n\r\n", maxSplits: 1, omittingEmptySubsequences: false)
    let lines = (parts.first ?? "").split(separator: "\r\n")
    var fields: [String: String] = [:]
    for line in lines.dropFirst() {
        guard let colon = line.firstIndex(of: ":") else { continue }
        fields[line[..<colon].lowercased()] = String(line[line.index(after: colon)...].drop { $0 == " " })
    }
    let status = Int(lines.first?.split(separator: " ").dropFirst().first ?? "") ?? 0
    return RawAnswer(status: status, headers: fields, body: parts.count > 1 ? String(parts[1]) : "")
}

/// A raw HTTP/1.1 client for the event stream (its response never ends).
final class EventStreamReader: @unchecked Sendable {
    private let socket: Int32
    private var received = ""

    init(port: Int, request: String? = nil) throws {
        socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else { throw ServeProcess.ServeError(message: "cannot connect") }
        let request =
            request ?? "GET /api/events HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nAccept: text/event-stream\r\n\r\n"
        _ = request.withCString { send(socket, $0, strlen($0), Int32(MSG_NOSIGNAL)) }
    }

    /// Waits up to `seconds` for `text` to arrive; true when it did.
    func wait(for text: String, seconds: Double) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !received.contains(text) {
            let left = deadline.timeIntervalSinceNow
            if left <= 0 { return false }
            var descriptor = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, Int32(left * 1000)) > 0 else { return false }
            let count = recv(socket, &buffer, buffer.count, 0)
            if count <= 0 { return received.contains(text) }
            received += String(decoding: buffer[..<count], as: UTF8.self)
        }
        return true
    }

    /// Waits up to `seconds` for the server to close the connection (what it sends meanwhile
    /// is kept); true when it did.
    func waitForClose(seconds: Double) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let left = deadline.timeIntervalSinceNow
            if left <= 0 { return false }
            var descriptor = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, Int32(left * 1000)) > 0 else { return false }
            let count = recv(socket, &buffer, buffer.count, 0)
            if count <= 0 { return true }
            received += String(decoding: buffer[..<count], as: UTF8.self)
        }
    }

    /// Sends more of the request.
    func sendMore(_ text: String) {
        _ = text.withCString { Glibc.send(socket, $0, strlen($0), Int32(MSG_NOSIGNAL)) }
    }

    /// What arrived so far, and forget it.
    func take() -> String {
        defer { received = "" }
        return received
    }

    deinit { close(socket) }
}

@Suite("The live page: changes made anywhere reach it; Ctrl-C ends the server cleanly", .tags(.process), .serialized)
struct LiveTests {
    @Test("a log in a terminal, a widget tap and a sync each reach an open event stream within 2 s")
    func changesArrive() throws {
        let fixture = try WebFixture()
        let server = try ServeProcess(fixture)
        let stream = try EventStreamReader(port: server.port)
        #expect(stream.wait(for: "event: hello", seconds: 5))
        _ = stream.take()
        // A CLI log in a terminal.
        try fixture.alog(["log", "meal", "--at", "11:30"])
        let head = try git("rev-parse", "HEAD", in: fixture.vault).stdout.trimmingCharacters(
            in: .whitespacesAndNewlines)
        #expect(stream.wait(for: head, seconds: 2), "no change event for \(head)")
        _ = stream.take()
        // A widget tap (queued: the change is the queue's).
        try fixture.alog(["widget", "tap", "wake"])
        #expect(stream.wait(for: "event: change", seconds: 2))
        _ = stream.take()
        // A commit by plain git underneath the server (a pull by hand).
        try writeFile(fixture.vault + "/Note.md", "hello\n")
        try git("add", "Note.md", in: fixture.vault)
        try git("-c", "user.name=T", "-c", "user.email=t@e", "commit", "-qm", "a note", in: fixture.vault)
        #expect(stream.wait(for: "event: change", seconds: 2))
        // Ctrl-C with a page still connected: the server ends, status 0.
        #expect(server.interrupt() == 0)
    }

    @Test("the page logs through the server while a CLI writes: both land, history is whole")
    func serverAndCLITogether() async throws {
        let fixture = try WebFixture(entries: false)
        let server = try ServeProcess(fixture)
        let base = "http://127.0.0.1:\(server.port)"
        let before = try fixture.commitCount()
        let session = try await RealSession.start(base)
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                for index in 0..<10 {
                    let (status, body) = try await session.post(
                        "/api/log", #"{"type": "meal", "note": "web \#(index)"}"#)
                    #expect(status == 200, "\(body)")
                }
            }
            group.addTask {
                for _ in 0..<10 { try fixture.alog(["log", "wake"]) }
            }
            try await group.waitForAll()
        }
        #expect(try fixture.commitCount() == before + 20)
        #expect(try git("fsck", "--strict", in: fixture.vault).succeeded)
        #expect(server.interrupt() == 0)
    }
}

/// A session against a real server, with URLSession.
struct RealSession: Sendable {
    let base: String
    let cookie: String
    let csrf: String

    static func start(_ base: String) async throws -> RealSession {
        let (data, response) = try await URLSession.shared.data(from: URL(string: base + "/api/session")!)
        let cookie = ((response as? HTTPURLResponse)?.value(forHTTPHeaderField: "Set-Cookie") ?? "").prefix {
            $0 != ";"
        }
        let csrf = (try JSONSerialization.jsonObject(with: data) as? [String: Any])?["csrf"] as? String ?? ""
        return RealSession(base: base, cookie: String(cookie), csrf: csrf)
    }

    func post(_ path: String, _ body: String) async throws -> (Int, String) {
        var request = URLRequest(url: URL(string: base + path)!)
        request.httpMethod = "POST"
        request.httpBody = Data(body.utf8)
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue(cookie, forHTTPHeaderField: "Cookie")
        request.setValue(csrf, forHTTPHeaderField: "X-Alog-CSRF")
        let (data, response) = try await URLSession.shared.data(for: request)
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, String(decoding: data, as: UTF8.self))
    }
}
