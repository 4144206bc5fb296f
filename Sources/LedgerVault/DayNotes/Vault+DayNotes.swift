import LedgerCore
import LedgerGit
import LedgerGitLayout
import LedgerNotes
import LedgerStore
import LedgerSystem

extension Vault {
    /// The day-notes setting committed at `tree` (nil: day notes are off, or the setting cannot
    /// be read).
    func dayNotesSetting(in tree: ObjectID?) throws -> DayNotesSetting? {
        guard let tree, let entry = try repository.treeEntry(atPath: DayNotesSetting.path, in: tree),
            entry.kind == .blob, let setting = DayNotesSetting(bytes: try repository.readBlob(entry.id)), setting.on
        else { return nil }
        return setting
    }

    /// The day notes' setting at HEAD. Kept in `.git/alog/day-notes/setting` beside the commit
    /// it was read at, so a command that needs no git (a report from the caches) does not start
    /// libgit2 to learn that day notes are off.
    public func dayNotesSetting() throws -> DayNotesSetting? {
        let head: String? =
            switch HeadFile.resolve(gitDirectory: gitDirectory) {
            case .commit(let hex)?: hex
            default: nil
            }
        if let head, let bytes = try? FileSystem.read(stateFiles.dayNotesSetting),
            let rest = DayNotesSettingCache.setting(in: bytes, commit: head)
        {
            return rest.isEmpty ? nil : DayNotesSetting(bytes: rest)
        }
        guard let commit = try repo.headCommit() else { return nil }
        let setting = try dayNotesSetting(in: try repository.commit(commit).tree)
        if head == commit.hex { rememberDayNotesSetting(setting, at: commit.hex) }
        return setting
    }

    /// Keeps the day notes' setting of commit `hex` (nil: off) for `dayNotesSetting()`.
    /// Rewritten in place on every commit (a rename would force a writeback on ext4); a torn
    /// file reads as no cache (`DayNotesSettingCache`).
    func rememberDayNotesSetting(_ setting: DayNotesSetting?, at hex: String) {
        let bytes = DayNotesSettingCache.encode(commit: hex, setting: setting?.bytes ?? [])
        if (try? FileSystem.overwrite(stateFiles.dayNotesSetting, bytes)) == nil {
            try? FileSystem.makeDirectories(dayNotesState)
            try? FileSystem.overwrite(stateFiles.dayNotesSetting, bytes)
        }
    }

    /// `<git dir>/alog/day-notes/`: what alog last wrote into each day note (`<date>.md`) and its
    /// file's identity then (`<date>.file`), and when the last read of changed notes started
    /// (`scanned`), so a command reads only the notes someone else changed since.
    var dayNotesState: String { stateFiles.dayNotes }

    /// The types as day notes read and write them.
    static func dayNoteTypes(_ summary: StatusSummary) -> DayNoteTypes {
        var icons: [String: String] = [:]
        for type in summary.allTypes { icons[type.name] = type.icon }
        return DayNoteTypes(
            icons: icons, loggable: Set(summary.types.map(\.name)), aliases: summary.catalog.aliases)
    }

