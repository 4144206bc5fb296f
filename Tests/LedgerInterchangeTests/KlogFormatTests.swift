import LedgerCore
import LedgerInterchange
import TestSupport
import Testing

/// klog's records, read by its specification: ranges with am/pm, shifted times and 24:00, an
/// open range, summaries with tags (the record's and the entry's, on more lines too), CRLF,
/// tabs; durations and bad lines refused with their line.
@Suite("Reading klog's records")
struct KlogFormatTests {
    let zone = FixedOffsetZone(offset: 3600)
    /// 2024-03-01 00:00 at +01:00.
    let march1: Int64 = 1_709_247_600

    func read(_ text: String) -> (records: [ImportRecord], errors: [ImportError]) {
        KlogFormat.records(Array(text.utf8), file: "times.klg", zone: zone)
    }

    @Test("ranges, shifted and 12-hour times, 24:00, an open range, and the tags of both summaries")
    func records() {
        let (records, errors) = read(
            """
            2024-03-01 (8h!)
            Office day #work
            with a second line
                8:00 - 9:30 standup #admin
                9:30-12:15 #coding on the importer
                    and some #review
                1:00pm - 3:00pm
                <23:30 - 0:30 the night before
                23:00 - 24:00

            2024/03/02
            \t22:00 - 1:15> #reading
            \t14:00 - ??? #coding

            """)
        #expect(errors.isEmpty, "\(errors)")
        let hour: Int64 = 3600
        #expect(
            records.map(\.start) == [
                march1 + 8 * hour, march1 + 9 * hour + 1800, march1 + 13 * hour, march1 - hour / 2, march1 + 23 * hour,
                march1 + 46 * hour, march1 + 38 * hour,
            ])
        #expect(
            records.map { $0.end.map { $0 - march1 } } == [
                9 * hour + 1800, 12 * hour + 900, 15 * hour, hour / 2, 24 * hour, 49 * hour + 900, nil,
            ])
        #expect(records[0].tags == ["admin", "work"])
        #expect(records[1].tags == ["coding", "review", "work"])
        #expect(records[1].annotation == "#coding on the importer\nand some #review")
        // An entry without a summary takes the record's.
        #expect(records[2].tags == ["work"] && records[2].annotation == "Office day #work\nwith a second line")
        #expect(records.map(\.line) == [4, 5, 7, 8, 9, 12, 13])
        #expect(Set(records.map(\.identity)).count == records.count)
    }

    @Test("CRLF and a byte order mark read alike; two ranges that start together stay two")
    func lineEndings() {
        let lf = read("2024-03-01\n  9:00 - 10:00 #a\n  9:00 - 9:30 #b\n")
        let crlf = read("\u{FEFF}2024-03-01\r\n  9:00 - 10:00 #a\r\n  9:00 - 9:30 #b\r\n")
        #expect(lf.errors.isEmpty && crlf.errors.isEmpty)
        #expect(lf.records == crlf.records)
        #expect(lf.records.count == 2 && lf.records[0].identity != lf.records[1].identity)
    }

    @Test(
        "what cannot be imported is refused with its line and why",
        arguments: [
            ("2024-03-01\n    2h30m #gym\n", 2, "has no start time"),
            ("2024-03-01\n    -45m lunch\n", 2, "has no start time"),
            ("2024-13-01\n    9:00 - 10:00\n", 1, "is not a record's date"),
            ("2024-03-01 hello\n    9:00 - 10:00\n", 1, "only a should-total"),
            ("2024-03-01\n    10:00 - 9:00\n", 2, "ends before it starts"),
            ("2024-03-01\n    9:60 - 10:00\n", 2, "is not a time"),
            ("2024-03-01\n    13:00pm - 14:00\n", 2, "is not a time"),
            ("2024-03-01\n    24:00> - 24:00\n", 2, "is not a time"),
            ("2024-03-01\n    9:00 - ?\n    10:00 - ?\n", 3, "at most one open range"),
            ("2024-03-01\n    9:00 - 10:00\n  11:00 - 12:00\n", 3, "indented alike"),
            ("2024-03-01\n     9:00 - 10:00\n", 2, "2 to 4 spaces or one tab"),
            ("    9:00 - 10:00\n", 1, "outside a record"),
            ("2024-03-01\n    9:00 - 10:00\nlate summary\n", 3, "after its entries"),
            ("2024-03-01\n    nine to ten\n", 2, "is not a range"),
        ])
    func refusals(_ text: String, _ line: Int, _ reason: String) {
        let (records, errors) = read(text)
        #expect(errors.count >= 1)
        #expect(errors.first?.line == line, "\(errors)")
        #expect(errors.first?.reason.contains(reason) == true, "\(errors)")
        #expect(errors.first?.description.hasPrefix("times.klg:\(line): ") == true)
        #expect(records.count <= 1)
    }

    @Test("thousands of damaged entry lines: each refused or read with its line, none crashes")
    func damagedLines() {
        var rng = SplitMix(state: 7)
        let good = "    9:00 - 10:30 #work on it"
        let alphabet = Array("0123456789:-?<>#ampAP h\t\u{0}é日")
        for _ in 0..<3000 {
            let line = damaged(good, edits: 1...5, alphabet: alphabet, rng: &rng)
            let text = "2024-03-01\n" + good + "\n" + line + "\n" + "    11:00 - 12:00\n"
            let (records, errors) = read(text)
            #expect(records.contains { $0.line == 2 })
            #expect(errors.allSatisfy { (2...4).contains($0.line) })
            for record in records { #expect(record.end.map { $0 >= record.start } ?? true) }
        }
    }

    @Test("a duration past alog's range of times is refused, not an arithmetic overflow (found by alog-fuzz)")
    func hugeDurations() {
        for text in [
            "2024-03-01\n    9999999999999999h #work\n", "2024-03-01\n    -999999999999999999m\n",
            "2024-03-01 (9999999999999999h!)\n    9:00 - 10:00\n",
        ] {
            let (records, errors) = read(text)
            for record in records { #expect(record.end.map { $0 >= record.start } ?? true) }
            #expect(records.count + errors.count >= 1, "\(text)")
        }
    }
}
