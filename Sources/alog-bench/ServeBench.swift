import Foundation
import LedgerSystem

#if canImport(Glibc)
    import Glibc
#endif

/// The web dashboard on the large vault (issue 25): `GET /api/status` and the Today page under
/// `wrk` at about 200 requests a second, 50 concurrent logs through the API, and the server at
/// rest (its CPU time while idle, its memory under steady polling). Needs `wrk` (Debian's
/// package) and `alog-serve` beside `alog`.
@MainActor func measureServe(vault: String, size: Int, idleSeconds: Int, pollingMinutes: Double) throws {
    let serve = binDirectory + "/alog-serve"
    guard FileManager.default.isExecutableFile(atPath: serve) else {
        fatalError("build alog-serve first: scripts/build-release.sh --product alog-serve")
    }
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/wrk") else {
        fatalError("the serve bench needs wrk: apt-get install -y wrk")
    }
    // The vault was written in bulk: its caches and index are made before the server starts.
    _ = timedRun([alogPath, "history", "--limit", "1", "--vault", vault])
    let statusCLI = median(timedRuns([alogPath, "status", "--json", "--vault", vault], count: 21))

    let server = Process()
    server.executableURL = URL(fileURLWithPath: serve)
    server.arguments = ["serve", "--port", "0", "--vault", vault]
    let output = Pipe()
    server.standardOutput = output
    server.standardError = FileHandle.nullDevice
    try server.run()
    defer { if server.isRunning { server.terminate() } }
    let line = String(decoding: output.fileHandleForReading.availableData, as: UTF8.self)
    guard let match = line.firstMatch(of: /127\.0\.0\.1:(\d+)\//), let port = Int(match.1) else {
        fatalError("alog-serve printed no address: \(line)")
    }
    let base = "http://127.0.0.1:\(port)"
    let pid = server.processIdentifier

    // About 200 requests a second: 2 connections, each waiting 10 ms between requests.
    let script = outDirectory + "/wrk-rate.lua"
    try "function delay() return 10 end\n".write(toFile: script, atomically: true, encoding: .utf8)
    func load(_ path: String, seconds: Int) -> (rate: Double, p50: Double, p99: Double, errors: String) {
        let text = shell("wrk -t2 -c2 -d\(seconds)s --latency -s \(script) \(base)\(path) 2>&1")
        func milliseconds(_ label: String) -> Double {
            guard
                let line = text.split(separator: "\n").first(where: {
                    $0.trimmingCharacters(in: .whitespaces).hasPrefix(label)
                }),
                let value = line.split(separator: " ").last
            else { return .nan }
            let number = Double(value.filter { "0123456789.".contains($0) }) ?? .nan
            if value.hasSuffix("us") { return number / 1000 }
            if value.hasSuffix("ms") { return number }
            return number * 1000
        }
        let rate =
            text.split(separator: "\n").first { $0.hasPrefix("Requests/sec:") }
            .flatMap { Double($0.split(separator: " ").last ?? "") } ?? .nan
        let errors = text.split(separator: "\n").filter { $0.contains("Non-2xx") || $0.contains("Socket errors") }
        return (rate, milliseconds("50%"), milliseconds("99%"), errors.joined(separator: "; "))
    }
    _ = load("/api/status", seconds: 3)
    let status = load("/api/status", seconds: 20)
    report(
        "GET /api/status, \(size)-event vault, ~200 req/s (wrk -t2 -c2, 10 ms apart, 20 s)",
        "p99 \(fmt(status.p99, 2)) ms", "p99 ≤ 5 ms",
        "p50 \(fmt(status.p50, 2)) ms at \(fmt(status.rate, 0)) req/s; `alog status --json` as a process \(fmt(statusCLI, 1)) ms\(status.errors.isEmpty ? "" : "; " + status.errors)"
    )
    let today = load("/", seconds: 20)
    report(
        "GET / (Today: status, types, today's history), \(size)-event vault, ~200 req/s", "p50 \(fmt(today.p50, 2)) ms",
        "≤ 20 ms",
        "p99 \(fmt(today.p99, 2)) ms at \(fmt(today.rate, 0)) req/s\(today.errors.isEmpty ? "" : "; " + today.errors)")

    // 50 logs at once through the API, each with the page's session.
    let commitsBefore = Int(
        shell("git -C \(vault) rev-list --count HEAD").trimmingCharacters(in: .whitespacesAndNewlines))!
    let landed = try concurrentLogs(base: base, count: 50)
    let commitsAfter = Int(
        shell("git -C \(vault) rev-list --count HEAD").trimmingCharacters(in: .whitespacesAndNewlines))!
    report(
        "50 concurrent POST /api/log", "\(landed.ok) answered 200 in \(fmt(landed.seconds, 2)) s",
        "all land, one commit each",
        "\(commitsAfter - commitsBefore) new commits, \(Set(landed.ids).count) distinct ids")

    // At rest: CPU time over `idleSeconds` with nothing asked (an open page's stream included).
    let stream = try? EventStreamConnection(port: port)
    let cpuBefore = processCPUMilliseconds(pid)
    sleep(UInt32(idleSeconds))
    let idleCPU = processCPUMilliseconds(pid) - cpuBefore
    _ = stream
    report(
        "idle server with one page connected, \(idleSeconds) s", "\(fmt(idleCPU, 0)) ms CPU", "no measurable CPU",
        "\(fmt(idleCPU / Double(idleSeconds * 10), 3)) % of a core")

    // Memory under steady polling: GET /api/status at ~20 req/s for `pollingMinutes`.
    var samples: [Int] = [residentKilobytes(pid)]
    let rounds = max(1, Int(pollingMinutes * 2))
    for _ in 0..<rounds {
        _ = shell("wrk -t1 -c1 -d30s -s \(outDirectory)/wrk-slow.lua \(base)/api/status >/dev/null 2>&1 || true")
        samples.append(residentKilobytes(pid))
    }
    report(
        "resident memory while polled (~20 req/s) for \(fmt(pollingMinutes, 1)) min",
        "\(samples.last! / 1024) MiB at the end",
        "flat",
        "start \(samples.first! / 1024) MiB, max \(samples.max()! / 1024) MiB; samples every 30 s: \(samples.map { "\($0 / 1024)" }.joined(separator: " "))"
    )
    kill(pid, SIGINT)
    server.waitUntilExit()
}