    /// The day notes' part of a commit built on `base` (whose summary is `summary`): the notes of
    /// the days `bodies` touch and of `changedDates` (notes someone edited) are read — their typed,
    /// changed and removed lines become events, first in the commit — and written anew from the
    /// entries after the commit. Not `recording` (a write with its own commit rules, the widget's
    /// drain): the notes are written over what they say, nothing of theirs is recorded, and a note
    /// with changes of the user's is not remembered as alog's, so the next read records them.
    func dayNoteWork(
        setting: DayNotesSetting, summary: StatusSummary, bodies: [EventBody], ids: [EventID],
        changedDates: Set<CivilDate>, recording: Bool = true
    ) throws -> DayNoteWork {
        let dayStart = setting.dayStart
        var entries: [EventID: Entry] = [:]
        var loaded = Set<CivilDate>()
        var index: TimeIndex?
        func load(_ date: CivilDate) throws {
            guard !loaded.contains(date) else { return }
            loaded.insert(date)
            let start = date.daysSinceEpoch * 86_400 + Int64(dayStart)
            // Offsets reach ±14 h; the next day's timers end a window left running.
            let range = start - 50_400..<start + 2 * 86_400 + 50_400
            if index == nil { index = try timeIndex() }
            for number in index!.rows(from: range.lowerBound, to: range.upperBound) {
                let entry = try index!.entry(number)
                entries[entry.id] = entry
            }
        }
        func date(_ instant: LocalInstant) -> CivilDate { DayNoteClock.noteDate(of: instant, dayStart: dayStart) }
        // The days the command touches: its entries' days, and the days of the entries it changes.
        var dates = changedDates
        var state: LedgerState?
        for body in bodies {
            switch body {
            case .logged(_, let at, _):
                dates.insert(date(at))
            case .started(_, let at, _, _, _, _):
                dates.insert(date(at))
                // A start ends the window of the timer before it, maybe on the day before.
                dates.insert(date(at).adding(days: -1))
            default:
                guard let target = body.target else { continue }
                var entry = summary.recentTimers.first { $0.id == target }
                if entry == nil {
                    if state == nil { state = try self.state() }
                    entry = state!.entry(target)
                }
                guard let entry else { continue }
                dates.insert(date(entry.at))
                entries[entry.id] = entries[entry.id] ?? entry
                if case .edited(_, let changes) = body, let at = changes.at { dates.insert(date(at)) }
            }
        }
        for day in dates { try load(day) }
        let types = Self.dayNoteTypes(summary)
        let beforeByDate = Self.byNoteDate(entries.values, dayStart: dayStart)
        var work = DayNoteWork()
        var readings: [CivilDate: (bytes: [UInt8], reading: DayNoteReading)] = [:]
        var unrecorded = Set<CivilDate>()
        var skipped = Set<CivilDate>()
        let before = entries
        // Read each note against the entries before the commit.
        for day in dates.sorted() {
            let path = DayNote.path(for: day, folder: setting.folder)
            // A folder, a FIFO, a device or a huge file put in a note's place is never read, nor
            // written over: the day is left out of the notes, and said.
            let bytes: [UInt8]
            do {
                guard let read = try FileSystem.readInput(root + "/" + path, limits: Self.dayNoteLimits) else {
                    continue
                }
                bytes = read
            } catch {
                var (isFolder, reason) = (false, error.reason)
                if case .notRegularFile(_, let kind) = error {
                    (isFolder, reason) = (FileSystem.isDirectory(root + "/" + path), "is \(kind), not a note")
                }
                work.report.skipped.append(
                    .dayNoteSkipped(path: root + "/" + path, date: day.iso, isFolder: isFolder, reason: reason))
                skipped.insert(day)
                continue
            }
            let baseline = readDayNoteBaseline(day)
            let dayEntries = Self.dayEntries(day, beforeByDate, dayStart: dayStart)
            // A typed line's id must be no entry's or event's anywhere, deleted ones included (the
            // full state is read only when a note has typed lines).
            let reading = DayNote.read(
                bytes, date: day, entries: dayEntries, types: types, lastWrittenNote: baseline, dayStart: dayStart,
                isTaken: { id in
                    if before[id] != nil || summary.unresolvedTargets.contains(id) { return true }
                    if state == nil { state = try? self.state() }
                    return state.map { $0.entry(id) != nil || $0.otherEventIDs.contains(id) } ?? true
                })
            readings[day] = (bytes, reading)
            work.read.insert(day)
            if !reading.changes.problems.isEmpty { work.withProblems.insert(day) }
            guard recording else {
                if !reading.changes.hasNoEvents { unrecorded.insert(day) }
                continue
            }
            for problem in reading.changes.problems { work.report.problems.append((path, problem)) }
            for log in reading.changes.logs { addLog(log, path: path, to: &work) }
            for edit in reading.changes.edits {
                guard let entry = before[edit.id] else { continue }
                // Fields the ledger already holds are no change (a line another device wrote).
                var changes = Self.effectiveChanges(Self.entryChanges(edit, of: entry), to: entry)
                if changes.clearsEnd, entry.end == nil { changes.clearsEnd = false }
                let (on, off) = (
                    edit.tagsOn.filter { !entry.tags.contains($0) }, edit.tagsOff.filter(entry.tags.contains)
                )
                guard !changes.isEmpty || !on.isEmpty || !off.isEmpty else { continue }
                if !changes.isEmpty { work.add(.edited(target: edit.id, changes: changes)) }
                if !on.isEmpty { work.add(.tagged(target: edit.id, tags: on, on: true)) }
                if !off.isEmpty { work.add(.tagged(target: edit.id, tags: off, on: false)) }
                work.report.edited.append(edit.id)
                if let at = changes.at { dates.insert(date(at)) }
            }
            for delete in reading.changes.deletes {
                work.add(.deleted(target: delete.id))
                work.report.deleted.append((delete.id, delete.text))
            }
        }
        for day in dates { try load(day) }
        // The entries after: the notes' events, then the command's.
        var after = entries
        for (body, id) in zip(work.bodies, work.ids) { DayNoteFold.apply(body, id: id, to: &after) }
        for (body, id) in zip(bodies, ids) { DayNoteFold.apply(body, id: id, to: &after) }
        let afterByDate = Self.byNoteDate(after.values, dayStart: dayStart)
        for day in dates.sorted() {
            let path = DayNote.path(for: day, folder: setting.folder)
            let dayEntries = Self.dayEntries(day, afterByDate, dayStart: dayStart)
            let read = readings[day]
            guard !skipped.contains(day), read != nil || !dayEntries.isEmpty else { continue }
            // A note with changes not recorded here is left for the read that records them.
            guard !unrecorded.contains(day) else { continue }
            let bytes = DayNote.render(date: day, entries: dayEntries, types: types, over: read?.reading)
            work.written.append((day, path, bytes))
            guard bytes != read?.bytes else { continue }
            work.edits.append(
                FileEdit(path: path, content: { _ in bytes }, workingCopyBefore: .some(read?.bytes), readsOld: false))
            work.report.written.append(path)
        }
        return work
    }

