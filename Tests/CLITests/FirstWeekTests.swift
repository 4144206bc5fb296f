import Foundation
import TestSupport
import Testing

/// Issue 28, items 3 and 4: a timewarrior user's first week with clock times and back-dated
/// timers.
@Suite("A timewarrior user's first week: clock times and back-dated starts")
struct FirstWeekTests {
    func run(_ arguments: [String], _ vault: String, _ home: TemporaryDirectory, now: String) throws -> ProcessResult {
        try alog(
            arguments + ["--vault", vault], home: home.path,
            environment: ["ALOG_NOW": now, "TZ": "Europe/Berlin"])
    }

    func commits(_ vault: String) throws -> String { try git("rev-list", "--count", "HEAD", in: vault).stdout }

    @Test("a clock time later than now is refused with the fix, never taken as yesterday's")
    func futureClockTime() throws {
        let home = TemporaryDirectory()
        let vault = home.sub("vault")
        // 11:10 in Berlin.
        let now = "2026-11-24T10:10:00Z"
        #expect(try run(["init"], vault, home, now: now).succeeded)
        #expect(try run(["types", "add", "work"], vault, home, now: now).succeeded)
        let before = try commits(vault)
        let start = try run(["start", "work", "--at", "13:00"], vault, home, now: now)
        #expect(start.status == 1)
        #expect(start.stderr.contains("13:00 today is 1h 50m from now"), "\(start.stderr)")
        #expect(start.stderr.contains("write 'yesterday 13:00'"))
        #expect(try commits(vault) == before, "nothing written")
        // The same time yesterday is one word away.
        #expect(try run(["start", "work", "--at", "yesterday 13:00", "--goal", "1h"], vault, home, now: now).succeeded)
        // At 10:48, an end at 11:30 is in the future: said as such, not as "before the start".
        let id = try run(["start", "work", "--at", "10:00"], vault, home, now: now).stdout
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let edit = try run(["edit", id, "--end", "11:30"], vault, home, now: "2026-11-24T09:48:00Z")
        #expect(edit.status == 1)
        #expect(edit.stderr.contains("from now"), "\(edit.stderr)")
        #expect(!edit.stderr.contains("before the start"))
        // Within the five minutes allowed for clock differences, still today's.
        #expect(try run(["log", "meal", "--at", "11:13"], vault, home, now: now).succeeded)
    }

    @Test("one rule for a back-dated start: after the running timer's start it switches, before it it ends there")
    func backDatedStart() throws {
        let home = TemporaryDirectory()
        let vault = home.sub("vault")
        let now = "2026-11-24T13:48:00Z"  // 14:48 in Berlin
        #expect(try run(["init"], vault, home, now: now).succeeded)
        #expect(try run(["types", "add", "reading"], vault, home, now: now).succeeded)
        #expect(try run(["start", "exercise", "--at", "14:00"], vault, home, now: now).succeeded)
        // Before the running timer's start: exercise goes on, reading ends where it starts.
        let early = try run(["start", "reading", "--at", "09:00"], vault, home, now: now)
        #expect(early.succeeded, "\(early.stderr)")
        var status =
            try JSONSerialization.jsonObject(
                with: Data(try run(["status", "--json"], vault, home, now: now).stdout.utf8)) as? [String: Any]
        #expect((status?["running"] as? [String: Any])?["type"] as? String == "exercise")
        let history =
            try JSONSerialization.jsonObject(
                with: Data(try run(["history", "--json"], vault, home, now: now).stdout.utf8)) as? [[String: Any]]
        let reading = history?.first { $0["type"] as? String == "reading" }
        #expect(reading?["end"] as? String == "2026-11-24T14:00:00+01:00", "\(String(describing: reading))")
        // After the running timer's start: it is stopped there (a switch).
        #expect(try run(["start", "reading", "--at", "14:30"], vault, home, now: now).succeeded)
        status =
            try JSONSerialization.jsonObject(
                with: Data(try run(["status", "--json"], vault, home, now: now).stdout.utf8)) as? [String: Any]
        #expect((status?["running"] as? [String: Any])?["type"] as? String == "reading")
        // Inside a stopped window: refused, and --adjust trims that timer.
        let inside = try run(["start", "meal", "--at", "14:15"], vault, home, now: now)
        #expect(inside.status == 1)
        #expect(inside.stderr.contains("--adjust"), "\(inside.stderr)")
        #expect(try run(["start", "meal", "--at", "14:15", "--adjust"], vault, home, now: now).succeeded)
        // The help says the same rule.
        let help = try run(["start", "--help"], vault, home, now: now).stdout
            .split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(help.contains("before it, the running timer goes on"), "\(help)")
    }

