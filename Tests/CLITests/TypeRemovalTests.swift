import Foundation
import TestSupport
import Testing

/// `alog types remove` (issue 18, item 13): a type leaves the list of types in use, the
/// entries logged with it stay as they were, and `types add` or `undo` brings it back.
@Suite("Removing a type")
struct TypeRemovalTests {
    static let now = ["ALOG_NOW": "2030-01-01T12:00:00Z"]

    static func run(_ arguments: [String], _ home: TemporaryDirectory, _ vault: String) throws -> ProcessResult {
        try alog(arguments + ["--vault", vault], home: home.path, environment: Self.now)
    }

    static func vault(_ home: TemporaryDirectory) throws -> String {
        let vault = home.sub("vault")
        #expect(try alog(["init", "--vault", vault], home: home.path, environment: now).succeeded)
        return vault
    }

    static func typeNames(_ result: ProcessResult) -> [String] {
        result.stdout.split(separator: "\n").compactMap { $0.split(separator: " ").dropFirst().first.map(String.init) }
    }

    @Test("a type without entries is removed: not listed, not accepted, listed by --all; add brings it back")
    func removeUnused() throws {
        let home = TemporaryDirectory()
        let vault = try Self.vault(home)
        #expect(try Self.run(["types", "add", "swim", "--icon", "🏊", "--color", "#0000ff"], home, vault).succeeded)
        let removed = try Self.run(["types", "remove", "Swim"], home, vault)
        #expect(removed.succeeded, "\(removed.stderr)")
        #expect(removed.stdout.contains("removed type 🏊 swim"))
        #expect(!Self.typeNames(try Self.run(["types"], home, vault)).contains("swim"))
        let all = try Self.run(["types", "--all"], home, vault)
        #expect(all.stdout.contains("swim") && all.stdout.contains("(removed)"), "\(all.stdout)")
        let json = try Self.run(["types", "--all", "--json"], home, vault).stdout
        #expect(
            json.contains(##""name":"swim","icon":"🏊","group":"","color":"#0000ff","builtIn":false,"archived":true"##))

        let before = try git("rev-parse", "HEAD", in: vault).stdout
        for arguments in [["log", "swim"], ["start", "swim"], ["goals", "set", "swim", "1h"]] {
            let refused = try Self.run(arguments, home, vault)
            #expect(refused.status == 1, "\(arguments): \(refused.stdout)")
            #expect(refused.stderr.contains("type 'swim' was removed"), "\(arguments): \(refused.stderr)")
            #expect(refused.stderr.contains("'alog types add swim' brings it back"))
        }
        #expect(try git("rev-parse", "HEAD", in: vault).stdout == before, "a refusal committed something")

        let back = try Self.run(["types", "add", "swim"], home, vault)
        #expect(back.stdout.contains("brought back 🏊 swim"), "\(back.stdout)")
        #expect(
            try Self.run(["types", "--json"], home, vault).stdout.contains(
                ##""icon":"🏊","group":"","color":"#0000ff""##))
        #expect(try Self.run(["log", "swim"], home, vault).succeeded)
    }

    @Test("a type with entries is archived: its entries keep showing with its icon; edit --type refuses it")
    func archiveUsed() throws {
        let home = TemporaryDirectory()
        let vault = try Self.vault(home)
        #expect(try Self.run(["types", "add", "read", "--icon", "📖"], home, vault).succeeded)
        let id = try Self.run(["log", "read", "--at", "2030-01-01T10:00:00Z"], home, vault).stdout
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let other = try Self.run(["log", "meal", "--at", "2030-01-01T11:00:00Z"], home, vault).stdout
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let archived = try Self.run(["types", "remove", "read"], home, vault)
        #expect(archived.stdout.contains("archived type 📖 read: its entry stays in history"), "\(archived.stdout)")
        let history = try Self.run(["history"], home, vault).stdout
        #expect(history.contains("📖 read") && history.contains(id), "\(history)")
        let show = try Self.run(["show", id, "--json"], home, vault)
        #expect(show.succeeded && show.stdout.contains(#""icon":"📖""#), "\(show.stdout)")
        let edit = try Self.run(["edit", other, "--type", "read"], home, vault)
        #expect(edit.status == 1 && edit.stderr.contains("type 'read' was removed"), "\(edit.stderr)")
        // The removal is an event of its own, written as format version 3 (older readers skip it).
        let lines = try git("log", "-p", "-1", "--format=", in: vault).stdout
        #expect(lines.contains(#""v":3"#) && lines.contains(#""kind":"type""#) && lines.contains(#""archived":true"#))
        #expect(try git("fsck", "--strict", in: vault).succeeded)
    }

    @Test("refusals: unknown type, already removed, a running timer of the type; nothing is committed")
    func refusals() throws {
        let home = TemporaryDirectory()
        let vault = try Self.vault(home)
        #expect(try Self.run(["start", "exercise", "--at", "2030-01-01T11:00:00Z"], home, vault).succeeded)
        #expect(try Self.run(["types", "add", "swim"], home, vault).succeeded)
        #expect(try Self.run(["types", "remove", "swim"], home, vault).succeeded)
        let before = try git("rev-parse", "HEAD", in: vault).stdout
        let cases: [([String], String)] = [
            (["types", "remove", "kayak"], "there is no type 'kayak' to remove; the types are: "),
            (["types", "remove", "swim"], "type swim is already removed; 'alog types add swim' brings it back"),
            (["types", "remove", "exercise"], "a timer of type exercise is running"),
            (["types", "remove", "Not a name"], "invalid type name"),
        ]
        for (arguments, message) in cases {
            let result = try Self.run(arguments, home, vault)
            #expect(result.status == 1, "\(arguments)")
            #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
        }
        #expect(try git("rev-parse", "HEAD", in: vault).stdout == before)
        // A built-in type can go too, once its timer is stopped; undo brings it back.
        #expect(try Self.run(["stop"], home, vault).succeeded)
        #expect(try Self.run(["types", "remove", "exercise"], home, vault).stdout.contains("archived type"))
        #expect(!Self.typeNames(try Self.run(["types"], home, vault)).contains("exercise"))
        let undone = try Self.run(["undo"], home, vault)
        #expect(undone.stdout.contains("put type exercise back"), "\(undone.stdout)")
        #expect(Self.typeNames(try Self.run(["types"], home, vault)).contains("exercise"))
    }

    @Test("undo of defining a new type removes it again")
    func undoDefinition() throws {
        let home = TemporaryDirectory()
        let vault = try Self.vault(home)
        #expect(try Self.run(["types", "add", "kayak", "--icon", "🛶"], home, vault).succeeded)
        let undone = try Self.run(["undo"], home, vault)
        #expect(undone.stdout.contains("removed the new type kayak again"), "\(undone.stdout) \(undone.stderr)")
        #expect(!Self.typeNames(try Self.run(["types"], home, vault)).contains("kayak"))
        #expect(try Self.run(["log", "kayak"], home, vault).stderr.contains("type 'kayak' was removed"))
    }

    @Test("a removed type's daily goal is hidden and can be cleared; show and audit mark the removal")
    func goalsAndAudit() throws {
        let home = TemporaryDirectory()
        let vault = try Self.vault(home)
        #expect(try Self.run(["types", "add", "read"], home, vault).succeeded)
        #expect(try Self.run(["goals", "set", "read", "1h"], home, vault).succeeded)
        #expect(try Self.run(["types", "remove", "read"], home, vault).succeeded)
        let goals = try Self.run(["goals", "--json"], home, vault)
        #expect(goals.succeeded && !goals.stdout.contains("read"), "\(goals.stdout)")
        let cleared = try Self.run(["goals", "set", "read", "0"], home, vault)
        #expect(cleared.succeeded, "\(cleared.stderr)")
        #expect(try Self.run(["goals", "set", "read", "2h"], home, vault).stderr.contains("was removed"))
        let audit = try Self.run(["audit"], home, vault).stdout
        #expect(audit.contains("remove type read"), "\(audit)")
        let json = try Self.run(["audit", "--json"], home, vault).stdout
        #expect(json.contains(#""archived":true"#), "\(json)")
    }

    @Test("widget tap of a removed type (built-in or not) is refused as log refuses it; nothing is queued")
    func tapRemoved() throws {
        let home = TemporaryDirectory()
        let vault = try Self.vault(home)
        let queue = vault + "/.git/alog/widget/PendingActivities.json"
        #expect(try Self.run(["types", "add", "swim"], home, vault).succeeded)
        for type in ["meal", "swim"] {
            #expect(try Self.run(["types", "remove", type], home, vault).succeeded)
            for binary in ["alog", "alog-full"] {
                let tap = try runProcess(
                    productsDirectory + "/" + binary, ["widget", "tap", type, "--vault", vault],
                    environment: ["HOME": home.path, "TZ": "UTC"].merging(Self.now) { $1 })
                #expect(tap.status == 1, "\(binary) \(type): \(tap.stdout)")
                #expect(
                    tap.stderr
                        == "Error: type '\(type)' was removed ('alog types remove'), so nothing new can be logged with it; 'alog types add \(type)' brings it back\n",
                    "\(binary): \(tap.stderr)")
            }
            #expect(!FileManager.default.fileExists(atPath: queue), "a refused tap was queued")
            #expect(!FileManager.default.fileExists(atPath: vault + "/.git/alog/widget/queue.log"))
        }
        #expect(try Self.run(["widget", "status"], home, vault).stdout.contains("queued") == false)
        #expect(try Self.run(["types", "add", "meal"], home, vault).succeeded)
        let back = try Self.run(["widget", "tap", "meal"], home, vault)
        #expect(back.succeeded && back.stdout.contains("queued meal"), "\(back.stderr)")
    }

    @Test("in a vault no command has refreshed yet, widget tap still refuses an unknown type and accepts a defined one")
    func tapBeforeRefresh() throws {
        let home = TemporaryDirectory()
        let vault = try Self.vault(home)
        #expect(try Self.run(["types", "add", "kayak"], home, vault).succeeded)
        let widget = vault + "/.git/alog/widget/"
        // As a new clone (or a vault last refreshed by an older alog) has it: no type lists.
        for file in ["types", "removed-types"] { try? FileManager.default.removeItem(atPath: widget + file) }
        let unknown = try Self.run(["widget", "tap", "nosuch"], home, vault)
        #expect(unknown.status == 1 && unknown.stderr.contains("unknown activity type 'nosuch'"), "\(unknown.stderr)")
        #expect(!FileManager.default.fileExists(atPath: widget + "PendingActivities.json"))
        try? FileManager.default.removeItem(atPath: widget + "removed-types")
        let kayak = try Self.run(["widget", "tap", "kayak"], home, vault)
        #expect(kayak.succeeded && kayak.stdout.contains("queued kayak"), "\(kayak.stderr)")
    }
}
