import Foundation
import TestSupport
import Testing

/// The front (`alog`, `FrontLog`) commits `alog log TYPE` itself; `alog-full` commits the same
/// log through libgit2. Two copies of the commit protocol, kept equal by this generated test:
/// random vault states (user notes named around the ledger's paths, ledger parts of several
/// days, a full part, index extensions git leaves, packed refs, a reflog or none, staged user
/// changes), then the same `log` through each on two copies of one state, and what git itself
/// says of the two results compared. Event ids are random, so the new id is written `ID` in both.
@Suite("The front's commit against libgit2's", .tags(.process))
struct CommitDifferentialTests {
    static let day = Int64(1_893_499_200)  // 2030-01-01T12:00:00Z

    /// A stand-in for `alog-full` that records each command it is run for, then runs the real one:
    /// the test knows whether the front committed a case itself or handed it over.
    static func witness(_ home: TemporaryDirectory) throws -> (script: String, log: String) {
        let script = home.sub("alog-full-recorder")
        let log = home.sub("alog-full-recorder.log")
        try writeFile(script, "#!/bin/sh\necho \"$1\" >>'\(log)'\nexec '\(productsDirectory)/alog-full' \"$@\"\n")
        #expect(chmod(script, 0o755) == 0)
        return (script, log)
    }

    static func alog(_ binary: String, _ arguments: [String], vault: String, now: Int64, full: String) throws
        -> ProcessResult
    {
        try runProcess(
            productsDirectory + "/" + binary, arguments + ["--vault", vault],
            environment: ["TZ": "UTC", "ALOG_NOW": String(now), "ALOG_FULL": full])
    }

    static func expectGit(_ arguments: [String], in vault: String, _ context: String) throws {
        let result = try git(arguments, in: vault)
        #expect(result.succeeded, "\(context): git \(arguments): \(result.stderr)")
    }

    /// Builds one random vault state; returns a description of the choices, for the failure message.
    static func makeState(vault: String, seed: UInt64, full: String) throws -> [String] {
        var random = SplitMix(state: seed)
        var chosen: [String] = []
        let context = "seed \(seed)"
        #expect(try alog("alog-full", ["init"], vault: vault, now: day - 86_400 * 3, full: full).succeeded)
        for setting in [["user.name", "Vault User"], ["user.email", "user@example.org"], ["gc.auto", "0"]] {
            try expectGit(["config"] + setting, in: vault, context)
        }
        // User notes in folders named around the ledger's paths.
        let names = [
            "events", "events-", "events.md", "Events", ".alog-notes.md", ".alof", ".alog.md", "Ünïcode ñote.md",
            "a note with spaces.md", "Journal/events.md", "Journal/events-/x.md", "Notes/.alog", "zz.md",
        ]
        var notes: [String] = []
        for name in names where Bool.random(using: &random) {
            let path = name == "events" || name == "events-" ? name + "/note.md" : name
            try writeFile(vault + "/" + path, "note \(name)\n")
            notes.append(path)
        }
        if !notes.isEmpty {
            try expectGit(["add", "--"] + notes, in: vault, context)
            try expectGit(["commit", "-q", "-m", "user notes"], in: vault, context)
            chosen.append("notes \(notes)")
        }
        // Ledger parts of several days; sometimes today's first part full.
        for back in stride(from: 2, through: 0, by: -1) where back == 0 || Bool.random(using: &random) {
            let logs = Int.random(in: 1...3, using: &random)
            for index in 0..<logs {
                let now = day - Int64(back) * 86_400 - Int64(3600 * (logs - index))
                let result = try alog("alog-full", ["log", "meal"], vault: vault, now: now, full: full)
                #expect(result.succeeded, "\(context): \(result.stderr)")
            }
            chosen.append("\(logs) logs \(back) days back")
        }
        if random.next() % 4 == 0 {
            let note = String(repeating: "n", count: 1990)
            for minute in 0..<8 {
                let result = try alog(
                    "alog-full", ["log", "exercise", "--note", note], vault: vault, now: day - 600 + Int64(minute),
                    full: full)
                #expect(result.succeeded, "\(context): \(result.stderr)")
            }
            chosen.append("today's first part full")
        }
        // What the user's git leaves in the index and the refs.
        var notesToMark = notes
        if !notes.isEmpty, Bool.random(using: &random) {
            try writeFile(vault + "/" + notes[0], "staged change\n")
            try expectGit(["add", "--", notes[0]], in: vault, context)
            notesToMark.removeFirst()
            chosen.append("staged change to \(notes[0])")
        }
        if Bool.random(using: &random) {
            try writeFile(vault + "/intent-to-add.md", "new\n")
            try expectGit(["add", "-N", "intent-to-add.md"], in: vault, context)
            chosen.append("add -N")
        }
        if let note = notesToMark.first, Bool.random(using: &random) {
            let flag = Bool.random(using: &random) ? "--skip-worktree" : "--assume-unchanged"
            try expectGit(["update-index", flag, "--", note], in: vault, context)
            chosen.append("\(flag) \(note)")
        }
        if Bool.random(using: &random) {
            try expectGit(["update-index", "--untracked-cache"], in: vault, context)
            try expectGit(["status", "--porcelain"], in: vault, context)
            chosen.append("untracked cache")
        }
        if random.next() % 3 == 0 {
            try expectGit(["update-index", "--split-index"], in: vault, context)
            chosen.append("split index")
        }
        if Bool.random(using: &random) {
            try expectGit(["pack-refs", "--all"], in: vault, context)
            chosen.append("packed refs")
        }
        if random.next() % 3 == 0 {
            for log in ["logs/HEAD", "logs/refs/heads/main"] { unlink(vault + "/.git/" + log) }
            chosen.append("no reflog")
        }
        return chosen
    }

