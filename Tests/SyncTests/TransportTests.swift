import Foundation
import LedgerCore
import LedgerGit
import LedgerMessages
import LedgerVault
import TestSupport
import Testing

@Suite("Sync transports", .tags(.process), .serialized)
struct TransportTests {
    /// Two devices log on their own, sync in turn, and must end with the same events.
    func roundTrip(url: String, dir: TemporaryDirectory) throws {
        let (first, _) = try Vault.initialize(at: dir.sub("laptop"))
        try first.addRemote(name: "origin", url: url)
        let wake = try first.log(type: "wake", at: at("2024-03-01T07:00:00+01:00"), note: nil).events[0]
        let firstReport = try first.syncing.sync()
        #expect(firstReport.pushed)
        #expect(firstReport.eventsSent == 1)

        let (second, cloneReport) = try Vault.clone(url: url, into: dir.sub("desktop"))
        #expect(cloneReport.eventsReceived == 1)
        #expect(second.device.id != first.device.id)
        let meal = try second.log(type: "meal", at: at("2024-03-01T12:00:00+01:00"), note: "soup").events[0]
        _ = try first.log(type: "exercise", at: at("2024-03-01T18:00:00+01:00"), note: nil)
        #expect(try second.syncing.sync().action == .pushed)
        let merge = try first.syncing.sync()
        #expect(merge.action == .merged)
        #expect(merge.eventsReceived == 1)
        #expect(merge.eventsSent == 1)
        #expect(try second.syncing.sync().action == .fastForward)

        #expect(try first.state().history.map(\.id) == second.state().history.map(\.id))
        #expect(Set(try first.state().history.map(\.id)).isSuperset(of: [wake.id, meal.id]))
        for path in [dir.sub("laptop"), dir.sub("desktop")] {
            #expect(try git("fsck", "--strict", in: path).succeeded)
            #expect(try git("status", "--porcelain", in: path).stdout == "")
        }
        let shared = try git("log", "--format=%s", "main", in: dir.sub("shared.git")).stdout
        #expect(shared.split(separator: "\n").first == "alog: sync with origin")
        #expect(try git("fsck", "--strict", in: dir.sub("shared.git")).succeeded)
    }

    @Test("a bare repository given by path")
    func bareByPath() throws {
        let dir = TemporaryDirectory()
        try roundTrip(url: try makeBareRemote(dir), dir: dir)
    }

    @Test("a bare repository by file:// URL")
    func bareByFileURL() throws {
        let dir = TemporaryDirectory()
        try roundTrip(url: "file://" + (try makeBareRemote(dir)), dir: dir)
    }

    @Test("git:// through a real git daemon on the loopback interface")
    func gitDaemon() throws {
        let dir = TemporaryDirectory()
        _ = try makeBareRemote(dir)
        let daemon = try GitDaemon(base: dir.path)
        try roundTrip(url: daemon.url("shared.git"), dir: dir)
        withExtendedLifetime(daemon) {}
    }

    @Test("an unreachable remote is a clear error and changes nothing")
    func unreachable() throws {
        let dir = TemporaryDirectory()
        let (vault, _) = try Vault.initialize(at: dir.sub("laptop"))
        try vault.addRemote(name: "origin", url: "git://127.0.0.1:\(freeLoopbackPort())/nothing.git")
        let head = try git("rev-parse", "HEAD", in: dir.sub("laptop")).stdout
        #expect(throws: SyncError.self) { try vault.syncing.sync() }
        #expect(try git("rev-parse", "HEAD", in: dir.sub("laptop")).stdout == head)
    }

    @Test("a remote that cannot be used is said in alog's words first, git's text after")
    func transferWords() throws {
        let dir = TemporaryDirectory()
        let (vault, _) = try Vault.initialize(at: dir.sub("laptop"))
        _ = try makeBareRemote(dir)
        let daemon = try GitDaemon(base: dir.path)
        let cases: [(url: String, words: String)] = [
            ("git://127.0.0.1:\(freeLoopbackPort())/nothing.git", "nothing answers at that address and port"),
            ("git://host.invalid/nothing.git", "the host name is not known"),
            (daemon.url("missing.git"), "the git daemon serves no repository at that path"),
        ]
        for (index, item) in cases.enumerated() {
            try vault.addRemote(name: "r\(index)", url: item.url)
            do {
                _ = try vault.syncing.sync(remote: "r\(index)")
                Issue.record("\(item.url) synced")
            } catch {
                let text = Messages.text(for: error)
                #expect(text.hasPrefix("could not reach 'r\(index)': \(item.words)"), "\(text)")
                #expect(text.contains("(git: "), "git's own text stays, after alog's: \(text)")
            }
        }
        withExtendedLifetime(daemon) {}
    }

