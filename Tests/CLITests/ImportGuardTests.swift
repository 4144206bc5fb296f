import Foundation
import TestSupport
import Testing

/// Issue 44: what `alog import` is given may be anything: a FIFO, a device, a folder, a file of
/// garbage far larger than any export, lines and fields longer than alog keeps. Each is refused
/// with the file, the limit and what to do, exit 1, and nothing written; a wrong --vault is said
/// before the input is read at all.
@Suite("alog import: hostile input")
struct ImportGuardTests {
    let now = "2026-11-25T12:00:00Z"

    func run(
        _ arguments: [String], _ vault: String, _ home: TemporaryDirectory, run: CommandRun = .inProcess
    ) throws -> ProcessResult {
        try alog(arguments + ["--vault", vault], home: home.path, environment: ["ALOG_NOW": now], run: run)
    }

    /// A vault with the types the cases name, and its commit count.
    func vault(_ home: TemporaryDirectory) throws -> (path: String, commits: Int) {
        let vault = home.sub("vault")
        #expect(try run(["init"], vault, home).succeeded)
        return (vault, try commits(vault))
    }

    func commits(_ vault: String) throws -> Int {
        Int(try git("rev-list", "--count", "HEAD", in: vault).stdout.trimmingCharacters(in: .whitespacesAndNewlines))!
    }

    /// Refused (exit 1) with every one of `words` in its error, and nothing committed or left in
    /// the working tree.
    func expectRefused(
        _ arguments: [String], _ words: [String], vault: (path: String, commits: Int), _ home: TemporaryDirectory,
        run: CommandRun = .inProcess, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let result = try self.run(arguments, vault.path, home, run: run)
        #expect(result.status == 1, "\(arguments): \(result.stdout) \(result.stderr)", sourceLocation: sourceLocation)
        for word in words {
            #expect(result.stderr.contains(word), "\(arguments): \(result.stderr)", sourceLocation: sourceLocation)
        }
        #expect(try commits(vault.path) == vault.commits, "nothing written", sourceLocation: sourceLocation)
        let status = try git("status", "--porcelain", "--untracked-files=all", in: vault.path).stdout
        #expect(status.isEmpty, "\(status)", sourceLocation: sourceLocation)
    }

    @Test("a FIFO, /dev/zero and a folder are refused as what they are, without blocking or reading them")
    func notRegularFiles() throws {
        let home = TemporaryDirectory()
        let vault = try vault(home)
        let fifo = home.sub("frames")
        #expect(mkfifo(fifo, 0o600) == 0)
        // Nothing ever writes to the FIFO: a reader that opened it blocking would wait forever.
        for source in ["timewarrior", "watson", "klog", "csv"] {
            try expectRefused(
                ["import", source, fifo], ["'\(fifo)' is a FIFO", "not a regular file"], vault: vault, home)
            try expectRefused(
                ["import", source, "/dev/zero"], ["'/dev/zero' is a character device", "nothing was imported"],
                vault: vault, home)
        }
        // Watson's folder whose `frames` is a FIFO: the same.
        try FileManager.default.createDirectory(atPath: home.sub("watson"), withIntermediateDirectories: true)
        #expect(mkfifo(home.sub("watson/frames"), 0o600) == 0)
        try expectRefused(["import", "watson", home.sub("watson")], ["frames' is a FIFO"], vault: vault, home)
        // A timewarrior data file that is a folder.
        try FileManager.default.createDirectory(
            atPath: home.sub("tw/data/2026-11.data"), withIntermediateDirectories: true)
        try expectRefused(["import", "timewarrior", home.sub("tw")], ["2026-11.data' is a folder"], vault: vault, home)
    }

