import Foundation
import TestSupport
import Testing

/// A day note is read as an edit only where the person changed it (docs/obsidian.md, "What is
/// read as an edit"): a sync, a merge, or a note rewritten because the ledger changed for
/// another reason (another device's timer cutting this one, an import) never is.
@Suite("Day notes invent no edits")
struct DayNotesNoInventedEditsTests {
    /// The kinds of the committed events, counted (through `git`, an outside witness).
    func kinds(_ vault: String) throws -> [String: Int] {
        var counts: [String: Int] = [:]
        for event in try committedEvents(vault) { counts[event["kind"] as? String ?? "?", default: 0] += 1 }
        return counts
    }

    /// An entry's end in `history --json` ("running" while it runs, "gone" when not listed).
    func end(_ vault: String, _ id: String, now: String) throws -> String {
        let result = try alog(["history", "--json"], vault: vault, now: now)
        #expect(result.succeeded, "\(result.stderr)")
        let history = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        guard let entry = history.first(where: { $0["id"] as? String == id }) else { return "gone" }
        return entry["end"] as? String ?? "running"
    }

    func id(_ result: ProcessResult) -> String {
        #expect(result.succeeded, "\(result.stderr)")
        return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// A new vault at `vault` (day notes on when `notes`), synced to `remote` and then cloned
    /// into each of `clones`.
    static func devices(_ vault: String, clones: [String], remote: String, notes: Bool, now: String) throws {
        #expect(try alog(["init"], vault: vault, now: now).succeeded)
        if notes { #expect(try alog(["notes", "enable"], vault: vault, now: now).succeeded) }
        #expect(try alog(["remote", "add", "origin", remote], vault: vault, now: now).succeeded)
        #expect(try alog(["sync"], vault: vault, now: now).succeeded)
        for clone in clones { #expect(try alog(["clone", remote], vault: clone, now: now).succeeded) }
    }

    @Test(
        "another device's timer cuts this one: the syncs record no edit, and deleting the cutting entry gives the time back",
        arguments: [true, false])
    func cutByAnotherDevice(notes: Bool) throws {
        let dir = TemporaryDirectory()
        let remote = try makeBareRemote(dir)
        let now = "2030-01-01T12:00:00Z"
        let (a, b) = (dir.sub("a"), dir.sub("b"))
        try Self.devices(a, clones: [b], remote: remote, notes: notes, now: "2030-01-01T09:00:00Z")

        // Apart: A starts exercise at 10:00; B starts and stops a meal 11:00–11:45; A stops at 12:00.
        let exercise = id(try alog(["start", "exercise"], vault: a, now: "2030-01-01T10:00:00Z"))
        let meal = id(try alog(["start", "meal"], vault: b, now: "2030-01-01T11:00:00Z"))
        #expect(try alog(["stop"], vault: b, now: "2030-01-01T11:45:00Z").succeeded)
        #expect(try alog(["stop"], vault: a, now: now).succeeded)
        var outputs: [String] = []
        for vault in [a, b, a] {
            let synced = try alog(["sync"], vault: vault, now: now)
            #expect(synced.succeeded, "\(synced.stderr)")
            outputs.append(synced.stdout + synced.stderr)
        }
        #expect(try alog(["sync"], vault: b, now: now).succeeded)
        for output in outputs { #expect(!output.contains("changed line"), "\(output)") }
        for vault in [a, b] {
            let counts = try kinds(vault)
            #expect(counts["edit"] == nil, "\(counts)")
            #expect(try end(vault, exercise, now: now) == "2030-01-01T11:00:00Z")
            let audit = try alog(["audit"], vault: vault, now: now)
            #expect(!audit.stdout.contains("edit"), "\(audit.stdout)")
        }
        if notes {
            let note = try readFile(a + "/Activities/2030-01-01.md")
            #expect(note.contains("- 10:00–11:00 exercise"), "\(note)")
            #expect(try readFile(b + "/Activities/2030-01-01.md") == note)
        }

        // The cut is the meal's, not a recorded edit: deleting the meal gives exercise its 12:00 back.
        #expect(try alog(["delete", meal], vault: a, now: "2030-01-01T12:05:00Z").succeeded)
        #expect(try end(a, exercise, now: "2030-01-01T12:05:00Z") == "2030-01-01T12:00:00Z")
        if notes {
            #expect(try readFile(a + "/Activities/2030-01-01.md").contains("- 10:00–12:00 exercise"))
        }
        #expect(try kinds(a)["edit"] == nil)
        #expect(try git("status", "--porcelain", in: a).stdout.isEmpty)
        #expect(try git("fsck", "--strict", in: a).succeeded)
    }

    @Test("an import on another device cuts this device's timer: the fast-forward records no edit")
    func importOnAnotherDevice() throws {
        let dir = TemporaryDirectory()
        let remote = try makeBareRemote(dir)
        let now = "2030-01-01T13:00:00Z"
        let (a, b) = (dir.sub("a"), dir.sub("b"))
        try Self.devices(a, clones: [b], remote: remote, notes: true, now: now)

        // B logs a window on the day and sends it; A takes it, then imports a meal inside it,
        // which ends B's window where the meal starts.
        let work = id(try alog(["track", "exercise", "10:00", "-", "12:00"], vault: b, now: now))
        #expect(try alog(["sync"], vault: b, now: now).succeeded)
        #expect(try alog(["sync"], vault: a, now: now).succeeded)
        let csv = dir.sub("meal.csv")
        try writeFile(csv, "type,start,end\nmeal,2030-01-01T11:00:00Z,2030-01-01T11:30:00Z\n")
        let imported = try alog(["import", "csv", csv], vault: a, now: now)
        #expect(imported.succeeded, "\(imported.stderr)")
        #expect(try alog(["sync"], vault: a, now: now).succeeded)

        let synced = try alog(["sync"], vault: b, now: now)
        #expect(synced.succeeded, "\(synced.stderr)")
        #expect(!(synced.stdout + synced.stderr).contains("changed line"), "\(synced.stdout)")
        #expect(try kinds(b)["edit"] == nil)
        #expect(try end(b, work, now: now) == "2030-01-01T11:00:00Z")
        #expect(try readFile(b + "/Activities/2030-01-01.md") == readFile(a + "/Activities/2030-01-01.md"))
        #expect(try git("status", "--porcelain", in: b).stdout.isEmpty)
    }

    @Test("a phone's plain-git edits after alog's last commit of the note are read once: an edit and a delete")
    func phoneEditsAreRead() throws {
        let dir = TemporaryDirectory()
        let remote = try makeBareRemote(dir)
        let now = "2030-01-01T20:00:00Z"
        let laptop = dir.sub("laptop")
        #expect(try alog(["init"], vault: laptop, now: now).succeeded)
        #expect(try alog(["notes", "enable"], vault: laptop, now: now).succeeded)
        let meal = id(try alog(["log", "meal", "--at", "12:30", "--note", "pasta"], vault: laptop, now: now))
        let wake = id(try alog(["log", "wake", "--at", "07:00"], vault: laptop, now: now))
        #expect(try alog(["remote", "add", "origin", remote], vault: laptop, now: now).succeeded)
        #expect(try alog(["sync"], vault: laptop, now: now).succeeded)

        // The phone, in plain git: two commits, the meal's note changed, the wake line removed.
        let phone = dir.sub("phone")
        try plainClone(remote, into: phone, in: dir)
        let path = phone + "/Activities/2030-01-01.md"
        try writeFile(path, try readFile(path).replacingOccurrences(of: "pasta ^", with: "risotto ^"))
        try commitAll(phone, "vault backup")
        let lines = try readFile(path).split(separator: "\n", omittingEmptySubsequences: false)
        try writeFile(path, lines.filter { !$0.hasSuffix("^\(wake)") }.joined(separator: "\n"))
        try commitAll(phone, "vault backup")
        try git("push", "-q", "origin", "main", in: phone)

        let synced = try alog(["sync"], vault: laptop, now: now)
        #expect(synced.succeeded, "\(synced.stderr)")
        let events = try committedEvents(laptop)
        let edits = events.filter { ($0["kind"] as? String) == "edit" }
        #expect(edits.count == 1 && edits.first?["target"] as? String == meal, "\(edits)")
        #expect(edits.first?["note"] as? String == "risotto")
        #expect(events.filter { ($0["kind"] as? String) == "delete" }.map { $0["target"] as? String } == [wake])
        // Read once: another sync and another command record nothing more.
        #expect(try alog(["sync"], vault: laptop, now: now).succeeded)
        #expect(try alog(["history"], vault: laptop, now: now).succeeded)
        #expect(try committedEvents(laptop).count == events.count)
        #expect(try git("status", "--porcelain", in: laptop).stdout.isEmpty)
    }

    static let seeds: [UInt64] = {
        if let text = ProcessInfo.processInfo.environment["ALOG_DAY_NOTES_SEEDS"] {
            return text.split(separator: ",").compactMap { UInt64($0) }
        }
        return [1, 2, 3]
    }()

    /// One world of the property: three devices sharing a remote, day notes on or off.
    struct World {
        let dir = TemporaryDirectory()
        let devices: [String]

        init(notes: Bool) throws {
            let remote = try makeBareRemote(dir)
            let dir = dir
            devices = (0..<3).map { dir.sub("d\($0)") }
            try DayNotesNoInventedEditsTests.devices(
                devices[0], clones: Array(devices.dropFirst()), remote: remote, notes: notes, now: World.clock(0))
        }

        /// The clock of step `step`: seven minutes apart, from 08:00 on 2030-01-01.
        static func clock(_ step: Int) -> String {
            let minutes = 8 * 60 + 7 * step
            let hour = minutes / 60
            let minute = minutes % 60
            return "2030-01-01T\(hour < 10 ? "0" : "")\(hour):\(minute < 10 ? "0" : "")\(minute):00Z"
        }

        /// The device's entries, oldest first, each as `[type, at, end, note]` (ids are random,
        /// so they are left out: the two worlds compare by what the entries say).
        func entries(_ vault: String, now: String) throws -> [[String]] {
            let result = try alog(["history", "--json", "--limit", "1000"], vault: vault, now: now)
            #expect(result.succeeded, "\(result.stderr)")
            let items = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]] ?? []
            return items.reversed().map { item in
                ["type", "at", "end", "note"].map { item[$0] as? String ?? "-" }
            }
        }

        func ids(_ vault: String, now: String) throws -> [String] {
            let result = try alog(["history", "--json", "--limit", "1000"], vault: vault, now: now)
            let items = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]] ?? []
            return items.reversed().map { $0["id"] as? String ?? "" }
        }
    }

