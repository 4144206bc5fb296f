import Foundation
import TestSupport
import Testing

/// `history --before` / `--after` / `--skip`: paging from a place in the time index (an
/// entry's start and id), as the web's History pages do, whatever happened around the place.
@Suite("alog history from a place")
struct HistoryCursorTests {
    let home = TemporaryDirectory()
    var vault: String { home.sub("vault") }
    static let now = "2026-11-24T12:00:00Z"

    func run(_ arguments: [String]) throws -> ProcessResult {
        try runAlog(arguments, vault: vault, now: Self.now)
    }

    /// `history --json ARGUMENTS`'s ids, newest first.
    func ids(_ arguments: [String]) throws -> [String] {
        let result = try run(["history", "--json"] + arguments)
        #expect(result.succeeded, "\(arguments): \(result.stderr)")
        let items = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]] ?? []
        return items.map { $0["id"] as? String ?? "?" }
    }

    /// 12 entries: three in the same second at 10:00, then one a minute; meals and wakes.
    func filled() throws -> [String] {
        #expect(try run(["init"]).succeeded)
        for (index, at) in (["10:00", "10:00", "10:00"] + (1...9).map { "10:0\($0)" }).enumerated() {
            #expect(try run(["log", index % 2 == 0 ? "meal" : "wake", "--at", at]).succeeded)
        }
        return try ids([])
    }

    @Test("pages walked with --before from each page's last entry, and back with --after, meet every entry once")
    func walk() throws {
        let all = try filled()
        #expect(all.count == 12)
        let items =
            try JSONSerialization.jsonObject(
                with: Data(try run(["history", "--json"]).stdout.utf8)) as? [[String: Any]] ?? []
        func place(_ position: Int) -> String { "\(items[position]["at"] as? String ?? ""),\(all[position])" }
        // Pages of 2 down, through the second shared by three entries.
        var seen: [String] = []
        var page = try ids(["--limit", "2"])
        while !page.isEmpty {
            seen += page
            page = try ids(["--limit", "2", "--before", place(seen.count - 1)])
        }
        #expect(seen == all)
        // And back up from the oldest with --after: the oldest two after the place, newest first.
        var up: [String] = [all[11]]
        while up.count < all.count {
            let newer = try ids(["--limit", "2", "--after", place(all.count - up.count)])
            #expect(!newer.isEmpty)
            up += newer.reversed()
        }
        #expect(up == all.reversed())
        #expect(try ids(["--after", place(0)]).isEmpty)
        // --skip is the old page number's offset, with and without a filter.
        #expect(try ids(["--skip", "5", "--limit", "3"]) == Array(all[5..<8]))
        let meals = try ids(["--type", "meal"])
        #expect(meals.count == 6)
        #expect(try ids(["--type", "meal", "--skip", "2", "--limit", "2"]) == Array(meals[2..<4]))
        #expect(try ids(["--skip", "40"]).isEmpty)
    }

    @Test("a place whose entry was deleted, a plain time, a date and a time ahead of now each list what they name")
    func places() throws {
        let all = try filled()
        // 10:05's entry deleted: the place still means "older than 10:05".
        let items =
            try JSONSerialization.jsonObject(
                with: Data(try run(["history", "--json"]).stdout.utf8)) as? [[String: Any]] ?? []
        let at = items[4]["at"] as? String ?? ""
        #expect(at.hasPrefix("2026-11-24T10:05"))
        #expect(try run(["delete", all[4]]).succeeded)
        #expect(try ids(["--before", "\(at),\(all[4])"]) == Array(all[5...]))
        #expect(try ids(["--after", "\(at),\(all[4])"]) == Array(all[..<4]))
        #expect(try ids(["--before", "10:03"]) == Array(all[7...]))
        #expect(try ids(["--after", "10:08"]) == Array(all[..<2]))
        #expect(try ids(["--before", "2026-11-24"]) == Array(all[..<4]) + Array(all[5...]))
        #expect(try ids(["--before", "2026-11-23"]).isEmpty)
        #expect(try ids(["--after", "2026-11-25"]).isEmpty)
        #expect(try ids(["--before", "2027-01-01"]).count == 11)
    }

    @Test("a place that is not one is refused, naming it, and --skip below 0 is a usage error")
    func refused() throws {
        _ = try filled()
        let badID = try run(["history", "--before", "10:00,not-an-id"])
        #expect(badID.status == 64 && badID.stderr.contains("not an entry's id"), "\(badID.stderr)")
        let badTime = try run(["history", "--after", "half past ten", "--json"])
        #expect(badTime.status != 0 && badTime.stderr.contains("invalidTime") && badTime.stdout.isEmpty)
        let skip = try run(["history", "--skip", "-1"])
        #expect(skip.status == 64 && skip.stderr.contains("--skip -1"))
    }

    @Test("--search keeps the entries whose type or note holds the text, in any case, and pages like the rest")
    func search() throws {
        #expect(try run(["init"]).succeeded)
        #expect(try run(["log", "meal", "--at", "09:00", "--note", "Porridge with pears"]).succeeded)
        #expect(try run(["log", "wake", "--at", "07:00", "--note", "slept badly"]).succeeded)
        #expect(try run(["log", "exercise", "--at", "10:00"]).succeeded)
        #expect(try run(["log", "meal", "--at", "12:00"]).succeeded)
        let all = try ids([])
        #expect(try ids(["--search", "PEAR"]) == [all[2]])
        #expect(try ids(["--search", "ea"]) == [all[0], all[2]])  // meal, meal
        #expect(try ids(["--search", "Bad"]) == [all[3]])  // "slept badly"
        #expect(try ids(["--search", "ea", "--skip", "1", "--limit", "1"]) == [all[2]])
        #expect(try ids(["--search", "bad", "--type", "wake"]) == [all[3]])
        #expect(try ids(["--search", "bad", "--type", "meal"]).isEmpty)
        #expect(try ids(["--search", "xyz"]).isEmpty)
    }
}