    /// What git says of a vault after the log, with the new event's id written `ID`.
    static func observe(_ vault: String, id: String) throws -> [String: String] {
        func run(_ arguments: String...) throws -> String {
            let result = try git(arguments, in: vault)
            #expect(result.succeeded, "git \(arguments): \(result.stderr)")
            return result.stdout
        }
        // A blob whose content has the id is named by its content with the id replaced; the
        // trees above it differ by that blob's id, so only their paths are compared (fsck
        // --strict checks their form).
        let changed = try run("diff-tree", "-r", "--name-only", "--no-commit-id", "HEAD~", "HEAD")
            .split(separator: "\n").map(String.init)
        var renamed: [String: String] = [:]
        for path in changed {
            let hash = try run("rev-parse", "HEAD:" + path).trimmingCharacters(in: .whitespacesAndNewlines)
            let content = try run("cat-file", "blob", hash).replacingOccurrences(of: id, with: "ID")
            renamed[hash] = "content:" + content
        }
        func normalise(_ text: String) -> String {
            var text = text.replacingOccurrences(of: id, with: "ID")
            for (hash, name) in renamed { text = text.replacingOccurrences(of: hash, with: name) }
            return text
        }
        let onPath = Set(
            changed.flatMap { path in
                path.split(separator: "/").indices.dropLast().map {
                    path.split(separator: "/")[...$0].joined(separator: "/")
                }
            })
        let tree = try run("ls-tree", "-r", "-t", "HEAD").split(separator: "\n").map { line -> String in
            let path = String(line.split(separator: "\t", maxSplits: 1)[1])
            return onPath.contains(path) ? "tree \(path)" : normalise(String(line))
        }
        let commit = try run("cat-file", "-p", "HEAD").split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.hasPrefix("tree ") }.joined(separator: "\n")
        // The index: each entry's mode, id, stage, size and flags (not its times or inode).
        let debug = try run("ls-files", "--stage", "--debug").split(separator: "\n").filter {
            !$0.hasPrefix("  ctime:") && !$0.hasPrefix("  mtime:") && !$0.hasPrefix("  dev:")
        }.joined(separator: "\n")
        let reflogFormat = "--format=%H %gn <%ge> %gs"
        var observed = [
            "tree": normalise(tree.joined(separator: "\n")),
            "commit": normalise(commit),
            "index": normalise(debug),
            "status": normalise(try run("status", "--porcelain=v2", "--untracked-files=all")),
            "ref": try run("symbolic-ref", "HEAD")
                + normalise(try run("for-each-ref", "--format=%(refname) %(objecttype)")),
            "fsck": try git("fsck", "--strict", in: vault).succeeded ? "sound" : "fsck failed",
            "index extensions": indexExtensions(vault + "/.git/index"),
        ]
        for log in ["HEAD", "refs/heads/main"] {
            let exists = FileManager.default.fileExists(atPath: vault + "/.git/logs/" + log)
            let line = try git(["reflog", "-1", reflogFormat, log], in: vault).stdout
            observed["reflog " + log] =
                "\(exists) " + normalise(line).split(separator: " ").dropFirst().joined(separator: " ")
        }
        return observed
    }

    /// The four-letter signatures of the index's extensions, in order (index versions 2 and 3).
    static func indexExtensions(_ path: String) -> String {
        guard let data = FileManager.default.contents(atPath: path), data.count > 32 else { return "none" }
        let bytes = [UInt8](data)
        func number(_ at: Int, _ size: Int) -> Int { bytes[at..<at + size].reduce(0) { $0 << 8 | Int($1) } }
        let version = number(4, 4)
        guard version == 2 || version == 3 else { return "version \(version)" }
        var offset = 12
        for _ in 0..<number(8, 4) {
            let extended = version == 3 && number(offset + 60, 2) & 0x4000 != 0
            let name = offset + (extended ? 64 : 62)
            let length = (bytes[name...].firstIndex(of: 0) ?? bytes.count) - name
            offset += ((extended ? 64 : 62) + length + 8) & ~7
        }
        var signatures: [String] = []
        while offset + 8 <= bytes.count - 20 {
            signatures.append(String(decoding: bytes[offset..<offset + 4], as: UTF8.self))
            offset += 8 + number(offset + 4, 4)
        }
        return "version \(version): " + signatures.joined(separator: " ")
    }

    /// The states the front hands to `alog-full` (docs/architecture.md, "Which writes go
    /// through libgit2"): a split index (its `link` extension), which libgit2 refuses too.
    static let handedOver = ["split index"]

    @Test("the same log through the front and through alog-full leaves the same commit, index, reflog and ref")
    func sameResult() throws {
        let home = TemporaryDirectory()
        let (full, recorded) = try Self.witness(home)
        var frontCommitted = 0
        // The states the front took over from alog-full (issue 46), among those it committed.
        var frontCommittedKinds: Set<String> = []
        let seeds =
            (ProcessInfo.processInfo.environment["ALOG_DIFF_SEED"].flatMap { UInt64($0) }).map { [$0] }
            ?? Array(1...30)
        for seed in seeds {
            let base = home.sub("s\(seed)")
            // The front logs in the vault the state was built in: the commit tip there is its
            // own (a copy's tip is another folder's, which the front does not trust).
            let viaFront = base + "/front"
            let chosen = try Self.makeState(vault: viaFront, seed: seed, full: full)
            let viaFull = base + "/full"
            #expect(try runProcess("/bin/cp", ["-a", viaFront, viaFull]).succeeded)
            let context = "seed \(seed) (re-run with ALOG_DIFF_SEED=\(seed)): \(chosen)"
            unlink(recorded)
            let front = try Self.alog("alog", ["log", "wake"], vault: viaFront, now: Self.day, full: full)
            let handedOver = ((try? readFile(recorded)) ?? "").contains("log")
            // The front must commit every state but those it documents as alog-full's.
            let expected = Self.handedOver.filter(chosen.contains)
            #expect(
                handedOver == !expected.isEmpty,
                "front \(handedOver ? "handed over" : "committed"), expected \(expected.isEmpty ? "to commit" : "a hand-over for \(expected)"); \(context)"
            )
            let byFull = try Self.alog("alog-full", ["log", "wake"], vault: viaFull, now: Self.day, full: full)
            // A state both refuse (a split index, which libgit2 cannot write): the same error,
            // and nothing committed.
            #expect(front.succeeded == byFull.succeeded, "\(context): \(front.stderr) \(byFull.stderr)")
            guard front.succeeded, byFull.succeeded else {
                #expect(front.stderr == byFull.stderr && front.status == byFull.status, "\(context)")
                for vault in [viaFront, viaFull] {
                    #expect(
                        try git("rev-parse", "HEAD", in: vault).stdout == git("rev-parse", "HEAD", in: viaFull).stdout)
                }
                continue
            }
            if !handedOver {
                frontCommitted += 1
                let kinds = ["packed refs", "untracked cache", "no reflog"]
                frontCommittedKinds.formUnion(kinds.filter(chosen.contains))
                if chosen.contains("packed refs"), chosen.contains("no reflog") {
                    frontCommittedKinds.insert("packed refs without a reflog")
                }
            }
            let frontID = front.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            let fullID = byFull.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            #expect(front.stderr == byFull.stderr, "\(context)")
            let a = try Self.observe(viaFront, id: frontID)
            let b = try Self.observe(viaFull, id: fullID)
            for key in b.keys.sorted() {
                #expect(
                    a[key] == b[key], "\(key) differs, front \(handedOver ? "handed over" : "committed"); \(context)")
            }
            #expect(b["fsck"] == "sound", "\(context)")
        }
        // Some cases must be the front's own, or the test compares alog-full with itself.
        #expect(seeds.count == 1 || frontCommitted >= 3, "the front committed \(frontCommitted)")
        // ... among them each state it no longer hands over, compared with libgit2's result.
        #expect(
            seeds.count == 1
                || frontCommittedKinds
                    == ["packed refs", "untracked cache", "no reflog", "packed refs without a reflog"],
            "the front committed \(frontCommittedKinds.sorted())")
    }
}
