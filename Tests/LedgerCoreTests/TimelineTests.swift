import Foundation
import LedgerStore
import PropertyBased
import TestSupport
import Testing

@testable import LedgerCore

/// Random timer activity from three devices that were apart: starts (some with goals), stops of
/// any timer, edits of windows, deletes, restores, goals, and a few instants between them.
func randomTimerEvents(seed: Int) -> [Event] {
    var rng = SplitMix(state: UInt64(bitPattern: Int64(seed)) &+ 0x7157)
    let devices = ["alpha", "bravo", "charlie"]
    let types = ["reading", "exercise", "work"]
    var events: [Event] = []
    var started: [EventID] = []
    for _ in 0..<Int.random(in: 1...40, using: &rng) {
        let id = EventID.random(using: &rng)
        let device = devices.randomElement(using: &rng)!
        let stamp = Stamp(millis: Int64.random(in: 0...60, using: &rng), counter: UInt32.random(in: 0...1, using: &rng))
        // Half-hour steps, in zones that differ, so windows of several devices interleave.
        let at = LocalInstant(
            seconds: Int64.random(in: 0...48, using: &rng) * 1800, offset: Int32.random(in: -1...2, using: &rng) * 3600)
        let target = started.randomElement(using: &rng) ?? EventID.random(using: &rng)
        let body: EventBody
        switch Int.random(in: 0..<12, using: &rng) {
        case 0...3:
            let goal: Int64? = Bool.random(using: &rng) ? Int64.random(in: 1...4, using: &rng) * 1800 : nil
            body = .started(type: types.randomElement(using: &rng)!, at: at, note: nil, goal: goal)
            started.append(id)
        case 4, 5: body = .stopped(target: target, at: at, note: Bool.random(using: &rng) ? "done" : nil)
        case 6:
            // An end set, or taken away (`undo` of a stop).
            let clears = Int.random(in: 0..<3, using: &rng) == 0
            body = .edited(target: target, changes: EntryChanges(end: clears ? nil : at, clearsEnd: clears))
        case 7:
            // A start moved, or a note changed (a stop may carry one too: the later wins).
            body = .edited(
                target: target, changes: Bool.random(using: &rng) ? EntryChanges(at: at) : EntryChanges(note: "edited"))
        case 8: body = .deleted(target: target)
        case 9: body = .restored(target: target)
        case 10:
            body = .goalSet(
                type: types.randomElement(using: &rng)!, seconds: Int64.random(in: 0...3, using: &rng) * 3600)
        default: body = .logged(type: "meal", at: at, note: nil)
        }
        events.append(Event(id: id, device: device, stamp: stamp, wallMillis: stamp.millis, body: body))
    }
    return events
}

@Suite("Timers on one line")
struct TimelineTests {
    /// A timer start; ids differ by stamp and hour.
    func start(_ type: String, _ hour: Int64, device: String = "dev-a", stamp: Int64, goal: Int64? = nil)
        -> Event
    {
        var f = EventFactory(next: UInt64(stamp * 100 + hour + 1))
        return f.make(.started(type: type, at: instant(hour), note: nil, goal: goal), at: stamp, device: device)
    }

    @Test("a stop ends the window; the next start ends a timer left running; only the last runs")
    func basicRules() {
        let a = start("reading", 1, stamp: 10)
        var f = EventFactory(next: 100_000)
        let stopA = f.make(.stopped(target: a.id, at: instant(2), note: "chapter 3"), at: 20)
        let b = start("work", 3, device: "dev-b", stamp: 30, goal: 5400)
        let c = start("exercise", 5, stamp: 40)
        let timeline = LedgerState(events: [c, stopA, b, a]).timeline
        #expect(timeline.intervals.map(\.entry.id) == [a.id, b.id, c.id])
        #expect(timeline.intervals[0].end == instant(2))
        #expect(timeline.intervals[0].entry.note == "chapter 3")
        #expect(timeline.intervals[1].end == instant(5) && timeline.intervals[1].endedByNext)
        #expect(timeline.intervals[1].entry.goalSeconds == 5400)
        #expect(timeline.running?.entry.id == c.id)
        #expect(timeline.lastStopped?.entry.id == b.id)
        #expect(timeline.running?.seconds(now: instant(6).seconds) == 3600)
    }

