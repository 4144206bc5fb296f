import LedgerCore
import LedgerNotes
import Testing

@Suite("Day notes: written from the ledger")
struct DayNoteRenderTests {
    typealias F = DayNoteFixture

    @Test("a new note: the ledger's keys, then the region, one line per entry by start")
    func newNote() {
        let running = DayNoteEntry(id: F.id("3c4d5e6f7g8h"), type: "reading", start: F.at(21, 0), isTimed: true)
        let long = DayNoteEntry(
            id: F.id("4d5e6f7g8h9j"), type: "work", start: F.at(13, 0), isTimed: true, end: F.at(14, 0, day: 25))
        #expect(
            F.note(F.day.reversed() + [running, long]) == """
                ---
                alog_date: 2026-11-23
                alog_entries: 6
                alog_count_meal: 1
                alog_count_reading: 1
                alog_count_sleep: 1
                alog_minutes_sleep: 490
                alog_count_wake: 1
                alog_count_work: 2
                alog_minutes_work: 3030
                ---
                %% alog:begin %%
                - 07:00 wake ☀️ ^7k2m9q4x8c3p
                - 09:00–10:30 work 💼 client call ^9a1b2c3d4e5f
                - 12:30 meal 🍽️ pasta ^0m1n2p3q4r5s
                - 13:00–2026-11-25T14:00 work 💼 ^4d5e6f7g8h9j
                - 21:00– reading 📖 ^3c4d5e6f7g8h
                - 23:00–07:10 sleep 🌙 ^2v3w4x5y6z7a
                %% alog:end %%

                """)
    }

    @Test("an empty day: the keys say 0 and the region is empty")
    func emptyDay() {
        #expect(
            F.note([]) == "---\nalog_date: 2026-11-23\nalog_entries: 0\n---\n%% alog:begin %%\n%% alog:end %%\n")
    }

    @Test("minutes: windows rounded to the nearest minute, a running timer adds none")
    func minutes() {
        let short = DayNoteEntry(
            id: F.id("5e6f7g8h9j0k"), type: "exercise", start: F.at(6, 0), isTimed: true, end: F.at(6, 0, second: 29))
        let longer = DayNoteEntry(
            id: F.id("6f7g8h9j0k1m"), type: "exercise", start: F.at(18, 0), isTimed: true,
            end: F.at(18, 10, second: 31))
        let note = F.note([short, longer, F.reading])
        #expect(note.contains("alog_count_exercise: 2\nalog_minutes_exercise: 11\nalog_count_reading: 1\n---"))
        #expect(!note.contains("alog_minutes_reading"))
    }

    @Test("the user's frontmatter keys and text around the region are kept byte for byte")
    func userTextKept() throws {
        let before = """
            ---
            tags: [daily, journal]
            mood: 7
            alog_date: 2026-11-22
            alog_count_swim: 3
            alog_old_list:
              - a
              - b
            weather: "rain, then sun"
            ---
            # Monday

            Went to the *market*.
            %% my own comment %%

            """
        let after = "\nEvening: **call mum**.\n- 12:30 meal not an entry: outside the region\n"
        let note = before + "%% alog:begin %%\n- 07:00 wake ☀️ ^7k2m9q4x8c3p\n%% alog:end %%\n" + after
        let reading = F.read(note, [F.wake])
        #expect(reading.changes == DayNoteChanges())
        let written = F.render(reading, F.day)
        #expect(
            written.hasPrefix(
                """
                ---
                tags: [daily, journal]
                mood: 7
                alog_date: 2026-11-23
                alog_entries: 4
                alog_count_meal: 1
                alog_count_sleep: 1
                alog_minutes_sleep: 490
                alog_count_wake: 1
                alog_count_work: 1
                alog_minutes_work: 90
                weather: "rain, then sun"
                ---
                # Monday

                Went to the *market*.
                %% my own comment %%
                %% alog:begin %%
                - 07:00 wake ☀️ ^7k2m9q4x8c3p
                """))
        #expect(written.hasSuffix("- 23:00–07:10 sleep 🌙 ^2v3w4x5y6z7a\n%% alog:end %%\n" + after))
        // Written again over itself: the same bytes.
        #expect(F.render(F.read(written), F.day) == written)
    }

    @Test("CRLF notes get CRLF lines; the user's bytes stay as they are")
    func crlf() {
        let note = "---\r\nmood: 7\r\n---\r\nIntro\r\n%% alog:begin %%\r\n%% alog:end %%\r\nOutro\r\n"
        let written = F.render(F.read(note, []), [F.wake, F.meal])
        #expect(
            written
                == "---\r\nmood: 7\r\nalog_date: 2026-11-23\r\nalog_entries: 2\r\nalog_count_meal: 1\r\nalog_count_wake: 1\r\n---\r\nIntro\r\n%% alog:begin %%\r\n- 07:00 wake ☀️ ^7k2m9q4x8c3p\r\n- 12:30 meal 🍽️ pasta ^0m1n2p3q4r5s\r\n%% alog:end %%\r\nOutro\r\n"
        )
        #expect(F.read(written, [F.wake, F.meal]).changes == DayNoteChanges())
    }

    @Test("a note of the user's without frontmatter or region gets both; its text is kept")
    func adoptsUsersNote() {
        let written = F.render(F.read("# Today\n\nRan 5 km", []), [F.wake])
        #expect(
            written == """
                ---
                alog_date: 2026-11-23
                alog_entries: 1
                alog_count_wake: 1
                ---
                # Today

                Ran 5 km

                %% alog:begin %%
                - 07:00 wake ☀️ ^7k2m9q4x8c3p
                %% alog:end %%

                """)
        let noBreakAtEnd = F.render(F.read("---\nmood: 1\n---\n%% alog:begin %%\n%% alog:end %%", []), [F.wake])
        #expect(noBreakAtEnd.hasSuffix("- 07:00 wake ☀️ ^7k2m9q4x8c3p\n%% alog:end %%"))
    }

    @Test("the ledger's lines follow the ledger: a changed entry, a new one, one gone, a restyled icon")
    func followsTheLedger() {
        let note = F.note()
        var later = F.meal
        later.start = F.at(13, 15)
        later.note = nil
        let types = DayNoteTypes(icons: ["wake": "🌅", "work": "💼", "meal": "🍽️", "sleep": "🌙"])
        let reading = DayNote.read(F.bytes(note), date: F.date, entries: F.day, types: types)
        #expect(reading.changes == DayNoteChanges())
        let written = F.text(
            DayNote.render(date: F.date, entries: [F.wake, F.work, later, F.reading], types: types, over: reading))
        #expect(
            written.hasSuffix(
                """
                %% alog:begin %%
                - 07:00 wake 🌅 ^7k2m9q4x8c3p
                - 09:00–10:30 work 💼 client call ^9a1b2c3d4e5f
                - 13:15 meal 🍽️ ^0m1n2p3q4r5s
                - 21:00– reading • ^1x2y3z4a5b6c
                %% alog:end %%

                """))
    }

    @Test("the path: Activities/YYYY-MM-DD.md, or another folder")
    func path() {
        #expect(DayNote.path(for: F.date) == "Activities/2026-11-23.md")
        #expect(DayNote.path(for: F.date, folder: "Journal/alog") == "Journal/alog/2026-11-23.md")
        #expect(DayNote.path(for: F.date, folder: "") == "2026-11-23.md")
    }

    @Test("the entries of a day: by their own clock, the day start, windows from the timeline")
    func entriesOfADay() {
        func logged(_ id: String, _ type: String, _ at: LocalInstant, timed: Bool = false, end: LocalInstant? = nil)
            -> Entry
        {
            Entry(
                id: F.id(id), type: type, at: at, note: nil, isDeleted: false,
                created: OrderKey(stamp: Stamp(millis: at.seconds * 1000, counter: 0), device: "dev1", id: F.id(id)),
                isTimed: timed, end: end)
        }
        let entries = [
            logged("000000000001", "wake", F.at(7, 0)),
            logged("000000000002", "work", F.at(9, 0), timed: true),
            logged("000000000003", "reading", F.at(11, 0), timed: true, end: F.at(11, 30)),
            logged("000000000004", "sleep", F.at(2, 30, day: 24)),
            // 18:00 in New York is 00:00 in Berlin: the note of its own day, the 23rd.
            logged("000000000005", "meal", F.at(18, 0, offset: -18_000)),
            logged("000000000006", "meal", F.at(1, 0, day: 23)),
        ]
        let day = DayNoteEntry.day(F.date, of: entries)
        #expect(
            day.map(\.id.description) == [
                "000000000006", "000000000001", "000000000002", "000000000003", "000000000005",
            ])
        #expect(day[2].end == F.at(11, 0))
        let shifted = DayNoteEntry.day(F.date, of: entries, dayStart: 4 * 3600)
        #expect(
            shifted.map(\.id.description) == [
                "000000000001", "000000000002", "000000000003", "000000000005", "000000000004",
            ])
    }
}