    /// One step of a schedule, drawn once and played in both worlds: what a device does.
    enum Step {
        case start(device: Int, type: String)
        case stop(device: Int)
        case resume(device: Int)
        /// An edit of the device's `entry`-th timer (oldest first, modulo how many it has):
        /// its end moved `minutes` earlier than it is, or its note set.
        case shrink(device: Int, entry: Int, minutes: Int)
        case note(device: Int, entry: Int, text: String)
        case sync(device: Int)
    }

    static func schedule(seed: UInt64, steps: Int) -> [Step] {
        var random = SplitMix(state: seed)
        let types = ["exercise", "meal", "sleep"]
        return (0..<steps).map { _ in
            let device = Int(random.next() % 3)
            switch random.next() % 10 {
            case 0, 1: return .start(device: device, type: types[Int(random.next() % 3)])
            case 2: return .stop(device: device)
            case 3: return .resume(device: device)
            case 4: return .shrink(device: device, entry: Int(random.next() % 8), minutes: 1 + Int(random.next() % 3))
            case 5: return .note(device: device, entry: Int(random.next() % 8), text: "n\(random.next() % 100)")
            default: return .sync(device: device)
            }
        }
    }

    /// Plays `schedule` in `world`; each step's exit status, for the other world to match.
    func play(_ schedule: [Step], in world: World) throws -> [Int32] {
        var statuses: [Int32] = []
        for (index, step) in schedule.enumerated() {
            let now = World.clock(index + 1)
            let result: ProcessResult
            switch step {
            case .start(let device, let type):
                result = try alog(["start", type], vault: world.devices[device], now: now)
            case .stop(let device):
                result = try alog(["stop"], vault: world.devices[device], now: now)
            case .resume(let device):
                result = try alog(["resume"], vault: world.devices[device], now: now)
            case .shrink(let device, let entry, let minutes):
                let vault = world.devices[device]
                let entries = try world.entries(vault, now: now)
                let ids = try world.ids(vault, now: now)
                let timers = entries.indices.filter { entries[$0][2] != "-" }
                guard !timers.isEmpty else {
                    statuses.append(-1)
                    continue
                }
                let pick = timers[entry % timers.count]
                // `end` is ISO 8601 in UTC here (TZ=UTC): moved earlier by whole minutes.
                let end = try #require(ISO8601DateFormatter().date(from: entries[pick][2]))
                let moved = ISO8601DateFormatter().string(from: end.addingTimeInterval(Double(-60 * minutes)))
                result = try alog(["edit", ids[pick], "--end", moved], vault: vault, now: now)
            case .note(let device, let entry, let text):
                let vault = world.devices[device]
                let ids = try world.ids(vault, now: now)
                guard !ids.isEmpty else {
                    statuses.append(-1)
                    continue
                }
                result = try alog(["edit", ids[entry % ids.count], "--note", text], vault: vault, now: now)
            case .sync(let device):
                result = try alog(["sync"], vault: world.devices[device], now: now)
                #expect(result.succeeded, "\(result.stderr)")
                #expect(!(result.stdout + result.stderr).contains("changed line"), "step \(index): \(result.stdout)")
            }
            statuses.append(result.status)
        }
        // Every device ends with every event: two rounds of syncs.
        let end = World.clock(schedule.count + 1)
        for _ in 0..<2 {
            for vault in world.devices { #expect(try alog(["sync"], vault: vault, now: end).succeeded) }
        }
        return statuses
    }

    @Test(
        "random schedules on three devices: day notes on give the same entries and the same events as day notes off",
        arguments: seeds)
    func notesChangeNothing(seed: UInt64) throws {
        let schedule = Self.schedule(seed: seed, steps: 40)
        let off = try World(notes: false)
        let on = try World(notes: true)
        let statusesOff = try play(schedule, in: off)
        let statusesOn = try play(schedule, in: on)
        #expect(statusesOn == statusesOff)
        let end = World.clock(schedule.count + 1)
        for index in 0..<3 {
            #expect(try on.entries(on.devices[index], now: end) == off.entries(off.devices[index], now: end))
        }
        // The same events of every kind: above all, no edit the person did not make.
        let kindsOff = try kinds(off.devices[0])
        let kindsOn = try kinds(on.devices[0])
        #expect(kindsOn == kindsOff, "seed \(seed)")
        #expect(kindsOff["edit"] ?? 0 > 0, "the schedule edits something")
        for vault in on.devices {
            #expect(try git("status", "--porcelain", in: vault).stdout.isEmpty)
            let verify = try alog(["verify"], vault: vault, now: end)
            #expect(verify.succeeded, "\(verify.stdout)\(verify.stderr)")
        }
        #expect(try git("fsck", "--strict", in: on.devices[0]).succeeded)
    }
}