    @Test(
        "a misspelt type or command suggests the near one; continue, cancel and track do what timewarrior users expect")
    func nearMissesAndAliases() throws {
        let home = TemporaryDirectory()
        let vault = home.sub("vault")
        let now = "2026-11-24T13:48:00Z"  // 14:48 in Berlin
        #expect(try run(["init"], vault, home, now: now).succeeded)
        #expect(try run(["types", "add", "reading"], vault, home, now: now).succeeded)
        let before = try commits(vault)
        let typo = try run(["log", "reding"], vault, home, now: now)
        #expect(typo.status == 1)
        #expect(typo.stderr.contains("did you mean 'reading'?"), "\(typo.stderr)")
        let command = try alog(["lgo", "meal"], home: home.path, environment: ["ALOG_VAULT": vault])
        #expect(command.status != 0)
        #expect(command.stderr.contains("Did you mean 'alog log'?"), "\(command.stderr)")
        #expect(try commits(vault) == before, "nothing written")

        // continue = resume.
        #expect(try run(["start", "reading", "--at", "13:00"], vault, home, now: now).succeeded)
        #expect(try run(["stop", "--at", "13:30"], vault, home, now: now).succeeded)
        let resumed = try run(["continue", "--at", "14:00"], vault, home, now: now)
        #expect(resumed.succeeded, "\(resumed.stderr)")
        var running = try status(vault, home, now: now)["running"] as? [String: Any]
        #expect(running?["type"] as? String == "reading")

        // cancel drops the running timer: nothing of it is left, and undo brings it back.
        let cancelled = try run(["cancel"], vault, home, now: now)
        #expect(cancelled.succeeded, "\(cancelled.stderr)")
        #expect(cancelled.stdout.contains("cancelled reading"))
        #expect(try status(vault, home, now: now)["running"] as? [String: Any] == nil)
        let left = try historyItems(vault, home, now: now)
        #expect(left.count == 1, "only the 13:00–13:30 window is left: \(left)")
        #expect(try run(["cancel"], vault, home, now: now).status == 1, "nothing runs any more")
        #expect(try run(["undo"], vault, home, now: now).succeeded)
        running = try status(vault, home, now: now)["running"] as? [String: Any]
        #expect(running?["type"] as? String == "reading")
        #expect(try run(["stop", "--at", "14:10"], vault, home, now: now).succeeded)

        // track: a closed window in one commit, in timewarrior's words or with options.
        for (words, start, end) in [
            (["9:00", "-", "10:30"], "2026-11-24T09:00:00+01:00", "2026-11-24T10:30:00+01:00"),
            (
                ["from", "yesterday", "21:00", "to", "yesterday", "22:15"], "2026-11-23T21:00:00+01:00",
                "2026-11-23T22:15:00+01:00"
            ),
            (["11:00", "for", "1h30m"], "2026-11-24T11:00:00+01:00", "2026-11-24T12:30:00+01:00"),
            (["--from", "-6d", "--to", "-6d", "--note", "x"], nil, nil),
        ] as [([String], String?, String?)] {
            let commitsBefore = Int(try commits(vault).trimmingCharacters(in: .whitespacesAndNewlines))!
            let tracked = try run(["track", "reading"] + words, vault, home, now: now)
            if start == nil {
                // An empty window (from = to) is refused.
                #expect(tracked.status == 1, "\(words)")
                continue
            }
            #expect(tracked.succeeded, "\(words): \(tracked.stderr)")
            let id = tracked.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            #expect(Int(try commits(vault).trimmingCharacters(in: .whitespacesAndNewlines))! == commitsBefore + 1)
            let item = try historyItems(vault, home, now: now).first { $0["id"] as? String == id }
            #expect(item?["at"] as? String == start, "\(words): \(String(describing: item))")
            #expect(item?["end"] as? String == end, "\(words): \(String(describing: item))")
        }
        // A window over another one is refused and writes nothing; --adjust trims the neighbour.
        let before2 = try commits(vault)
        let overlap = try run(["track", "reading", "10:00", "-", "11:30"], vault, home, now: now)
        #expect(overlap.status == 1)
        #expect(overlap.stderr.contains("overlaps"), "\(overlap.stderr)")
        #expect(try commits(vault) == before2)
        #expect(try run(["track", "reading", "10:00", "-", "10:45", "--adjust"], vault, home, now: now).succeeded)
        // A window that would end in the future is refused like any future time, and writes nothing.
        let before3 = try commits(vault)
        let ahead = try run(["track", "reading", "13:00", "for", "5h"], vault, home, now: now)
        #expect(ahead.status == 1)
        #expect(ahead.stderr.contains("invalid time '13:00 for 5h': it is 3h 12m in the future"), "\(ahead.stderr)")
        #expect(try commits(vault) == before3)
        let bad = try run(["track", "reading", "10:00"], vault, home, now: now)
        #expect(bad.status == 64, "a usage error, as the parser's")
        #expect(bad.stderr.contains("FROM - TO"), "\(bad.stderr)")
        #expect(try git("fsck", "--strict", in: vault).succeeded)
    }

