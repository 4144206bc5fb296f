import LedgerCore
import LedgerVault

/// Generates a realistic vault: `events` events over `years` years from 3 devices, written
/// through the library's bulk path (one commit per day, all devices' files of that day).
func generateVault(at path: String, events total: Int, years: Int = 3) throws -> Vault {
    let (vault, _) = try Vault.initialize(at: path)
    let devices = ["laptop0001", "desktop001", "server0001"]
    let days = years * 365
    let perDay = max(1, total / days)
    let start: Int64 = 1_609_459_200_000  // 2021-01-01T00:00Z
    var rng = SystemRandomNumberGenerator()
    var written = 0
    var logged: [EventID] = []
    let types = ["wake", "sleep", "meal", "meal", "meal", "exercise"]
    var counter: UInt32 = 0
    for day in 0..<days where written < total {
        var batch: [Event] = []
        let count = day == days - 1 ? total - written : min(perDay, total - written)
        for n in 0..<count {
            let wall = start + Int64(day) * 86_400_000 + Int64(n) * (86_400_000 / Int64(count))
            counter &+= 1
            let device = devices[n % devices.count]
            let id = EventID.random(using: &rng)
            let body: EventBody
            let roll = Int.random(in: 0..<100, using: &rng)
            if roll < 3, let target = logged.randomElement(using: &rng) {
                body = .edited(target: target, changes: EntryChanges(note: "edited"))
            } else if roll < 4, let target = logged.randomElement(using: &rng) {
                body = .deleted(target: target)
            } else {
                let type = types.randomElement(using: &rng)!
                let at = LocalInstant(seconds: wall / 1000 - Int64.random(in: 0...600, using: &rng), offset: 3600)
                body = .logged(type: type, at: at, note: roll < 20 ? "note \(n)" : nil)
                logged.append(id)
            }
            batch.append(
                Event(id: id, device: device, stamp: Stamp(millis: wall, counter: 0), wallMillis: wall, body: body))
        }
        _ = try vault.importEvents(batch, message: "bench: day \(day)")
        written += count
    }
    // The generated days left thousands of loose objects, past git's `gc.auto`: the front's
    // background `alog gc --auto` would pack them in the middle of a measurement, and removing
    // them would slow the file creations nearby for minutes on ext4 without a journal
    // (docs/performance.md, "2026-11-26 (evening)"). So the bench's own vaults keep them.
    _ = try runCapturing(["/usr/bin/git", "-C", path, "config", "gc.auto", "0"], environment: [:])
    return vault
}
