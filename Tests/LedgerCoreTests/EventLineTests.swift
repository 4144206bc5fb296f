import Testing

@testable import LedgerCore

@Suite("Event line codec")
struct EventLineTests {
    let id = EventID("7k2m9q4x8c3p")!
    let target = EventID("0123456789ab")!

    func event(_ body: EventBody) -> Event {
        Event(
            id: id, device: "laptop-01", stamp: Stamp(millis: 1_703_123_456_789, counter: 3),
            wallMillis: 1_703_123_456_700, body: body)
    }

    @Test("every kind survives a write/read round trip byte for byte")
    func roundTrip() throws {
        let at = LocalInstant(seconds: 1_703_109_600, offset: 3600)
        let bodies: [EventBody] = [
            .logged(type: "sleep", at: at, note: "late \"film\"\n\tand ☕️ \\ done"),
            .logged(type: "wake", at: LocalInstant(seconds: 0, offset: -34_200), note: nil),
            .edited(target: target, changes: EntryChanges(type: "meal", at: at, note: "")),
            .edited(target: target, changes: EntryChanges(note: "only the note")),
            .deleted(target: target),
            .restored(target: target),
            .typeDefined(ActivityTypeDefinition(name: "reading", icon: "📖", group: "leisure", color: "#aabbcc")),
        ]
        for body in bodies {
            let original = event(body)
            let line = EventLine.encodeString(original)
            #expect(!line.contains("\n"))
            let decoded = try EventLine.decode(line).get()
            #expect(decoded == original)
            #expect(EventLine.encodeString(decoded) == line)
        }
    }