    @Test("a note changed on both devices: sync says its conflict copy is committed in the merge, and it is (item 8)")
    func conflictCopyIsCommittedAndSaid() throws {
        let home = TemporaryDirectory()
        let remote = home.sub("shared.git")
        #expect(try git("init", "-q", "--bare", "-b", "main", remote, in: home.path).succeeded)
        let laptop = home.sub("laptop")
        let phone = home.sub("phone")
        let now = "2026-11-24T13:48:00Z"
        #expect(try run(["init"], laptop, home, now: now).succeeded)
        try writeFile(laptop + "/Todo.md", "buy milk\n")
        #expect(try git("add", "Todo.md", in: laptop).succeeded)
        #expect(try git("commit", "-qm", "todo", in: laptop).succeeded)
        #expect(try run(["remote", "add", "origin", remote], laptop, home, now: now).succeeded)
        #expect(try run(["sync"], laptop, home, now: now).succeeded)
        #expect(
            try alog(["clone", remote, "--vault", phone], home: home.path, environment: ["ALOG_NOW": now]).succeeded)
        var said = ""
        for (vault, text) in [(phone, "buy oat milk\n"), (laptop, "buy milk and bread\n")] {
            try writeFile(vault + "/Todo.md", text)
            #expect(try git("commit", "-qam", "edit", in: vault).succeeded)
            let sync = try run(["sync"], vault, home, now: now)
            #expect(sync.succeeded, "\(sync.stderr)")
            said = sync.stdout
        }
        #expect(said.contains("conflict: Todo.md"), "\(said)")
        #expect(said.contains("committed in the merge"), "\(said)")
        let synced = try run(["sync"], phone, home, now: now)
        // The laptop merged: its version is the copy, said and committed.
        let head = try git("show", "--stat", "--format=%s", "HEAD", in: laptop).stdout
        #expect(head.contains("Todo (conflict "), "the copy is in the merge commit: \(head)")
        #expect(try git("status", "--porcelain", in: laptop).stdout.isEmpty)
        #expect(synced.succeeded)
        let copies = try FileManager.default.contentsOfDirectory(atPath: phone).filter {
            $0.hasPrefix("Todo (conflict ")
        }
        #expect(copies.count == 1, "the phone has the copy after its next sync")
        #expect(try readFile(phone + "/Todo.md") == "buy oat milk\n")
    }

    @Test(
        "history rows: windows in one column, the zone marker after them, an end on another day with its date, a repeated hour with its offset (item 9)"
    )
    func historyRows() throws {
        let home = TemporaryDirectory()
        let vault = home.sub("vault")
        let now = "2026-11-25T10:00:00Z"  // 11:00 in Berlin
        #expect(try run(["init"], vault, home, now: now).succeeded)
        #expect(try run(["start", "reading", "--at", "yesterday 23:45"], vault, home, now: now).status == 1)
        #expect(try run(["types", "add", "reading"], vault, home, now: now).succeeded)
        #expect(try run(["track", "reading", "yesterday 23:45", "-", "00:45"], vault, home, now: now).succeeded)
        #expect(
            try run(["log", "meal", "--at", "2026-11-25T02:00:00-05:00", "--note", "late"], vault, home, now: now)
                .succeeded)
        #expect(try run(["log", "wake", "--at", "2026-10-25T02:30:00+02:00"], vault, home, now: now).succeeded)
        #expect(try run(["log", "wake", "--at", "2026-10-25T02:30:00+01:00"], vault, home, now: now).succeeded)
        #expect(try run(["start", "exercise", "--at", "10:30"], vault, home, now: now).succeeded)
        let rows = try run(["history"], vault, home, now: now).stdout.split(separator: "\n").map(String.init)
        #expect(rows.count == 5, "\(rows)")
        let running = try #require(rows.first { $0.contains("exercise") })
        let midnight = try #require(rows.first { $0.contains("reading") })
        let elsewhere = try #require(rows.first { $0.contains("meal") })
        // The window follows the id after two spaces, running or ended (no extra space).
        #expect(midnight.hasPrefix("23:45  2026-11-24"), "\(midnight)")
        #expect(midnight.contains("–00:45 2026-11-25 (1h)"), "the end's date: \(midnight)")
        let id = { (row: String) in String(row.split(separator: " ").first { $0.count == 12 } ?? "") }
        #expect(running.contains(id(running) + "  running (30m)"), "\(running)")
        #expect(midnight.contains(id(midnight) + "  –00:45 2026-11-25 (1h)"), "\(midnight)")
        // The other zone's marker comes after the window column (as wide as its widest), then the note.
        #expect(elsewhere.hasPrefix("08:00  2026-11-25"), "\(elsewhere)")
        let blank = String(repeating: " ", count: "–00:45 2026-11-25 (1h)".count)
        #expect(elsewhere.contains(id(elsewhere) + "  " + blank + "  (02:00 -05:00)  late"), "\(elsewhere)")
        // The hour repeated when the clocks went back: the two 02:30s carry their offsets.
        let repeated = rows.filter { $0.hasPrefix("02:30  2026-10-25") }
        #expect(repeated.count == 2)
        #expect(repeated.first?.hasSuffix("(+01:00)") == true, "the later one first: \(repeated)")
        #expect(repeated.last?.hasSuffix("(+02:00)") == true, "\(repeated)")
    }

    @Test("history on a terminal shows a screenful and says how many are left out; in a pipe, all (item 9)")
    func historyScreenful() throws {
        let home = TemporaryDirectory()
        let vault = home.sub("vault")
        let now = "2026-11-25T10:00:00Z"
        #expect(try run(["init"], vault, home, now: now).succeeded)
        for minute in 0..<30 {
            #expect(try run(["log", "meal", "--at", "-\(minute + 1)m"], vault, home, now: now).succeeded)
        }
        #expect(try run(["history"], vault, home, now: now).stdout.split(separator: "\n").count == 30)
        let command = "stty rows 12 cols 120; \(productsDirectory)/alog history --vault \(vault)"
        let terminal = try runProcess(
            "/usr/bin/script", ["-qec", command, "/dev/null"],
            environment: [
                "ALOG_NOW": now, "TZ": "Europe/Berlin", "XDG_CONFIG_HOME": home.sub("config"), "PATH": "/usr/bin:/bin",
            ])
        let lines = terminal.stdout.split(whereSeparator: \.isNewline)  // a terminal's lines end in \r\n
        #expect(lines.count == 11, "a screen of 12 rows: 10 entries and the line that says so: \(terminal.stdout)")
        #expect(terminal.stdout.contains("the newest 10 of 30 entries"), "\(terminal.stdout)")
    }

    @Test("undo after track takes the whole window back; after stop, only the stop")
    func undoTrack() throws {
        let home = TemporaryDirectory()
        let vault = home.sub("vault")
        let now = "2026-11-24T13:48:00Z"
        #expect(try run(["init"], vault, home, now: now).succeeded)
        #expect(try run(["types", "add", "work"], vault, home, now: now).succeeded)
        #expect(try run(["track", "work", "9:00", "-", "10:00"], vault, home, now: now).succeeded)
        let undone = try run(["undo"], vault, home, now: now)
        #expect(undone.stdout.contains("deleted timer"), "\(undone.stdout)")
        #expect(try historyItems(vault, home, now: now).isEmpty, "nothing is left running or stopped")
        #expect(try status(vault, home, now: now)["running"] as? [String: Any] == nil)
    }

    func status(_ vault: String, _ home: TemporaryDirectory, now: String) throws -> [String: Any] {
        let text = try run(["status", "--json"], vault, home, now: now).stdout
        return try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] ?? [:]
    }

    func historyItems(_ vault: String, _ home: TemporaryDirectory, now: String) throws -> [[String: Any]] {
        let text = try run(["history", "--json"], vault, home, now: now).stdout
        let object = try JSONSerialization.jsonObject(with: Data(text.utf8))
        return (object as? [[String: Any]]) ?? ((object as? [String: Any])?["items"] as? [[String: Any]]) ?? []
    }
}