@Suite("Day notes: the user's bytes, whatever they are")
struct DayNoteUserBytesTests {
    typealias F = DayNoteFixture

    /// Lines of the user's: Markdown, look-alikes of alog's lines, a lone `\r`, bytes that are
    /// not UTF-8, trailing spaces.
    static let pool: [[UInt8]] =
        [
            "# Heading", "", "Some *text* here.", "- 12:30 meal not logged outside", "%% a comment %%",
            "- [ ] a task", "    code block", "> quote", "alog_date: not frontmatter", "----", "...", "tags: [x]",
            "語 text  ", "%%", "trailing\r",
        ].map { Array($0.utf8) } + [[0xFF, 0xFE, 0x41], [0xC3]]

    static func randomLines(_ generator: inout DayNoteRandom) -> [[UInt8]] {
        (0..<Int.random(in: 0...6, using: &generator)).map { _ in pool.randomElement(using: &generator)! }
    }

    /// A new note's keys and region lines (from `%% alog:begin %%` to `%% alog:end %%`).
    static func parts(_ entries: [DayNoteEntry]) -> (keys: [[UInt8]], region: [[UInt8]]) {
        let lines = DayNote.render(date: F.date, entries: entries, types: F.types, over: nil)
            .split(separator: 0x0A, omittingEmptySubsequences: false).map { Array($0) }
        let closing = lines.dropFirst().firstIndex(of: Array("---".utf8))!
        return (Array(lines[1..<closing]), Array(lines[(closing + 1)..<(lines.count - 1)]))
    }