    @Test("the written line has the documented shape")
    func shape() {
        let line = EventLine.encodeString(
            event(.logged(type: "sleep", at: LocalInstant(seconds: 1_703_109_600, offset: 3600), note: "x")))
        #expect(
            line
                == #"{"v":1,"id":"7k2m9q4x8c3p","dev":"laptop-01","hlc":"1703123456789-3","wall":1703123456700,"kind":"log","type":"sleep","at":"2023-12-20T23:00:00+01:00","note":"x"}"#
        )
    }

    @Test("unknown extra keys, nested values included, are ignored")
    func forwardCompatibleKeys() throws {
        let line =
            #"{"v":1,"id":"7k2m9q4x8c3p","dev":"laptop-01","hlc":"5-0","wall":5,"kind":"log","type":"meal","at":"2024-01-01T12:00:00Z","future":{"a":[1,2.5,true,null]},"x":-3}"#
        let decoded = try EventLine.decode(line).get()
        #expect(decoded.body == .logged(type: "meal", at: LocalInstant(seconds: 1_704_110_400, offset: 0), note: nil))
    }

    @Test(
        "damaged lines are rejected with a reason",
        arguments: [
            (#"{"v":1,"id":"7k2m9q4x8c3p""#, "not valid JSON"),
            (#"{"v":7,"id":"7k2m9q4x8c3p","dev":"ab12","hlc":"1-0","wall":1,"kind":"log"}"#, "format version 7"),
            (#"{"v":1,"id":"7k2m9q4x8c3p","dev":"ab12","hlc":"1-0","wall":1,"kind":"timer.start"}"#, "unknown kind"),
            (#"{"v":1,"id":"short","dev":"ab12","hlc":"1-0","wall":1,"kind":"log"}"#, "12-character"),
            (
                #"{"v":1,"id":"7k2m9q4x8c3p","dev":"ab12","hlc":"1-0","wall":1,"kind":"log","type":"meal"}"#,
                "needs \"at\""
            ),
            (
                #"{"v":1,"id":"7k2m9q4x8c3p","dev":"ab12","hlc":"1-0","wall":1,"kind":"log","type":"meal","at":"2024-01-01T12:00"}"#,
                "UTC offset"
            ),
            (
                #"{"v":1,"id":"7k2m9q4x8c3p","dev":"AB","hlc":"1-0","wall":1,"kind":"delete","target":"0123456789ab"}"#,
                "\"dev\""
            ),
            (#"[1,2]"#, "one JSON object"),
            (#"{"v":1} trailing"#, "after the closing"),
        ])
    func damaged(line: String, reason: String) {
        guard case .failure(let error) = EventLine.decode(line) else {
            Issue.record("accepted \(line)")
            return
        }
        #expect(error.reason.contains(reason), "\(error.reason)")
    }

    @Test("an imported timer's ref keeps the start's version (an older reader reads the timer whole), round-trips")
    func startReference() throws {
        let at = LocalInstant(seconds: 1_703_109_600, offset: 3600)
        let ref = "watson:5d8f2a9c0b1e4f6a8d3c7b2e1f0a9d8c"
        let original = event(.started(type: "code", at: at, note: nil, goal: nil, ref: ref))
        #expect(original.version == 2)
        let line = EventLine.encodeString(original)
        #expect(line.hasSuffix(#","ref":"\#(ref)"}"#), "\(line)")
        #expect(try EventLine.decode(line).get() == original)
        // A reader of version 2 reads the line (the key is one it ignores).
        var memo = EventLine.Memo()
        let older = Array(line.utf8).withUnsafeBytes { EventLine.decode($0, memo: &memo, maxVersion: 2) }
        #expect((try? older.get())?.id == original.id)
        // A value that is no reference is left out; the timer is kept.
        let long = String(repeating: "x", count: 129)
        for bad in [#""ref":"""#, #""ref":"a b""#, #""ref":42"#, #""ref":"\#(long)""#] {
            let text =
                #"{"v":2,"id":"7k2m9q4x8c3p","dev":"ab12","hlc":"1-0","wall":1,"kind":"start","type":"code","#
                + #""at":"2024-01-01T00:00:00Z","# + bad + "}"
            guard case .started(_, _, _, _, _, let kept) = try EventLine.decode(text).get().body else {
                Issue.record("not a start: \(bad)")
                continue
            }
            #expect(kept == nil, "\(bad)")
        }
    }

    @Test("a start bound to a task note is version 5, round-trips, and older readers skip it")
    func taskStart() throws {
        let at = LocalInstant(seconds: 1_703_109_600, offset: 3600)
        let task = TaskRef(path: "Tasks/Fix \"bug\" #123.md", title: "Fix bug #123 — ünïcode")
        let original = event(.started(type: "task", at: at, note: nil, goal: nil, task: task))
        #expect(original.version == 5)
        let line = EventLine.encodeString(original)
        #expect(line.contains(#""task":"Tasks/Fix \"bug\" #123.md""#) && line.contains(#""title":"Fix bug #123"#))
        #expect(try EventLine.decode(line).get() == original)
        // A reader of version 4 skips it as a newer line (it says so), as it skips other newer lines.
        var memo = EventLine.Memo()
        let older = Array(line.utf8).withUnsafeBytes { EventLine.decode($0, memo: &memo, maxVersion: 4) }
        guard case .failure(let error) = older else {
            Issue.record("a version 4 reader accepted a version 5 line")
            return
        }
        #expect(error.isFromNewerVersion)
        // Without a task, a start stays version 2.
        #expect(event(.started(type: "work", at: at, note: nil, goal: nil)).version == 2)
        // Version 4 lines that carry the keys do not mean them.
        let head =
            #"{"id":"7k2m9q4x8c3p","dev":"ab12","hlc":"1-0","wall":1,"kind":"start","type":"task","#
            + #""at":"2024-01-01T00:00:00Z","#
        let v4 = #"{"v":4,"# + head.dropFirst() + #""task":"a.md","title":"x"}"#
        guard case .started(_, _, _, _, let none, _) = try EventLine.decode(v4).get().body else {
            Issue.record("not a start")
            return
        }
        #expect(none == nil)
        // Damaged bindings are rejected with a reason.
        for (fields, reason) in [
            (#""task":"a.md""#, "both"), (#""task":"../a.md","title":"x""#, "not a note's path"),
            (#""task":"a.txt","title":"x""#, "Markdown"), (#""task":"a.md","title":"""#, "empty"),
            (#""task":"/a.md","title":"x""#, "absolute"),
        ] {
            let bad = #"{"v":5,"# + head.dropFirst() + fields + "}"
            switch EventLine.decode(bad) {
            case .success: Issue.record("accepted \(bad)")
            case .failure(let error): #expect(error.reason.contains(reason), "\(error.reason)")
            }
        }
    }

    @Test("event ids are 12 base32 characters and parse back")
    func ids() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<200 {
            let id = EventID.random(using: &generator)
            #expect(id.description.count == 12)
            #expect(EventID(id.description) == id)
        }
        #expect(EventID("ilou00000000") == nil)
        #expect(EventID("7k2m9q4x8c3") == nil)
    }
}
