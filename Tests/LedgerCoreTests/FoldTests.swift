import LedgerStore
import Testing

@testable import LedgerCore

/// Builds events with readable stamps for fold tests.
struct EventFactory {
    var device = "dev-a"
    var next: UInt64 = 1

    mutating func make(_ body: EventBody, at millis: Int64, device: String? = nil) -> Event {
        defer { next += 1 }
        return Event(
            id: EventID(rawValue: next * 7919), device: device ?? self.device, stamp: Stamp(millis: millis),
            wallMillis: millis, body: body)
    }
}

func instant(_ hour: Int64) -> LocalInstant { LocalInstant(seconds: 1_709_251_200 + hour * 3600, offset: 3600) }

@Suite("Folding rules")
struct FoldTests {
    @Test("later clock wins for concurrent edits of the same field, whatever the arrival order")
    func lastWriterWins() {
        var f = EventFactory()
        let log = f.make(.logged(type: "meal", at: instant(12), note: "soup"), at: 100)
        let editA = f.make(.edited(target: log.id, changes: EntryChanges(note: "from A")), at: 200, device: "dev-a")
        let editB = f.make(.edited(target: log.id, changes: EntryChanges(note: "from B")), at: 300, device: "dev-b")
        let editTime = f.make(.edited(target: log.id, changes: EntryChanges(at: instant(13))), at: 250)
        for order in [[log, editA, editB, editTime], [editB, editTime, editA, log], [editTime, log, editB, editA]] {
            let entry = LedgerState(events: order).entry(log.id)
            #expect(entry?.note == "from B")
            #expect(entry?.at == instant(13))
            #expect(entry?.type == "meal")
        }
    }

    @Test("equal stamps are ordered by device, then id")
    func tieBreak() {
        var f = EventFactory()
        let log = f.make(.logged(type: "meal", at: instant(12), note: nil), at: 100)
        let a = f.make(.edited(target: log.id, changes: EntryChanges(type: "exercise")), at: 500, device: "dev-a")
        let b = f.make(.edited(target: log.id, changes: EntryChanges(type: "sleep")), at: 500, device: "dev-b")
        #expect(LedgerState(events: [log, a, b]).entry(log.id)?.type == "sleep")
        #expect(LedgerState(events: [b, a, log]).entry(log.id)?.type == "sleep")
    }

    @Test("a delete hides the entry until a later restore")
    func deleteRestore() {
        var f = EventFactory()
        let log = f.make(.logged(type: "wake", at: instant(7), note: nil), at: 100)
        let delete = f.make(.deleted(target: log.id), at: 200)
        let restore = f.make(.restored(target: log.id), at: 300)
        let deleteAgain = f.make(.deleted(target: log.id), at: 400)
        #expect(LedgerState(events: [log, delete]).history.isEmpty)
        #expect(LedgerState(events: [restore, delete, log]).history.map(\.id) == [log.id])
        #expect(LedgerState(events: [deleteAgain, log, restore, delete]).history.isEmpty)
        #expect(LedgerState(events: [deleteAgain, log, restore, delete]).entry(log.id)?.isDeleted == true)
    }

    @Test("an edit whose entry has not arrived is kept and applies when it does")
    func earlyEdit() {
        var f = EventFactory()
        let log = f.make(.logged(type: "meal", at: instant(12), note: nil), at: 100)
        let edit = f.make(.edited(target: log.id, changes: EntryChanges(note: "late arrival")), at: 200)
        var state = LedgerState()
        state.apply(edit)
        #expect(state.history.isEmpty)
        #expect(state.unresolvedTargets == [log.id])
        #expect(StatusSummary(state).unresolvedTargets == [log.id])
        state.apply(log)
        #expect(state.history.first?.note == "late arrival")
        #expect(state.unresolvedTargets.isEmpty)
    }

    @Test("a duplicated event counts once")
    func duplicates() {
        var f = EventFactory()
        let log = f.make(.logged(type: "meal", at: instant(12), note: nil), at: 100)
        let state = LedgerState(events: [log, log, log])
        #expect(state.history.count == 1)
        #expect(state.eventCount == 1)
        #expect(state.duplicateEvents == 2)
    }