    @Test("https: the handshake runs on the TLS set-up deferred at start-up, and refuses an untrusted certificate")
    func httpsHandshake() throws {
        let dir = TemporaryDirectory()
        guard let server = try UntrustedTLSServer(in: dir) else { return }  // no openssl program
        let (vault, _) = try Vault.initialize(at: dir.sub("laptop"))
        try vault.addRemote(name: "origin", url: "https://127.0.0.1:\(server.port)/vault.git")
        do {
            _ = try vault.syncing.sync()
            Issue.record("a server whose certificate no one trusts was accepted")
        } catch {
            // mbedTLS reached the certificate check, so the handshake ran: the generator was seeded
            // (an unseeded one fails the handshake with "the TLS connection failed").
            let text = Messages.text(for: error)
            #expect(
                text.hasPrefix("could not reach 'origin': the server's TLS certificate could not be verified"),
                "\(text)")
            #expect(text.contains("not correctly signed by the trusted CA"), "\(text)")
        }
        withExtendedLifetime(server) {}
    }

    @Test(
        "ssh:// with ssh-agent or a key file (set ALOG_TEST_SSH_URL to a bare repository over ssh)",
        .enabled(if: ProcessInfo.processInfo.environment["ALOG_TEST_SSH_URL"] != nil))
    func ssh() throws {
        let url = ProcessInfo.processInfo.environment["ALOG_TEST_SSH_URL"]!
        let dir = TemporaryDirectory()
        let (vault, _) = try Vault.initialize(at: dir.sub("laptop"))
        try vault.addRemote(name: "origin", url: url)
        _ = try vault.log(type: "wake", at: at("2024-03-01T07:00:00Z"), note: nil)
        #expect(try vault.syncing.sync().pushed)
        let (clone, report) = try Vault.clone(url: url, into: dir.sub("desktop"))
        #expect(report.eventsReceived >= 1)
        #expect(try clone.state().eventCount == vault.state().eventCount)
    }

    @Test("remote add/list/remove validate their input")
    func remotes() throws {
        let dir = TemporaryDirectory()
        let (vault, _) = try Vault.initialize(at: dir.sub("laptop"))
        #expect(throws: SyncError.noRemote(vault: vault.root)) { try vault.syncing.sync() }
        try vault.addRemote(name: "origin", url: "relative/shared.git")
        let stored = try #require(try vault.remotes().first)
        #expect(stored.name == "origin")
        #expect(stored.url.hasPrefix("/") && stored.url.hasSuffix("/relative/shared.git"))
        #expect(throws: SyncError.self) { try vault.addRemote(name: "origin", url: "/elsewhere") }
        #expect(throws: SyncError.invalidRemoteName("bad name")) { try vault.addRemote(name: "bad name", url: "/x") }
        #expect(throws: SyncError.invalidURL("gopher://x/y")) { try vault.addRemote(name: "x", url: "gopher://x/y") }
        try vault.addRemote(name: "backup", url: "https://example.com/vault.git")
        try vault.removeRemote(name: "origin")
        #expect(try vault.remotes().map(\.name) == ["backup"])
        #expect(throws: SyncError.self) { try vault.removeRemote(name: "origin") }
    }

    @Test(
        "a remote URL without a host or a path is refused with the forms alog accepts",
        arguments: [
            "user@:x", ":x", "host:", "user@host:", "@host:x", "ssh://user@:22/x", "https:///vault.git", "git://",
        ]
    )
    func malformedURL(url: String) throws {
        let dir = TemporaryDirectory()
        let (vault, _) = try Vault.initialize(at: dir.sub("laptop"))
        #expect(throws: SyncError.invalidURL(url)) { try vault.addRemote(name: "origin", url: url) }
        #expect(try vault.remotes().isEmpty)
        #expect(SyncError.invalidURL(url).sentence.contains("user@host:path"))
    }

    @Test(
        "the forms alog accepts stay accepted",
        arguments: [
            "user@host:vault.git", "host:vault.git", "git@github.com:me/notes.git", "ssh://user@host:22/x",
            "ssh://[::1]/x", "file:///srv/vault.git", "relative/path", "/abs/path", "https://host/v.git",
        ])
    func wellFormedURL(url: String) throws {
        let dir = TemporaryDirectory()
        let (vault, _) = try Vault.initialize(at: dir.sub("laptop"))
        try vault.addRemote(name: "origin", url: url)
        #expect(try vault.remotes().count == 1)
    }
}