    @Test("two devices that started timers while apart: the earlier ends where the later starts")
    func concurrentStarts() {
        let laptop = start("reading", 1, device: "laptop", stamp: 10)
        let phone = start("exercise", 2, device: "phone", stamp: 5)
        for events in [[laptop, phone], [phone, laptop]] {
            let timeline = LedgerState(events: events).timeline
            #expect(timeline.intervals.first?.entry.id == laptop.id)
            #expect(timeline.intervals.first?.end == instant(2))
            #expect(timeline.running?.entry.id == phone.id)
        }
    }

    @Test("a window keeps the offsets of its start and end: elapsed time is true across zones")
    func zones() {
        var f = EventFactory()
        let start = f.make(
            .started(type: "work", at: LocalInstant(seconds: 1_700_000_000, offset: 3600), note: nil, goal: nil), at: 1)
        let stop = f.make(
            .stopped(target: start.id, at: LocalInstant(seconds: 1_700_007_200, offset: -18_000), note: nil), at: 2)
        let interval = LedgerState(events: [start, stop]).timeline.intervals[0]
        #expect(interval.seconds(now: 0) == 7200)
        #expect(interval.start.offset == 3600 && interval.end?.offset == -18_000)
    }

    @Test("any order of the same timer events folds to the same timeline, and no two windows overlap")
    func orderIndependence() async {
        await propertyCheck(count: 300, input: Gen.int(in: 0...Int.max), Gen.int(in: 0...Int.max)) {
            seed, shuffleSeed in
            let events = randomTimerEvents(seed: seed)
            let reference = LedgerState(events: events)
            var rng = SplitMix(state: UInt64(shuffleSeed))
            var shuffled = events
            for _ in 0..<Int.random(in: 0...events.count, using: &rng) {
                shuffled.append(events.randomElement(using: &rng)!)
            }
            shuffled.shuffle(using: &rng)
            let state = LedgerState(events: shuffled)
            #expect(state.timeline == reference.timeline)
            #expect(state.goals == reference.goals)
            #expect(StatusSummary(state) == StatusSummary(reference))
            // Through the cache snapshot, and merged from two halves (as a rebuild does).
            let restored = state.serialized().withUnsafeBytes { LedgerState(serialized: $0) }
            #expect(restored?.timeline == reference.timeline)
            let cut = Int.random(in: 0...shuffled.count, using: &rng)
            var left = LedgerState(events: shuffled[..<cut])
            left.merge(LedgerState(events: shuffled[cut...]))
            #expect(left.timeline == reference.timeline)
            // One line: each window ends no later than the next starts; only the last may run.
            let intervals = reference.timeline.intervals
            for (earlier, later) in zip(intervals, intervals.dropFirst()) {
                #expect(earlier.end != nil)
                #expect(earlier.end!.seconds <= later.start.seconds)
                #expect(earlier.end!.seconds >= earlier.start.seconds)
            }
        }
    }

    @Test("the summary follows new timer events on its own, or says it needs the full state")
    func summaryAbsorbs() async {
        await propertyCheck(count: 200, input: Gen.int(in: 0...Int.max)) { seed in
            let events = randomTimerEvents(seed: seed)
            var state = LedgerState()
            var summary = StatusSummary()
            for event in events {
                state.apply(event)
                if !summary.absorbNewEvent(event) { summary = StatusSummary(state) }
                #expect(summary.timeline.running?.entry.id == state.timeline.running?.entry.id)
                #expect(summary.timeline.running?.entry.note == state.timeline.running?.entry.note)
                #expect(summary.recentTimers.map(\.note) == StatusSummary(state).recentTimers.map(\.note))
                #expect(summary.dailyGoals == state.goals)
            }
            let cached = summary.serialized().withUnsafeBytes { StatusSummary(serialized: $0) }
            #expect(cached == summary)
        }
    }

