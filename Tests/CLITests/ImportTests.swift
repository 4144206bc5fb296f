import Foundation
import TestSupport
import Testing

/// Issue 23, import: timewarrior's data and Watson's frames become timer entries in one commit,
/// idempotently; bad records stop the import with file, line and why; the totals agree with
/// Watson's own report on the same data.
@Suite("alog import")
struct ImportTests {
    let now = "2026-11-25T12:00:00Z"

    func run(_ arguments: [String], _ vault: String, _ home: TemporaryDirectory, zone: String = "UTC") throws
        -> ProcessResult
    {
        try alog(arguments + ["--vault", vault], home: home.path, environment: ["ALOG_NOW": now, "TZ": zone])
    }

    func commits(_ vault: String) throws -> Int {
        Int(try git("rev-list", "--count", "HEAD", in: vault).stdout.trimmingCharacters(in: .whitespacesAndNewlines))!
    }

    /// timewarrior's own serialisation: tags sorted and quoted when they hold a space, `# #`
    /// before an annotation without tags, an open interval without an end.
    static let data = """
        inc 20261120T090000Z - 20261120T100000Z # "deep focus" work
        inc 20261120T110000Z - 20261120T113000Z # # "said \\"hi\\" # not a tag"
        inc 20261120T120000Z - 20261120T123000Z # reading # "chapter 3"
        inc 20261121T080000Z # open

        """