    @Test("a 1 GiB file is refused by its size before it is read; a long line by its number")
    func sizes() throws {
        let home = TemporaryDirectory()
        let vault = try vault(home)
        // Sparse: a gigabyte of zeros that takes no room.
        let big = home.sub("big.data")
        #expect(FileManager.default.createFile(atPath: big, contents: nil))
        #expect(truncate(big, 1 << 30) == 0)
        for source in ["timewarrior", "watson", "klog", "csv"] {
            try expectRefused(
                ["import", source, big], ["big.data' is 1 GiB", "at most 64 MiB", "nothing was imported"], vault: vault,
                home)
        }
        // Just under the size limit, but one line of zeros: refused at its line.
        let zeros = home.sub("zeros.klg")
        #expect(FileManager.default.createFile(atPath: zeros, contents: Data("2026-11-20\n".utf8)))
        #expect(truncate(zeros, 60 << 20) == 0)
        try expectRefused(
            ["import", "klog", zeros], ["zeros.klg' has a line longer than 64 KiB (line 2)"], vault: vault, home)
        // A timewarrior line of 100 KiB (a huge annotation), and a CSV row.
        let annotation = String(repeating: "x", count: 100 << 10)
        try writeFile(home.sub("long.data"), "inc 20261120T090000Z - 20261120T100000Z # work # \"\(annotation)\"\n")
        try expectRefused(
            ["import", "timewarrior", home.sub("long.data")], ["long.data' has a line longer than 64 KiB (line 1)"],
            vault: vault, home)
        try writeFile(home.sub("long.csv"), "type,start,note\nwork,2026-11-20T09:00:00Z,\(annotation)\n")
        try expectRefused(
            ["import", "csv", home.sub("long.csv")], ["(line 2)"], vault: vault, home)
        // JSON on one line is not held to the line limit: a one-line Watson frames file of
        // 100 KiB imports.
        let frames = (0..<1000).map {
            "[\(1_795_000_000 + $0 * 60), \(1_795_000_030 + $0 * 60), \"work\", \"id\($0)\", []]"
        }
        let line = "[" + frames.joined(separator: ",") + String(repeating: " ", count: 60_000) + "]"
        try writeFile(home.sub("frames"), line)
        let imported = try run(["import", "watson", home.sub("frames"), "--define-types"], vault.path, home)
        #expect(imported.succeeded, "\(imported.stderr)")
        #expect(imported.stdout.hasPrefix("imported 1000 entries"), "\(imported.stdout)")
    }

    @Test("a file of random bytes under the size limit is refused from its first lines without reading the rest")
    func garbageUnderTheLimit() throws {
        let home = TemporaryDirectory()
        let vault = try vault(home)
        // Random bytes: a line feed every 256 bytes on average, so no line is over the limit and
        // every reader starts reading records. It stops at its first hundred unreadable ones,
        // the count says so, and nothing is written. (Before, each reader read every line: of
        // 60 MB, 8 to 19 s and 130 to 200 MB in a release build, then some 230,000 errors. The
        // test's 2 MB shows the same in a debug build's time; docs/robustness.md has the figures.)
        var generator = SplitMix(state: 44)
        var bytes = [UInt8](repeating: 0, count: 2_000_000)
        bytes.withUnsafeMutableBytes { buffer in
            let words = buffer.bindMemory(to: UInt64.self)
            for index in words.indices { words[index] = generator.next() }
        }
        // Not JSON, which is read as a whole and refused at its first byte.
        bytes[0] = UInt8(ascii: "x")
        // In a process of its own, as a person runs it: in this one, Swift Testing records a
        // backtrace each time the standard library's UTF-8 repair throws inside, which turns the
        // decoding of megabytes of random bytes into minutes.
        let garbage = home.sub("garbage.data")
        #expect(FileManager.default.createFile(atPath: garbage, contents: Data(bytes)))
        try expectRefused(
            ["import", "timewarrior", garbage],
            ["garbage.data:1: ", "(and at least 99 more; --skip-invalid imports the rest)"], vault: vault, home,
            run: .process)
        // klog reads the lines under a date it refused as that record's, passed over.
        try expectRefused(
            ["import", "klog", garbage], ["garbage.data:1: ", "is not a record's date", "--skip-invalid"],
            vault: vault, home, run: .process)
        // A CSV file stops at its header, which is no header.
        try expectRefused(["import", "csv", garbage], ["garbage.data:1: "], vault: vault, home, run: .process)
    }

    @Test(
        "a long path in a refusal is shown whole (a misspelt file in a folder that exists), so it can be read and fixed"
    )
    func longPath() throws {
        let home = TemporaryDirectory()
        let vault = try vault(home)
        let folder = home.sub(String(repeating: "a-long-folder-name/", count: 6))
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        // A misspelt file name in a folder that exists.
        let missing = folder + "farmes"
        try expectRefused(
            ["import", "watson", missing], ["'\(missing)' does not exist; give the watson folder or file to import"],
            vault: vault, home)
    }

