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
        let ours = F.note(F.day + [Self.extra]).replacingFirst("%% alog:end %%\n", with: "%% alog:end %%\nOurs.\n")
        let theirs = F.note(F.day + [Self.other]).replacingFirst("---\n%%", with: "---\nTheirs.\n%%")
            .replacingFirst("alog_date", with: "mood: 5\nalog_date")
        let all = F.day + [Self.extra, Self.other]
        let fromOurs = try #require(
            Self.text(Self.merge(ours: ours, F.day + [Self.extra], theirs: Self.base, merged: all)))
        #expect(fromOurs == F.note(all).replacingFirst("%% alog:end %%\n", with: "%% alog:end %%\nOurs.\n"))
        let fromTheirs = try #require(
            Self.text(
                Self.merge(
                    ours: F.note(F.day + [Self.extra]), F.day + [Self.extra], theirs: theirs, F.day + [Self.other],
                    merged: all)))
        #expect(
            fromTheirs
                == F.note(all).replacingFirst("---\n%%", with: "---\nTheirs.\n%%").replacingFirst(
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
        let theirs = F.note([Self.other]).replacingFirst("---\n%%", with: "---\n# Monday\n%%")
        let text = try #require(
            Self.text(
                Self.merge(base: nil, ours: F.note(F.day), theirs: theirs, [Self.other], merged: F.day + [Self.other])))
        #expect(text == F.note(F.day + [Self.other]).replacingFirst("---\n%%", with: "---\n# Monday\n%%"))
    }

    @Test("what the phone's user wrote without alog is kept, and recorded by the next read")
    func phoneEdits() throws {
        // The phone has no alog: its note is the base with the user's edits, its entries the base's.
        let phone = Self.base.replacingFirst("pasta", with: "penne")
            .replacingFirst("- 07:00 wake ☀️ ^7k2m9q4x8c3p\n", with: "")
            .replacingFirst("%% alog:end %%", with: "- 20:00 reading novel\n- 25:00 oops\n%% alog:end %%")
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
        let typed = Self.base.replacingFirst("%% alog:end %%", with: "- 12:45 meal soup\n%% alog:end %%")
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
            Self.text(Self.merge(ours: typed, theirs: typed.replacingFirst("- 12:45", with: "- 12:45"), merged: F.day)))
        #expect(both == typed)
    }

    @Test("lines of the user's on either side are kept once each; blank lines are not doubled")
    func unionOfUsersLines() throws {
        let ours = Self.base.replacingFirst(
            "- 12:30 meal 🍽️ pasta ^0m1n2p3q4r5s\n", with: "- 12:30 meal 🍽️ pasta ^0m1n2p3q4r5s\n  - with friends\n\n")
        let theirs = Self.base.replacingFirst(
            "- 12:30 meal 🍽️ pasta ^0m1n2p3q4r5s\n",
            with: "- 12:30 meal 🍽️ pasta ^0m1n2p3q4r5s\n  - with friends\n\n  - and cake\n")
        let text = try #require(Self.text(Self.merge(ours: ours, theirs: theirs, merged: F.day)))
        #expect(text.contains("- 12:30 meal 🍽️ pasta ^0m1n2p3q4r5s\n  - with friends\n\n  - and cake\n- 23:00"))
    }
}