    @Test("timer events are format version 2: a version 1 reader skips them with a clear reason")
    func versions() throws {
        let startEvent = start("reading", 1, stamp: 1, goal: 1800)
        var f = EventFactory(next: 50_000)
        let events = [
            startEvent, f.make(.stopped(target: startEvent.id, at: instant(2), note: "ok"), at: 2),
            f.make(.goalSet(type: "reading", seconds: 3600), at: 3),
            f.make(.edited(target: startEvent.id, changes: EntryChanges(end: instant(3))), at: 4),
        ]
        for event in events {
            #expect(event.version == 2)
            let line = EventLine.encode(event)
            var memo = EventLine.Memo()
            let decoded = line.withUnsafeBytes { EventLine.decode($0, memo: &memo) }
            #expect(try decoded.get() == event)
            let old = line.withUnsafeBytes { EventLine.decode($0, memo: &memo, maxVersion: 1) }
            guard case .failure(let error) = old else {
                Issue.record("a version 1 reader must not read \(event.body.kind)")
                continue
            }
            #expect(error.isFromNewerVersion)
            #expect(error.reason.contains("written by a newer alog") && error.reason.contains("upgrade"))
        }
        // A removed (archived) type is version 3: a version 2 reader skips it, and an older
        // line that happens to carry "archived" does not archive anything.
        let removal = f.make(.typeDefined(ActivityTypeDefinition(name: "swim", archived: true)), at: 7)
        #expect(removal.version == 3)
        let removalLine = EventLine.encode(removal)
        var removalMemo = EventLine.Memo()
        #expect(try removalLine.withUnsafeBytes { EventLine.decode($0, memo: &removalMemo) }.get() == removal)
        guard
            case .failure(let skipped) = removalLine.withUnsafeBytes({
                EventLine.decode($0, memo: &removalMemo, maxVersion: 2)
            })
        else {
            Issue.record("a version 2 reader must not read an archived type")
            return
        }
        #expect(skipped.isFromNewerVersion)
        let oldLine = String(decoding: removalLine, as: UTF8.self).replacingOccurrences(of: #""v":3"#, with: #""v":1"#)
        let oldEvent = try EventLine.decode(oldLine).get()
        #expect(oldEvent.body == .typeDefined(ActivityTypeDefinition(name: "swim")))
        // An edit that takes a timer's end away (`undo` of a stop) is version 3, `"end": null`;
        // in an older line that value is damage, not an instruction.
        let reopen = f.make(.edited(target: startEvent.id, changes: EntryChanges(clearsEnd: true)), at: 8)
        #expect(reopen.version == 3)
        let reopenLine = EventLine.encodeString(reopen)
        #expect(reopenLine.contains(#""end":null"#))
        #expect(try EventLine.decode(reopenLine).get() == reopen)
        guard
            case .failure(let damaged) = EventLine.decode(
                reopenLine.replacingOccurrences(of: #""v":3"#, with: #""v":2"#))
        else {
            Issue.record("\"end\": null in a version 2 line must be refused")
            return
        }
        #expect(!damaged.isFromNewerVersion && damaged.reason.contains("\"end\""))
        var reopened = LedgerState()
        for event in events.prefix(2) + [reopen] { reopened.apply(event) }
        #expect(reopened.timeline.running?.entry.id == startEvent.id, "the timer runs again")
        // Everything version 1 already had is still written as version 1.
        #expect(f.make(.logged(type: "meal", at: instant(1), note: nil), at: 5).version == 1)
        #expect(f.make(.edited(target: startEvent.id, changes: EntryChanges(note: "x")), at: 6).version == 1)
    }

    @Test("durations parse like relative times and refuse signs and nonsense")
    func durations() {
        #expect(parseDuration("45m") == 2700)
        #expect(parseDuration("1h30m") == 5400)
        #expect(parseDuration("2d") == 172_800)
        #expect(parseDuration("90s") == 90)
        #expect(parseDuration("-5m") == nil)
        #expect(parseDuration("") == nil)
        #expect(parseDuration("soon") == nil)
        #expect(parseDuration("30m1h") == nil)
    }
}