    /// Entries by the date of the note that lists them.
    static func byNoteDate(_ entries: some Sequence<Entry>, dayStart: Int) -> [CivilDate: [Entry]] {
        var byDate: [CivilDate: [Entry]] = [:]
        for entry in entries {
            byDate[DayNoteClock.noteDate(of: entry.at, dayStart: dayStart), default: []].append(entry)
        }
        return byDate
    }

    /// A day's note entries: its own, with the next day's timers to end a window left running
    /// (so the cost of a day is the day's, not the ledger's).
    static func dayEntries(_ day: CivilDate, _ byDate: [CivilDate: [Entry]], dayStart: Int) -> [DayNoteEntry] {
        DayNoteEntry.day(day, of: (byDate[day] ?? []) + (byDate[day.adding(days: 1)] ?? []), dayStart: dayStart)
    }

    /// A typed line's events: an instant's log, a running timer's start, or a window's start and
    /// stop (a track).
    func addLog(_ log: DayNoteLog, path: String, to work: inout DayNoteWork) {
        switch zone.resolve(local: log.start.localSeconds) {
        case .unique(let at), .ambiguous(let at, _):
            addLog(log, at: at, to: &work)
        case .skipped:
            // A clock time the clocks skipped (the spring change): said, and left as it is.
            let clock = LocalInstant.clock(log.start.hour * 3600 + log.start.minute * 60, seconds: false)
            let reason = DayNoteProblem.Reason.invalidTime(clock + " (a time the clocks skipped that day)")
            work.report.problems.append((path, DayNoteProblem(line: log.line, text: "", reason: reason)))
        }
    }

