import Foundation
import TestSupport
import Testing

/// Issue 47's tags on the command line: `+tag` on log, start and track, `tag`/`untag` as
/// events (undo, audit, show), the rules for a tag with their errors. `git fsck --strict` and
/// `git status` witness that every write is a clean commit.
@Suite("Tags on the command line")
struct TagCLITests {
    /// 2026-11-28T12:00:00Z, a Saturday; the reader's zone is UTC.
    static let now = "2026-11-28T12:00:00Z"

    let home = TemporaryDirectory()
    var vault: String { home.sub("vault") }

    init() throws {
        #expect(try alog(["init", "--vault", home.sub("vault")], home: home.path).succeeded)
        #expect(try run(["types", "add", "code"]).succeeded)
        #expect(try run(["types", "add", "reading"]).succeeded)
    }

    func run(_ arguments: [String]) throws -> ProcessResult {
        try alog(arguments + ["--vault", vault], home: home.path, environment: ["ALOG_NOW": Self.now, "TZ": "UTC"])
    }

    func id(_ arguments: [String]) throws -> String {
        let result = try run(arguments)
        #expect(result.succeeded, "\(arguments): \(result.stderr)")
        return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func tags(_ id: String) throws -> [String] {
        let shown = try #require(try json(try run(["show", id, "--json"]).stdout) as? [String: Any])
        return (shown["entry"] as? [String: Any])?["tags"] as? [String] ?? []
    }

    func commits() throws -> Int {
        Int(try git("rev-list", "--count", "HEAD", in: vault).stdout.trimmingCharacters(in: .whitespacesAndNewlines))!
    }

    func clean() throws {
        #expect(try git("fsck", "--strict", in: vault).succeeded)
        #expect(try git("status", "--porcelain", in: vault).stdout.isEmpty)
    }

    @Test("log, start and track take +tags, kept as written, in the entry's commit")
    func onCreation() throws {
        let before = try commits()
        let meal = try id(["log", "meal", "+home", "+Deep Focus", "--at", "11:00"])
        #expect(try commits() == before + 1, "the log and its tags are one commit")
        #expect(try tags(meal) == ["Deep Focus", "home"])
        let timer = try id(["start", "code", "+deep", "+client-x", "--at", "11:30"])
        #expect(try tags(timer) == ["client-x", "deep"])
        let tracked = try id(["track", "code", "+deep", "9:00", "-", "10:30"])
        #expect(try tags(tracked) == ["deep"])
        let shown = try run(["show", meal]).stdout
        #expect(shown.contains(#"tags: +"Deep Focus" +home"#), "\(shown)")
        let audit = try run(["audit"]).stdout
        #expect(audit.contains("tag \(meal) +\"Deep Focus\" +home"), "\(audit)")
        try clean()
    }

    @Test("tag and untag are events; undo takes each back in one step, and undo of a tagged log deletes it")
    func tagUntagUndo() throws {
        let meal = try id(["log", "meal", "--at", "11:00"])
        #expect(try run(["tag", meal, "+home", "guests"]).succeeded)
        #expect(try tags(meal) == ["guests", "home"])
        let again = try run(["tag", meal, "home"])
        #expect(again.succeeded && again.stdout.contains("already has +home; nothing written"), "\(again.stdout)")
        #expect(try run(["untag", meal, "+guests"]).succeeded)
        #expect(try tags(meal) == ["home"])
        let undo = try run(["undo"])
        #expect(undo.stdout.contains("put +guests back on entry \(meal)"), "\(undo.stdout)")
        #expect(try tags(meal) == ["guests", "home"])
        let undoTag = try run(["undo"])
        #expect(undoTag.stdout.contains("took +guests +home off entry \(meal) again"), "\(undoTag.stdout)")
        #expect(try tags(meal) == [])
        let tagged = try id(["log", "meal", "+home"])
        let undoLog = try run(["undo"])
        #expect(undoLog.stdout.contains("deleted entry \(tagged)"), "\(undoLog.stdout)")
        #expect(!undoLog.stdout.contains("took"), "one step: the entry goes, its tags with it")
        try clean()
    }

    /// The ids `history --json` lists with these arguments, and each one's tags.
    func history(_ arguments: [String]) throws -> [String: [String]] {
        let result = try run(["history", "--json"] + arguments)
        #expect(result.succeeded, "\(arguments): \(result.stderr)")
        let items = try #require(try json(result.stdout) as? [[String: Any]])
        return Dictionary(
            uniqueKeysWithValues: items.map { ($0["id"] as! String, $0["tags"] as? [String] ?? []) })
    }

    @Test("history shows an entry's current tags and --tag (several: all) follows tag, untag and undo")
    func historyFollowsTags() throws {
        let meal = try id(["log", "meal", "--at", "11:00"])
        let code = try id(["log", "code", "+deep", "--at", "10:00"])
        #expect(try run(["history"]).succeeded)  // the time index is built before the tag event
        #expect(try run(["tag", meal, "+home", "guests"]).succeeded)
        #expect(try history([]) == [meal: ["guests", "home"], code: ["deep"]])
        #expect(try history(["--tag", "home"]) == [meal: ["guests", "home"]])
        #expect(try history(["--tag", "+home", "--tag", "deep"]) == [:])
        #expect(try run(["history", "--tag", "home"]).stdout.contains("+guests +home"))
        #expect(try run(["untag", meal, "+home"]).succeeded)
        #expect(try history(["--tag", "home"]) == [:])
        #expect(try history([])[meal] == ["guests"])
        #expect(try run(["undo"]).succeeded)
        #expect(try history(["--tag", "home"]) == [meal: ["guests", "home"]])
        // --search finds a tag as `deep` or `+deep`.
        #expect(try history(["--search", "+dee"]).keys.sorted() == [code])
        #expect(try history(["--search", "guests"]).keys.sorted() == [meal])
        try clean()
    }

    @Test("a bad tag is refused with the rule, exit 1, nothing written; a bare word says to write +tag")
    func refusals() throws {
        let meal = try id(["log", "meal", "--at", "11:00"])
        let before = try commits()
        for (arguments, text) in [
            (["log", "meal", "+ home"], "does not start or end with a space"),
            (["log", "meal", "+"], "this one is empty"),
            (["tag", meal, "+" + String(repeating: "x", count: 65)], "1 to 64 characters; this one has 65"),
            (["tag", meal, "a\u{1B}[31m"], "no control"),
            (["start", "code", "++deep"], "does not start with '+'"),
        ] {
            let result = try run(arguments)
            #expect(result.status == 1, "\(arguments): \(result.stdout)")
            #expect(
                result.stderr.contains("invalid tag") && result.stderr.contains(text), "\(arguments): \(result.stderr)")
        }
        let bare = try run(["log", "meal", "home"])
        #expect(bare.status == 64)
        #expect(bare.stderr.contains("'home' is not understood: a tag is written with a '+' (+home)"), "\(bare.stderr)")
        let deleted = try id(["log", "meal", "--at", "10:00"])
        #expect(try run(["delete", deleted]).succeeded)
        #expect(try run(["tag", deleted, "x"]).status == 1)
        #expect(try commits() == before + 2, "only the log and the delete were written")
        try clean()
    }