    @Test("history is newest first and last-known keeps the latest live entry per type")
    func projections() {
        var f = EventFactory()
        let wake = f.make(.logged(type: "wake", at: instant(7), note: nil), at: 1)
        let meal1 = f.make(.logged(type: "meal", at: instant(8), note: nil), at: 2)
        let meal2 = f.make(.logged(type: "meal", at: instant(13), note: nil), at: 3)
        let sleep = f.make(.logged(type: "sleep", at: instant(2), note: nil), at: 4)
        let deleteMeal2 = f.make(.deleted(target: meal2.id), at: 5)
        let state = LedgerState(events: [wake, meal1, meal2, sleep, deleteMeal2])
        #expect(state.history.map(\.id) == [meal1.id, wake.id, sleep.id])
        let summary = StatusSummary(state)
        #expect(
            summary.lastKnownActivities
                == ["wake": instant(7).seconds, "meal": instant(8).seconds, "sleep": instant(2).seconds])
        let timers = Timers(summary: summary, now: instant(10).seconds)
        #expect(timers.conscious?.state == .awake)
        #expect(timers.consciousSince?.text == "3h")
        #expect(timers.sinceMeal?.text == "2h")
        #expect(timers.sinceAny?.type == "meal")
    }

    @Test("custom types appear by name; never-logged types are absent")
    func customTypes() {
        var f = EventFactory()
        let define = f.make(.typeDefined(ActivityTypeDefinition(name: "reading", icon: "📖")), at: 1)
        let read = f.make(.logged(type: "reading", at: instant(20), note: nil), at: 2)
        let summary = StatusSummary(LedgerState(events: [define, read]))
        #expect(summary.lastKnownActivities == ["reading": instant(20).seconds])
        #expect(summary.type(named: "reading")?.icon == "📖")
        #expect(summary.types.map(\.name).contains("exercise"))
    }

    @Test("the writer's own new events advance the summary exactly like a full fold")
    func summaryFastPath() {
        var f = EventFactory()
        var events = [
            f.make(.logged(type: "wake", at: instant(7), note: nil), at: 1),
            f.make(.logged(type: "meal", at: instant(9), note: nil), at: 2),
        ]
        var summary = StatusSummary(LedgerState(events: events))
        let newer = f.make(.logged(type: "meal", at: instant(12), note: nil), at: 3)
        let older = f.make(.logged(type: "meal", at: instant(8), note: nil), at: 4)
        let type = f.make(.typeDefined(ActivityTypeDefinition(name: "yoga")), at: 5)
        for event in [newer, older, type] {
            let absorbed = summary.absorbNewEvent(event)
            #expect(absorbed)
        }
        events += [newer, older, type]
        #expect(summary == StatusSummary(LedgerState(events: events)))
        let delete = f.make(.deleted(target: newer.id), at: 6)
        let absorbedDelete = summary.absorbNewEvent(delete)
        #expect(!absorbedDelete)
    }

    @Test("state and summary snapshots round-trip")
    func snapshots() throws {
        var f = EventFactory()
        let log = f.make(.logged(type: "meal", at: instant(12), note: "n"), at: 100, device: "phone")
        let events = [
            log, f.make(.edited(target: log.id, changes: EntryChanges(type: "exercise")), at: 200),
            f.make(.deleted(target: EventID(rawValue: 42)), at: 300),
            f.make(
                .typeDefined(ActivityTypeDefinition(name: "yoga", icon: "🧘", group: "body", color: "#123456")), at: 400),
        ]
        let plainWithNote = f.make(
            .logged(type: "wake", at: instant(7), note: "plain, with a note"), at: 50, device: "laptop")
        let plain = f.make(.logged(type: "sleep", at: instant(1), note: nil), at: 60)
        let state = LedgerState(events: events + [log, plainWithNote, plain])
        var restored = try #require(state.serialized().withUnsafeBytes { LedgerState(serialized: $0) })
        #expect(restored.entry(plainWithNote.id)?.note == "plain, with a note")
        #expect(restored.entry(plain.id)?.note == nil)
        #expect(restored.entry(log.id)?.type == "exercise")
        #expect(Set(restored.allEntries) == Set(state.allEntries))
        #expect(restored.unresolvedTargets == state.unresolvedTargets)
        #expect(restored.eventCount == state.eventCount)
        #expect(restored.maxStamp == state.maxStamp)
        #expect(restored.duplicateEvents == 1)
        #expect(restored.definedTypes == state.definedTypes)
        let summary = StatusSummary(state)
        #expect(summary.serialized().withUnsafeBytes { StatusSummary(serialized: $0) } == summary)
        #expect([UInt8](repeating: 7, count: 30).withUnsafeBytes { LedgerState(serialized: $0) } == nil)
        // The restored state goes on folding: an edit of a plain entry, a repeated log.
        restored.apply(f.make(.edited(target: plain.id, changes: EntryChanges(note: "later")), at: 700))
        restored.apply(plainWithNote)
        #expect(restored.entry(plain.id)?.note == "later")
        #expect(restored.duplicateEvents == 2)
        #expect(restored.eventCount == state.eventCount + 1)
    }
}