    private func addLog(_ log: DayNoteLog, at: LocalInstant, to work: inout DayNoteWork) {
        switch log.end {
        case .instant:
            work.add(.logged(type: log.type, at: at, note: log.note), id: log.id)
        case .running:
            work.add(.started(type: log.type, at: at, note: log.note, goal: nil), id: log.id)
        case .at(let clock):
            work.add(.started(type: log.type, at: at, note: log.note, goal: nil), id: log.id)
            work.add(.stopped(target: log.id, at: zone.instant(forLocal: clock.localSeconds), note: nil))
        }
        if !log.tags.isEmpty {
            work.add(.tagged(target: log.id, tags: log.tags, on: true), id: DayNoteID.forTags(of: log.id))
        }
        work.report.logged.append(log.id)
    }

    /// An edit of a note's line as the ledger's change of `entry`: times on the wall clock of
    /// the entry's own recorded offset, as the line shows them.
    static func entryChanges(_ edit: DayNoteEdit, of entry: Entry) -> EntryChanges {
        func instant(_ clock: DayNoteClock, offset: Int32) -> LocalInstant {
            LocalInstant(seconds: clock.localSeconds - Int64(offset), offset: offset)
        }
        var changes = EntryChanges(type: edit.type, note: edit.note)
        if let start = edit.start {
            // A minute the user left as it was keeps the entry's seconds.
            let moved = instant(start, offset: entry.at.offset)
            if DayNoteClock(entry.at) != start { changes.at = moved }
        }
        switch edit.end {
        case .at(let clock)?:
            if entry.isTimed { changes.end = instant(clock, offset: entry.end?.offset ?? entry.at.offset) }
        case .running?:
            if entry.isTimed { changes.clearsEnd = true }
        case .instant?, nil:
            break
        }
        return changes
    }

    /// After a commit landed: what alog wrote into each note (the baseline of the next read).
    /// A note whose working copy alog could not write (the user saved it meanwhile) is not
    /// remembered: it keeps its previous baseline, and the next read finds the user's version.
    /// The events the notes asked for are listed for `undo`, which leaves them alone.
    func rememberDayNotes(_ work: DayNoteWork, warnings: [Notice]) {
        rememberProblems(read: work.read, withProblems: work.withProblems)
        var skipped = Set<String>()
        for case .workingCopyNotUpdated(let path, _) in warnings { skipped.insert(path) }
        rememberDayNotes(work.written.filter { !skipped.contains($0.path) })
        if !work.ids.isEmpty {
            try? FileSystem.makeDirectories(dayNotesState)
            let line = work.ids.map(\.description).joined(separator: " ") + "\n"
            let old = (try? FileSystem.read(dayNotesState + "events")) ?? []
            _ = try? FileSystem.writeAtomically(dayNotesState + "events", old + Array(line.utf8))
        }
    }

    /// The dates of notes with lines that could not be read: read (and said) by every command.
    var dayNotesWithProblems: Set<CivilDate> {
        guard let text = try? FileSystem.readString(dayNotesState + "problems") else { return [] }
        return Set(text.split(separator: "\n").compactMap { CivilDate(iso: String($0)) })
    }

    func rememberProblems(read: Set<CivilDate>, withProblems: Set<CivilDate>) {
        let known = dayNotesWithProblems
        let now = known.subtracting(read).union(withProblems)
        guard now != known else { return }
        try? FileSystem.makeDirectories(dayNotesState)
        let text = now.sorted().map { $0.iso + "\n" }.joined()
        _ = try? FileSystem.writeAtomically(dayNotesState + "problems", Array(text.utf8))
    }