    @Test(
        "timewarrior: one commit, types defined on request, notes kept, idempotent, an open interval closed later, undone as one"
    )
    func timewarrior() throws {
        let home = TemporaryDirectory()
        let vault = home.sub("vault")
        #expect(try run(["init"], vault, home).succeeded)
        try FileManager.default.createDirectory(atPath: home.sub("tw/data"), withIntermediateDirectories: true)
        try writeFile(home.sub("tw/data/2026-11.data"), Self.data)
        let before = try commits(vault)
        let refused = try run(["import", "timewarrior", home.sub("tw")], vault, home)
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("deep-focus, open, reading, untagged"), "\(refused.stderr)")
        #expect(try commits(vault) == before, "nothing written")
        let imported = try run(["import", "timewarrior", home.sub("tw"), "--define-types", "--json"], vault, home)
        #expect(imported.succeeded, "\(imported.stderr)")
        let summary = try JSONSerialization.jsonObject(with: Data(imported.stdout.utf8)) as? [String: Any]
        #expect(summary?["added"] as? Int == 4)
        #expect(try commits(vault) == before + 1, "one commit")
        let history =
            try JSONSerialization.jsonObject(
                with: Data(try run(["history", "--json"], vault, home).stdout.utf8)) as? [[String: Any]] ?? []
        let byType = Dictionary(uniqueKeysWithValues: history.map { ($0["type"] as! String, $0) })
        #expect(byType["deep-focus"]?["note"] == nil, "the tags are tags, not a note")
        let tags = try run(["tags", "--json"], vault, home).stdout
        #expect(
            tags.contains(#"{"tag":"deep focus","count":1,"seconds":3600}"#)
                && tags.contains(#"{"tag":"work","count":1,"seconds":3600}"#)
                && tags.contains(#"{"tag":"reading","count":1,"seconds":1800}"#), "every tag kept: \(tags)")
        #expect(byType["untagged"]?["note"] as? String == "said \"hi\" # not a tag")
        #expect(byType["reading"]?["seconds"] as? Int == 1800)
        #expect(byType["open"]?["end"] == nil, "the open interval runs")
        // Again: nothing new, no commit.
        let again = try run(["import", "timewarrior", home.sub("tw"), "--define-types"], vault, home)
        #expect(again.stdout.contains("imported 0 entries") && again.stdout.contains("4 already in the vault"))
        #expect(try commits(vault) == before + 1)
        // The open interval closed in timewarrior: only its stop is added.
        try writeFile(
            home.sub("tw/data/2026-11.data"),
            Self.data.replacingOccurrences(
                of: "inc 20261121T080000Z # open", with: "inc 20261121T080000Z - 20261121T093000Z # open"))
        let closed = try run(["import", "timewarrior", home.sub("tw")], vault, home)
        #expect(closed.stdout.contains("1 open before and closed now"), "\(closed.stdout)")
        let report =
            try JSONSerialization.jsonObject(
                with: Data(try run(["report", ":all", "--json", "--type", "open"], vault, home).stdout.utf8))
            as? [String: Any]
        #expect((report?["total"] as? [String: Any])?["seconds"] as? Int == 5400)
        // Take the first import back as one action: the windows go; the import can be done again.
        #expect(try run(["undo"], vault, home).succeeded)
        #expect(try run(["undo"], vault, home).succeeded)
        #expect(try run(["history", "--json"], vault, home).stdout == "[]\n")
        #expect(try git("fsck", "--strict", in: vault).succeeded)
    }

    @Test(
        "klog: a folder of .klg files in one commit, in the reader's zone; durations refused by line; a second import adds nothing"
    )
    func klog() throws {
        let home = TemporaryDirectory()
        let vault = home.sub("vault")
        let zone = "Europe/Berlin"
        #expect(try run(["init"], vault, home, zone: zone).succeeded)
        let folder = home.sub("klog")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try writeFile(
            folder + "/2024.klg",
            """
            2024-03-30 (8h!)
            Before the clocks change #work
                8:00 - 9:30 mail #admin
                9:30am - 12:15pm #coding the importer
                23:00 - 1:30> #reading across the night and the change
                1h #gym

            """)
        try writeFile(folder + "/later.klg", "2024-04-02\n\t14:00 - ? #coding\n")
        try writeFile(folder + "/notes.txt", "not klog\n")
        let before = try commits(vault)
        let refused = try run(["import", "klog", folder, "--define-types"], vault, home, zone: zone)
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("2024.klg:6: the duration '1h' has no start time"), "\(refused.stderr)")
        #expect(try commits(vault) == before)

        let imported = try run(["import", "klog", folder, "--define-types", "--skip-invalid"], vault, home, zone: zone)
        #expect(imported.succeeded, "\(imported.stderr)")
        #expect(imported.stdout.hasPrefix("imported 4 entries from klog in one commit"), "\(imported.stdout)")
        #expect(try commits(vault) == before + 1)
        // 23:00 to 01:30 across the night the clocks go forward (02:00 → 03:00 is later, on the
        // 31st): 2.5 h. The open range runs (nothing later).
        let report = try run(["report", ":all", "--json"], vault, home, zone: zone)
        for row in [#""key":"admin","seconds":5400,"count":1"#, #""key":"reading","seconds":9000,"count":1"#] {
            #expect(report.stdout.contains(row), "\(report.stdout)")
        }
        #expect(report.stdout.contains(#""key":"coding","#) && report.stdout.contains(#""running":true"#))
        let status = try run(["status", "--json"], vault, home, zone: zone)
        #expect(status.stdout.contains(#""running":{"entry":"#), "\(status.stdout)")
        let history = try run(["history", "--json"], vault, home, zone: zone)
        #expect(history.stdout.contains(#""at":"2024-03-30T09:30:00+01:00""#), "\(history.stdout)")
        #expect(history.stdout.contains(#""end":"2024-03-31T01:30:00+01:00""#), "\(history.stdout)")

        // A stop's id shares its entry's first 8 characters (the packed repository stores them
        // once), and is never the entry's own.
        let audit = try JSONSerialization.jsonObject(with: Data(try run(["audit", "--json"], vault, home).stdout.utf8))
        let stops = (audit as? [[String: Any]] ?? []).filter { $0["kind"] as? String == "stop" }
        #expect(stops.count == 3)
        for stop in stops {
            let (id, target) = (stop["id"] as? String ?? "", stop["target"] as? String ?? "")
            #expect(id.prefix(8) == target.prefix(8) && id != target, "\(id) \(target)")
        }
        let again = try run(["import", "klog", folder, "--define-types", "--skip-invalid"], vault, home, zone: zone)
        #expect(again.stdout.hasPrefix("imported 0 entries from klog"), "\(again.stdout)")
        #expect(try commits(vault) == before + 1)
        #expect(try git("fsck", "--strict", in: vault).succeeded)
        #expect(try run(["import", "klog", home.path], vault, home).stderr.contains("holds no klog files"))
    }

    @Test("a record that cannot be read stops the import with file and line; --skip-invalid imports the rest")
    func badRecords() throws {
        let home = TemporaryDirectory()
        let vault = home.sub("vault")
        #expect(try run(["init"], vault, home).succeeded)
        let file = home.sub("2026-11.data")
        let bad = [
            "inc 20261120T090000Z - 20261120T100000Z # work", "inc 2026-11-20 - 20261120T100000Z # x",
            "exc 20261120T090000Z", "inc 20261120T110000Z - 20261120T100000Z # late",
            "inc 20261120T130000Z # \"open quote", "inc 20261131T090000Z # bad-date", "inc 20261120T150000Z - # x",
        ]
        for (index, line) in bad.enumerated().dropFirst() {
            try writeFile(file, bad[0] + "\n" + line + "\n")
            let result = try run(["import", "timewarrior", file, "--define-types"], vault, home)
            #expect(result.status == 1, "\(line)")
            #expect(result.stderr.contains("\(file):2: "), "\(index): \(result.stderr)")
            #expect(try run(["history", "--json"], vault, home).stdout == "[]\n", "nothing written: \(line)")
        }
        try writeFile(file, bad.joined(separator: "\n") + "\n")
        let skipping = try run(["import", "timewarrior", file, "--define-types", "--skip-invalid"], vault, home)
        #expect(skipping.succeeded, "\(skipping.stderr)")
        #expect(skipping.stdout.contains("imported 1 entry"), "\(skipping.stdout)")
        #expect(skipping.stdout.components(separatedBy: "skipped ").count - 1 == bad.count - 1, "\(skipping.stdout)")
        let frames = home.sub("frames")
        try writeFile(
            frames,
            "[[1763600000, 1763603600, \"work\", \"a1\", [\"x\"], 1763603600], [1, \"no\", \"p\", \"b2\", [], 1]]")
        let watson = try run(["import", "watson", frames, "--define-types"], vault, home)
        #expect(watson.status == 1)
        #expect(watson.stderr.contains("frame 2: the stop is not a time"), "\(watson.stderr)")
        #expect(try run(["import", "watson", home.sub("missing")], vault, home).stderr.contains("does not exist"))
        let garbage = home.sub("garbage")
        try writeFile(garbage, "{not json")
        #expect(try run(["import", "watson", garbage], vault, home).stderr.contains("not a Watson frames file"))
    }

    @Test(
        "Watson: the totals per project, and per tag, equal watson report's on the same frames",
        .enabled(if: ImportTests.watson != nil))
    func watsonOracle() throws {
        let home = TemporaryDirectory()
        let vault = home.sub("vault")
        #expect(try run(["init"], vault, home).succeeded)
        var rng = SplitMix(state: 42)
        var frames: [String] = []
        var at: Int64 = 1_763_000_000
        for index in 0..<400 {
            at += Int64.random(in: 0...7200, using: &rng)
            let end = at + Int64.random(in: 60...20_000, using: &rng)
            let project = ["write", "Read Books", "code", "admin"].randomElement(using: &rng)!
            let tags = ["deep", "Client X", "t\(index % 3)"].filter { _ in Bool.random(using: &rng) }
            let list = tags.map { "\"\($0)\"" }.joined(separator: ", ")
            frames.append("[\(at), \(end), \"\(project)\", \"id\(index)\", [\(list)], \(end)]")
            at = end
        }
        try FileManager.default.createDirectory(atPath: home.sub("watson"), withIntermediateDirectories: true)
        try writeFile(home.sub("watson/frames"), "[\n" + frames.joined(separator: ",\n") + "\n]\n")
        #expect(try run(["import", "watson", home.sub("watson"), "--define-types"], vault, home).succeeded)
        let ours =
            try JSONSerialization.jsonObject(
                with: Data(try run(["report", ":all", "--json"], vault, home).stdout.utf8)) as? [String: Any]
        let theirs = try runProcess(
            Self.watson!, ["report", "--all", "--json"],
            environment: ["WATSON_DIR": home.sub("watson"), "TZ": "UTC", "HOME": home.path, "PATH": "/usr/bin:/bin"])
        #expect(theirs.succeeded, "\(theirs.stderr)")
        let projects =
            (try JSONSerialization.jsonObject(with: Data(theirs.stdout.utf8)) as? [String: Any])?["projects"]
            as? [[String: Any]] ?? []
        let watsonTotals = Dictionary(
            uniqueKeysWithValues: projects.map {
                (
                    ($0["name"] as! String).lowercased().replacingOccurrences(of: " ", with: "-"),
                    Int(($0["time"] as! Double).rounded())
                )
            })
        let alogTotals = Dictionary(
            uniqueKeysWithValues: (ours?["rows"] as? [[String: Any]] ?? []).map {
                ($0["key"] as! String, $0["seconds"] as! Int)
            })
        #expect(alogTotals == watsonTotals)
        // Each tag: watson report -T TAG against alog report --tag TAG.
        for tag in ["deep", "Client X", "t0", "t1", "t2"] {
            let report = try runProcess(
                Self.watson!, ["report", "--all", "--json", "-T", tag],
                environment: [
                    "WATSON_DIR": home.sub("watson"), "TZ": "UTC", "HOME": home.path, "PATH": "/usr/bin:/bin",
                ])
            let total = (try JSONSerialization.jsonObject(with: Data(report.stdout.utf8)) as? [String: Any])?["time"]
            let alog =
                try JSONSerialization.jsonObject(
                    with: Data(try run(["report", ":all", "--json", "--tag", tag], vault, home).stdout.utf8))
                as? [String: Any]
            #expect(
                ((alog?["total"] as? [String: Any])?["seconds"] as? Int)
                    == (total as? Double).map { Int($0.rounded()) },
                "\(tag): watson \(String(describing: total))")
        }
        // The way back: every frame with its own id, times and tags (the project is the type
        // alog made of it), and Watson reads the export as the same time.
        func frameFacts(_ text: String) throws -> [String] {
            let frames = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[Any]])
            return frames.map { "\($0[0]) \($0[1]) \($0[3]) \(($0[4] as? [String] ?? []).sorted())" }.sorted()
        }
        let exported = try run(["export", "--format", "watson"], vault, home)
        #expect(exported.succeeded, "\(exported.stderr)")
        #expect(try frameFacts(exported.stdout) == frameFacts("[" + frames.joined(separator: ",") + "]"))
        try FileManager.default.createDirectory(atPath: home.sub("back"), withIntermediateDirectories: true)
        try writeFile(home.sub("back/frames"), exported.stdout)
        let back = try runProcess(
            Self.watson!, ["report", "--all", "--json"],
            environment: ["WATSON_DIR": home.sub("back"), "TZ": "UTC", "HOME": home.path, "PATH": "/usr/bin:/bin"])
        #expect(back.succeeded, "\(back.stderr)")
        #expect(
            (try JSONSerialization.jsonObject(with: Data(back.stdout.utf8)) as? [String: Any])?["time"] as? Double
                == (try JSONSerialization.jsonObject(with: Data(theirs.stdout.utf8)) as? [String: Any])?["time"]
                as? Double)
    }

    @Test("export as CSV, and round trips: export, import into a new vault, export again gives the same bytes")
    func exportRoundTrip() throws {
        let home = TemporaryDirectory()
        let vault = home.sub("vault")
        #expect(try run(["init"], vault, home, zone: "Europe/Berlin").succeeded)
        #expect(try run(["types", "add", "work", "--group", "job"], vault, home, zone: "Europe/Berlin").succeeded)
        for (from, to, note) in [
            ("2026-11-20T09:00", "2026-11-20T10:30", "plan, \"draft\""), ("2026-11-21T23:00", "2026-11-22T01:00", ""),
        ] {
            #expect(
                try run(
                    ["track", "work", "--from", from, "--to", to] + (note.isEmpty ? [] : ["--note", note]), vault, home,
                    zone: "Europe/Berlin"
                ).succeeded)
        }
        #expect(try run(["log", "meal", "--at", "2026-11-21T12:00"], vault, home, zone: "Europe/Berlin").succeeded)
        let csv = try run(["export", "--format", "csv", "--month", "2026-11"], vault, home, zone: "Europe/Berlin")
            .stdout
        let rows = csv.components(separatedBy: "\r\n")
        #expect(rows[0] == "id,type,group,start,end,seconds,note")
        #expect(
            rows[1].hasSuffix(
                ",work,job,2026-11-20T09:00:00+01:00,2026-11-20T10:30:00+01:00,5400,\"plan, \"\"draft\"\"\""),
            "\(rows[1])")
        #expect(
            rows[2].contains(",meal,food,2026-11-21T12:00:00+01:00,,,"), "an instant: no end, no seconds: \(rows[2])")
        #expect(rows.count == 5 && rows[4].isEmpty)
        for format in ["timewarrior", "watson"] {
            let first = try run(["export", "--format", format], vault, home, zone: "Europe/Berlin").stdout
            let file = home.sub("export.\(format)")
            try writeFile(file, first)
            let fresh = home.sub("fresh-\(format)")
            #expect(try run(["init"], fresh, home, zone: "Europe/Berlin").succeeded)
            let imported = try run(["import", format, file, "--define-types"], fresh, home, zone: "Europe/Berlin")
            #expect(imported.stdout.contains("imported 2 entries"), "\(format): \(imported.stdout) \(imported.stderr)")
            let second = try run(["export", "--format", format], fresh, home, zone: "Europe/Berlin").stdout
            // Watson's frame ids too: an imported frame keeps its id for the way back.
            #expect(second == first, "\(format): the same bytes")
        }
        #expect(try run(["export", "--format", "yaml"], vault, home).status == 64)
    }

    @Test("CSV: export, import into a new vault, export again gives the same bytes; a second import adds nothing")
    func csvRoundTrip() throws {
        let home = TemporaryDirectory()
        let vault = home.sub("vault")
        #expect(try run(["init"], vault, home, zone: "Europe/Berlin").succeeded)
        #expect(try run(["types", "add", "work", "--group", "job"], vault, home, zone: "Europe/Berlin").succeeded)
        #expect(
            try run(
                [
                    "track", "work", "--from", "2026-11-20T09:00", "--to", "2026-11-20T10:30", "--note",
                    "plan, \"draft\"\nline 2",
                ],
                vault, home, zone: "Europe/Berlin"
            ).succeeded)
        // Logged on a trip: the entry keeps +05:45.
        #expect(try run(["log", "wake", "--at", "2026-11-22T06:00"], vault, home, zone: "Asia/Kathmandu").succeeded)
        #expect(try run(["log", "meal", "--at", "2026-11-21T12:00"], vault, home, zone: "Europe/Berlin").succeeded)
        #expect(
            try run(["start", "exercise", "--at", "2026-11-25T08:00"], vault, home, zone: "Europe/Berlin").succeeded)
        let first = try run(["export", "--format", "csv"], vault, home, zone: "Europe/Berlin").stdout
        #expect(first.contains("2026-11-22T06:00:00+05:45"), "\(first)")
        let file = home.sub("export.csv")
        try writeFile(file, first)
        let fresh = home.sub("fresh")
        #expect(try run(["init"], fresh, home, zone: "Europe/Berlin").succeeded)
        let refused = try run(["import", "csv", file], fresh, home, zone: "Europe/Berlin")
        #expect(refused.status == 1 && refused.stderr.contains("work") && refused.stderr.contains("--define-types"))
        #expect(try commits(fresh) == 1, "a refused import writes nothing")
        let imported = try run(["import", "csv", file, "--define-types"], fresh, home, zone: "Europe/Berlin")
        #expect(
            imported.stdout.contains("imported 4 entries from csv in one commit"),
            "\(imported.stdout) \(imported.stderr)")
        let second = try run(["export", "--format", "csv"], fresh, home, zone: "Europe/Berlin").stdout
        #expect(second == first, "the same bytes: ids, offsets, groups, notes and the running timer")
        let again = try run(["import", "csv", file], fresh, home, zone: "Europe/Berlin")
        #expect(again.stdout.contains("imported 0 entries") && again.stdout.contains("4 already in the vault"))
        #expect(try commits(fresh) == 2)
        // A damaged row stops the import with file and line; --skip-invalid takes the rest.
        try writeFile(file, "type,start,end\nmeal,2026-11-23 08:00,\nmeal,yesterday,\n")
        let stopped = try run(["import", "csv", file], fresh, home, zone: "Europe/Berlin")
        #expect(stopped.status == 1 && stopped.stderr.contains("export.csv:3: start 'yesterday'"), "\(stopped.stderr)")
        #expect(try commits(fresh) == 2)
        let skipped = try run(["import", "csv", file, "--skip-invalid"], fresh, home, zone: "Europe/Berlin")
        #expect(skipped.stdout.contains("imported 1 entry") && skipped.stdout.contains("skipped"), "\(skipped.stdout)")
        let meal = try run(["history", "--json", "--type", "meal"], fresh, home, zone: "Europe/Berlin").stdout
        #expect(meal.contains("2026-11-23T08:00:00+01:00"), "a time without an offset is the reader's: \(meal)")
    }

    @Test(
        "timewarrior's tags: a prefix or a map file chooses the type, every tag stays a tag, re-import and undo keep them"
    )
    func typeRules() throws {
        let home = TemporaryDirectory()
        let data = """
            inc 20261120T090000Z - 20261120T100000Z # client-acme code deep
            inc 20261120T110000Z - 20261120T113000Z # admin client-zeta
            inc 20261120T120000Z - 20261120T123000Z # music # "on the way"

            """
        try writeFile(home.sub("2026-11.data"), data)
        func tags(_ vault: String) throws -> String { try run(["tags", "--json"], vault, home).stdout }
        func types(_ vault: String) throws -> [String: Int] {
            let report =
                try JSONSerialization.jsonObject(
                    with: Data(try run(["report", ":all", "--json"], vault, home).stdout.utf8)) as? [String: Any]
            return Dictionary(
                uniqueKeysWithValues: (report?["rows"] as? [[String: Any]] ?? []).map {
                    ($0["key"] as! String, $0["seconds"] as! Int)
                })
        }

        // A prefix: the first tag starting with it, without it; a record without one: its first tag.
        let prefixed = home.sub("prefixed")
        #expect(try run(["init"], prefixed, home).succeeded)
        let byPrefix = try run(
            ["import", "timewarrior", home.sub("2026-11.data"), "--type-from", "prefix:client-", "--define-types"],
            prefixed, home)
        #expect(byPrefix.succeeded, "\(byPrefix.stderr)")
        #expect(try types(prefixed) == ["acme": 3600, "zeta": 1800, "music": 1800])
        let kept = try tags(prefixed)
        for tag in ["client-acme", "code", "deep", "admin", "client-zeta", "music"] {
            #expect(kept.contains(#""tag":"\#(tag)""#), "\(tag) kept: \(kept)")
        }

        // A map file: a bad line is refused with file:line and nothing is written.
        let mapped = home.sub("mapped")
        #expect(try run(["init"], mapped, home).succeeded)
        let before = try commits(mapped)
        try writeFile(home.sub("types.map"), "# tag = type\ncode = programming\ndeep focus\n")
        let refused = try run(
            ["import", "timewarrior", home.sub("2026-11.data"), "--type-map", home.sub("types.map"), "--define-types"],
            mapped, home)
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("types.map:3: expected 'TAG = TYPE'"), "\(refused.stderr)")
        #expect(try commits(mapped) == before, "nothing written")
        try writeFile(home.sub("types.map"), "# tag = type\ncode = programming\nadmin = Office Work\n")
        let badType = try run(
            ["import", "timewarrior", home.sub("2026-11.data"), "--type-map", home.sub("types.map"), "--define-types"],
            mapped, home)
        #expect(badType.status == 1 && badType.stderr.contains("types.map:3: 'Office Work' is not a type name"))
        try writeFile(home.sub("types.map"), "code = programming\n  admin=office \n")
        let byMap = try run(
            ["import", "timewarrior", home.sub("2026-11.data"), "--type-map", home.sub("types.map"), "--define-types"],
            mapped, home)
        #expect(byMap.succeeded, "\(byMap.stderr)")
        // Unmapped records fall back to the first tag.
        #expect(try types(mapped) == ["programming": 3600, "office": 1800, "music": 1800])
        #expect(try commits(mapped) == before + 1)

        // Again: nothing new, not even a tag event; undone, then imported again: back with its tags.
        let again = try run(
            ["import", "timewarrior", home.sub("2026-11.data"), "--type-map", home.sub("types.map")], mapped, home)
        #expect(again.stdout.contains("imported 0 entries"), "\(again.stdout)")
        #expect(try commits(mapped) == before + 1)
        let tagged = try tags(mapped)
        // Undone: its entries and the types it defined go; the same data imported again with
        // --define-types brings back both, with every tag.
        #expect(try run(["undo"], mapped, home).succeeded)
        #expect(try tags(mapped) == "[]\n", "undone: no entry carries a tag")
        let gone = try run(["types", "--json"], mapped, home).stdout
        #expect(!gone.contains(#""programming""#) && !gone.contains(#""office""#) && !gone.contains(#""music""#))
        let refusedType = try run(
            ["import", "timewarrior", home.sub("2026-11.data"), "--type-map", home.sub("types.map")], mapped, home)
        #expect(refusedType.status == 1, "a removed type is not brought back unasked")
        let restored = try run(
            ["import", "timewarrior", home.sub("2026-11.data"), "--type-map", home.sub("types.map"), "--define-types"],
            mapped, home)
        #expect(restored.stdout.contains("3 brought back"), "\(restored.stdout)")
        #expect(try tags(mapped) == tagged)
        #expect(try types(mapped) == ["programming": 3600, "office": 1800, "music": 1800])
        #expect(try git("fsck", "--strict", in: mapped).succeeded)
    }

    @Test("undo of an import keeps a type it defined that another device has logged since", .tags(.process))
    func undoKeepsUsedTypes() throws {
        let home = TemporaryDirectory()
        let (here, there, hub) = (home.sub("here"), home.sub("there"), home.sub("hub.git"))
        #expect(try run(["init"], here, home).succeeded)
        try writeFile(
            home.sub("2026-11.data"),
            "inc 20261120T090000Z - 20261120T100000Z # office\ninc 20261120T110000Z - 20261120T120000Z # reading\n")
        #expect(try run(["import", "timewarrior", home.sub("2026-11.data"), "--define-types"], here, home).succeeded)
        #expect(try git("init", "--bare", "-q", hub, in: home.path).succeeded)
        #expect(try run(["remote", "add", "origin", hub], here, home).succeeded)
        #expect(try run(["sync"], here, home).succeeded)
        #expect(try alog(["clone", hub, "--vault", there], home: home.path, environment: ["ALOG_NOW": now]).succeeded)
        #expect(try run(["log", "office", "--at", "11:30"], there, home).succeeded)
        #expect(try run(["sync"], there, home).succeeded)
        #expect(try run(["sync"], here, home).succeeded)
        let undone = try run(["undo"], here, home)
        #expect(undone.stdout.contains("removed the new type reading again"), "\(undone.stdout)")
        #expect(!undone.stdout.contains("type office"), "\(undone.stdout)")
        let types = try run(["types", "--json"], here, home).stdout
        #expect(types.contains(#""office""#) && !types.contains(#""reading""#), "\(types)")
    }

    @Test(
        "timewarrior: every tag kept; per tag, report --tag equals timew summary (over midnight and DST too); export gives timew's intervals back",
        .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/timew")))
    func timewarriorOracle() throws {
        let home = TemporaryDirectory()
        let vault = home.sub("vault")
        let zone = "Europe/Berlin"
        #expect(try run(["init"], vault, home, zone: zone).succeeded)
        var rng = SplitMix(state: 5)
        var lines: [String: String] = [:]
        var at: Int64 = 1_792_800_000  // 2026-10-24, the day before the clocks go back
        let tags = ["work", "reading", "music", "Deep Focus", "client-x"]
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.locale = Locale(identifier: "en_US_POSIX")
        func stamp(_ seconds: Int64) -> String {
            formatter.string(from: Date(timeIntervalSince1970: TimeInterval(seconds)))
        }
        for index in 0..<150 {
            at += Int64.random(in: 0...20_000, using: &rng)
            let end = at + Int64.random(in: 60...30_000, using: &rng)
            let month = String(stamp(at).prefix(4)) + "-" + String(stamp(at).dropFirst(4).prefix(2))
            // One to three tags, sorted by their bytes and quoted with a space, as timew writes them.
            let picked = Set((0..<Int.random(in: 1...3, using: &rng)).map { _ in tags.randomElement(using: &rng)! })
            let written = picked.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }.map {
                $0.contains(" ") ? "\"\($0)\"" : $0
            }
            let note = index % 4 == 0 ? " # \"part \(index)\"" : ""
            lines[month, default: ""] += "inc \(stamp(at)) - \(stamp(end)) # \(written.joined(separator: " "))\(note)\n"
            at = end
        }
        let database = home.sub("timewarrior")
        try FileManager.default.createDirectory(atPath: database + "/data", withIntermediateDirectories: true)
        try writeFile(database + "/timewarrior.cfg", "")
        for (month, text) in lines { try writeFile(database + "/data/\(month).data", text) }
        #expect(try run(["import", "timewarrior", database, "--define-types"], vault, home, zone: zone).succeeded)
        let environment = ["TIMEWARRIORDB": database, "TZ": zone, "HOME": home.path, "PATH": "/usr/bin:/bin"]
        for tag in tags {
            let summary = try runProcess("/usr/bin/timew", [":all", "summary", tag], environment: environment)
            let last = summary.stdout.split(separator: "\n").last { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
            let parts = (last ?? "").trimmingCharacters(in: .whitespaces).split(separator: ":").compactMap { Int($0) }
            #expect(parts.count == 3, "\(summary.stdout) \(summary.stderr)")
            let theirs = parts.count == 3 ? parts[0] * 3600 + parts[1] * 60 + parts[2] : -1
            let report =
                try JSONSerialization.jsonObject(
                    with: Data(
                        try run(["report", ":all", "--json", "--tag", tag], vault, home, zone: zone).stdout.utf8))
                as? [String: Any]
            let ours = (report?["total"] as? [String: Any])?["seconds"] as? Int
            #expect(ours == theirs, "\(tag): alog \(String(describing: ours)) timew \(theirs)")
        }
        // Exported again, the intervals are timew's own: start, end, tags and annotation.
        let theirs = try runProcess("/usr/bin/timew", ["export"], environment: environment)
        let back = try #require(
            try JSONSerialization.jsonObject(with: Data(String(theirs.stdout.drop { $0 != "[" }).utf8))
                as? [[String: Any]])
        let exported = try #require(
            try JSONSerialization.jsonObject(
                with: Data(try run(["export", "--format", "timewarrior", ":all"], vault, home, zone: zone).stdout.utf8))
                as? [[String: Any]])
        func shape(_ items: [[String: Any]]) -> [String] {
            items.map { "\($0["start"]!) \($0["end"]!) \($0["tags"]!) \($0["annotation"] ?? "-")" }
        }
        #expect(shape(exported) == shape(back))
    }

    @Test("export --type keeps each window as the whole timeline lays it (a timer ended by the next one's start)")
    func exportFilteredWindows() throws {
        let home = TemporaryDirectory()
        let vault = home.sub("vault")
        let zone = "Europe/Berlin"
        #expect(try run(["init"], vault, home, zone: zone).succeeded)
        #expect(try run(["types", "add", "reading"], vault, home, zone: zone).succeeded)
        #expect(try run(["start", "exercise", "--at", "2026-11-25T10:00"], vault, home, zone: zone).succeeded)
        // Back-dated before the running timer: it ends where exercise starts (no stop event).
        #expect(try run(["start", "reading", "--at", "2026-11-25T09:00"], vault, home, zone: zone).succeeded)
        let csv = try run(["export", "--type", "reading"], vault, home, zone: zone).stdout
        let row = csv.components(separatedBy: "\r\n")[1]
        #expect(row.contains(",reading,,2026-11-25T09:00:00+01:00,2026-11-25T10:00:00+01:00,3600,"), "\(row)")
    }

    static let watson: String? = ["/root/.pyenv/shims/watson", "/usr/local/bin/watson", "/usr/bin/watson"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    @Test("a large import writes its day file in parts of up to 1 MiB; the next log starts a small part")
    func bulkParts() throws {
        let home = TemporaryDirectory()
        let vault = home.sub("vault")
        #expect(try run(["init"], vault, home).succeeded)
        #expect(try run(["log", "meal", "--at", "08:00"], vault, home).succeeded)
        try FileManager.default.createDirectory(atPath: home.sub("tw/data"), withIntermediateDirectories: true)
        var lines = ""
        let base = 1_700_000_000
        for index in 0..<12_000 {
            let start = base + index * 3600
            lines += "inc \(Self.stamp(start)) - \(Self.stamp(start + 1800)) # reading \"note \(index)\"\n"
        }
        try writeFile(home.sub("tw/data/2026-11.data"), lines)
        #expect(try run(["import", "timewarrior", home.sub("tw/data"), "--define-types"], vault, home).succeeded)
        func parts() throws -> [(path: String, size: Int)] {
            try git("ls-tree", "-r", "-l", "HEAD", ".alog/events", in: vault).stdout.split(separator: "\n").map {
                let fields = $0.split(separator: " ", omittingEmptySubsequences: true)
                let (size, path) = (fields[3].split(separator: "\t")[0], fields[3].split(separator: "\t")[1])
                return (String(path), Int(size)!)
            }
        }
        let imported = try parts()
        // 24,000 events of ~190 bytes: a few parts of about 1 MiB, not ~280 of 16 KiB.
        #expect((2...6).contains(imported.count), "\(imported)")
        #expect(imported.allSatisfy { $0.size < 1024 * 1024 + 512 })
        #expect(try run(["log", "meal"], vault, home).succeeded)
        let after = try parts()
        #expect(after.count == imported.count + 1)
        let changed = Set(after.map { "\($0.path) \($0.size)" }).subtracting(imported.map { "\($0.path) \($0.size)" })
        let new = after.filter { changed.contains("\($0.path) \($0.size)") }
        #expect(new.count == 1 && new[0].size < 1024, "\(changed)")
        #expect(try run(["history", "--limit", "1", "--json"], vault, home).stdout.contains(#""type":"meal""#))
        #expect(try git("fsck", "--strict", in: vault).succeeded)
    }

    static func stamp(_ seconds: Int) -> String {
        var t = time_t(seconds)
        var parts = tm()
        gmtime_r(&t, &parts)
        return String(
            format: "%04d%02d%02dT%02d%02d%02dZ", parts.tm_year + 1900, parts.tm_mon + 1, parts.tm_mday, parts.tm_hour,
            parts.tm_min, parts.tm_sec)
    }
}
