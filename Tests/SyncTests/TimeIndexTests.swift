import Foundation
import LedgerCore
import LedgerVault
import TestSupport
import Testing

/// The time index (`vault.timeIndex()`, `.git/alog/time.idx`) that history, reports, the
/// calendar, streaks and export read: whatever happened to the vault, it answers what the full
/// fold answers.
@Suite("Time index", .serialized)
struct TimeIndexTests {
    /// The index's rows, oldest first, as entries and windows.
    static func indexed(_ vault: Vault) throws -> [(Entry, Timeline.Interval?)] {
        try vault.readTimeIndex { index in try (0..<index.count).map(index.entryAndWindow) }
    }

    /// What the full fold says: live entries oldest first (the reverse of history's order), and
    /// the timeline's window of each timed one.
    static func folded(_ vault: Vault) throws -> [(Entry, Timeline.Interval?)] {
        let state = try vault.state()
        let windows = state.timeline.byEntry
        return state.history.reversed().map { ($0, windows[$0.id]) }
    }

    static func expectSame(_ vault: Vault, _ context: String) throws {
        let (index, fold) = (try indexed(vault), try folded(vault))
        #expect(index.count == fold.count, "\(context): \(index.count) rows, the fold has \(fold.count)")
        for (a, b) in zip(index, fold) where a.0 != b.0 || a.1 != b.1 {
            Issue.record("\(context): row \(a.0.id) \(a.0.type) differs from the fold's \(b.0.id) \(b.0.type)")
            return
        }
    }

    /// A report's read of `[from, to)` (`TimeIndex.occurrences`) holds the starts of the fold's
    /// entries in it and every window of the fold's timeline with time in it.
    static func expectSameSpan(_ vault: Vault, from: Int64, to: Int64, now: Int64, _ context: String) throws {
        let state = try vault.state()
        let read = try vault.readTimeIndex { try $0.occurrences(from: from, to: to) }
        let fold = Occurrences(entries: state.history, timeline: state.timeline)
        func tags(_ o: Occurrences, _ numbers: [UInt32]) -> String {
            numbers.map { o.tagNames[Int($0)] }.sorted().joined(separator: ",")
        }
        func starts(_ o: Occurrences) -> [String] {
            o.starts.filter { from <= $0.at && $0.at < to }.map {
                "\(o.typeNames[Int($0.type)]) \($0.at) \($0.isTimed) \(tags(o, $0.tags))"
            }
            .sorted()
        }
        func windows(_ o: Occurrences) -> [String] {
            o.windows.filter { max($0.start, from) < min($0.end ?? max(now, $0.start), to) }
                .map {
                    "\(o.typeNames[Int($0.type)]) \($0.start) \($0.end.map(String.init) ?? "running") \(tags(o, $0.tags))"
                }
        }
        #expect(starts(read) == starts(fold), "\(context): the starts in [\(from), \(to))")
        #expect(windows(read) == windows(fold), "\(context): the windows in [\(from), \(to))")
    }