    /// The ids of the events day notes asked for on this clone (not actions of a command:
    /// `undo` passes over them).
    public var dayNoteEventIDs: Set<String> {
        guard let text = try? FileSystem.readString(dayNotesState + "events") else { return [] }
        return Set(text.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init))
    }

    func rememberDayNotes(_ written: [(date: CivilDate, path: String, bytes: [UInt8])]) {
        guard !written.isEmpty else { return }
        let path = written[0].path
        let folder = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? ""
        if let identity = FileIdentity.of(folder.isEmpty ? root : root + "/" + folder) {
            writeDayNotesState("folder", identity.text)
        }
        for note in written {
            writeDayNoteBaseline(note.date, note.bytes)
            // The note's file as alog left it: not a change of the user's for the next read.
            if let identity = FileIdentity.of(root + "/" + note.path) {
                writeDayNotesState(note.date.iso + ".file", identity.text)
            }
        }
    }

    /// Keeps `bytes` as what alog last wrote into the note of `day`: the next read compares the
    /// note with it line by line. A `CacheFile`, written in place (a rename over the old copy
    /// forced a writeback on ext4 on every write): a copy torn by a crash fails its length and
    /// checksum and is read as none.
    func writeDayNoteBaseline(_ day: CivilDate, _ bytes: [UInt8]) {
        let path = dayNotesState + day.iso + ".md"
        if (try? CacheFile.write(path, key: Self.baselineKey, payload: bytes)) == nil {
            try? FileSystem.makeDirectories(dayNotesState)
            try? CacheFile.write(path, key: Self.baselineKey, payload: bytes)
        }
    }

    /// The key of alog's copy of a day note (`<date>.md`, a `CacheFile`).
    static let baselineKey = "alog day note 1"

    /// alog's copy of the day note of `day` as it last wrote it; nil when there is none, or it
    /// is torn (it fails its check), or in an earlier alog's form.
    func readDayNoteBaseline(_ day: CivilDate) -> [UInt8]? {
        guard let (key, payload) = (try? CacheFile.read(dayNotesState + day.iso + ".md")) ?? nil,
            key == Self.baselineKey
        else { return nil }
        return Array(payload)
    }

    /// Writes one of the day notes' small state files (`folder`, `<date>.file`, `scanned`,
    /// `recent`: one line each) in place, as the setting's cache is (a rename over a file forces
    /// a writeback on ext4, ~0.3 ms each on every command): the line twice, so a write torn by a
    /// crash reads as no file (`readDayNotesState`), which makes the next command look again.
    func writeDayNotesState(_ name: String, _ line: String) {
        let bytes = Array((line + "\n" + line + "\n").utf8)
        if (try? FileSystem.overwrite(dayNotesState + name, bytes)) == nil {
            try? FileSystem.makeDirectories(dayNotesState)
            try? FileSystem.overwrite(dayNotesState + name, bytes)
        }
    }

    /// The line `writeDayNotesState` wrote; nil when there is no such file, or it is torn, or in
    /// an earlier alog's form (one line: read as none once).
    func readDayNotesState(_ name: String) -> Substring? {
        guard let text = try? FileSystem.readString(dayNotesState + name), text.hasSuffix("\n") else { return nil }
        let lines = text.dropLast().split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.count == 2, lines[0] == lines[1] else { return nil }
        return lines[0]
    }

    /// When the last read of the changed notes started (the real clock, nanoseconds): a note
    /// whose file changed since is read again. nil: never (every note is read). `recent`: the
    /// last read of only the recent days' notes.
    func dayNotesScanned(_ name: String = "scanned") -> Int64? {
        readDayNotesState(name).flatMap { Int64($0) }
    }

    func markDayNotesScanned(at nanos: Int64, full: Bool = true) {
        for name in full ? ["scanned", "recent"] : ["recent"] { writeDayNotesState(name, "\(nanos)") }
    }

    /// How many days back a command looks for changed notes (the notes of the last weeks,
    /// where people type); `sync` and `alog notes` look at every note.
    static let recentDays: Int64 = 31

    /// The most of a day note that is read: a day's entries take a few KiB.
    static let dayNoteLimits = FileSystem.InputLimits(maxBytes: 16 << 20, maxLineBytes: nil)

    /// The dates of the day notes whose files changed (their status or content times) since the
    /// last read started, when this read started, how many notes were looked at, and whether
    /// every note was (`all`, a first read, or a folder that gained or lost files since the last
    /// full read); otherwise only the notes of the last `recentDays` days and tomorrow are: the
    /// cost of a command does not grow with the years of notes. One `stat` a note.
    func changedDayNotes(_ setting: DayNotesSetting, all: Bool = true) -> (
        dates: Set<CivilDate>, started: Int64, checked: Int, full: Bool
    ) {
        // File times come from a coarser clock (and some file systems keep whole or 2-second
        // times): a margin, so an edit made just as the last read started is read again.
        let started = SystemClock.nowNanos() - 3_000_000_000
        let fullSince = dayNotesScanned() ?? .min
        let folder = setting.folder.isEmpty ? root : root + "/" + setting.folder
        // The folder changes with every note written (a rename into place): by alog itself when it
        // is as alog left it (`folder`), else files came or went (a pull, a note made by hand).
        let folderIdentity = FileIdentity.of(folder)
        let leftByAlog = readDayNotesState("folder").flatMap { FileIdentity(text: $0) }
        let folderChanged =
            folderIdentity.map { ($0.changed >= fullSince || $0.modified >= fullSince) && $0 != leftByAlog } ?? true
        let full = all || fullSince == .min || folderChanged
        let since = full ? fullSince : max(fullSince, dayNotesScanned("recent") ?? .min)
        var notes: [(name: String, identity: FileIdentity)] = []
        if full {
            // `YYYY-MM-DD.md`: 13 bytes ending in `.md`.
            notes = FileSystem.files(in: folder) { name in
                name.count == 13 && name[10] == UInt8(ascii: ".") && name[11] == UInt8(ascii: "m")
                    && name[12] == UInt8(ascii: "d")
            }
        } else {
            let today = CivilDate(unixMillis: clock()).daysSinceEpoch
            for day in today - Self.recentDays...today + 1 {
                let name = CivilDate(daysSinceEpoch: day).iso + ".md"
                if let identity = FileIdentity.of(folder + "/" + name) { notes.append((name, identity)) }
            }
        }
        var changed = Set<CivilDate>()
        var checked = 0
        for (name, identity) in notes {
            guard identity.changed >= since || identity.modified >= since,
                let date = CivilDate(iso: String(name.dropLast(3)))
            else { continue }
            checked += 1
            // A file exactly as alog itself last wrote it is no change.
            if let written = readDayNotesState(date.iso + ".file"), FileIdentity(text: written) == identity {
                continue
            }
            changed.insert(date)
        }
        return (changed.union(dayNotesWithProblems), started, checked, full)
    }

    /// Reads the day notes someone changed since alog last did (typed lines, changed or removed
    /// entry lines) and commits what they ask for, with the notes written back (ids added), as
    /// one commit. Nothing when day notes are off or no note changed.
    @discardableResult
    public func pickUpDayNotes() throws -> DayNotesReport? {
        guard let setting = try dayNotesSetting() else { return nil }
        let (changed, started, checked, full) = changedDayNotes(setting, all: false)
        guard !changed.isEmpty else {
            // Notes alog itself wrote since the last read: not looked at again.
            if checked > 0 || full { markDayNotesScanned(at: started, full: full) }
            return nil
        }
        let appended = try append([], message: "alog: day notes", dayNotes: .dates(changed))
        markDayNotesScanned(at: started, full: full)
        return appended.dayNotes
    }

    /// Writes the day note of every day that has entries (`alog notes enable`, `alog notes
    /// rebuild`), reading each existing one first, as one commit.
    public func writeAllDayNotes() throws -> DayNotesReport? {
        guard let setting = try dayNotesSetting() else { return nil }
        var dates = Set<CivilDate>()
        let index = try timeIndex()
        for number in 0..<index.count {
            dates.insert(DayNoteClock.noteDate(of: try index.entry(number).at, dayStart: setting.dayStart))
        }
        return try writeDayNotes(dates, setting: setting, message: "alog: day notes written")
    }

    /// The notes of `dates` and every note someone changed, read and written anew as one
    /// commit (every note is looked at for changes).
    private func writeDayNotes(_ dates: Set<CivilDate>, setting: DayNotesSetting, message: String) throws
        -> DayNotesReport?
    {
        let (changed, started, _, _) = changedDayNotes(setting)
        let all = dates.union(changed)
        guard !all.isEmpty else { return nil }
        let appended = try append([], message: message, dayNotes: .dates(all))
        markDayNotesScanned(at: started)
        return appended.dayNotes
    }

    /// After a sync: the notes of the days entries arrived for (and the day before and after,
    /// whatever the day start) and of the notes that came in, read and written anew, with the
    /// notes someone changed, as one commit.
    public func writeDayNotes(afterSync report: SyncOutcome) throws -> DayNotesReport? {
        guard let setting = try dayNotesSetting() else { return nil }
        var dates = Set<CivilDate>()
        for day in report.receivedDays {
            for near in day - 1...day + 1 { dates.insert(CivilDate(daysSinceEpoch: near)) }
        }
        for path in report.notesReceived + report.notesMerged {
            if let date = setting.date(ofNote: path) { dates.insert(date) }
        }
        return try writeDayNotes(dates, setting: setting, message: "alog: day notes after a sync")
    }

    /// Turns day notes on (the setting committed) and writes every day's note; `nil` folder:
    /// the default.
    public func enableDayNotes(_ setting: DayNotesSetting) throws -> DayNotesReport? {
        if let problem = DayNotesSetting.folderProblem(setting.folder) {
            throw VaultError.invalidNotesFolder(setting.folder, reason: problem)
        }
        if try dayNotesSetting() != setting {
            _ = try repo.commit(
                message: "alog: day notes on, in \(setting.folder.isEmpty ? "the vault's top folder" : setting.folder)/"
            ) { _, _ in
                [FileEdit(path: DayNotesSetting.path, content: { _ in setting.bytes })]
            }
            projections.forgetSummary()
        }
        return try writeAllDayNotes()
    }

    /// Turns day notes off (the setting removed); the notes stay as they are.
    public func disableDayNotes() throws -> Bool {
        guard var setting = try dayNotesSetting() else { return false }
        setting.on = false
        _ = try repo.commit(message: "alog: day notes off") { _, _ in
            [FileEdit(path: DayNotesSetting.path, content: { _ in setting.bytes })]
        }
        return true
    }
}

