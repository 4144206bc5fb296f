import LedgerCore
import LedgerNotes
import Testing

@Suite("Day notes: two devices that changed a day note apart converge")
struct DayNoteMergeTests {
    typealias F = DayNoteFixture

    static let base = F.note()
    static let extra = DayNoteEntry(id: F.id("8h9j0k1m2n3p"), type: "exercise", start: F.at(18, 0), note: "run")
    static let other = DayNoteEntry(id: F.id("9j0k1m2n3p4q"), type: "meal", start: F.at(19, 30))

    static func merge(
        base: String? = base, ours: String, _ ourEntries: [DayNoteEntry] = F.day, theirs: String,
        _ theirEntries: [DayNoteEntry] = F.day, merged: [DayNoteEntry]
    ) -> DayNoteMerge {
        DayNote.merge(
            base: base.map(F.bytes), ours: DayNoteSide(bytes: F.bytes(ours), entries: ourEntries),
            theirs: DayNoteSide(bytes: F.bytes(theirs), entries: theirEntries), entries: merged, date: F.date,
            types: F.types)
    }

    static func text(_ merge: DayNoteMerge) -> String? {
        guard case .merged(let bytes) = merge else { return nil }
        return F.text(bytes)
    }

    @Test("the text outside the region: the side that changed it; both alike; both differently is refused")
    func outsideText() throws {
        let ours = F.note(F.day + [Self.extra]).replacingOnce("%% alog:end %%\n", with: "%% alog:end %%\nOurs.\n")
        let theirs = F.note(F.day + [Self.other]).replacingOnce("---\n%%", with: "---\nTheirs.\n%%")
            .replacingOnce("alog_date", with: "mood: 5\nalog_date")
        let all = F.day + [Self.extra, Self.other]
        let fromOurs = try #require(
            Self.text(Self.merge(ours: ours, F.day + [Self.extra], theirs: Self.base, merged: all)))
        #expect(fromOurs == F.note(all).replacingOnce("%% alog:end %%\n", with: "%% alog:end %%\nOurs.\n"))
        let fromTheirs = try #require(
            Self.text(
                Self.merge(
                    ours: F.note(F.day + [Self.extra]), F.day + [Self.extra], theirs: theirs, F.day + [Self.other],
                    merged: all)))
        #expect(
            fromTheirs
                == F.note(all).replacingOnce("---\n%%", with: "---\nTheirs.\n%%").replacingOnce(
                    "alog_date", with: "mood: 5\nalog_date"))
        #expect(Self.merge(ours: ours, theirs: theirs, merged: all) == .textChangedOnBothSides)
        #expect(Self.text(Self.merge(ours: ours, theirs: ours, merged: all)) != nil)
    }

    @Test("the region is written from the merged entries, with the keys' counts")
    func regionFromMergedEvents() throws {
        var edited = F.work
        edited.note = "client call, then lunch"
        let ours = F.note([F.wake, edited, F.meal, F.sleep, Self.extra])
        let theirs = F.note(F.day + [Self.other])
        let merged = [F.wake, edited, F.meal, F.sleep, Self.extra, Self.other]
        let text = try #require(
            Self.text(
                Self.merge(
                    ours: ours, [F.wake, edited, F.meal, F.sleep, Self.extra], theirs: theirs, F.day + [Self.other],
                    merged: merged)))
        #expect(text == F.note(merged))
        #expect(F.read(text, merged).changes == DayNoteChanges())
    }

    @Test("a note new on both sides (no base) merges when only one side has text of the user's")
    func newOnBothSides() throws {
        let theirs = F.note([Self.other]).replacingOnce("---\n%%", with: "---\n# Monday\n%%")
        let text = try #require(
            Self.text(
                Self.merge(base: nil, ours: F.note(F.day), theirs: theirs, [Self.other], merged: F.day + [Self.other])))
        #expect(text == F.note(F.day + [Self.other]).replacingOnce("---\n%%", with: "---\n# Monday\n%%"))
    }

    @Test("what the phone's user wrote without alog is kept, and recorded by the next read")
    func phoneEdits() throws {
        // The phone has no alog: its note is the base with the user's edits, its entries the base's.
        let phone = Self.base.replacingOnce("pasta", with: "penne")
            .replacingOnce("- 07:00 wake ☀️ ^7k2m9q4x8c3p\n", with: "")
            .replacingOnce("%% alog:end %%", with: "- 20:00 reading novel\n- 25:00 oops\n%% alog:end %%")
        // The laptop logged an entry and changed the work timer's note with alog.
        var edited = F.work
        edited.note = "client call, then lunch"
        let laptopEntries = [F.wake, edited, F.meal, F.sleep, Self.extra]
        let laptop = F.note(laptopEntries)
        let text = try #require(
            Self.text(Self.merge(ours: laptop, laptopEntries, theirs: phone, merged: laptopEntries)))
        #expect(
            text.hasSuffix(
                """
                %% alog:begin %%
                - 09:00–10:30 work 💼 client call, then lunch ^9a1b2c3d4e5f
                - 12:30 meal 🍽️ penne ^0m1n2p3q4r5s
                - 18:00 exercise 🏃 run ^8h9j0k1m2n3p
                - 23:00–07:10 sleep 🌙 ^2v3w4x5y6z7a
                - 20:00 reading novel
                - 25:00 oops
                %% alog:end %%

                """))
        let changes = F.read(text, laptopEntries).changes
        #expect(changes.edits == [DayNoteEdit(id: F.meal.id, line: 13, note: "penne")])
        #expect(changes.deletes.map(\.id) == [F.wake.id])
        #expect(changes.logs.map(\.type) == ["reading"])
        #expect(changes.problems.map(\.reason) == [.invalidTime("25:00")])
    }

    @Test("a typed line both devices logged, or one logged and the other still has typed: one line, one entry")
    func typedOnce() throws {
        let typed = Self.base.replacingOnce("%% alog:end %%", with: "- 12:45 meal soup\n%% alog:end %%")
        let reading = F.read(typed)
        let logged = F.day + reading.changes.logs.map(F.entry(of:))
        let processed = F.render(reading, logged)
        // Both processed it (the same id on both), or only ours did.
        for (theirs, theirEntries) in [(processed, logged), (typed, F.day)] {
            let text = try #require(
                Self.text(
                    Self.merge(base: typed, ours: processed, logged, theirs: theirs, theirEntries, merged: logged)))
            #expect(text == processed)
            #expect(F.read(text, logged).changes == DayNoteChanges())
        }
        // Typed on both sides while apart, not processed: the line once, logged once.
        let both = try #require(
            Self.text(Self.merge(ours: typed, theirs: typed.replacingOnce("- 12:45", with: "- 12:45"), merged: F.day)))
        #expect(both == typed)
    }

    @Test("lines of the user's on either side are kept once each; blank lines are not doubled")
    func unionOfUsersLines() throws {
        let ours = Self.base.replacingOnce(
            "- 12:30 meal 🍽️ pasta ^0m1n2p3q4r5s\n", with: "- 12:30 meal 🍽️ pasta ^0m1n2p3q4r5s\n  - with friends\n\n")
        let theirs = Self.base.replacingOnce(
            "- 12:30 meal 🍽️ pasta ^0m1n2p3q4r5s\n",
            with: "- 12:30 meal 🍽️ pasta ^0m1n2p3q4r5s\n  - with friends\n\n  - and cake\n")
        let text = try #require(Self.text(Self.merge(ours: ours, theirs: theirs, merged: F.day)))
        #expect(text.contains("- 12:30 meal 🍽️ pasta ^0m1n2p3q4r5s\n  - with friends\n\n  - and cake\n- 23:00"))
    }
}

