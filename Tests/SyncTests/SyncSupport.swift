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

/// Waits (up to 5 s) for a server just started to accept connections on 127.0.0.1:`port`.
func waitUntilListening(_ port: UInt16) {
    var waited = 0
    while !isListening(port), waited < 200 {
        usleep(25_000)
        waited += 1
    }
}

/// True once something accepts TCP connections on 127.0.0.1:`port`.
func isListening(_ port: UInt16) -> Bool {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = port.bigEndian
    return withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
        }
    }
}

/// A real `git daemon` serving `base` on a free loopback port, receive-pack enabled.
final class GitDaemon: @unchecked Sendable {
    let process = Process()
    let port: UInt16

    init(base: String) throws {
        port = freeLoopbackPort()
        // The daemon itself, not the `git` wrapper, which would not pass on our SIGTERM.
        let execPath = try git("--exec-path", in: "/").stdout.trimmingCharacters(in: .newlines)
        process.executableURL = URL(fileURLWithPath: execPath + "/git-daemon")
        process.arguments = [
            "--reuseaddr", "--export-all", "--enable=receive-pack", "--listen=127.0.0.1",
            "--port=\(port)", "--base-path=\(base)", base,
        ]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        waitUntilListening(port)
    }

    func url(_ name: String) -> String { "git://127.0.0.1:\(port)/\(name)" }

    deinit {
        // SIGKILL and a bounded poll: Foundation's waitUntilExit can hang on Linux when the
        // child's exit is noticed on another run loop.
        kill(process.processIdentifier, SIGKILL)
        var waited = 0
        while process.isRunning, waited < 200 {
            usleep(10_000)
            waited += 1
        }
    }
}

/// `openssl s_server` on a free loopback port, with a key and certificate made for the run and
/// signed by no one the system trusts: a TLS server a client can complete a handshake with and
/// must then refuse. Nil when the `openssl` program is not installed.
final class UntrustedTLSServer: @unchecked Sendable {
    static let openssl = "/usr/bin/openssl"
    let process = Process()
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
        process.executableURL = URL(fileURLWithPath: Self.openssl)
        process.arguments = [
            "s_server", "-accept", "127.0.0.1:\(port)", "-cert", certificate, "-key", key, "-www", "-quiet",
        ]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        waitUntilListening(port)
    }

    deinit {
        kill(process.processIdentifier, SIGKILL)
        var waited = 0
        while process.isRunning, waited < 200 {
            usleep(10_000)
            waited += 1
        }
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