extension Vault {
    /// A day note both sides of a sync changed: merged as a day note (`DayNote.merge`) against
    /// each side's entries of its day and their union; nil when `path` is not a day note of
    /// `setting`, or when the text outside the region changed on both sides.
    ///
    /// With the merged note comes `rendered`: the lines alog itself would write for the same
    /// entries, without what either side's user changed that is not recorded yet. It becomes
    /// the note's record of what alog last wrote (`rememberDayNotesAfterSync`), so the read after
    /// the merge takes as the user's only the lines a user changed, not the other side's
    /// rendering of its own state.
    func mergeDayNote(
        path: String, setting: DayNotesSetting, base: [UInt8]?, ours: [UInt8], theirs: [UInt8],
        states: () throws -> (ours: LedgerState, theirs: LedgerState)
    ) throws -> (merged: [UInt8], rendered: [UInt8])? {
        guard let date = setting.date(ofNote: path) else { return nil }
        let (oursState, theirsState) = try states()
        // The day's entries and the next day's (whose timers end a window left running).
        func day(_ state: LedgerState) -> [Entry] {
            var entries: [Entry] = []
            state.forEachEntry {
                let days =
                    DayNoteClock.noteDate(of: $0.at, dayStart: setting.dayStart).daysSinceEpoch - date.daysSinceEpoch
                if !$0.isDeleted, days == 0 || days == 1 { entries.append($0) }
            }
            return entries
        }
        let (oursEntries, theirsEntries) = (day(oursState), day(theirsState))
        // Their version of an entry both sides have wins here; the sync's fold, and the notes
        // written after it, have the final word.
        var union: [EventID: Entry] = [:]
        for entry in oursEntries + theirsEntries { union[entry.id] = entry }
        let summary = StatusSummary(oursState)
        let types = Self.dayNoteTypes(summary)
        let entries = DayNoteEntry.day(date, of: Array(union.values), dayStart: setting.dayStart)
        let merged = DayNote.merge(
            base: base,
            ours: DayNoteSide(
                bytes: ours, entries: DayNoteEntry.day(date, of: oursEntries, dayStart: setting.dayStart)),
            theirs: DayNoteSide(
                bytes: theirs, entries: DayNoteEntry.day(date, of: theirsEntries, dayStart: setting.dayStart)),
            entries: entries, date: date, types: types, dayStart: setting.dayStart)
        guard case .merged(let bytes) = merged else { return nil }
        return (bytes, DayNote.render(date: date, entries: entries, types: types, over: nil))
    }

