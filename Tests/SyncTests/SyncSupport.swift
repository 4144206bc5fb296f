import Foundation
import LedgerCore
import LedgerVault
import TestSupport

#if canImport(Glibc)
    import Glibc
#endif

func at(_ text: String) -> LocalInstant { ISO8601.parse(text)!.instant! }

/// A bare repository standing in for the shared remote.
func makeBareRemote(_ dir: TemporaryDirectory, _ name: String = "shared.git") throws -> String {
    let path = dir.sub(name)
    try git("init", "-q", "--bare", "-b", "main", path, in: dir.path)
    return path
}

/// A plain-git working copy of `remote`, as the Obsidian git plugin on a phone would have.
func plainClone(_ remote: String, into path: String, in dir: TemporaryDirectory) throws {
    try git("clone", "-q", remote, path, in: dir.path)
    try git("config", "user.name", "Phone", in: path)
    try git("config", "user.email", "phone@example.com", in: path)
}

func commitAll(_ path: String, _ message: String) throws {
    try git("add", "-A", in: path)
    try git("commit", "-qm", message, in: path)
}

/// Every event id in the event files of the committed tree (read with `git`, as an outside
/// witness), with how often it appears.
func eventIDCounts(_ root: String) throws -> [String: Int] {
    var counts: [String: Int] = [:]
    for event in try committedEvents(root) { counts[event["id"] as? String ?? "?", default: 0] += 1 }
    return counts
}

/// Runs the built `alog` binary against `vault` with a fixed clock and zone.
func alog(_ arguments: [String], vault: String, now: String = "2030-01-01T00:00:00Z") throws -> ProcessResult {
    try runAlog(arguments, vault: vault, now: now)
}

/// A free TCP port on the loopback interface (bound and released; a tiny race is accepted).
func freeLoopbackPort() -> UInt16 {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            _ = bind(fd, $0, length)
            _ = getsockname(fd, $0, &length)
        }
    }
    return UInt16(bigEndian: address.sin_port)
}

/// A server process of a test: started, and waited for until it says it listens (the line it
/// writes once its socket is bound), then, at the end, killed and waited for until it has
/// exited. The waits are on the process's own output and exit, never on a time.
final class ServerProcess: @unchecked Sendable {
    let process = Process()
    private let exited = DispatchSemaphore(value: 0)

    /// Runs `executable` and returns once a line of its standard error (or output) contains
    /// `ready`; the rest of that stream is read and dropped, so the server never blocks writing.
    init(_ executable: String, _ arguments: [String], ready: String, onStandardError: Bool) throws {
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let pipe = Pipe()
        _ = fcntl(pipe.fileHandleForReading.fileDescriptor, F_SETFD, FD_CLOEXEC)
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = onStandardError ? FileHandle.nullDevice : pipe
        process.standardError = onStandardError ? pipe : FileHandle.nullDevice
        let exited = exited
        process.terminationHandler = { _ in exited.signal() }
        try process.run()
        try? pipe.fileHandleForWriting.close()
        let reader = pipe.fileHandleForReading
        var pending = Data()
        while !String(decoding: pending, as: UTF8.self).contains(ready) {
            let chunk = reader.availableData
            if chunk.isEmpty {
                throw ServerDidNotStart(executable: executable, output: String(decoding: pending, as: UTF8.self))
            }
            pending += chunk
        }
        // A thread of its own: this read lasts as long as the server, and on Dispatch's global
        // queue it held one of the few threads every test's process reads share.
        Thread { _ = reader.readDataToEndOfFile() }.start()
    }

    struct ServerDidNotStart: Error, CustomStringConvertible {
        let executable: String
        let output: String
        var description: String { "\(executable) ended before it listened: \(output)" }
    }

    deinit {
        kill(process.processIdentifier, SIGKILL)
        exited.wait()
    }
}

/// A real `git daemon` serving `base` on a free loopback port, receive-pack enabled.
final class GitDaemon: @unchecked Sendable {
    let server: ServerProcess
    let port: UInt16

    init(base: String) throws {
        port = freeLoopbackPort()
        // The daemon itself, not the `git` wrapper, which would not pass on our SIGKILL. With
        // --verbose it says "Ready to rumble" once it listens.
        let execPath = try git("--exec-path", in: "/").stdout.trimmingCharacters(in: .newlines)
        server = try ServerProcess(
            execPath + "/git-daemon",
            [
                "--verbose", "--reuseaddr", "--export-all", "--enable=receive-pack", "--listen=127.0.0.1",
                "--port=\(port)", "--base-path=\(base)", base,
            ], ready: "Ready to rumble", onStandardError: true)
    }

    func url(_ name: String) -> String { "git://127.0.0.1:\(port)/\(name)" }
}

/// `openssl s_server` on a free loopback port, with a key and certificate made for the run and
/// signed by no one the system trusts: a TLS server a client can complete a handshake with and
/// must then refuse. Nil when the `openssl` program is not installed.
final class UntrustedTLSServer: @unchecked Sendable {
    static let openssl = "/usr/bin/openssl"
    let server: ServerProcess
    let port: UInt16

    init?(in dir: TemporaryDirectory) throws {
        guard FileManager.default.isExecutableFile(atPath: Self.openssl) else { return nil }
        let (key, certificate) = (dir.sub("tls-key.pem"), dir.sub("tls-certificate.pem"))
        let made = try runProcess(
            Self.openssl,
            [
                "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-subj",
                "/CN=127.0.0.1", "-days", "1", "-keyout", key, "-out", certificate,
            ])
        guard made.succeeded else { return nil }
        port = freeLoopbackPort()
        // It says "ACCEPT" once it listens.
        server = try ServerProcess(
            Self.openssl, ["s_server", "-accept", "127.0.0.1:\(port)", "-cert", certificate, "-key", key, "-www"],
            ready: "ACCEPT", onStandardError: false)
    }
}

/// The first device of a shared vault: a new vault with `remote` as origin, one wake logged
/// and synced.
func makeFirstDevice(_ dir: TemporaryDirectory, remote: String, name: String = "laptop") throws -> Vault {
    let (vault, _) = try Vault.initialize(at: dir.sub(name))
    try vault.addRemote(name: "origin", url: remote)
    _ = try vault.log(type: "wake", at: at("2024-03-01T07:00:00Z"), note: nil)
    _ = try vault.syncing.sync()
    return vault
}
