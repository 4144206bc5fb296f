import LedgerCore
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
            let line = damaged(good, edits: 1...6, alphabet: alphabet, rng: &rng)
            let text = good + "\n" + line + "\ninc 20261120T100000Z - 20261120T110000Z # work\n"
            let (records, errors) = TimewarriorFormat.records(dataFile: text, file: "f")
            #expect(records.count + errors.count == 3)
            #expect(errors.allSatisfy { $0.line == 2 })
            #expect(records.contains { $0.line == 1 } && records.contains { $0.line == 3 })
            for record in records { #expect(record.end.map { $0 >= record.start } ?? true) }
        }
    }

    @Test("a line reader stops at its error limit and reads no further; CRLF and LF lines count alike")
    func errorLimit() {
        let good = "inc 20261120T090000Z - 20261120T100000Z # work"
        let text = Array(repeating: "not an interval", count: 5).joined(separator: "\r\n") + "\r\n" + good + "\n"
        let stopped = TimewarriorFormat.records(dataFile: text, file: "f", errorLimit: 3)
        #expect(stopped.errors.map(\.line) == [1, 2, 3])
        #expect(stopped.records.isEmpty, "the good line after the limit is not read")
        let whole = TimewarriorFormat.records(dataFile: text, file: "f")
        #expect(whole.errors.map(\.line) == [1, 2, 3, 4, 5])
        #expect(whole.records.map(\.line) == [6])

        let klog =
            "2026-11-20\r\n" + Array(repeating: "    what is this", count: 5).joined(separator: "\n")
            + "\n    9:00 - 10:00 #work\n"
        let zone = FixedOffsetZone(offset: 0)
        let klogStopped = KlogFormat.records(Array(klog.utf8), file: "f", zone: zone, errorLimit: 2)
        #expect(klogStopped.errors.map(\.line) == [2, 3])
        #expect(klogStopped.records.isEmpty)
        let klogWhole = KlogFormat.records(Array(klog.utf8), file: "f", zone: zone)
        #expect(klogWhole.errors.count == 5)
        #expect(klogWhole.records.map(\.line) == [7])

        let csv =
            "type,start\r\n" + Array(repeating: "work,yesterday", count: 5).joined(separator: "\n")
            + "\nwork,2026-11-20T09:00:00Z\n"
        let csvStopped = CSVFormat.records(Array(csv.utf8), file: "f", zone: zone, errorLimit: 4)
        #expect(csvStopped.errors.map(\.line) == [2, 3, 4, 5])
        #expect(csvStopped.records.isEmpty)
        let csvWhole = CSVFormat.records(Array(csv.utf8), file: "f", zone: zone)
        #expect(csvWhole.errors.count == 5)
        #expect(csvWhole.records.map(\.line) == [7])
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
        // A name longer than a type name can be is refused, never cut (two cut alike would merge).
        #expect(typeName(fromTrackerName: String(repeating: "a", count: 32)) == String(repeating: "a", count: 32))
        #expect(typeName(fromTrackerName: String(repeating: "a", count: 33)) == nil)
        #expect(typeNameRefusal(forTrackerName: String(repeating: "a", count: 33)).contains("at most 32"))
        #expect(TypeSource("tag:work") == .tag("work"))
        #expect(TypeSource("tag:") == nil)
    }

    @Test("CSV: RFC 4180 quoting, CRLF, a byte-order mark, columns in any order, local times in the reader's zone")
    func csvRows() {
        let text =
            "\u{FEFF}note,type,start,end\r\n\"plan, \"\"draft\"\"\nline 2\",work,2026-11-20T09:00:00+05:45,2026-11-20T10:00:00+05:45\r\n"
            + ",meal,2026-11-21 12:00,\r\n\r\n ,sleep , 2026-03-29T02:30 ,\r\n"
        let berlin = FixedOffsetZone(offset: 3600)
        let (records, errors) = CSVFormat.records(Array(text.utf8), file: "f.csv", zone: berlin)
        #expect(errors.isEmpty, "\(errors)")
        #expect(records.map(\.tags) == [["work"], ["meal"], ["sleep"]])
        #expect(records[0].annotation == "plan, \"draft\"\nline 2")
        #expect(
            records[0].offset == 20_700 && records[0].endOffset == 20_700 && records[0].end! - records[0].start == 3600
                && !records[0].isInstant)
        #expect(records[1].isInstant && records[1].offset == 3600 && records[1].annotation == nil)
        #expect(records[1].start == ISO8601.parse("2026-11-21T11:00:00Z")!.instant!.seconds)
        #expect(records[2].annotation == " ", "a note is kept as written")
        #expect(records.map(\.line) == [2, 4, 6], "a row's line is where it starts")
    }

    @Test("CSV: what is not a row says file, line and why, and the other rows stay")
    func csvRefusals() {
        func errors(_ body: String, header: String = "id,type,start,end,seconds,group,note") -> [String] {
            CSVFormat.records(Array((header + "\n" + body).utf8), file: "f.csv", zone: FixedOffsetZone(offset: 0))
                .errors.map(\.description)
        }
        #expect(
            errors(",meal,2026-11-20,,,,") == [
                "f.csv:2: start '2026-11-20' is not an ISO 8601 date and time (e.g. 2026-11-20T09:00:00+01:00 or 2026-11-20 09:00)"
            ])
        #expect(errors(",meal,2026-11-20T09:00Z,2026-11-20T08:00Z,,,").first?.contains("is before the start") == true)
        #expect(errors("zz,meal,2026-11-20T09:00Z,,,,").first?.contains("is not an alog entry id") == true)
        #expect(errors(",meal,2026-11-20T09:00Z,,-5,,").first?.contains("not a whole number of seconds") == true)
        #expect(errors(",meal,2026-11-20T09:00Z,,,,\"a\u{7}b\"").first?.contains("control characters") == true)
        #expect(errors(",meal,2026-11-20T09:00Z,,") == ["f.csv:2: 5 fields where the header has 7"])
        #expect(
            errors(",meal,2026-11-20T09:00Z,,,,\"open") == [
                "f.csv:2: a quoted field is not closed before the end of the file"
            ])
        #expect(errors(",meal,2026-11-20T09:00Z,,,,a\"b").first?.contains("a quote inside an unquoted field") == true)
        #expect(
            errors("", header: "type,when") == [
                "f.csv:1: unknown column 'when' in the header; the columns are id,type,group,start,end,seconds,note"
            ])
        #expect(errors("", header: "type,note") == ["f.csv:1: the header has no start column (it reads: type,note)"])
        #expect(CSVFormat.records([], file: "f.csv", zone: FixedOffsetZone(offset: 0)).errors.map(\.line) == [1])
    }

    @Test("CSV: thousands of damaged rows: each refused with its line or read, none crashes, good rows survive")
    func csvDamagedRows() {
        var rng = SplitMix(state: 7)
        let good = "ab12cd34ef56,work,job,2026-11-20T09:00:00+01:00,2026-11-20T10:00:00+01:00,3600,\"a, b\""
        let alphabet = Array(",\"\r\n 0123456789T:-+Zabc\u{0}é")
        for _ in 0..<3000 {
            let row = damaged(good, edits: 1...4, alphabet: alphabet, rng: &rng)
            let text = "id,type,group,start,end,seconds,note\n" + good + "\n" + row + "\n"
            let (records, errors) = CSVFormat.records(Array(text.utf8), file: "f", zone: FixedOffsetZone(offset: 0))
            #expect(records.first?.line == 2, "the good row before the damage is read")
            for error in errors { #expect(error.line >= 2 && !error.reason.isEmpty) }
            for record in records { #expect(record.end.map { $0 >= record.start } ?? true) }
        }
    }
}

/// `good` with a few characters removed, inserted (from `alphabet`) or replaced.
func damaged(_ good: String, edits: ClosedRange<Int>, alphabet: [Character], rng: inout SplitMix) -> String {
    var line = Array(good)
    for _ in 0..<Int.random(in: edits, using: &rng) {
        let index = Int.random(in: 0..<max(1, line.count), using: &rng)
        switch Int.random(in: 0..<3, using: &rng) {
        case 0 where !line.isEmpty: line.remove(at: index)
        case 1: line.insert(alphabet.randomElement(using: &rng)!, at: min(index, line.count))
        default: if !line.isEmpty { line[index] = alphabet.randomElement(using: &rng)! }
        }
    }
    return String(line)
}
