import LedgerStore
import PropertyBased
import TestSupport
import Testing

@testable import LedgerCore

/// A random but causally plausible event set from several devices: logs, edits of any entry
/// (including concurrent edits with equal clocks), deletes, restores, type definitions, and
/// edits of entries that never arrive; favorites, orders and renames (crossing ones, renames
/// back, and a rename of a built-in type, which is ignored).
func randomEvents(seed: Int) -> [Event] {
    var rng = SplitMix(state: UInt64(bitPattern: Int64(seed)))
    let devices = ["alpha", "bravo", "charlie"]
    let types = ["wake", "sleep", "meal", "exercise", "reading", "books"]
    let renamable = ["reading", "books", "novels", "meal"]
    var events: [Event] = []
    var logged: [EventID] = []
    let count = Int.random(in: 1...60, using: &rng)
    for _ in 0..<count {
        let id = EventID.random(using: &rng)
        let device = devices.randomElement(using: &rng)!
        let stamp = Stamp(millis: Int64.random(in: 0...40, using: &rng), counter: UInt32.random(in: 0...2, using: &rng))
        let at = LocalInstant(
            seconds: Int64.random(in: 0...100, using: &rng) * 600, offset: Int32.random(in: -2...2, using: &rng) * 3600)
        let body: EventBody
        let target = logged.randomElement(using: &rng) ?? EventID.random(using: &rng)
        switch Int.random(in: 0..<13, using: &rng) {
        case 0...3:
            body = .logged(
                type: types.randomElement(using: &rng)!, at: at, note: Bool.random(using: &rng) ? "n\(seed % 7)" : nil)
            logged.append(id)
        case 4, 5:
            body = .edited(
                target: target,
                changes: EntryChanges(
                    type: Bool.random(using: &rng) ? types.randomElement(using: &rng) : nil,
                    at: Bool.random(using: &rng) ? at : nil, note: Bool.random(using: &rng) ? "e" : ""))
        case 6: body = .deleted(target: target)
        case 7: body = .restored(target: target)
        case 8: body = .edited(target: EventID.random(using: &rng), changes: EntryChanges(note: "orphan"))
        case 9:
            body = .typeDefined(
                ActivityTypeDefinition(
                    name: renamable.randomElement(using: &rng)!, icon: ["📖", "📚"].randomElement(using: &rng)!))
        case 10:
            let from = renamable.randomElement(using: &rng)!
            body = .renamed(from: from, to: renamable.filter { $0 != from }.randomElement(using: &rng)!)
        case 11:
            body = .favoriteSet(type: types.randomElement(using: &rng)!, on: Bool.random(using: &rng))
        default:
            body = .orderSet(types: Array(types.shuffled(using: &rng).prefix(Int.random(in: 0...3, using: &rng))))
        }
        events.append(Event(id: id, device: device, stamp: stamp, wallMillis: stamp.millis, body: body))
    }
    return events
}

/// Everything a user can observe of a state.
struct Observed: Equatable {
    var history: [Entry]
    var summary: StatusSummary
    var types: [ActivityTypeDefinition]
    var goals: [String: Int64]
    var timeRows: [String]
    var eventCount: Int

    init(_ state: LedgerState) {
        history = state.history
        summary = StatusSummary(state)
        types = StatusSummary(state).types
        goals = state.goals
        let rows = state.timeRows()
        timeRows = rows.rows.map { "\($0.id) \(rows.types[Int($0.type)])" }
        eventCount = state.eventCount
    }
}

@Suite("Fold properties")
struct FoldPropertyTests {
    @Test("any permutation and any duplication of an event set gives the same projections")
    func orderAndDuplicationIndependence() async {
        await propertyCheck(count: 300, input: Gen.int(in: 0...Int.max), Gen.int(in: 0...Int.max)) {
            seed, shuffleSeed in
            let events = randomEvents(seed: seed)
            let reference = Observed(LedgerState(events: events))
            var rng = SplitMix(state: UInt64(shuffleSeed))
            var shuffled = events
            for _ in 0..<Int.random(in: 0...events.count, using: &rng) {
                shuffled.append(events.randomElement(using: &rng)!)
            }
            shuffled.shuffle(using: &rng)
            #expect(Observed(LedgerState(events: shuffled)) == reference)
            // Folding in two halves (as the incremental cache does) gives the same result too.
            let cut = Int.random(in: 0...shuffled.count, using: &rng)
            var state = LedgerState(events: shuffled[..<cut])
            let snapshot = state.serialized()
            state = snapshot.withUnsafeBytes { LedgerState(serialized: $0) }!
            for event in shuffled[cut...] { state.apply(event) }
            #expect(Observed(state) == reference)
        }
    }

    @Test("history with a limit and a start is the full history's filtered prefix")
    func limitedHistory() async {
        await propertyCheck(count: 200, input: Gen.int(in: 0...Int.max), Gen.int(in: 0...70), Gen.int(in: 0...60)) {
            seed, limit, since in
            let state = LedgerState(events: randomEvents(seed: seed))
            let from = Int64(since) * 1000
            #expect(state.history == state.allEntries.filter { !$0.isDeleted }.sorted(by: Entry.newestFirst))
            let expected = state.history.filter { $0.at.seconds >= from }
            #expect(state.history(since: from, limit: limit) == Array(expected.prefix(limit)))
            #expect(state.history(since: nil, limit: limit) == Array(state.history.prefix(limit)))
            #expect(state.history(since: from, limit: nil) == expected)
        }
    }

    @Test("folding two parts apart and merging them equals folding everything (how rebuild uses both cores)")
    func mergeEqualsFold() async {
        await propertyCheck(count: 300, input: Gen.int(in: 0...Int.max), Gen.int(in: 0...Int.max)) {
            seed, splitSeed in
            let events = randomEvents(seed: seed)
            var rng = SplitMix(state: UInt64(splitSeed))
            // Two overlapping parts: some events in both, as files of a merge may repeat lines.
            var left: [Event] = []
            var right: [Event] = []
            for event in events {
                switch Int.random(in: 0..<5, using: &rng) {
                case 0: (left, right) = (left + [event], right + [event])
                case 1, 2: left.append(event)
                default: right.append(event)
                }
            }
            let whole = LedgerState(events: left + right)
            var merged = LedgerState(events: left)
            merged.merge(LedgerState(events: right))
            #expect(Observed(merged) == Observed(whole))
            #expect(merged.duplicateEvents == whole.duplicateEvents)
            #expect(merged.unresolvedTargets == whole.unresolvedTargets)
            #expect(Set(merged.allEntries) == Set(whole.allEntries))
            let reversed = {
                var state = LedgerState(events: right)
                state.merge(LedgerState(events: left))
                return state
            }()
            #expect(Observed(reversed) == Observed(whole))
        }
    }

    @Test("every line written is read back as the same event")
    func codecRoundTrip() async {
        await propertyCheck(count: 200, input: Gen.int(in: 0...Int.max)) { seed in
            for event in randomEvents(seed: seed) {
                let decoded = try? EventLine.decode(EventLine.encodeString(event)).get()
                #expect(decoded == event)
            }
        }
    }
}
