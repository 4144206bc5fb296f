import LedgerInterchange
import TestSupport
import Testing

@Suite("Reading other trackers' formats")
struct FormatTests {
    @Test("timewarrior's lines as timewarrior writes them")
    func timewarriorLines() {
        let text = """
            inc 20261120T090000Z - 20261120T100000Z # "deep focus" work
            inc 20261120T110000Z - 20261120T113000Z # # "said \\"hi\\" # not a tag"
            inc 20261121T080000Z # open\r
            inc 20261122T080000Z - 20261122T090000Z

            """
        let (records, errors) = TimewarriorFormat.records(dataFile: text, file: "2026-11.data")
        #expect(errors.isEmpty)
        #expect(records.map(\.tags) == [["deep focus", "work"], [], ["open"], []])
        #expect(records[1].annotation == "said \"hi\" # not a tag")
        #expect(records[2].end == nil)
        #expect(records[0].end! - records[0].start == 3600)
        #expect(records.map(\.line) == [1, 2, 3, 4])
    }

    @Test("thousands of damaged lines: each refused with its line, none crashes, good lines survive")
    func damagedLines() {
        var rng = SplitMix(state: 99)
        let good = "inc 20261120T090000Z - 20261120T100000Z # work"
        let alphabet = Array("inc 0123456789TZ-#\"\\ u\tabc\u{0}é日")
        for _ in 0..<3000 {
            var line = Array(good)
            for _ in 0..<Int.random(in: 1...6, using: &rng) {
                let index = Int.random(in: 0..<max(1, line.count), using: &rng)
                switch Int.random(in: 0..<3, using: &rng) {
                case 0 where !line.isEmpty: line.remove(at: index)
                case 1: line.insert(alphabet.randomElement(using: &rng)!, at: min(index, line.count))
                default: if !line.isEmpty { line[index] = alphabet.randomElement(using: &rng)! }
                }
            }
            let text = good + "\n" + String(line) + "\ninc 20261120T100000Z - 20261120T110000Z # work\n"
            let (records, errors) = TimewarriorFormat.records(dataFile: text, file: "f")
            #expect(records.count + errors.count == 3)
            #expect(errors.allSatisfy { $0.line == 2 })
            #expect(records.contains { $0.line == 1 } && records.contains { $0.line == 3 })
            for record in records { #expect(record.end.map { $0 >= record.start } ?? true) }
        }
    }

    @Test("Watson frames, and what is not one")
    func watsonFrames() {
        let bytes = Array(
            "[[1763600000, 1763603600, \"Write\", \"a1\", [\"x\", \"y\"], 1763603600], [1763603600.7, 1763607200, \"r\", \"b2\"]]"
                .utf8)
        let (records, errors) = WatsonFormat.records(frames: bytes, file: "frames")
        #expect(errors.isEmpty)
        #expect(records.map(\.project) == ["Write", "r"])
        #expect(records[0].tags == ["x", "y"])
        #expect(records[1].start == 1_763_603_600)
        for bad in [
            "", "{}", "[[1]]", "[[1, 0, \"p\", \"i\"]]", "[[1, 2, 3, \"i\"]]", "[[1, 2, \"p\", \"\"]]",
            "[[1, 2, \"p\", \"i\", 5]]",
        ] {
            let (none, refused) = WatsonFormat.records(frames: Array(bad.utf8), file: "frames")
            #expect(none.isEmpty && refused.count == 1, "\(bad)")
        }
    }

    @Test("tracker names as type names")
    func names() {
        #expect(typeName(fromTrackerName: "Deep Focus") == "deep-focus")
        #expect(typeName(fromTrackerName: "Read Books!!") == "read-books")
        #expect(typeName(fromTrackerName: "2026 plans") == "t-2026-plans")
        #expect(typeName(fromTrackerName: "日本") == nil)
        #expect(typeName(fromTrackerName: String(repeating: "a", count: 50))?.count == 32)
        #expect(TypeSource("tag:work") == .tag("work"))
        #expect(TypeSource("tag:") == nil)
    }
}
