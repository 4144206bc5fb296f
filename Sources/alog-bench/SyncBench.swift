import Foundation
import LedgerCore
import LedgerVault

/// `alog sync` receiving `newEvents` events another device pushed, into the vault at `path`
/// (median of `runs`). Sets up a bare remote and a second device first.
@MainActor func measureSyncReceive(into path: String, newEvents: Int, runs: Int) -> Double {
    let other = prepareSecondDevice(of: path, remote: "origin", suffix: "")
    var times: [Double] = []
    for run in 0..<runs {
        pushFromSecondDevice(other, events: newEvents, tag: "sync\(run)")
        let result = timedRun([alogPath, "sync", "--vault", path])
        precondition(result.status == 0, "alog sync failed")
        times.append(result.ms)
    }
    return median(times)
}

/// Two devices each write `perSide` events (in commits of 100) after their common commit;
/// returns the wall time of the `alog sync` that merges them (fetch, merge, push, caches).
@MainActor func measureMerge(from path: String, perSide: Int) throws -> Double {
    let shared = path + "-merge-shared.git"
    let first = path + "-merge-a"
    let second = path + "-merge-b"
    shell("rm -rf \(shared) \(first) \(second) && git clone -q --bare \(path) \(shared)")
    shell("\(alogPath) clone \(shared) --vault \(first) >/dev/null")
    shell("\(alogPath) clone \(shared) --vault \(second) >/dev/null")
    for root in [first, second] {
        let vault = try Vault.open(at: root)
        var rng = SystemRandomNumberGenerator()
        let startWall: Int64 = 1_800_000_000_000
        var batch: [Event] = []
        for n in 0..<perSide {
            let wall = startWall + Int64(n) * 60_000
            batch.append(
                Event(
                    id: EventID.random(using: &rng), device: vault.device.id, stamp: Stamp(millis: wall, counter: 0),
                    wallMillis: wall,
                    body: .logged(type: "meal", at: LocalInstant(seconds: wall / 1000, offset: 0), note: "m\(n)")))
            if batch.count == 100 {
                _ = try vault.importEvents(batch, message: "bench: 100 events")
                batch.removeAll()
            }
        }
        if !batch.isEmpty { _ = try vault.importEvents(batch, message: "bench: events") }
        _ = try vault.summary()
    }
    shell("\(alogPath) sync --vault \(first) >/dev/null")
    let result = timedRun([alogPath, "sync", "--vault", second])
    precondition(result.status == 0, "alog sync (merge) failed")
    let merged = shell("git -C \(second) log -1 --format=%P").split(separator: " ").count
    precondition(merged == 2, "expected a merge commit")
    return result.ms
}

/// `alog sync` receiving `newEvents` events into the vault at `path`, by this build and by the
/// `alog` in `baselineDirectory` (another build, say of the previous commit) in turn, run by
/// run on the same vault, so the machine's drift hits both alike. Returns both medians.
@MainActor func measureSyncReceiveAgainst(
    baselineDirectory: String, into path: String, newEvents: Int, runs: Int
) -> (this: Double, baseline: Double) {
    let other = prepareSecondDevice(of: path, remote: "ab", suffix: "-ab")
    var this: [Double] = []
    var baseline: [Double] = []
    for run in 0..<(2 * runs) {
        pushFromSecondDevice(other, events: newEvents, tag: "ab\(run)")
        let binary = run % 2 == 0 ? alogPath : baselineDirectory + "/alog"
        let result = timedRun([binary, "sync", "ab", "--vault", path])
        precondition(result.status == 0, "alog sync failed (\(binary))")
        if run % 2 == 0 { this.append(result.ms) } else { baseline.append(result.ms) }
    }
    return (median(this), median(baseline))
}

/// A bare copy of the vault at `path` as its remote `remote`, and a second device cloned from
/// it (returned).
@MainActor func prepareSecondDevice(of path: String, remote: String, suffix: String) -> String {
    let shared = path + suffix + "-shared.git"
    let other = path + suffix + "-other-device"
    shell("rm -rf \(shared) \(other) && git clone -q --bare \(path) \(shared)")
    shell("\(alogPath) remote add \(remote) \(shared) --vault \(path) >/dev/null")
    shell("\(alogPath) sync \(remote) --vault \(path) >/dev/null")
    shell("\(alogPath) clone \(shared) --vault \(other) >/dev/null")
    return other
}

/// The second device logs `events` meals and pushes them.
@MainActor func pushFromSecondDevice(_ other: String, events: Int, tag: String) {
    for n in 0..<events {
        shell("\(alogPath) log meal --note \(tag)-\(n) --vault \(other) >/dev/null")
    }
    shell("\(alogPath) sync --vault \(other) >/dev/null")
}
