import LedgerCore
import LedgerFastPath
import LedgerGitLayout
import LedgerMessages
import LedgerStore
import LedgerSystem
import LedgerVault
import LedgerWidget

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Damaged vaults through open and fold. One small real vault is made once (a few entries, a
/// type, an edit, a delete, a widget tap queued); each case damages one or two of the files alog
/// reads — `.git/alog/` (caches, device, removals, branch intent), the widget's files, the
/// branch ref, HEAD, the index, `packed-refs`, a working copy of an event file — with a seeded
/// choice (bytes flipped, cut, emptied, garbage, a directory in its place, removed, another
/// file's content, plausible but wrong values), then opens the vault as every command does
/// (`Vault.open`, finishing an interrupted write, `summary()`, `state()`) and reads it as the
/// front and the widget do (`WarmStatus`, `WidgetStore`). Everything is put back afterwards.
///
/// Rules: no crash, no hang; a refusal is one clear line; a refusal writes nothing (the branch
/// ref and HEAD as they were, no new object); and an open that succeeds shows the whole ledger
/// (the same summary and entries as the undamaged vault: damage may cost a fold, never an entry).
package final class VaultDamageFuzzer {
    package let seed: UInt64
    static let harness: UInt64 = 3
    let root: String
    var git: String { root + "/.git/" }
    /// The undamaged vault: every file of the places cases damage, by path relative to `root`.
    var pristine: [String: [UInt8]] = [:]
    var pristineDirectories: Set<String> = []
    var pristineSummary: StatusSummary?
    var pristineEntries: [EventID] = []
    var pristineLive: [EventID] = []
    var commits: [String] = []
    var objectCount = 0
    /// Where cases damage, relative to `root` (files that may not exist yet included).
    var targets: [String] = []
    var eventFile = ""
    static let restoredRoots = [
        ".git/alog", ".git/refs", ".git/HEAD", ".git/index", ".git/packed-refs", ".git/logs", ".alog",
    ]

    /// Makes the vault in `directory` (which must not exist or be empty).
    package init(seed: UInt64, directory: String) throws {
        self.seed = seed
        root = directory
        try makeVault()
    }

    func makeVault() throws {
        let (vault, _) = try Vault.initialize(at: root)
        let base: Int64 = 1_795_000_000
        vault.clock = { base * 1000 + 3_600_000 }
        func at(_ offset: Int64) -> LocalInstant { LocalInstant(seconds: base + offset, offset: 3600) }
        let wake = try vault.log(type: "wake", at: at(0), note: nil)
        commits.append(try headHex())
        _ = try vault.log(type: "meal", at: at(600), note: "porridge, \"hot\"")
        commits.append(try headHex())
        _ = try vault.defineType(ActivityTypeDefinition(name: "swim", icon: "🏊", group: "sport", color: "#0000ff"))
        let swim = try vault.log(type: "swim", at: at(1200), note: nil)
        _ = try vault.edit(swim.events[0].id.description, changes: EntryChanges(note: "lake"))
        _ = try vault.log(type: "sleep", at: at(1800), note: nil)
        _ = try vault.delete(String(wake.events[0].id.description.prefix(6)))
        commits.append(try headHex())
        pristineSummary = try vault.summary()
        pristineEntries = try vault.state().entryIDs.sorted()
        pristineLive = try Self.liveIDs(vault)
        try vault.ensureWidgetCache()
        let store = WidgetStore(stateDirectory: StateDirectory(gitDirectory: git))
        _ = try store.tap(type: "meal", at: at(2400))
        _ = WarmStatus.summary(gitDirectory: git)
        let state = StateDirectory(gitDirectory: git)
        let widget = state.widget
        eventFile = walk(".alog").first { $0.hasSuffix(".jsonl") } ?? ".alog/events/missing.jsonl"
        targets =
            [
                state.stateCache, state.summaryCache, state.timeIndex, state.timeHeap, state.device, state.removals,
                state.branchIntent,
                widget.queue, widget.queueLog, widget.lastKnown, widget.digest, widget.journal, widget.types,
                widget.failures,
            ].map { String($0.dropFirst(root.count + 1)) } + [
                ".git/refs/heads/main", ".git/HEAD", ".git/index", ".git/packed-refs", eventFile,
            ]
        capture()
        objectCount = countObjects()
    }

    /// The ids of the live entries as the time index (what history and reports read) has them.
    static func liveIDs(_ vault: Vault) throws -> [EventID] {
        try vault.readTimeIndex { index in try (0..<index.count).map { try index.entry($0).id } }.sorted()
    }

    func headHex() throws -> String {
        String(decoding: try FileSystem.read(git + "refs/heads/main") ?? [], as: UTF8.self).trimmingNewline
    }

    // MARK: - Running

    package func run(_ range: Range<Int>, cursor: FuzzCursor? = nil) -> HarnessResult {
        var report = HarnessResult(name: "damaged vaults", seed: seed)
        let start = monotonicSeconds()
        for index in range {
            cursor?.mark(report.name, seed: seed, index: index)
            var random = FuzzRandom(seed: seed, harness: Self.harness, index: index)
            let damages = damage(&random)
            report.timed(index, budget: 100, hang: 10_000) { report in
                for damage in damages { report.count(damage.kind) }
                check(damages, index: index, report: &report)
            }
            restore()
        }
        report.seconds = monotonicSeconds() - start
        return report
    }

    struct Damage {
        var path: String
        var kind: String
    }

    func check(_ damages: [Damage], index: Int, report: inout HarnessResult) {
        let shown = damages.map { "\($0.kind) \($0.path)" }.joined(separator: " and ")
        let refBefore = read(".git/refs/heads/main")
        let headBefore = read(".git/HEAD")
        var refusal: String?
        var opened: (StatusSummary, [EventID], [EventID])?
        // A HEAD naming a commit is a checkout of it: every command warns (`Vault.detachedHead`)
        // and reads the ledger as of that commit, as git does.
        var detached = false
        do {
            let vault = try Vault.open(at: root)
            _ = try vault.repo.finishInterruptedWrite()
            let summary = try vault.summary()
            let entries = try vault.state().entryIDs.sorted()
            detached = vault.repo.detachedHead() != nil
            opened = (summary, entries, try Self.liveIDs(vault))
        } catch {
            refusal = Messages.text(for: error)
        }
        // The front and the widget read without git, whatever the vault's state.
        let store = WidgetStore(stateDirectory: StateDirectory(gitDirectory: git))
        _ = WarmStatus.summary(gitDirectory: git)
        _ = store.view(now: 1_795_010_000, zone: FixedOffsetZone(offset: 0))
        _ = store.snapshot()
        _ = store.readLastKnown()
        do {
            _ = try store.readJournal()
        } catch {
            report.count("widget journal refused")
            if let problem = RefusalRules.problem("\(error)") {
                report.find(index, "widget refusal: \(problem)", "\(shown): \("\(error)".debugDescription)")
            }
        }
        let objects = countObjects()
        if let refusal {
            report.count("refused")
            if let problem = RefusalRules.problem(refusal) {
                report.find(index, "refusal message: \(problem)", "\(shown): \(refusal.debugDescription)")
            }
            if refusal.count > RefusalRules.longMessage {
                report.count("messages over \(RefusalRules.longMessage) characters")
            }
            if read(".git/refs/heads/main") != refBefore || read(".git/HEAD") != headBefore || objects != objectCount {
                report.find(index, "write on refusal", "\(shown): \(refusal)")
            }
            if report.notes.count < 12, report.count(of: "refused") % 997 == 1 {
                report.note("refused \(shown): \(refusal)")
            }
        } else if let (summary, entries, live) = opened {
            report.count("opened")
            if detached {
                report.count("detached HEAD, warned")
            } else if summary != pristineSummary || entries != pristineEntries || live != pristineLive {
                report.find(
                    index, "a different ledger",
                    "\(shown): \(entries.count) entries (of \(pristineEntries.count)), \(live.count) in the time index (of \(pristineLive.count)), summary \(summary == pristineSummary ? "same" : "different")"
                )
            }
        }
        objectCount = objects
    }

    // MARK: - Damage

    func damage(_ random: inout FuzzRandom) -> [Damage] {
        var damages: [Damage] = []
        for _ in 0..<(random.chance(20) ? 2 : 1) {
            let path = random.pick(targets)
            damages.append(Damage(path: path, kind: damage(path, &random)))
        }
        return damages
    }

    func damage(_ path: String, _ random: inout FuzzRandom) -> String {
        let full = root + "/" + path
        let original = pristine[path]
        func write(_ bytes: [UInt8]) {
            removeTree(full)
            _ = try? FileSystem.writeAtomically(full, bytes)
        }
        // Values of the file's own kind first: they get past the first checks.
        if random.chance(30), let plausible = plausible(path, &random) {
            write(plausible)
            return "plausible value"
        }
        switch random.below(10) {
        case 0:
            guard var bytes = original, !bytes.isEmpty else { fallthrough }
            for _ in 0..<(1 + random.below(8)) { bytes[random.below(bytes.count)] ^= UInt8(1 << random.below(8)) }
            write(bytes)
            return "bits flipped"
        case 1:
            guard let bytes = original, !bytes.isEmpty else { fallthrough }
            write(Array(bytes.prefix(random.below(bytes.count))))
            return "cut short"
        case 2:
            write([])
            return "emptied"
        case 3:
            write((0..<(1 + random.below(600))).map { _ in UInt8(truncatingIfNeeded: random.next()) })
            return "garbage"
        case 4:
            write((original ?? []) + (0..<(1 + random.below(64))).map { _ in UInt8(truncatingIfNeeded: random.next()) })
            return "garbage appended"
        case 5:
            removeTree(full)
            mkdir(full, 0o755)
            if random.chance(50) { _ = try? FileSystem.writeAtomically(full + "/inside", [49]) }
            return "a directory"
        case 6:
            removeTree(full)
            return "removed"
        case 7:
            let other = random.pick(Array(pristine.keys).sorted())
            write(pristine[other] ?? [])
            return "another file's content"
        case 8:
            guard var bytes = original, bytes.count > 1 else { fallthrough }
            let from = random.below(bytes.count)
            bytes.replaceSubrange(from..<min(bytes.count, from + 1 + random.below(32)), with: [])
            write(bytes)
            return "bytes deleted"
        default:
            write(Array(repeating: 0, count: 1 + random.below(4096)))
            return "zeros"
        }
    }

    /// A value of the file's own format that is wrong: a ref naming no commit or another
    /// commit, a branch intent naming odd branches, a device id of the wrong shape, …
    func plausible(_ path: String, _ random: inout FuzzRandom) -> [UInt8]? {
        let hex = String((0..<40).map { _ in random.pick(Array("0123456789abcdef")) })
        let commit = random.pick(commits)
        let name = path.split(separator: "/").last.map(String.init) ?? path
        let text: String
        switch name {
        case "main", "packed-refs":
            text = random.pick([
                hex + "\n", commit + "\n", commit, commit.uppercased() + "\n", String(commit.prefix(39)) + "\n",
                "ref: refs/heads/main\n", "ref: refs/heads/other\n", commit + " trailing\n", " " + commit + "\n",
                "# pack-refs with: peeled fully-peeled sorted \n\(commit) refs/heads/main\n",
                "# pack-refs with: peeled\n\(hex) refs/heads/main\n^\(hex)\n",
            ])
        case "HEAD":
            text = random.pick([
                "ref: refs/heads/other\n", "ref: refs/heads/main", commit + "\n", "ref: refs/heads/../../../x\n",
                "ref: refs/heads/main\nref: refs/heads/other\n", "ref:refs/heads/main\n", "ref: \n",
            ])
        case "branch-intent":
            let from = random.pick(commits + ["-", hex, ""])
            let to = random.pick(commits + [hex, "", "zz"])
            let branch = random.pick([
                "refs/heads/main", "refs/heads/other", "refs/heads/../../../../tmp/x", "refs/", "heads/main",
                "refs/heads/main.lock",
            ])
            text = "alog branch intent 1\n\(branch)\n\(from)\n\(to)\n"
        case "device":
            text = random.pick([
                "id=ab\nname=x\n", "id=\(hex)\(hex)\nname=x\n", "name=only\n", "id=UPPER1234\nname=x\n",
                "id=good-device\n", "id=good-device\nid=other-dev\n", "id=../../x\nname=y\n",
            ])
        case "removals":
            text = "\(commit)\n.alog/events/x.jsonl\n{\"v\":1}\n"
        case "PendingActivities.json":
            text = random.pick([
                "[{\"activityType\":\"meal\",\"activityTime\":1795000000}]", "[{\"activityType\":\"meal\"}]",
                "[{\"activityType\":\"swim\",\"activityTime\":1.5}]", "[]", "{}", "[",
                "[{\"activityType\":\"meal\",\"activityTime\":99999999999999999999}]",
                "[{\"activityType\":\"m\u{0}\",\"activityTime\":-1}]",
            ])
        case "time.idx":
            // A header that passes its check but whose counts or offsets lie.
            guard var bytes = pristine[path], bytes.count >= 128 else { return nil }
            let field = random.pick([56, 64, 72, 80, 88, 96, 104])
            let values: [UInt64] = [0, 1, 2, 7, 1 << 20, UInt64.max, UInt64.max / 2, UInt64(bytes.count), 127]
            let value = random.pick(values)
            bytes.withUnsafeMutableBytes { raw in
                raw.storeBytes(of: value.littleEndian, toByteOffset: field, as: UInt64.self)
                let check = CacheFile.checksum(UnsafeRawBufferPointer(rebasing: raw[0..<120]))
                raw.storeBytes(of: check.littleEndian, toByteOffset: 120, as: UInt64.self)
            }
            return bytes
        case "LastKnownActivities.json":
            text = random.pick([
                "{\"meal\":1795000000}", "{\"meal\":-1}", "{\"meal\":\"x\"}", "[]", "{\"\":1}",
                "{\"meal\":1e400}", "{\"meal\":9223372036854775807}",
            ])
        default:
            return nil
        }
        return Array(text.utf8)
    }

    // MARK: - The undamaged vault

    func capture() {
        pristine = [:]
        pristineDirectories = []
        for path in walk(Self.restoredRoots) {
            if FileSystem.isDirectory(root + "/" + path) {
                pristineDirectories.insert(path)
            } else if let bytes = try? FileSystem.read(root + "/" + path) {
                pristine[path] = bytes
            }
        }
    }

    /// Puts every file of the restored places back as it was; removes what was not there.
    func restore() {
        for path in walk(Self.restoredRoots).reversed() {
            let full = root + "/" + path
            let isDirectory = FileSystem.isDirectory(full)
            if isDirectory, pristineDirectories.contains(path) { continue }
            if !isDirectory, let bytes = pristine[path] {
                if read(path) != bytes { _ = try? FileSystem.writeAtomically(full, bytes) }
                continue
            }
            removeTree(full)
        }
        for directory in pristineDirectories.sorted() where !FileSystem.isDirectory(root + "/" + directory) {
            removeTree(root + "/" + directory)
            try? FileSystem.makeDirectories(root + "/" + directory)
        }
        for (path, bytes) in pristine where !FileSystem.exists(root + "/" + path) {
            _ = try? FileSystem.writeAtomically(root + "/" + path, bytes)
        }
    }

    func read(_ path: String) -> [UInt8]? { try? FileSystem.read(root + "/" + path) }

    /// The paths below (and including) `roots`, relative to the vault, parents first.
    func walk(_ roots: [String]) -> [String] {
        var paths: [String] = []
        func visit(_ path: String) {
            guard FileSystem.exists(root + "/" + path) else { return }
            paths.append(path)
            if FileSystem.isDirectory(root + "/" + path) {
                for name in FileSystem.list(root + "/" + path).sorted() { visit(path + "/" + name) }
            }
        }
        roots.forEach(visit)
        return paths
    }

    func walk(_ root: String) -> [String] { walk([root]) }

    func countObjects() -> Int {
        var count = 0
        for folder in FileSystem.list(git + "objects") {
            count += FileSystem.list(git + "objects/" + folder).count
        }
        return count
    }

    /// Removes a file, or a directory with everything in it.
    func removeTree(_ path: String) {
        if FileSystem.isDirectory(path) {
            for name in FileSystem.list(path) { removeTree(path + "/" + name) }
            rmdir(path)
        } else {
            unlink(path)
        }
    }
}

extension String {
    fileprivate var trimmingNewline: String {
        var text = self
        while text.last == "\n" { text.removeLast() }
        return text
    }
}
