import LedgerCore
import LedgerNotes
import Testing

@Suite("Day notes: read back into logs, edits and deletes")
struct DayNoteReadTests {
    typealias F = DayNoteFixture

    /// `F.note()` with `old` replaced by `new` (a user's edit in the region).
    static func edited(_ old: String, _ new: String) -> String {
        let note = F.note()
        precondition(note.contains(old))
        return note.replacingOnce(old, with: new)
    }

    @Test("typed lines become logs: bullets, H:MM, windows, a running timer, a copied icon, any case")
    func typedLines() throws {
        let note = Self.edited(
            "%% alog:end %%",
            """
            - 12:45 meal pasta
            * 7:05 Wake
            + 14:00–15:30 work  review ^mine
            - 16:00 - 16:20 exercise
            - 21:00– reading chapter 3
            - 22:00-01:30 job late
            - 13:00 meal 🍽️ soup
            - 13:00 exercise
            %% alog:end %%
            """)
        let changes = F.read(note).changes
        #expect(changes.problems == [])
        #expect(changes.edits == [] && changes.deletes == [])
        let d23 = F.date
        let d24 = F.date.adding(days: 1)
        func clock(_ hour: Int, _ minute: Int, _ date: CivilDate = d23) -> DayNoteClock {
            DayNoteClock(date: date, hour: hour, minute: minute)
        }
        let expected: [(Int, String, DayNoteClock, DayNoteEnd, String?)] = [
            (16, "meal", clock(12, 45), .instant, "pasta"),
            (17, "wake", clock(7, 5), .instant, nil),
            (18, "work", clock(14, 0), .at(clock(15, 30)), "review ^mine"),
            (19, "exercise", clock(16, 0), .at(clock(16, 20)), nil),
            (20, "reading", clock(21, 0), .running, "chapter 3"),
            (21, "work", clock(22, 0), .at(clock(1, 30, d24)), "late"),
            (22, "meal", clock(13, 0), .instant, "soup"),
            (23, "exercise", clock(13, 0), .instant, nil),
        ]
        #expect(changes.logs.count == expected.count)
        for (log, want) in zip(changes.logs, expected) {
            #expect(log.line == want.0 && log.type == want.1 && log.start == want.2)
            #expect(log.end == want.3 && log.note == want.4)
        }
        #expect(Set(changes.logs.map(\.id)).count == expected.count)
    }

