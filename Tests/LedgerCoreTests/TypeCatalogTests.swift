import LedgerStore
import PropertyBased
import TestSupport
import Testing

@testable import LedgerCore

/// The catalog: favorites, the order and renames, folded like the rest of the state.
@Suite("Type catalog")
struct TypeCatalogTests {
    final class Events {
        var millis: Int64 = 0
        var events: [Event] = []

        @discardableResult
        func add(_ body: EventBody, device: String = "alpha", millis: Int64? = nil) -> Event {
            self.millis += 1
            let stamp = Stamp(millis: millis ?? self.millis, counter: 0)
            let event = Event(id: EventID.random(), device: device, stamp: stamp, wallMillis: stamp.millis, body: body)
            events.append(event)
            return event
        }

        func log(_ type: String, _ minute: Int64) {
            add(.logged(type: type, at: LocalInstant(seconds: minute * 60, offset: 0), note: nil))
        }

        var state: LedgerState { LedgerState(events: events) }
    }

    @Test("a rename shows old entries, the definition, the goal and the favorite mark under the new name")
    func renameFollows() {
        let f = Events()
        f.add(.typeDefined(ActivityTypeDefinition(name: "work", icon: "💼", group: "job")))
        f.log("work", 1)
        f.add(.started(type: "work", at: LocalInstant(seconds: 120, offset: 0), note: nil, goal: nil))
        f.add(.goalSet(type: "work", seconds: 7200))
        f.add(.favoriteSet(type: "work", on: true))
        f.add(.orderSet(types: ["work", "meal"]))
        f.add(.renamed(from: "work", to: "job"))
        // A device that had not seen the rename still logs the old name.
        f.log("work", 3)
        let state = f.state
        #expect(state.history.map(\.type) == ["job", "job", "job"])
        #expect(state.allTypes.map(\.name).contains("job"))
        #expect(!state.allTypes.map(\.name).contains("work"))
        #expect(state.definedTypes["job"]?.value == ActivityTypeDefinition(name: "job", icon: "💼", group: "job"))
        #expect(state.goals == ["job": 7200])
        #expect(state.catalog.favorites == ["job"])
        #expect(state.catalog.order == ["job", "meal"])
        let summary = StatusSummary(state)
        #expect(Set(summary.lastKnownActivities.keys) == ["job"])
        #expect(summary.types.first?.name == "job")
        #expect(summary.catalog.formerNames(of: "job") == ["work"])
        #expect(summary.definition(named: "work")?.name == "job")
        let rows = state.timeRows()
        #expect(Set(rows.rows.map { rows.types[Int($0.type)] }) == ["job"])
    }

    @Test("two devices renaming one type apart end with the later rename's name, in any order")
    func crossingRenames() {
        let f = Events()
        f.log("reading", 1)
        f.add(.renamed(from: "reading", to: "books"), device: "alpha", millis: 10)
        f.add(.renamed(from: "reading", to: "novels"), device: "bravo", millis: 11)
        for order in [f.events, f.events.reversed()] {
            let state = LedgerState(events: order)
            #expect(state.history.map(\.type) == ["novels"])
            #expect(state.catalog.resolve("books") == "novels")
        }
    }

    @Test("renaming back gives the old name back; a chain follows to the last name")
    func renameBackAndChains() {
        let f = Events()
        f.log("reading", 1)
        f.add(.renamed(from: "reading", to: "books"))
        f.log("books", 2)
        f.add(.renamed(from: "books", to: "novels"))
        #expect(Set(f.state.history.map(\.type)) == ["novels"])
        f.add(.renamed(from: "novels", to: "reading"))
        #expect(Set(f.state.history.map(\.type)) == ["reading"])
        #expect(f.state.catalog.aliases == ["books": "reading", "novels": "reading"])
    }

    @Test("a rename from or to a built-in type is ignored")
    func builtInsKeepTheirNames() {
        let f = Events()
        f.log("meal", 1)
        f.log("reading", 2)
        f.add(.renamed(from: "meal", to: "food"))
        f.add(.renamed(from: "reading", to: "sleep"))
        #expect(f.state.history.map(\.type) == ["reading", "meal"])
        #expect(f.state.catalog.aliases.isEmpty)
    }

