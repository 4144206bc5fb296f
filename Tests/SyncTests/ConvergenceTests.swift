import Foundation
import LedgerCore
import LedgerGit
import LedgerVault
import TestSupport
import Testing

/// The convergence property: devices doing random logs, edits (often of the same entry at the
/// same time), deletes and restores, syncing in a random order, all end with the same state,
/// every event exactly once, and healthy repositories. Seeded: a failing seed reproduces with
/// `ALOG_SYNC_SEEDS=<seed> swift test --filter Convergence`.
@Suite("Convergence", .tags(.process), .serialized)
struct ConvergenceTests {
    static let seeds: [UInt64] = {
        if let text = ProcessInfo.processInfo.environment["ALOG_SYNC_SEEDS"] {
            return text.split(separator: ",").compactMap { UInt64($0) }
        }
        return [1, 2, 3]
    }()

    @Test("four devices and a bare remote converge", arguments: seeds)
    func converge(seed: UInt64) throws {
        var random = SplitMix(state: seed)
        let dir = TemporaryDirectory()
        let remote = try makeBareRemote(dir)
        let (first, _) = try Vault.initialize(at: dir.sub("device0"))
        try first.addRemote(name: "origin", url: remote)
        _ = try first.syncing.sync()
        var devices = [first]
        for index in 1..<4 { devices.append(try Vault.clone(url: remote, into: dir.sub("device\(index)")).0) }
        // Skewed wall clocks, up to 3 hours either way, each ticking a minute per step.
        var step: Int64 = 0
        let base: Int64 = 1_709_290_800_000
        for (index, device) in devices.enumerated() {
            let skew = Int64(index - 2) * 5_400_000
            device.clock = { base + skew }
        }

        var written: Set<String> = []
        let types = ["wake", "sleep", "meal", "exercise"]
        for _ in 0..<60 {
            step += 1
            let index = Int.random(in: 0..<devices.count, using: &random)
            let device = devices[index]
            let skew = Int64(index - 2) * 5_400_000
            let nowMillis = base + skew + step * 60_000
            device.clock = { nowMillis }
            let known = try device.state().entryIDs.sorted { $0.description < $1.description }
            let roll = Int.random(in: 0..<100, using: &random)
            if roll < 30 || known.isEmpty {
                let minute = Int64.random(in: 0..<(24 * 60), using: &random)
                let appended = try device.log(
                    type: types.randomElement(using: &random)!,
                    at: LocalInstant(seconds: 1_709_251_200 + minute * 60, offset: 3600),
                    note: Bool.random(using: &random) ? "n\(step)" : nil)
                written.formUnion(appended.events.map(\.id.description))
            } else if roll < 55 {
                // Prefer the oldest entries, so devices often edit the same one concurrently.
                let target = known[Int.random(in: 0..<min(known.count, 3), using: &random)]
                let changes =
                    Bool.random(using: &random)
                    ? EntryChanges(note: "edit \(step) on \(index)")
                    : EntryChanges(at: LocalInstant(seconds: 1_709_251_200 + step * 600, offset: 0))
                // A deleted entry cannot be edited (restore it first); an edit to the value the
                // entry already has records nothing.
                if try device.state().entry(target)!.isDeleted {
                    written.formUnion(try device.restore(target.description).1.events.map(\.id.description))
                } else if let appended = try device.edit(target.description, changes: changes).appended {
                    written.insert(appended.events[0].id.description)
                }
            } else if roll < 65 {
                let target = known.randomElement(using: &random)!
                let entry = try device.state().entry(target)!
                let appended =
                    entry.isDeleted
                    ? try device.restore(target.description).1 : try device.delete(target.description).1
                written.formUnion(appended.events.map(\.id.description))
            } else {
                _ = try device.syncing.sync()
            }
        }
        // Two full rounds bring everything everywhere.
        for _ in 0..<2 { for device in devices { _ = try device.syncing.sync() } }

        let now = "2024-03-02T00:00:00Z"
        let reference = try alog(["history", "--json"], vault: devices[0].root, now: now)
        let referenceStatus = try alog(["status", "--json"], vault: devices[0].root, now: now)
        #expect(reference.succeeded, "\(reference.stderr)")
        for device in devices {
            #expect(try alog(["history", "--json"], vault: device.root, now: now).stdout == reference.stdout)
            #expect(try alog(["status", "--json"], vault: device.root, now: now).stdout == referenceStatus.stdout)
            let counts = try eventIDCounts(device.root)
            #expect(Set(counts.keys) == written, "seed \(seed)")
            #expect(counts.values.allSatisfy { $0 == 1 }, "seed \(seed): duplicated events")
            #expect(try git("fsck", "--strict", in: device.root).succeeded)
            #expect(try git("status", "--porcelain", in: device.root).stdout == "")
            #expect(try alog(["verify"], vault: device.root).succeeded)
        }
    }

    @Test("devices syncing at the same moment retry their pushes and lose nothing")
    func concurrentSyncs() throws {
        let dir = TemporaryDirectory()
        let remote = try makeBareRemote(dir)
        let (first, _) = try Vault.initialize(at: dir.sub("device0"))
        try first.addRemote(name: "origin", url: remote)
        _ = try first.syncing.sync()
        let roots = [first.root] + (1..<3).map { dir.sub("device\($0)") }
        for root in roots.dropFirst() { _ = try Vault.clone(url: remote, into: root) }
        for round in 0..<3 {
            for root in roots {
                #expect(try alog(["log", "meal", "--at", "-\(round + 1)h"], vault: root).succeeded)
            }
            let results = try roots.map { root in
                try runProcessAsync(productsDirectory + "/alog", ["sync", "--json", "--vault", root])
            }.map { try $0() }
            for result in results { #expect(result.succeeded, "\(result.stderr)") }
        }
        for _ in 0..<2 { for root in roots { #expect(try alog(["sync"], vault: root).succeeded) } }
        for root in roots {
            let counts = try eventIDCounts(root)
            #expect(counts.count == 9)
            #expect(counts.values.allSatisfy { $0 == 1 })
        }
    }
}

/// Starts a process and returns a function that waits for it.
func runProcessAsync(_ executable: String, _ arguments: [String]) throws -> () throws -> ProcessResult {
    let box = ResultBox()
    let done = DispatchSemaphore(value: 0)
    // A thread of its own, not a block on Dispatch's global queue, whose few threads the
    // process reads of every test share.
    Thread {
        box.result = Result {
            try runProcess(executable, arguments, environment: ["TZ": "UTC", "ALOG_NOW": "2030-01-01T00:00:00Z"])
        }
        done.signal()
    }.start()
    return {
        done.wait()
        return try box.result!.get()
    }
}

final class ResultBox: @unchecked Sendable {
    var result: Result<ProcessResult, Error>?
}