@Suite("Day notes: devices apart, then a sync")
struct DayNoteConvergenceTests {
    typealias F = DayNoteFixture

    static let typedPool = ["- 12:45 meal soup", "- 18:00 exercise run", "- 20:00–21:00 reading", "- 07:30 wake"]

    /// The user's edits on one device: typed lines (from a pool both devices share, so the same
    /// line is typed on both at times), a generated line's note changed, one removed, an
    /// unreadable line.
    static func userEdits(_ note: String, _ entries: [DayNoteEntry], device: String, _ generator: inout DayNoteRandom)
        -> String
    {
        var note = note
        for _ in 0..<Int.random(in: 0...4, using: &generator) {
            switch Int.random(in: 0...3, using: &generator) {
            case 0:
                note = note.replacingOnce(
                    "%% alog:end %%", with: typedPool.randomElement(using: &generator)! + "\n%% alog:end %%")
            case 1:
                guard let entry = entries.randomElement(using: &generator) else { continue }
                note = note.replacingOnce(" ^\(entry.id)", with: " \(device) ^\(entry.id)")
            case 2:
                guard let entry = entries.randomElement(using: &generator),
                    let line = note.split(separator: "\n").first(where: { $0.hasSuffix("^\(entry.id)") })
                else { continue }
                note = note.replacingOnce(line + "\n", with: "")
            default:
                note = note.replacingOnce("%% alog:end %%", with: "- 99:00 oops \(device)\n%% alog:end %%")
            }
        }
        return note
    }