    @Test("a typed line is written back as its entry's line, with the id, where it was")
    func writtenBack() throws {
        let note = Self.edited("%% alog:end %%", "- 12:45 meal pasta\n- 08:00 Exercise run\n%% alog:end %%")
        let reading = F.read(note)
        let logged = reading.changes.logs.map(F.entry(of:))
        let written = F.render(reading, F.day + logged)
        let meal = try #require(logged.first)
        let run = try #require(logged.last)
        #expect(
            written.hasSuffix(
                """
                - 07:00 wake ☀️ ^7k2m9q4x8c3p
                - 08:00 exercise 🏃 run ^\(run.id)
                - 09:00–10:30 work 💼 client call ^9a1b2c3d4e5f
                - 12:30 meal 🍽️ pasta ^0m1n2p3q4r5s
                - 12:45 meal 🍽️ pasta ^\(meal.id)
                - 23:00–07:10 sleep 🌙 ^2v3w4x5y6z7a
                %% alog:end %%

                """))
        // Read again: nothing left to do.
        #expect(F.read(written, F.day + logged).changes == DayNoteChanges())
    }

    @Test("a typed line the ledger did not take stays as typed")
    func refusedLogKept() {
        let note = Self.edited("%% alog:end %%", "- 12:45 meal pasta\n%% alog:end %%")
        let reading = F.read(note)
        #expect(reading.changes.logs.count == 1)
        #expect(F.render(reading, F.day) == note)
    }

    @Test("a changed generated line is an edit of the fields that changed")
    func edits() throws {
        let note = Self.edited("- 12:30 meal 🍽️ pasta", "- 12:40 Meal 🍽️ pasta al forno")
            .replacingOnce("- 09:00–10:30 work 💼 client call", with: "- 09:00–11:00 job 💼 client call")
            .replacingOnce("- 07:00 wake ☀️", with: "- 07:00 sleep ☀️")
            .replacingOnce("- 23:00–07:10 sleep 🌙", with: "- 23:00– sleep 🌙")
        let changes = F.read(note).changes
        #expect(changes.problems == [] && changes.logs == [] && changes.deletes == [])
        let d23 = F.date
        #expect(
            changes.edits == [
                DayNoteEdit(id: F.wake.id, line: 12, start: nil, end: nil, type: "sleep", note: nil),
                DayNoteEdit(
                    id: F.work.id, line: 13, start: nil, end: .at(DayNoteClock(date: d23, hour: 11, minute: 0)),
                    type: nil, note: nil),
                DayNoteEdit(
                    id: F.meal.id, line: 14, start: DayNoteClock(date: d23, hour: 12, minute: 40), end: nil, type: nil,
                    note: "pasta al forno"),
                DayNoteEdit(id: F.sleep.id, line: 15, start: nil, end: .running, type: nil, note: nil),
            ])
        let removedNote = F.read(Self.edited("- 12:30 meal 🍽️ pasta", "- 12:30 meal 🍽️")).changes.edits
        #expect(removedNote == [DayNoteEdit(id: F.meal.id, line: 14, start: nil, end: nil, type: nil, note: "")])
    }

    @Test("a line the ledger changed since it was written is not an edit")
    func ledgerChangedSince() {
        let note = F.note()
        var moved = F.meal
        moved.start = F.at(13, 0)
        moved.note = "risotto"
        let changes = F.read(note, [F.wake, F.work, moved, F.sleep], lastWritten: F.day).changes
        #expect(changes == DayNoteChanges())
        // The user changed the note while the ledger moved the time: only the note is theirs.
        let both = F.read(
            note.replacingOnce("pasta", with: "penne"), [F.wake, F.work, moved, F.sleep], lastWritten: F.day
        ).changes
        #expect(both.edits == [DayNoteEdit(id: F.meal.id, line: 14, start: nil, end: nil, type: nil, note: "penne")])
    }

    @Test("the note as alog last wrote it: a line is the user's when it differs from that line")
    func lastWrittenNote() {
        // The note alog wrote; since then another device moved the meal and logged a timer, and
        // this note was not written again (it is stale). The user changed the wake line and
        // removed the work line.
        let wrote = F.note()
        var moved = F.meal
        moved.start = F.at(13, 0)
        let now = [F.wake, F.work, moved, F.sleep, F.reading]
        let note = wrote.replacingOnce("- 07:00 wake ☀️", with: "- 07:15 wake ☀️")
            .replacingOnce("- 09:00–10:30 work 💼 client call ^9a1b2c3d4e5f\n", with: "")
        let changes = DayNote.read(
            F.bytes(note), date: F.date, entries: now, types: F.types, lastWrittenNote: F.bytes(wrote)
        ).changes
        #expect(changes.problems == [] && changes.logs == [])
        #expect(
            changes.edits == [
                DayNoteEdit(id: F.wake.id, line: 12, start: DayNoteClock(date: F.date, hour: 7, minute: 15))
            ])
        #expect(
            changes.deletes == [DayNoteDelete(id: F.work.id, text: "- 09:00–10:30 work 💼 client call ^9a1b2c3d4e5f")])
        // Without it, the stale meal line would read as the user moving the meal back, and the
        // timer alog never wrote would read as removed.
        let stale = F.read(note, now).changes
        #expect(stale.edits.map(\.id) == [F.wake.id, F.meal.id])
        #expect(stale.deletes.map(\.id) == [F.work.id, F.reading.id])
    }

    @Test("an edit the ledger took is written in alog's form; one it refused stays as the user wrote it")
    func editsWrittenBack() {
        let note = Self.edited("- 12:30 meal 🍽️ pasta", "- 12:40   meal pasta al forno")
        let reading = F.read(note)
        var meal = F.meal
        meal.start = F.at(12, 40)
        meal.note = "pasta al forno"
        #expect(
            F.render(reading, [F.wake, F.work, meal, F.sleep]).contains("- 12:40 meal 🍽️ pasta al forno ^0m1n2p3q4r5s\n")
        )
        #expect(F.render(reading, F.day) == note)
    }

    @Test("a removed generated line is a delete, listed with the line alog wrote")
    func deletes() {
        let note = Self.edited("- 12:30 meal 🍽️ pasta ^0m1n2p3q4r5s\n", "")
        let changes = F.read(note).changes
        #expect(changes.deletes == [DayNoteDelete(id: F.meal.id, text: "- 12:30 meal 🍽️ pasta ^0m1n2p3q4r5s")])
        #expect(changes.edits == [] && changes.logs == [] && changes.problems == [])
        // Every line removed, markers intact: every entry is deleted (the user emptied the list).
        let empty = F.read(F.note().replacingOnce(Self.regionLines, with: "")).changes
        #expect(empty.deletes.map(\.id) == F.day.map(\.id))
        // An entry the ledger gained since the note was written has no line yet: not a delete.
        let gained = F.read(F.note(), F.day + [F.reading], lastWritten: F.day).changes
        #expect(gained == DayNoteChanges())
    }

    static let regionLines = """
        - 07:00 wake ☀️ ^7k2m9q4x8c3p
        - 09:00–10:30 work 💼 client call ^9a1b2c3d4e5f
        - 12:30 meal 🍽️ pasta ^0m1n2p3q4r5s
        - 23:00–07:10 sleep 🌙 ^2v3w4x5y6z7a

        """

    @Test(
        "damaged markers: nothing is deleted, the problem is named, the region is put back",
        arguments: [
            ("%% alog:begin %%\n", "", DayNoteProblem.MarkerDamage.beginMissing, 14),
            ("%% alog:end %%\n", "", .endMissing, 11),
            ("%% alog:end %%\n", "%% alog:end %%\n%% alog:end %%\n", .repeated, 11),
        ])
    func damagedMarkers(marker: String, replacement: String, damage: DayNoteProblem.MarkerDamage, line: Int) {
        let note = F.note().replacingOnce(marker, with: replacement).replacingOnce(
            "- 12:30 meal 🍽️ pasta ^0m1n2p3q4r5s\n", with: "")
        let reading = F.read(note)
        #expect(reading.changes.deletes == [])
        #expect(reading.changes.problems.map(\.reason) == [.markersDamaged(damage)])
        #expect(reading.changes.problems.map(\.line) == [line])
        #expect(F.render(reading, F.day) == F.note())
    }

    @Test("both markers gone: the entries' lines are found, nothing is deleted, the user's text stays")
    func markersGone() {
        let note =
            "---\nmood: 3\n---\nMorning.\n- 07:00 wake ☀️ ^7k2m9q4x8c3p\nA thought.\n- 09:00–10:30 work 💼 client call ^9a1b2c3d4e5f\nEnd.\n"
        let reading = F.read(note)
        #expect(reading.changes.deletes == [])
        #expect(reading.changes.problems.map(\.reason) == [.markersDamaged(.bothMissing), .notAnEntry])
        #expect(reading.changes.problems.map(\.line) == [5, 6])
        let written = F.render(reading, F.day)
        #expect(
            written.hasSuffix(
                """
                ---
                Morning.
                %% alog:begin %%
                - 07:00 wake ☀️ ^7k2m9q4x8c3p
                A thought.
                - 09:00–10:30 work 💼 client call ^9a1b2c3d4e5f
                - 12:30 meal 🍽️ pasta ^0m1n2p3q4r5s
                - 23:00–07:10 sleep 🌙 ^2v3w4x5y6z7a
                %% alog:end %%
                End.

                """))
        // A note of the user's with no entry lines and no markers is not damaged: the region is added.
        #expect(F.read("Just text.\n").changes == DayNoteChanges())
    }

    @Test("unreadable lines: reported with their line numbers and kept where they were")
    func unreadable() {
        let note = Self.edited(
            "- 09:00–10:30 work 💼 client call ^9a1b2c3d4e5f\n",
            """
            - 09:00–10:30 work 💼 client call ^9a1b2c3d4e5f
              - an indented detail of the call
            - 25:00 meal
            - 12:00 swim lanes
            - 12:00 dance salsa
            - 12:00
            - 12:30 - meal
            a sentence
            - 10:00 meal bad \\u{1B} escape
            - [ ] a task

            """)
        let reading = F.read(note)
        #expect(reading.changes.logs == [] && reading.changes.edits == [] && reading.changes.deletes == [])
        #expect(
            reading.changes.problems.map(\.reason) == [
                .invalidTime("25:00"), .removedType("swim"), .unknownType("dance"), .missingType, .missingEnd,
                .notAnEntry,
                .invalidNote(
                    "a note may not contain control characters (\\e at character 5); line breaks and tabs may"),
                .notAnEntry,
            ])
        #expect(reading.changes.problems.map(\.line) == [15, 16, 17, 18, 19, 20, 21, 22])
        #expect(reading.changes.problems[0].text == "- 25:00 meal")
        #expect(
            reading.changes.problems[2].message
                == "unknown type 'dance'; left as it is ('alog types add dance' defines it)")
        // Written again with the work timer moved after the meal: its lines go with it.
        var later = F.work
        later.start = F.at(13, 0)
        later.end = F.at(14, 0)
        let written = F.render(reading, [F.wake, later, F.meal, F.sleep])
        #expect(
            written.contains(
                """
                - 07:00 wake ☀️ ^7k2m9q4x8c3p
                - 12:30 meal 🍽️ pasta ^0m1n2p3q4r5s
                - 13:00–14:00 work 💼 client call ^9a1b2c3d4e5f
                  - an indented detail of the call
                - 25:00 meal
                """))
        #expect(written.contains("- [ ] a task\n- 23:00–07:10 sleep"))
    }

    @Test("an entry's line outside the region: not deleted, reported; another day's id: left as it is")
    func foreignLines() {
        let note = F.note().replacingOnce("- 12:30 meal 🍽️ pasta ^0m1n2p3q4r5s\n", with: "")
            .replacingOnce(
                "%% alog:end %%\n",
                with: "- 06:00 wake ☀️ ^1x2y3z4a5b6c\n%% alog:end %%\n- 12:30 meal 🍽️ pasta ^0m1n2p3q4r5s\n")
        let changes = F.read(note).changes
        #expect(changes.deletes == [] && changes.edits == [])
        #expect(changes.problems.map(\.reason) == [.notThisDay(F.id("1x2y3z4a5b6c")), .outsideRegion(F.meal.id)])
    }

    @Test("an instant given an end, a timer without one: problems, no edit")
    func endMismatch() {
        let note = Self.edited("- 07:00 wake", "- 07:00–07:30 wake").replacingOnce(
            "- 09:00–10:30 work", with: "- 09:00 work")
        let changes = F.read(note).changes
        #expect(changes.edits == [])
        #expect(changes.problems.map(\.reason) == [.endOnInstant(F.wake.id), .timerNeedsEnd(F.work.id)])
        #expect(F.render(F.read(note), F.day) == note)
    }

    @Test("two different lines for one entry (a merge left both): reported, neither read, both kept")
    func conflictingCopies() {
        let conflict = """
            <<<<<<< HEAD
            - 12:30 meal 🍽️ penne ^0m1n2p3q4r5s
            =======
            - 12:30 meal 🍽️ fusilli ^0m1n2p3q4r5s
            >>>>>>> theirs

            """
        let note = Self.edited("- 12:30 meal 🍽️ pasta ^0m1n2p3q4r5s\n", conflict)
        let reading = F.read(note)
        #expect(reading.changes.edits == [] && reading.changes.deletes == [])
        #expect(
            reading.changes.problems.map(\.reason) == [
                .notAnEntry, .conflictingCopies(F.meal.id, lines: [15, 17]), .notAnEntry, .notAnEntry,
            ])
        #expect(F.render(reading, F.day) == note)
        // The same line twice: one is dropped, nothing else happens.
        let twice = Self.edited(
            "- 07:00 wake ☀️ ^7k2m9q4x8c3p\n", "- 07:00 wake ☀️ ^7k2m9q4x8c3p\n- 07:00 wake ^7k2m9q4x8c3p\n")
        let same = F.read(twice)
        #expect(same.changes == DayNoteChanges())
        #expect(F.render(same, F.day) == F.note())
    }

    @Test("a day start: a time before it is on the next date")
    func dayStart() {
        let note = Self.edited("%% alog:end %%", "- 02:30 sleep\n- 23:30–03:00 reading\n%% alog:end %%")
        let logs = F.read(note, dayStart: 4 * 3600).changes.logs
        let d24 = F.date.adding(days: 1)
        #expect(
            logs.map(\.start) == [
                DayNoteClock(date: d24, hour: 2, minute: 30), DayNoteClock(date: F.date, hour: 23, minute: 30),
            ])
        #expect(logs.last?.end == .at(DayNoteClock(date: d24, hour: 3, minute: 0)))
    }
}
