import Foundation
import TestSupport
import Testing

/// `types favorite`, `types order`, `types rename` and `types search` on the command line, and
/// through real syncs between two clones.
@Suite("The type catalog on the command line and across devices", .serialized)
struct CatalogSyncTests {
    func json(_ text: String) throws -> [[String: Any]] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
    }

    func names(_ vault: String) throws -> [String] {
        try json(try alog(["types", "--json"], vault: vault).stdout).compactMap { $0["name"] as? String }
    }

    @Test("favorites and the order arrange the list; refusals name the fix and write nothing; undo reverses")
    func arrange() throws {
        let dir = TemporaryDirectory()
        let vault = dir.sub("v")
        #expect(try alog(["init"], vault: vault).succeeded)
        #expect(try alog(["types", "add", "reading", "--icon", "📖", "--group", "mind"], vault: vault).succeeded)
        #expect(try names(vault) == ["exercise", "meal", "reading", "sleep", "wake"])

        let favorite = try alog(["types", "favorite", "Reading"], vault: vault)
        #expect(favorite.stdout == "★ reading is a favorite\n", "\(favorite.stderr)")
        let again = try alog(["types", "favorite", "reading"], vault: vault)
        #expect(again.succeeded && again.stderr.contains("already a favorite"))
        #expect(try alog(["types", "order", "wake", "meal"], vault: vault).succeeded)
        #expect(try names(vault) == ["reading", "wake", "meal", "exercise", "sleep"])
        let listed = try json(try alog(["types", "--json"], vault: vault).stdout)
        #expect(listed[0]["favorite"] as? Bool == true && listed[1]["order"] as? Int == 1)
        #expect(try alog(["types"], vault: vault).stdout.hasPrefix("★ 📖 reading"))

        let head = try git("rev-parse", "HEAD", in: vault).stdout
        for (arguments, message) in [
            (["types", "favorite", "swim"], "unknown activity type 'swim'"),
            (["types", "order", "wake", "swim"], "unknown activity type 'swim'"),
            (["types", "order"], "name the types in the order you want them"),
            (["types", "rename", "meal", "food"], "meal is one of the built-in types"),
            (["types", "rename", "reading", "sleep"], "sleep is one of the built-in types"),
            (["types", "rename", "reading", "Bad Name"], "invalid type name"),
            (["types", "rename", "nothing", "books"], "unknown activity type 'nothing'"),
        ] {
            let refused = try alog(arguments, vault: vault)
            #expect(refused.status != 0, "\(arguments)")
            #expect(refused.stderr.contains(message), "\(arguments): \(refused.stderr)")
        }
        #expect(try git("rev-parse", "HEAD", in: vault).stdout == head, "a refusal committed something")

        #expect(try alog(["undo"], vault: vault).stdout.contains("types are listed by name again"))
        #expect(try alog(["undo"], vault: vault).stdout.contains("reading is no longer a favorite"))
        #expect(try names(vault) == ["exercise", "meal", "reading", "sleep", "wake"])
        #expect(try git("fsck", "--strict", in: vault).succeeded)
    }

    @Test("a rename carries entries, goal and mark; search finds by former name, group and icon")
    func renameAndSearch() throws {
        let dir = TemporaryDirectory()
        let vault = dir.sub("v")
        #expect(try alog(["init"], vault: vault).succeeded)
        #expect(try alog(["types", "add", "work", "--icon", "💼", "--group", "office"], vault: vault).succeeded)
        #expect(try alog(["log", "work", "--at", "2029-12-31 09:00"], vault: vault).succeeded)
        #expect(try alog(["goals", "set", "work", "2h"], vault: vault).succeeded)
        #expect(try alog(["types", "favorite", "work"], vault: vault).succeeded)
        let renamed = try alog(["types", "rename", "work", "job"], vault: vault)
        #expect(renamed.stdout == "renamed 💼 work to job\n", "\(renamed.stderr)")
        #expect(try git("log", "-1", "--format=%s", in: vault).stdout == "alog: rename type work to job\n")

        let history = try alog(["history", "--json"], vault: vault).stdout
        #expect(history.contains(#""type":"job""#) && !history.contains(#""type":"work""#), "\(history)")
        let report = try alog(["report", ":all", "--json"], vault: vault).stdout
        #expect(report.contains(#""key":"job""#), "\(report)")
        // Filters take the former name too.
        let filtered = try alog(["report", ":all", "--type", "work", "--json"], vault: vault).stdout
        #expect(filtered.contains(#""key":"job""#), "\(filtered)")
        #expect(try alog(["history", "--type", "work", "--json"], vault: vault).stdout.contains(#""type":"job""#))
        let listed = try json(try alog(["types", "--json"], vault: vault).stdout)
        #expect(listed[0]["name"] as? String == "job" && listed[0]["favorite"] as? Bool == true)
        #expect(listed[0]["formerNames"] as? [String] == ["work"])
        #expect(try alog(["goals", "--json"], vault: vault).stdout.contains("job"))
        // The old name still logs the type, under its new name; `types add OLD` is refused.
        #expect(try alog(["log", "work"], vault: vault).succeeded)
        #expect(try alog(["history", "--limit", "1", "--json"], vault: vault).stdout.contains(#""type":"job""#))
        let add = try alog(["types", "add", "work"], vault: vault)
        #expect(add.status != 0 && add.stderr.contains("type work was renamed to job"), "\(add.stderr)")
        #expect(try alog(["types", "add", "reading"], vault: vault).succeeded)
        let taken = try alog(["types", "rename", "job", "reading"], vault: vault)
        #expect(taken.status != 0 && taken.stderr.contains("there is already a type reading"))

        func found(_ text: String) throws -> [String] {
            try json(try alog(["types", "search", text, "--json"], vault: vault).stdout).compactMap {
                $0["name"] as? String
            }
        }
        #expect(try found("work") == ["job"])
        #expect(try found("OFFICE") == ["job"])
        #expect(try found("moon") == ["sleep"])
        #expect(try found("briefcase") == ["job"])
        let none = try alog(["types", "search", "zzz"], vault: vault)
        #expect(none.status == 1 && none.stderr.contains("no type matches 'zzz'"))

        #expect(try alog(["undo"], vault: vault).succeeded)  // the reading definition
        #expect(try alog(["undo"], vault: vault).succeeded)  // the log of job
        #expect(try alog(["undo"], vault: vault).stdout.contains("renamed type job back to work"))
        #expect(try alog(["history", "--json"], vault: vault).stdout.contains(#""type":"work""#))
        #expect(try git("fsck", "--strict", in: vault).succeeded)
    }

    @Test("renames and marks made apart converge: old names logged offline follow, the later rename wins")
    func acrossDevices() throws {
        let dir = TemporaryDirectory()
        let remote = try makeBareRemote(dir)
        let laptop = dir.sub("laptop")
        #expect(try alog(["init"], vault: laptop).succeeded)
        #expect(try alog(["types", "add", "reading", "--icon", "📖"], vault: laptop).succeeded)
        #expect(try alog(["remote", "add", "origin", remote], vault: laptop).succeeded)
        #expect(try alog(["sync"], vault: laptop).succeeded)
        let desktop = dir.sub("desktop")
        #expect(try alog(["clone", remote], vault: desktop).succeeded)

        // Apart: the laptop renames and marks; the desktop keeps logging the old name, then
        // renames the same type differently, later.
        #expect(
            try alog(["types", "rename", "reading", "books"], vault: laptop, now: "2030-01-01T01:00:00Z").succeeded)
        #expect(try alog(["types", "favorite", "books"], vault: laptop, now: "2030-01-01T01:01:00Z").succeeded)
        #expect(try alog(["log", "reading", "--at", "00:30"], vault: desktop, now: "2030-01-01T02:00:00Z").succeeded)
        #expect(try alog(["types", "order", "sleep", "wake"], vault: desktop, now: "2030-01-01T02:01:00Z").succeeded)
        #expect(
            try alog(["types", "rename", "reading", "novels"], vault: desktop, now: "2030-01-01T03:00:00Z").succeeded)
        #expect(try alog(["log", "novels", "--at", "02:30"], vault: desktop, now: "2030-01-01T03:01:00Z").succeeded)

        #expect(try alog(["sync"], vault: laptop, now: "2030-01-01T04:00:00Z").succeeded)
        #expect(try alog(["sync"], vault: desktop, now: "2030-01-01T04:01:00Z").succeeded)
        #expect(try alog(["sync"], vault: laptop, now: "2030-01-01T04:02:00Z").succeeded)
        for vault in [laptop, desktop] {
            #expect(try names(vault) == ["novels", "sleep", "wake", "exercise", "meal"], "\(vault)")
            let history = try alog(["history", "--json"], vault: vault).stdout
            #expect(history.components(separatedBy: #""type":"novels""#).count == 3, "\(history)")
            #expect(try git("status", "--porcelain", in: vault).stdout == "")
        }
        #expect(
            try alog(["history", "--json"], vault: laptop).stdout == alog(["history", "--json"], vault: desktop).stdout)
    }
}
