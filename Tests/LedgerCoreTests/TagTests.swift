import LedgerStore
import Testing

@testable import LedgerCore

/// Tags on entries (format version 6): the rules for a tag, the `tag`/`untag` lines and what an
/// older reader does with them, and the fold (each tag a register of its own).
@Suite("Tags")
struct TagTests {
    let target = EventID("0123456789ab")!

    func event(_ body: EventBody, id: String = "7k2m9q4x8c3p") -> Event {
        Event(
            id: EventID(id)!, device: "laptop-01", stamp: Stamp(millis: 1_703_123_456_789, counter: 3),
            wallMillis: 1_703_123_456_700, body: body)
    }

    @Test("a tag: 1 to 64 characters, printable, no space at either end, not starting with '+'; case is kept")
    func rules() {
        for good in ["deep", "Deep Focus", "client-x", "ünï", "a", String(repeating: "x", count: 64), "1:1", "c++"] {
            #expect(Tags.problem(good) == nil, "\(good)")
        }
        #expect(Tags.problem("")?.contains("empty") == true)
        #expect(Tags.problem(String(repeating: "x", count: 65))?.contains("this one has 65") == true)
        #expect(Tags.problem("a\tb")?.contains("control") == true)
        #expect(Tags.problem("a\u{202E}b")?.contains("text-direction") == true)
        #expect(Tags.problem(" deep")?.contains("space") == true)
        #expect(Tags.problem("deep ")?.contains("space") == true)
        #expect(Tags.problem("+deep")?.contains("'+'") == true)
        #expect(Tags.normalized(["b", "a", "B", "a"]) == ["B", "a", "b"])
    }

    @Test("tag and untag lines are version 6, round-trip byte for byte, keep case and spaces")
    func lines() throws {
        let tag = event(.tagged(target: target, tags: ["Deep Focus", "a \"q\"", "home"], on: true))
        #expect(tag.version == 6)
        let line = EventLine.encodeString(tag)
        #expect(line.hasSuffix(#""kind":"tag","target":"0123456789ab","tags":["Deep Focus","a \"q\"","home"]}"#))
        #expect(try EventLine.decode(line).get() == tag)
        let untag = event(.tagged(target: target, tags: ["home"], on: false))
        #expect(EventLine.encodeString(untag).contains(#""kind":"untag""#))
        #expect(try EventLine.decode(EventLine.encodeString(untag)).get() == untag)
    }

    @Test("a version 5 reader skips a tag line as a newer alog's, and reads the entry it tags")
    func olderReader() throws {
        let log = event(.logged(type: "meal", at: LocalInstant(seconds: 1_703_109_600, offset: 0), note: nil))
        let tag = event(.tagged(target: log.id, tags: ["home"], on: true), id: "0000000000zz")
        var memo = EventLine.Memo()
        let logLine = Array(EventLine.encode(log))
        let old = logLine.withUnsafeBytes { EventLine.decode($0, memo: &memo, maxVersion: 5) }
        #expect(try old.get() == log, "the log line of a tagged entry is the log line an older alog reads")
        let tagLine = Array(EventLine.encode(tag))
        guard case .failure(let error) = tagLine.withUnsafeBytes({ EventLine.decode($0, memo: &memo, maxVersion: 5) })
        else {
            Issue.record("a version 5 reader accepted a version 6 line")
            return
        }
        #expect(error.isFromNewerVersion)
        #expect(error.reason.contains("format version 6"))
        // A `tags` key on another kind means nothing (a reader ignores keys it does not know).
        let foreign =
            #"{"v":1,"id":"7k2m9q4x8c3p","dev":"ab12","hlc":"1-0","wall":1,"kind":"log","type":"meal","#
            + #""at":"2024-01-01T00:00:00Z","tags":{"x":1}}"#
        #expect(try EventLine.decode(foreign).get().body.kind == "log")
    }

    @Test("a tag line with a bad tag, no tags or no target is damage, said with the reason")
    func damage() {
        let head = #"{"v":6,"id":"7k2m9q4x8c3p","dev":"ab12","hlc":"1-0","wall":1,"kind":"tag","#
        let cases: [(String, String)] = [
            (head + #""target":"0123456789ab","tags":[" x"]}"#, "space"),
            (head + #""target":"0123456789ab","tags":[]}"#, "one string or more"),
            (head + #""target":"0123456789ab","tags":"x"}"#, "one string or more"),
            (head + #""target":"0123456789ab","tags":["x",1]}"#, "one string or more"),
            (head + #""tags":["x"]}"#, "\"target\""),
            (#"{"v":5,"# + head.dropFirst(7) + #""target":"0123456789ab","tags":["x"]}"#, "unknown kind"),
        ]
        for (line, reason) in cases {
            guard case .failure(let error) = EventLine.decode(line) else {
                Issue.record("accepted \(line)")
                continue
            }
            #expect(error.reason.contains(reason), "\(line): \(error.reason)")
        }
    }

    @Test("each tag is a register: tags from two devices both stay, the latest untag wins, in any order")
    func fold() throws {
        var f = EventFactory()
        let log = f.make(.logged(type: "meal", at: instant(12), note: nil), at: 100)
        let events = [
            log,
            f.make(.tagged(target: log.id, tags: ["home", "guests"], on: true), at: 200, device: "phone"),
            f.make(.tagged(target: log.id, tags: ["Deep Focus"], on: true), at: 210, device: "laptop"),
            f.make(.tagged(target: log.id, tags: ["guests"], on: false), at: 300, device: "laptop"),
            f.make(.tagged(target: log.id, tags: ["guests"], on: true), at: 250, device: "phone"),
        ]
        let expected = ["Deep Focus", "home"]
        #expect(LedgerState(events: events).entry(log.id)?.tags == expected)
        #expect(LedgerState(events: events.reversed()).entry(log.id)?.tags == expected)
        var half = LedgerState(events: events.prefix(2))
        half.merge(LedgerState(events: events.suffix(3) + [events[1]]))
        #expect(half.entry(log.id)?.tags == expected)
        // The cache keeps the registers: folding on from it gives the same.
        let state = LedgerState(events: events)
        var restored = try #require(state.serialized().withUnsafeBytes { LedgerState(serialized: $0) })
        #expect(Set(restored.allEntries) == Set(state.allEntries))
        restored.apply(f.make(.tagged(target: log.id, tags: ["home"], on: false), at: 400))
        #expect(restored.entry(log.id)?.tags == ["Deep Focus"])
        // An untagged entry carries no tags; a tag does not change its type, time or note.
        #expect(state.entry(log.id)?.type == "meal")
        #expect(LedgerState(events: [log]).entry(log.id)?.tags == [])
    }
}