    @Test("a field longer than alog keeps refuses its record with file:line and the fix; --skip-invalid leaves it out")
    func fields() throws {
        let home = TemporaryDirectory()
        let vault = try vault(home)
        let long = String(repeating: "n", count: 2500)
        let tag = "a-tag-that-is-much-longer-than-thirty-two"
        try writeFile(
            home.sub("2026-11.data"),
            """
            inc 20261120T090000Z - 20261120T100000Z # work # "\(long)"
            inc 20261120T110000Z - 20261120T120000Z # \(tag)
            inc 20261120T130000Z - 20261120T140000Z # work

            """)
        let path = home.sub("2026-11.data")
        try expectRefused(
            ["import", "timewarrior", path, "--define-types"],
            [
                "2026-11.data:1: its note (the annotation or summary) cannot be kept", "at most 2000 characters",
                "--skip-invalid",
            ],
            vault: vault, home)
        let skipped = try run(["import", "timewarrior", path, "--define-types", "--skip-invalid"], vault.path, home)
        #expect(skipped.succeeded, "\(skipped.stderr)")
        #expect(skipped.stdout.hasPrefix("imported 1 entry"), "\(skipped.stdout)")
        #expect(skipped.stdout.contains("2026-11.data:2: '\(tag)' would be the type"), "\(skipped.stdout)")
        #expect(skipped.stdout.contains("a type name has at most 32"), "\(skipped.stdout)")
        let types = try run(["types", "--json"], vault.path, home).stdout
        #expect(!types.contains("a-tag-that-is-much-longer-than-t"), "never cut into a type name: \(types)")

        // Watson: a project over 32 characters; 300 tags, kept (once a note, now tags), and a tag
        // longer than a tag can be.
        let tags = (0..<300).map { "\"tag\($0)\"" }.joined(separator: ",")
        try writeFile(
            home.sub("frames"),
            """
            [[1795000000, 1795000600, "\(tag)", "f1", []],
             [1795001000, 1795001600, "work", "f2", [\(tags)]],
             [1795002000, 1795002600, "work", "f3", ["\(String(repeating: "t", count: 65))"]]]
            """)
        let watson = try run(["import", "watson", home.sub("frames"), "--skip-invalid"], vault.path, home)
        #expect(watson.stdout.contains("frames:1: '\(tag)' would be the type"), "\(watson.stdout)")
        #expect(watson.stdout.contains("frames:3: the tag 't"), "\(watson.stdout)")
        #expect(watson.stdout.contains("a tag has 1 to 64 characters; this one has 65"), "\(watson.stdout)")
        #expect(watson.stdout.hasPrefix("imported 1 entry"), "\(watson.stdout)")
        let kept = try run(["tags", "--json"], vault.path, home).stdout
        #expect(kept.components(separatedBy: #""tag":"tag"#).count == 301, "the 300 tags kept: \(kept.prefix(200))")

        // klog: a summary that goes on for megabytes under its entry.
        let lines = String(repeating: "        and more of the same summary\n", count: 200_000)
        try writeFile(
            home.sub("long.klg"), "2026-11-20\n    9:00 - 10:00 #work begins\n\(lines)    11:00 - 12:00 #work\n")
        let klog = try run(["import", "klog", home.sub("long.klg"), "--skip-invalid"], vault.path, home)
        #expect(klog.succeeded, "\(klog.stderr)")
        #expect(klog.stdout.contains("long.klg:"), "\(klog.stdout)")
        #expect(klog.stdout.contains("the summary of the entry above is longer than a note can be"), "\(klog.stdout)")
        #expect(klog.stdout.hasPrefix("imported 1 entry"), "the entry after it still imports: \(klog.stdout)")
        #expect(try git("fsck", "--strict", in: vault.path).succeeded)
    }