    @Test("alog tags lists each tag with entries and time; report --by tag and --tag (several: all) agree")
    func tagsAndReports() throws {
        _ = try id(["track", "code", "+deep", "+client-x", "9:00", "-", "10:30"])
        _ = try id(["track", "code", "+deep", "10:30", "-", "11:00"])
        _ = try id(["track", "code", "11:00", "-", "11:20:07"])
        _ = try id(["log", "meal", "+home", "--at", "11:30"])
        let listed = try #require(try json(try run(["tags", "--json"]).stdout) as? [[String: Any]])
        let rows = listed.map { "\($0["tag"] as! String) \($0["count"] as! Int) \($0["seconds"] as! Int)" }
        #expect(rows == ["deep 2 7200", "client-x 1 5400", "home 1 0"], "\(rows)")
        let table = try run(["tags"]).stdout
        #expect(table.contains("+deep") && table.contains("2h"), "\(table)")
        let byTag = try #require(
            try json(try run(["report", ":today", "--by", "tag", "--json"]).stdout) as? [String: Any])
        let total = try #require(byTag["total"] as? [String: Any])
        #expect(total["seconds"] as? Int == 5400 + 1800 + 1207, "every window once in the total")
        func seconds(_ arguments: [String]) throws -> Int? {
            let report = try #require(
                try json(try run(["report", ":today", "--json"] + arguments).stdout) as? [String: Any])
            return (report["total"] as? [String: Any])?["seconds"] as? Int
        }
        #expect(try seconds(["--tag", "deep"]) == 7200)
        #expect(try seconds(["--tag", "deep", "--tag", "+client-x"]) == 5400)
        #expect(try seconds(["--tag", "Deep"]) == 0, "case counts")
    }

    @Test("continue ID and split keep the timer's tags on the new timer")
    func verbsKeepTags() throws {
        let timer = try id(["track", "code", "+deep", "+Deep Focus", "9:00", "-", "10:00"])
        let split = try run(["split", timer, "9:30"])
        #expect(split.succeeded, "\(split.stderr)")
        let second = try #require(split.stdout.split(separator: "\n").last.map(String.init))
        #expect(try tags(second.trimmingCharacters(in: .whitespaces)) == ["Deep Focus", "deep"])
        let resumed = try id(["continue", timer, "--at", "11:00"])
        #expect(try tags(resumed) == ["Deep Focus", "deep"])
        try clean()
    }

    @Test(
        "timewarrior export: timew reads the same intervals, tags and annotations; per tag, timew summary equals report --tag",
        .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/timew")))
    func timewarriorExportOracle() throws {
        _ = try id(["track", "code", "+deep", "+Deep Focus", "8:00:05", "-", "9:10", "--note", "the \"parser\""])
        _ = try id(["track", "code", "+client-x", "9:10", "-", "10:00:30"])
        _ = try id(["track", "reading", "10:30", "-", "11:00"])
        let exported = try #require(
            try json(try run(["export", "--format", "timewarrior", ":all"]).stdout) as? [[String: Any]])
        // timewarrior 1.4 has no 'import': its data file, one 'inc' line per interval, is what
        // 'timew track' writes (a tag with a space quoted, the annotation after a second '#').
        var data = ""
        for item in exported {
            let tags = (item["tags"] as! [String]).map { $0.contains(" ") ? "\"\($0)\"" : $0 }
            let note = (item["annotation"] as? String).map {
                " # \"" + $0.replacingOccurrences(of: "\"", with: "\\\"") + "\""
            }
            data += "inc \(item["start"]!) - \(item["end"]!) # \(tags.joined(separator: " "))\(note ?? "")\n"
        }
        let database = home.sub("timewarrior")
        try FileManager.default.createDirectory(atPath: database + "/data", withIntermediateDirectories: true)
        try writeFile(database + "/timewarrior.cfg", "")
        try writeFile(database + "/data/2026-11.data", data)
        let environment = ["TIMEWARRIORDB": database, "TZ": "UTC", "HOME": home.path, "PATH": "/usr/bin:/bin"]
        let theirs = try runProcess("/usr/bin/timew", ["export"], environment: environment)
        // Its first run says it recreates its tags database before the JSON.
        let array = String(theirs.stdout.drop { $0 != "[" })
        let back = try #require(try json(array) as? [[String: Any]], "\(theirs.stdout) \(theirs.stderr)")
        func shape(_ items: [[String: Any]]) -> [String] {
            items.map { "\($0["start"]!) \($0["end"]!) \($0["tags"]!) \($0["annotation"] ?? "-")" }
        }
        #expect(shape(back) == shape(exported))
        #expect((exported.first?["tags"] as? [String]) == ["Deep Focus", "code", "deep"])
        for tag in ["deep", "Deep Focus", "client-x", "code", "reading"] {
            let summary = try runProcess("/usr/bin/timew", [":all", "summary", tag], environment: environment)
            let last = summary.stdout.split(separator: "\n").last { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
            let parts = (last ?? "").trimmingCharacters(in: .whitespaces).split(separator: ":").compactMap { Int($0) }
            #expect(parts.count == 3, "\(summary.stdout) \(summary.stderr)")
            let timew = parts.count == 3 ? parts[0] * 3600 + parts[1] * 60 + parts[2] : -1
            // The type is a tag in timewarrior: alog's --type for the types, --tag for the tags.
            let filter = ["code", "reading"].contains(tag) ? ["--type", tag] : ["--tag", tag]
            let report = try #require(
                try json(try run(["report", ":all", "--json"] + filter).stdout) as? [String: Any])
            #expect((report["total"] as? [String: Any])?["seconds"] as? Int == timew, "\(tag)")
        }
    }
}