    @Test("text before and after the region and the user's keys stay byte for byte, LF or CRLF")
    func userBytesKept() {
        var generator = DayNoteRandom(state: 99)
        let fence = Array("---".utf8)
        let allKeys: [[UInt8]] = ["mood: 5", "list:", "  - a", "alog_count_swim: 2", "title: \"x\""].map {
            Array($0.utf8)
        }
        for _ in 0..<300 {
            let newline: [UInt8] = Bool.random(using: &generator) ? [0x0A] : [0x0D, 0x0A]
            func joined(_ lines: [[UInt8]]) -> [UInt8] { lines.flatMap { $0 + newline } }
            let keys = allKeys.filter { _ in Bool.random(using: &generator) }
            let before = Self.randomLines(&generator)
            let after = Self.randomLines(&generator)
            let old = DayNoteLineTests.randomEntries(&generator)
            let new = DayNoteLineTests.randomEntries(&generator)
            let note = joined([fence] + keys + [fence] + before + Self.parts(old).region + after)
            let reading = DayNote.read(note, date: F.date, entries: old, types: F.types)
            #expect(reading.changes == DayNoteChanges())
            let written = DayNote.render(date: F.date, entries: new, types: F.types, over: reading)
            let (newKeys, newRegion) = Self.parts(new)
            var expectedKeys = keys + newKeys
            if let at = keys.firstIndex(where: { $0.starts(with: Array("alog_".utf8)) }) {
                expectedKeys = Array(keys[..<at]) + newKeys + Array(keys[(at + 1)...])
            }
            let expected = joined([fence] + expectedKeys + [fence] + before + newRegion + after)
            #expect(written == expected, "\(F.text(note))")
        }
    }
}