    @Test("favorites come first, then the order, then names; the latest mark and order win")
    func arrangement() {
        let f = Events()
        f.add(.typeDefined(ActivityTypeDefinition(name: "reading")))
        f.add(.favoriteSet(type: "sleep", on: true))
        f.add(.favoriteSet(type: "reading", on: true))
        f.add(.favoriteSet(type: "sleep", on: false), device: "bravo")
        f.add(.orderSet(types: ["wake", "exercise"]))
        f.add(.orderSet(types: ["exercise", "wake"]), device: "bravo")
        let names = StatusSummary(f.state).types.map(\.name)
        #expect(names == ["reading", "exercise", "wake", "meal", "sleep"])
        f.add(.orderSet(types: []))
        #expect(StatusSummary(f.state).types.map(\.name) == ["reading", "exercise", "meal", "sleep", "wake"])
    }

    @Test("search finds by name, former name, group and the icon's Unicode names, best first")
    func search() {
        let f = Events()
        f.add(.typeDefined(ActivityTypeDefinition(name: "reading", icon: "📖", group: "mind")))
        f.add(.typeDefined(ActivityTypeDefinition(name: "work", icon: "💼", group: "job")))
        f.add(.renamed(from: "work", to: "office"))
        let summary = StatusSummary(f.state)
        func found(_ text: String) -> [String] { summary.catalog.search(text, in: summary.types).map(\.type.name) }
        #expect(found("moon") == ["sleep"])
        #expect(found("BOOK") == ["reading"])
        #expect(found("work") == ["office"])
        #expect(found("rest") == ["sleep", "wake"])
        #expect(found("e").first == "exercise")
        #expect(found("zzz").isEmpty)
        #expect(TypeCatalog.iconKeywords("🌙") == "crescent moon")
    }

    @Test("a summary moved on event by event equals the one derived from the whole state")
    func incrementalSummary() async {
        await propertyCheck(count: 200, input: Gen.int(in: 0...Int.max)) { seed in
            let events = randomEvents(seed: seed)
            var state = LedgerState()
            var summary = StatusSummary()
            var seen: Set<EventID> = []
            for event in events where seen.insert(event.id).inserted {
                state.apply(event)
                if !summary.absorbNewEvent(event) { summary = StatusSummary(state) }
            }
            #expect(summary == StatusSummary(state))
        }
    }

    @Test("caches keep the catalog: a snapshot and a summary read back equal")
    func cacheRoundTrip() async {
        await propertyCheck(count: 100, input: Gen.int(in: 0...Int.max)) { seed in
            let state = LedgerState(events: randomEvents(seed: seed))
            let back = state.serialized().withUnsafeBytes { LedgerState(serialized: $0) }
            #expect(back?.catalog == state.catalog)
            let summary = StatusSummary(state)
            #expect(summary.serialized().withUnsafeBytes { StatusSummary(serialized: $0) } == summary)
        }
    }

    @Test("an alog that reads format 3 skips the new kinds as written by a newer alog")
    func olderReader() {
        let f = Events()
        for body: EventBody in [
            .favoriteSet(type: "meal", on: true), .orderSet(types: ["meal", "wake"]),
            .renamed(from: "reading", to: "books"),
        ] {
            let line = EventLine.encode(f.add(body))
            #expect(line.withUnsafeBytes { EventLine.decode($0) } == .success(f.events.last!))
            var memo = EventLine.Memo()
            let old = line.withUnsafeBytes { EventLine.decode($0, memo: &memo, maxVersion: 3) }
            guard case .failure(let error) = old else {
                Issue.record("a version 3 reader took \(body.kind)")
                continue
            }
            #expect(error.isFromNewerVersion)
        }
    }

    @Test("damaged catalog lines are refused with the field named")
    func damagedLines() {
        let head = #"{"v":4,"id":"7k2m9q4x8c3p","dev":"h4x9k2m7qa","hlc":"1-0","wall":1,"#
        let cases = [
            (#""kind":"favorite","type":"meal"}"#, "\"on\""),
            (#""kind":"favorite","type":"meal","on":1}"#, "\"on\""),
            (#""kind":"order","types":"meal Wake"}"#, "\"types\""),
            (#""kind":"rename","type":"reading"}"#, "\"to\""),
            (#""kind":"rename","type":"reading","to":"Bad Name"}"#, "\"to\""),
        ]
        for (tail, field) in cases {
            guard case .failure(let error) = EventLine.decode(head + tail) else {
                Issue.record("accepted \(tail)")
                continue
            }
            #expect(error.reason.contains(field), "\(tail): \(error.reason)")
        }
    }
}
