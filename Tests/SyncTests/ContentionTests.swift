import Foundation
import TestSupport
import Testing

@testable import LedgerVault

/// Two devices that each log every 100 ms and sync back to back against one bare remote must
/// both get through: a push that loses the race waits a random, growing time and tries again
/// (`RetryBackoff`). Each device syncs `ALOG_CONTENTION_SYNCS` times (6 by default; 60 is a
/// long probe): a count, so a slow machine makes the test slower, never a failure.
@Suite("Sync under contention", .tags(.process))
struct ContentionTests {
    @Test("the back-off window grows with each attempt, up to its cap, with jitter")
    func backoff() {
        var generator = SplitMix(state: 7)
        let backoff = RetryBackoff(base: 40, cap: 2_000)
        for attempt in 1...20 {
            let window = min(2_000, 40 << (attempt - 1))
            let delays = (0..<50).map { _ in backoff.delay(attempt: attempt, using: &generator) }
            #expect(delays.allSatisfy { (window / 2...window).contains($0) })
            #expect(Set(delays).count > 5, "jitter, so two devices do not retry in step")
        }
    }

    @Test(
        "two devices logging every 100 ms and syncing back to back both sync at least 9 times in 10, losing nothing",
        arguments: ["path", "git"])
    func twoBusyDevices(transport: String) throws {
        let rounds = Int(ProcessInfo.processInfo.environment["ALOG_CONTENTION_SYNCS"] ?? "") ?? 6
        let dir = TemporaryDirectory()
        let bare = try makeBareRemote(dir)
        // The bare repository by path (alog moves its branch itself), or served by a real
        // `git daemon` (libgit2's network push, which learns of a lost race from the server).
        let daemon = transport == "git" ? try GitDaemon(base: dir.path) : nil
        let remote = daemon?.url("shared.git") ?? bare
        let first = dir.sub("laptop")
        #expect(try alog(["init"], vault: first).succeeded)
        #expect(try alog(["remote", "add", "origin", remote], vault: first).succeeded)
        #expect(try alog(["sync"], vault: first).succeeded)
        let second = dir.sub("desktop")
        #expect(try alog(["clone", remote], vault: second).succeeded)

        struct Tally: Sendable {
            var syncs = 0
            var failures: [String] = []
            var logged: [String] = []
        }
        let tallies = Locked([Tally(), Tally()])
        // A device's logging goes on until its syncing is done.
        let syncing = Locked([true, true])
        // Per device, one thread logs every 100 ms while another syncs `rounds` times.
        let group = DispatchGroup()
        for worker in 0..<4 {
            group.enter()
            // Threads of their own: a pool as wide as the cores would run the workers in turns.
            Thread {
                work(worker); group.leave()
            }.start()
        }
        @Sendable func work(_ worker: Int) {
            let device = worker % 2
            let vault = device == 0 ? first : second
            var tally = Tally()
            if worker < 2 {
                while syncing.withLock({ $0[device] }) {
                    if let result = try? alog(["log", "meal"], vault: vault), result.succeeded {
                        tally.logged.append(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
                    }
                    Thread.sleep(forTimeInterval: 0.1)
                }
            } else {
                for _ in 0..<rounds {
                    let sync = try? alog(["sync"], vault: vault)
                    tally.syncs += 1
                    if sync?.succeeded != true { tally.failures.append(sync?.stderr ?? "could not start") }
                }
                syncing.withLock { $0[device] = false }
            }
            tallies.withLock {
                $0[device].syncs += tally.syncs
                $0[device].failures += tally.failures
                $0[device].logged += tally.logged
            }
        }
        group.wait()
        let results = tallies.withLock { $0 }
        for (device, tally) in results.enumerated() {
            print(
                "contention (\(transport)): device \(device): \(tally.syncs) syncs, \(tally.failures.count) failed, \(tally.logged.count) logged"
            )
            #expect(tally.syncs == rounds, "device \(device) synced \(tally.syncs) times")
            let succeeded = Double(tally.syncs - tally.failures.count) / Double(max(tally.syncs, 1))
            #expect(
                succeeded >= 0.9,
                "device \(device): \(tally.failures.count) of \(tally.syncs) syncs failed: \(tally.failures.prefix(3))")
        }
        // Settle: each device syncs until both hold the same, then nothing is lost or doubled.
        for vault in [first, second, first] { #expect(try alog(["sync"], vault: vault).succeeded) }
        let counts = try eventIDCounts(first)
        #expect(try eventIDCounts(second) == counts)
        for id in results.flatMap(\.logged) { #expect(counts[id] == 1, "entry \(id) is not there exactly once") }
        #expect(try git("fsck", "--strict", in: bare).succeeded)
        withExtendedLifetime(daemon) {}
    }
}

/// A value shared by the test's threads.
final class Locked<Value: Sendable>: @unchecked Sendable {
    private var value: Value
    private let lock = NSLock()
    init(_ value: Value) { self.value = value }
    func withLock<T>(_ body: (inout Value) -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body(&value)
    }
}