/// `function delay() return 50 end`: one connection, about 20 requests a second.
@MainActor func writeSlowPollingScript() throws {
    try "function delay() return 50 end\n".write(
        toFile: outDirectory + "/wrk-slow.lua", atomically: true, encoding: .utf8)
}

private func concurrentLogs(base: String, count: Int) throws -> (ok: Int, ids: [String], seconds: Double) {
    let port = Int(base.split(separator: ":").last!)!
    let session = httpRequest(port: port, "GET /api/session HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n")
    let cookie =
        session.headers.first { $0.lowercased().hasPrefix("set-cookie:") }
        .map { String($0.dropFirst("set-cookie:".count).trimmingCharacters(in: .whitespaces).prefix { $0 != ";" }) }
        ?? ""
    let csrf =
        (try? JSONSerialization.jsonObject(with: Data(session.body.utf8)) as? [String: Any])?["csrf"] as? String ?? ""
    let started = DispatchTime.now().uptimeNanoseconds
    let answers = Locked([String?](repeating: nil, count: count))
    DispatchQueue.concurrentPerform(iterations: count) { index in
        let body = #"{"type": "meal", "note": "bench \#(index)"}"#
        let answer = httpRequest(
            port: port,
            "POST /api/log HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nCookie: \(cookie)\r\nX-Alog-CSRF: \(csrf)\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n",
            body: body)
        guard answer.status == 200 else { return }
        let id = (try? JSONSerialization.jsonObject(with: Data(answer.body.utf8)) as? [String: Any])?["id"] as? String
        answers.withLock { $0[index] = id }
    }
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
    let ids = answers.withLock { $0.compactMap { $0 } }
    return (ids.count, ids, seconds)
}

/// One HTTP/1.1 request over a new connection (`Connection: close`): its status, header lines
/// and body. `head` is the request line and headers, each ending in CRLF.
private func httpRequest(port: Int, _ head: String, body: String = "") -> (status: Int, headers: [String], body: String)
{
    let connection = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(connection) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            connect(connection, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
        }
    }
    guard connected == 0 else { return (0, [], "") }
    let request = Array((head + "Connection: close\r\n\r\n" + body).utf8)
    _ = request.withUnsafeBytes { send(connection, $0.baseAddress, $0.count, 0) }
    var received: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 16_384)
    while true {
        let count = recv(connection, &buffer, buffer.count, 0)
        if count <= 0 { break }
        received += buffer[..<count]
    }
    let text = String(decoding: received, as: UTF8.self)
    let parts = text.components(separatedBy: "\r\n\r\n")
    let lines = parts[0].components(separatedBy: "\r\n")
    let status = Int(lines.first?.split(separator: " ").dropFirst().first ?? "") ?? 0
    return (status, Array(lines.dropFirst()), parts.dropFirst().joined(separator: "\r\n\r\n"))
}

/// User and system CPU time of a process so far (ms), from /proc.
private func processCPUMilliseconds(_ pid: Int32) -> Double {
    guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
        let close = text.lastIndex(of: ")")
    else { return .nan }
    let fields = text[text.index(after: close)...].split(separator: " ")
    // After the name: state is field 3; utime and stime are fields 14 and 15.
    let ticks = Double(sysconf(Int32(_SC_CLK_TCK)))
    return ((Double(fields[11]) ?? 0) + (Double(fields[12]) ?? 0)) / ticks * 1000
}

private func residentKilobytes(_ pid: Int32) -> Int {
    guard let text = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
        let line = text.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") })
    else { return 0 }
    return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
}

/// One open `GET /api/events`, as a page keeps it.
private final class EventStreamConnection {
    let socket: Int32

    init(port: Int) throws {
        socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        _ = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        let request = "GET /api/events HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n"
        _ = request.withCString { send(socket, $0, strlen($0), 0) }
    }

    deinit { close(socket) }
}