    /// After a sync moved the branch to `head`: the record of what alog last wrote into each day
    /// note the sync changed (`paths`, vault-relative) is set to what alog rendered there, so
    /// the read that follows does not take another device's rendering of its own state (a
    /// timer the merged events cut, an import) for the user's edit. A note merged as a day note
    /// gets its merge's rendering (`merged`); a note that came from the remote side (`theirs`)
    /// gets its bytes in the newest commit alog wrote that changed it (found walking back from
    /// `theirs` to `base`, first parents): a plain-git edit made after that commit (a phone's)
    /// stays a change of the user's. No such commit: the record stays as it was.
    func rememberDayNotesAfterSync(
        paths: [String], merged: [String: [UInt8]], theirs: ObjectID, base: ObjectID?
    ) throws {
        guard let setting = try dayNotesSetting(in: try repository.commit(theirs).tree) else { return }
        for path in paths {
            guard let date = setting.date(ofNote: path) else { continue }
            if let rendered = merged[path] ?? (try? renderedByAlog(path, from: theirs, to: base)) ?? nil {
                writeDayNoteBaseline(date, rendered)
            }
        }
    }

    /// The note at `path` in the newest commit from `head` back to `base` (first parents, at most
    /// `renderedWalkLimit` commits) that changed it and that alog wrote (its message starts
    /// `alog: `); nil when there is none, or the note is gone there.
    func renderedByAlog(_ path: String, from head: ObjectID, to base: ObjectID?) throws -> [UInt8]? {
        var current = try repository.commit(head)
        var blob = try repository.treeEntry(atPath: path, in: current.tree)?.id
        for _ in 0..<Self.renderedWalkLimit where current.id != base {
            let parent = try current.parents.first.map { try repository.commit($0) }
            let parentBlob = try parent.flatMap { try repository.treeEntry(atPath: path, in: $0.tree)?.id }
            if blob != parentBlob {
                guard let blob else { return nil }
                if current.message.hasPrefix("alog: ") { return try repository.readBlob(blob) }
            }
            guard let parent else { return nil }
            (current, blob) = (parent, parentBlob)
        }
        return nil
    }

    /// How far back `renderedByAlog` looks: a phone's commits since alog last wrote the note.
    static let renderedWalkLimit = 1_000
}

extension CivilDate {
    /// `YYYY-MM-DD` exactly (LedgerCore's strict date reading, a day's precision), nil for
    /// anything else.
    init?(iso text: String) {
        guard let (date, precision) = CivilDate.parse(text), precision == .day, date.iso == text else { return nil }
        self = date
    }
}