    @Test("every typed line logged once, no line of the user's lost, and nothing left to do")
    func converge() throws {
        var generator = DayNoteRandom(state: 2026)
        for _ in 0..<300 {
            let base = DayNoteLineTests.randomEntries(&generator).map { entry in
                var entry = entry
                if !F.types.loggable.contains(entry.type) { entry.type = "work" }
                if entry.note.map({ NoteText.validate($0) != nil }) == true { entry.note = "x" }
                return entry
            }
            let baseNote = F.note(base)
            var edited: [String] = []
            var notes: [String] = []
            var entries: [[DayNoteEntry]] = []
            var changes: [DayNoteChanges] = []
            for device in ["laptop", "phone"] {
                edited.append(Self.userEdits(baseNote, base, device: device, &generator))
                // Half the time the device runs alog (reads and records); else its note goes as it is.
                var reading: DayNoteReading?
                if Bool.random(using: &generator) { reading = F.read(edited.last!, base) }
                let recorded = reading?.changes ?? DayNoteChanges()
                let after = F.apply(recorded, to: base)
                notes.append(reading.map { F.render($0, after) } ?? edited.last!)
                entries.append(after)
                changes.append(recorded)
            }
            let merged = F.apply(changes[1], to: F.apply(changes[0], to: base))
            let result = DayNote.merge(
                base: F.bytes(baseNote), ours: DayNoteSide(bytes: F.bytes(notes[0]), entries: entries[0]),
                theirs: DayNoteSide(bytes: F.bytes(notes[1]), entries: entries[1]), entries: merged, date: F.date,
                types: F.types)
            guard case .merged(let bytes) = result else {
                Issue.record("refused: \(notes)")
                continue
            }
            let reading = DayNote.read(bytes, date: F.date, entries: merged, types: F.types)
            let final = F.apply(reading.changes, to: merged)
            let note = F.render(reading, final)
            #expect(F.read(note, final).changes.hasNoEvents, "\(note)")
            // Each typed line is logged: as many entries as the device that typed it most times
            // typed it (the same line typed on both while apart is one entry).
            let baseIDs = Set(base.map(\.id))
            let logged = final.filter { !baseIDs.contains($0.id) }.map {
                F.text(DayNote.render(date: F.date, entries: [$0], types: F.types, over: nil))
            }
            for typed in Self.typedPool {
                let typedOn = edited.map { $0.occurrences(typed + "\n") }.max()!
                let words = typed.split(separator: " ")
                let lineStart = "- \(words[1]) \(words[2]) "
                let tail = words.count > 3 ? " " + words[3] + " ^" : " ^"
                let entriesOfIt = logged.filter { $0.contains(lineStart) && $0.occurrences(tail) == 1 }.count
                #expect(entriesOfIt == typedOn, "\(typed): \(edited)")
                #expect(note.occurrences(typed + "\n") == 0)
            }
            // Every unreadable line of either side is in the note.
            for device in ["laptop", "phone"] {
                let oops = notes.map { $0.occurrences("- 99:00 oops \(device)") }.max()!
                #expect(note.occurrences("- 99:00 oops \(device)") == oops)
            }
        }
    }
}