    /// The nonce of the index on disk: a new one means it was built again, the same one that
    /// it was moved on in place.
    static func nonce(_ root: String) -> UInt64? {
        guard let data = FileManager.default.contents(atPath: root + "/.git/alog/time.idx"), data.count >= 56 else {
            return nil
        }
        return data.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: 48, as: UInt64.self) }
    }

    @Test(
        "after any sequence of logs, timers, edits, deletes, restores, undos, renames, syncs and rebuilds the index equals the full fold",
        arguments: [UInt64(11), 12, 13, 14, 15, 16])
    func randomSequences(seed: UInt64) throws {
        var random = SplitMix(state: seed)
        let dir = TemporaryDirectory()
        let remote = try makeBareRemote(dir)
        let (first, _) = try Vault.initialize(at: dir.sub("a"))
        for type in ["work", "reading"] {
            _ = try first.defineType(ActivityTypeDefinition(name: type, icon: "•", group: "", color: ""))
        }
        try first.addRemote(name: "origin", url: remote)
        _ = try first.syncing.sync()
        let second = try Vault.clone(url: remote, into: dir.sub("b")).0
        let devices = [first, second]
        let types = ["meal", "wake", "work", "reading"]
        let tagNames = ["deep", "home", "Deep Focus"]
        var minute: Int64 = 0
        let base: Int64 = 1_709_251_200
        var appends = 0
        var renames = 0
        for step in 0..<90 {
            let device = devices[Int.random(in: 0..<2, using: &random)]
            minute += Int64.random(in: 1...40, using: &random)
            let now = LocalInstant(seconds: base + minute * 60, offset: 3600)
            let millis = (base + minute * 60) * 1000
            device.clock = { millis }
            let ids = try device.state().history.map(\.id.description)
            let roll = Int.random(in: 0..<100, using: &random)
            let before = Self.nonce(device.root)
            var plainAppend = false
            // Logs, timers, edits, deletes and restores move the index on without building it.
            var spliced = true
            switch roll {
            case 0..<30:
                // Now, or back-dated before earlier entries.
                let back = roll < 24 ? 0 : Int64.random(in: 1...600, using: &random)
                _ = try device.log(
                    type: types[Int.random(in: 0..<2, using: &random)],
                    at: LocalInstant(seconds: now.seconds - back * 60, offset: 3600),
                    note: roll % 3 == 0 ? "n\(step)" : nil, tags: roll % 4 == 0 ? [tagNames[roll % 3]] : [])
                plainAppend = back == 0
            case 30..<42:
                // (refused once an undo took a type's definition back)
                _ = try? device.timers.start(
                    type: types[Int.random(in: 2..<4, using: &random)], at: now, note: nil,
                    goal: Bool.random(using: &random) ? 1800 : nil, tags: roll % 3 == 0 ? tagNames : [])
            case 42..<50:
                _ = try? device.timers.stop(at: now, note: Bool.random(using: &random) ? "done" : nil)
            case 50..<54 where !ids.isEmpty:
                // Tags on and off any entry, also one synced from the other device.
                let tags = Array(tagNames.shuffled(using: &random).prefix(Int.random(in: 1...2, using: &random)))
                _ = try? device.tag(ids.randomElement(using: &random)!, tags: tags, on: roll != 53)
            case 54..<60 where !ids.isEmpty:
                let changes =
                    Bool.random(using: &random)
                    ? EntryChanges(note: "edited \(step)")
                    : EntryChanges(at: LocalInstant(seconds: now.seconds - 3600, offset: 0))
                _ = try? device.edit(ids.randomElement(using: &random)!, changes: changes, adjust: true)
            case 60..<66 where !ids.isEmpty:
                _ = try device.delete(ids.randomElement(using: &random)!)
            case 66..<70:
                let deleted = try device.state().allEntries.filter(\.isDeleted)
                if let target = deleted.randomElement(using: &random) { _ = try device.restore(target.id.description) }
            case 70..<74:
                spliced = false
                _ = try? device.undoing.undo()
            case 74..<90:
                spliced = false
                _ = try device.syncing.sync()
            case 90..<95:
                // Renames while apart (the other device keeps logging the old name), and back.
                spliced = false
                let current = try device.summary().definition(named: "work")!.name
                let new = ["job", "task", "work"].filter { $0 != current }.randomElement(using: &random)!
                if (try? device.renameType(current, to: new)) != nil { renames += 1 }
            case 95..<97:
                spliced = false
                _ = try? device.setFavorite(types.randomElement(using: &random)!, on: Bool.random(using: &random))
            default:
                spliced = false
                _ = try device.rebuild()
            }
            try Self.expectSame(device, "seed \(seed) step \(step) roll \(roll)")
            for _ in 0..<2 {
                let from = base + Int64.random(in: -60...minute, using: &random) * 60
                let to = from + Int64.random(in: 1...600, using: &random) * 60
                try Self.expectSameSpan(device, from: from, to: to, now: now.seconds, "seed \(seed) step \(step)")
            }
            // A log at the end of the timeline moves the index on in place (same nonce); so do
            // timers, edits, deletes, restores and back-dated logs.
            if plainAppend, before != nil {
                #expect(Self.nonce(device.root) == before, "step \(step): a log at the end rebuilt the index")
                appends += 1
            }
            if spliced, before != nil {
                #expect(Self.nonce(device.root) == before, "step \(step) roll \(roll): the index was built again")
            }
        }
        for device in devices { _ = try device.syncing.sync() }
        _ = try first.syncing.sync()
        try Self.expectSame(first, "seed \(seed) end, first")
        try Self.expectSame(second, "seed \(seed) end, second")
        // Both devices agree on the names and the marks.
        #expect(try first.summary().types == second.summary().types)
        #expect(try first.summary().catalog.aliases == second.summary().catalog.aliases)
        #expect(appends > 5)
        #expect(renames > 0)
    }

    @Test("a switch, a stop of the running timer and a log move the index on in place; so does an edit")
    func inPlaceAndRebuilt() throws {
        let dir = TemporaryDirectory()
        let (vault, _) = try Vault.initialize(at: dir.path)
        _ = try vault.defineType(ActivityTypeDefinition(name: "work", icon: "•", group: "", color: ""))
        _ = try vault.log(type: "meal", at: at("2024-03-01T08:00:00Z"), note: nil)
        _ = try vault.timers.start(type: "work", at: at("2024-03-01T09:00:00Z"), note: nil, goal: nil)
        try Self.expectSame(vault, "first build")
        let built = try #require(Self.nonce(dir.path))
        let (second, _) = try vault.timers.start(type: "work", at: at("2024-03-01T10:00:00Z"), note: "two", goal: 600)
        _ = try vault.log(type: "meal", at: at("2024-03-01T10:30:00Z"), note: nil)
        try Self.expectSame(vault, "after a switch and a log")
        _ = try vault.timers.stop(at: at("2024-03-01T11:00:00Z"), note: "stopped")
        let rows = try Self.indexed(vault)
        #expect(rows.count == 4)
        #expect(rows[1].1?.end == at("2024-03-01T10:00:00Z"))
        #expect(rows[2].0.id == second.events.last!.id && rows[2].1?.end == at("2024-03-01T11:00:00Z"))
        #expect(rows[2].0.note == "stopped" && rows[2].0.goalSeconds == 600)
        try Self.expectSame(vault, "after a stop")
        #expect(Self.nonce(dir.path) == built, "moved on in place")
        _ = try vault.edit(rows[0].0.id.description, changes: EntryChanges(note: "breakfast"))
        try Self.expectSame(vault, "after an edit")
        #expect(Self.nonce(dir.path) == built, "an edit moves the index on in place")
        _ = try vault.renameType("work", to: "job")
        try Self.expectSame(vault, "after a rename")
        #expect(Self.nonce(dir.path) != built, "a rename builds the index again")
    }

    @Test(
        "edits, deletes, restores, tags, undos and back-dated entries anywhere in a long timeline move the index on without building it again, and a reader that has it open keeps its rows",
        arguments: [7, 0]
    )
    func splicedAnywhere(timerEvery: Int) throws {
        let dir = TemporaryDirectory()
        let (vault, _) = try Vault.initialize(at: dir.path)
        _ = try vault.defineType(ActivityTypeDefinition(name: "work", icon: "•", group: "", color: ""))
        let base: Int64 = 1_709_251_200
        // 400 entries over 400 hours, a timer every `timerEvery` hours (switched by the next; 0:
        // none, where a change settles right after itself).
        var bodies: [EventBody] = []
        for hour in 0..<400 {
            let instant = LocalInstant(seconds: base + Int64(hour) * 3600, offset: 3600)
            if timerEvery > 0, hour % timerEvery == 3 {
                bodies.append(.started(type: "work", at: instant, note: "t\(hour)", goal: nil, task: nil))
            } else {
                bodies.append(
                    .logged(type: hour % 2 == 0 ? "meal" : "wake", at: instant, note: hour % 3 == 0 ? "n\(hour)" : nil))
            }
        }
        _ = try vault.append(bodies, message: "seed")
        try Self.expectSame(vault, "built")
        let built = try #require(Self.nonce(dir.path))
        var random = SplitMix(state: 7)
        let fresh = try Vault.open(at: dir.path)
        for step in 0..<60 {
            let live = try vault.state().history
            let target = live.randomElement(using: &random)!
            let when = LocalInstant(seconds: base + Int64.random(in: 0..<400 * 3600, using: &random), offset: 3600)
            let open = try fresh.timeIndex()
            let before = try (0..<open.count).map { try open.entry($0) }
            switch step % 7 {
            case 0:
                // A plain entry moved anywhere (a timer's window may not overlap another's).
                let plain = live.filter { !$0.isTimed }.randomElement(using: &random)!
                _ = try vault.edit(plain.id.description, changes: EntryChanges(at: when))
            case 1:
                _ = try vault.edit(target.id.description, changes: EntryChanges(type: "meal", note: "changed \(step)"))
            case 2: _ = try vault.delete(target.id.description)
            case 3:
                if let deleted = try vault.state().allEntries.filter(\.isDeleted).randomElement(using: &random) {
                    _ = try vault.restore(deleted.id.description)
                }
            case 4: _ = try vault.log(type: "meal", at: when, note: "back-dated \(step)", tags: ["late"])
            case 5: _ = try vault.tag(target.id.description, tags: ["deep", "step \(step % 3)"], on: step % 2 == 1)
            default: _ = try? vault.undoing.undo()
            }
            try Self.expectSame(vault, "step \(step)")
            try Self.expectSame(try Vault.open(at: dir.path), "step \(step), another process")
            #expect(Self.nonce(dir.path) == built, "step \(step): built again")
            // The index opened before the change still reads the rows it had.
            #expect(
                try (0..<open.count).map { try open.entry($0) } == before, "step \(step): rows moved under a reader")
        }
    }

    @Test("with day notes on, a write moves the index on as it lands, in place, from the events it wrote")
    func movedOnByDayNoteWrites() throws {
        let dir = TemporaryDirectory()
        let (vault, _) = try Vault.initialize(at: dir.path)
        _ = try vault.defineType(ActivityTypeDefinition(name: "work", icon: "•", group: "", color: ""))
        _ = try vault.enableDayNotes(DayNotesSetting())
        _ = try vault.log(type: "meal", at: at("2024-03-01T08:00:00Z"), note: nil)
        let built = try #require(Self.nonce(dir.path))
        // The commit the index on disk reflects is HEAD, before anything reads it.
        func atHead(_ context: String) throws {
            let head = try git("rev-parse", "HEAD", in: dir.path).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            let data = try #require(FileManager.default.contents(atPath: dir.path + "/.git/alog/time.idx"))
            #expect(String(decoding: data.prefix(512), as: UTF8.self).contains(head), "\(context): not at HEAD")
            #expect(Self.nonce(dir.path) == built, "\(context): built again")
        }
        _ = try vault.timers.start(type: "work", at: at("2024-03-01T09:00:00Z"), note: nil, goal: nil)
        try atHead("a start")
        _ = try vault.log(type: "meal", at: at("2024-03-01T09:30:00Z"), note: "soup")
        try atHead("a log")
        _ = try vault.timers.start(type: "work", at: at("2024-03-01T10:00:00Z"), note: "two", goal: 600)
        try atHead("a switch")
        _ = try vault.timers.stop(at: at("2024-03-01T11:00:00Z"), note: "stopped")
        try atHead("a stop")
        try Self.expectSame(vault, "after the writes")
        #expect(try Self.indexed(vault).count == 4)
        // A back-dated log is placed among the rows, as the write lands.
        _ = try vault.log(type: "meal", at: at("2024-03-01T07:00:00Z"), note: nil)
        try atHead("a back-dated log")
        try Self.expectSame(vault, "after a back-dated log")
    }

    @Test("a damaged, torn or foreign index is built again and the answers stay right")
    func damagedIndex() throws {
        let dir = TemporaryDirectory()
        let (vault, _) = try Vault.initialize(at: dir.path)
        for minute in 0..<50 {
            _ = try vault.log(
                type: minute % 2 == 0 ? "meal" : "wake",
                at: LocalInstant(seconds: 1_709_251_200 + Int64(minute) * 60, offset: 0),
                note: minute % 5 == 0 ? "note \(minute)" : nil)
        }
        try Self.expectSame(vault, "built")
        let path = dir.path + "/.git/alog/time.idx"
        let heap = dir.path + "/.git/alog/time.heap"
        let pristine = try #require(FileManager.default.contents(atPath: path))
        let damages: [(String, (inout Data) -> Void)] = [
            ("a flipped byte in a record", { $0[128 + 100 * 7 + 3] ^= 0x40 }),
            ("a flipped byte in the header", { $0[60] ^= 1 }),
            (
                "a torn header (a writer killed while moving it on)",
                { $0.replaceSubrange(8..<48, with: Data(count: 40)) }
            ),
            ("records cut off", { $0 = $0.prefix(128 + 100 * 10) }),
            ("an empty file", { $0 = Data() }),
            ("another file entirely", { $0 = Data("not an index\n".utf8) }),
        ]
        for (what, damage) in damages {
            var bytes = pristine
            damage(&bytes)
            try bytes.write(to: URL(fileURLWithPath: path))
            let fresh = try Vault.open(at: dir.path)
            try Self.expectSame(fresh, what)
        }
        // A note in the heap changed under its record.
        try Self.expectSame(try Vault.open(at: dir.path), "rebuilt")
        var notes = try #require(FileManager.default.contents(atPath: heap))
        let note = try #require(notes.range(of: Data("note 10".utf8)))
        notes[note.lowerBound] = UInt8(ascii: "N")
        try notes.write(to: URL(fileURLWithPath: heap))
        try Self.expectSame(try Vault.open(at: dir.path), "a changed note")
        // A heap of another build (its nonce differs).
        var foreign = notes
        foreign[0] ^= 0xFF
        try foreign.write(to: URL(fileURLWithPath: heap))
        try Self.expectSame(try Vault.open(at: dir.path), "a foreign heap")
    }

    @Test("a vault whose state folder cannot be written answers from memory")
    func readOnlyVault() throws {
        guard getuid() != 0 else { return }  // root writes anyway
        let dir = TemporaryDirectory()
        let (vault, _) = try Vault.initialize(at: dir.path)
        _ = try vault.log(type: "meal", at: at("2024-03-01T08:00:00Z"), note: nil)
        let state = dir.path + "/.git/alog"
        try FileManager.default.removeItem(atPath: state + "/time.idx")
        chmod(state, 0o555)
        defer { chmod(state, 0o755) }
        try Self.expectSame(try Vault.open(at: dir.path), "read-only")
    }
}