    @Test("a --vault that does not exist is said at once, before the input (/dev/zero, a FIFO) is read")
    func missingVault() throws {
        let home = TemporaryDirectory()
        let fifo = home.sub("fifo")
        #expect(mkfifo(fifo, 0o600) == 0)
        for input in ["/dev/zero", fifo] {
            let result = try run(["import", "watson", input], home.sub("nowhere"), home)
            #expect(result.status != 0)
            #expect(result.stderr.contains(home.sub("nowhere")), "\(result.stderr)")
            #expect(!result.stderr.contains("not a regular file"), "the vault is checked first: \(result.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: home.sub("nowhere")))
    }

    @Test(
        "a configuration file that is a FIFO or a device is named in a warning, never read; setting a key there is refused"
    )
    func configuration() throws {
        let home = TemporaryDirectory()
        let vault = try vault(home)
        try FileManager.default.createDirectory(atPath: home.sub(".config/alog"), withIntermediateDirectories: true)
        let config = home.sub(".config/alog/config")
        // (`init` recorded the vault there.)
        try? FileManager.default.removeItem(atPath: config)
        #expect(mkfifo(config, 0o600) == 0)
        // A report reads the calendar's settings (week-start, day-start) there.
        let types = try run(["report", "week"], vault.path, home)
        #expect(types.succeeded, "\(types.stderr)")
        #expect(types.stderr.contains("the configuration file '\(config)' is a FIFO"), "\(types.stderr)")
        let set = try alog(["config", "week-start", "monday"], home: home.path)
        #expect(set.status == 1)
        #expect(set.stderr.contains("'\(config)' is a FIFO"), "\(set.stderr)")
        #expect(FileManager.default.fileExists(atPath: config))
        try FileManager.default.removeItem(atPath: config)
        try FileManager.default.createSymbolicLink(atPath: config, withDestinationPath: "/dev/zero")
        let linked = try run(["report", "week"], vault.path, home)
        #expect(linked.succeeded && linked.stderr.contains("is a character device"), "\(linked.stderr)")
    }
}

/// Issue 44: an import killed while it wrote a working-tree file left `…jsonl.N.tmp-PID` beside
/// it, which no command removed and `git add -A` committed. The temporary is now written in
/// `.git/alog/`, and the next command removes it with the rest of the killed write's traces.
@Suite("a killed import leaves nothing in the working tree")
struct KilledImportTests {
    @Test(
        "kill -9 between writing an event file aside and renaming it: git status stays clean, the next command tidies")
    func killedBeforeRename() throws {
        let home = TemporaryDirectory()
        let vault = home.sub("vault")
        let environment = ["ALOG_NOW": "2026-11-25T12:00:00Z"]
        #expect(try alog(["init", "--vault", vault], home: home.path, environment: environment).succeeded)
        try writeFile(
            home.sub("2026-11.data"),
            "inc 20261120T090000Z - 20261120T100000Z # work\ninc 20261121T090000Z - 20261121T100000Z # work\n")
        let killed = try alog(
            ["import", "timewarrior", home.sub("2026-11.data"), "--define-types", "--vault", vault], home: home.path,
            environment: environment.merging(["ALOG_FAULT": "working-tree.before-rename"]) { $1 }, run: .process)
        #expect(killed.status == 9, "killed at the point: \(killed.stderr)")
        let state = vault + "/.git/alog"
        let aside = try FileManager.default.contentsOfDirectory(atPath: state).filter { $0.contains(".tmp-") }
        #expect(aside.count == 1 && aside[0].contains(".jsonl."), "the temporary was written in .git/alog: \(aside)")
        // Nothing of the killed write is in the working tree for git to pick up.
        let untracked = try git("status", "--porcelain", "--untracked-files=all", in: vault).stdout
        #expect(!untracked.contains(".tmp-"), "\(untracked)")
        #expect(try git("add", "-A", "--dry-run", in: vault).stdout.contains(".tmp-") == false)
        // The next command puts back what the killed write had done (its branch never moved:
        // the working tree goes first, under the index lock) and removes the temporary.
        let status = try alog(["status", "--vault", vault], home: home.path, environment: environment)
        #expect(status.succeeded, "\(status.stderr)")
        let left = try FileManager.default.contentsOfDirectory(atPath: state).filter { $0.contains(".tmp-") }
        #expect(left.isEmpty, "\(left)")
        #expect(try git("status", "--porcelain", "--untracked-files=all", in: vault).stdout.isEmpty)
        let history = try alog(["history", "--json", "--vault", vault], home: home.path, environment: environment)
        #expect(history.stdout.components(separatedBy: "\"type\":\"work\"").count - 1 == 0, "\(history.stdout)")
        #expect(try git("fsck", "--strict", in: vault).succeeded)
        // The import again: all of it, once.
        let again = try alog(
            ["import", "timewarrior", home.sub("2026-11.data"), "--define-types", "--vault", vault], home: home.path,
            environment: environment)
        #expect(again.succeeded, "\(again.stderr)")
        let after = try alog(["history", "--json", "--vault", vault], home: home.path, environment: environment)
        #expect(after.stdout.components(separatedBy: "\"type\":\"work\"").count - 1 == 2, "\(after.stdout)")
        #expect(try git("status", "--porcelain", "--untracked-files=all", in: vault).stdout.isEmpty)
    }
}
