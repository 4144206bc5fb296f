import Foundation
import LedgerCore
import LedgerVault

/// `alog report` against the peers on the same data (issue 23): `count` closed intervals in a
/// row (5 to 50 minutes each, gaps of up to 30), written as an alog vault (through the bulk
/// path), as timewarrior's data files and as Watson's frames. Times `alog report :all` beside
/// `timew summary :all` and `watson report --all`, each in alternating rounds, and checks that
/// the per-tag totals of alog and Watson agree. Each interval also has up to two of three more
/// tags (issue 47): `report --by tag` is timed beside `timew summary :all deep`, and alog's
/// total for `deep` checked against timewarrior's.
@MainActor func measureReports(count: Int, rounds: Int) throws {
    let tags = ["work", "reading", "study", "exercise", "music"]
    let extraTags = ["deep", "client-x", "Deep Focus"]
    var rng = SplitMix64(seed: 23)
    var intervals: [(tag: String, start: Int64, end: Int64, extra: [String])] = []
    var at: Int64 = 1_483_228_800  // 2017-01-01T00:00Z
    for _ in 0..<count {
        at += Int64.random(in: 0...1800, using: &rng)
        let end = at + Int64.random(in: 300...3000, using: &rng)
        let extra = extraTags.filter { _ in Int.random(in: 0..<3, using: &rng) == 0 }
        intervals.append((tags.randomElement(using: &rng)!, at, end, extra))
        at = end
    }
    // alog: the types, then each window as a start and its stop.
    let vaultPath = outDirectory + "/report-vault"
    let (vault, _) = try Vault.initialize(at: vaultPath)
    var events: [Event] = []
    var wall: Int64 = 1_700_000_000_000
    func add(_ body: EventBody) -> EventID {
        var generator = rng
        let id = EventID.random(using: &generator)
        rng = generator
        wall += 1
        events.append(Event(id: id, device: "bench00001", stamp: Stamp(millis: wall), wallMillis: wall, body: body))
        return id
    }
    for tag in tags {
        _ = add(.typeDefined(ActivityTypeDefinition(name: tag, icon: "•", group: "", color: "", archived: false)))
    }
    for interval in intervals {
        let id = add(
            .started(type: interval.tag, at: LocalInstant(seconds: interval.start, offset: 0), note: nil, goal: nil))
        _ = add(.stopped(target: id, at: LocalInstant(seconds: interval.end, offset: 0), note: nil))
        if !interval.extra.isEmpty { _ = add(.tagged(target: id, tags: Tags.normalized(interval.extra), on: true)) }
        if events.count >= 20_000 {
            _ = try vault.importEvents(events, message: "bench: intervals")
            events = []
        }
    }
    if !events.isEmpty { _ = try vault.importEvents(events, message: "bench: intervals") }
    _ = timedRun([alogPath, "rebuild", "--vault", vaultPath])

    // timewarrior: one data file a month, `inc START - END # TAG`.
    let timewDB = outDirectory + "/timewarrior"
    try FileManager.default.createDirectory(atPath: timewDB + "/data", withIntermediateDirectories: true)
    try "".write(toFile: timewDB + "/timewarrior.cfg", atomically: true, encoding: .utf8)
    var months: [String: String] = [:]
    for interval in intervals {
        let start = LocalInstant(seconds: interval.start, offset: 0)
        let (date, _) = start.localDateAndTime
        func stamp(_ seconds: Int64) -> String {
            LocalInstant(seconds: seconds, offset: 0).iso8601.replacingOccurrences(of: "-", with: "")
                .replacingOccurrences(of: ":", with: "")
        }
        let written = Tags.normalized([interval.tag] + interval.extra).map { $0.contains(" ") ? "\"\($0)\"" : $0 }
        months[date.isoMonth, default: ""] +=
            "inc \(stamp(interval.start)) - \(stamp(interval.end)) # \(written.joined(separator: " "))\n"
    }
    for (month, text) in months {
        try text.write(toFile: timewDB + "/data/\(month).data", atomically: true, encoding: .utf8)
    }
    // Watson: frames [start, stop, project, id, tags, updated_at].
    let watsonDir = outDirectory + "/watson"
    try FileManager.default.createDirectory(atPath: watsonDir, withIntermediateDirectories: true)
    let frames = intervals.enumerated().map { index, interval in
        let list = interval.extra.map { "\"\($0)\"" }.joined(separator: ", ")
        return
            "[\(interval.start), \(interval.end), \"\(interval.tag)\", \"\(String(format: "%032x", index))\", [\(list)], \(interval.end)]"
    }
    try ("[\n" + frames.joined(separator: ",\n") + "\n]\n").write(
        toFile: watsonDir + "/frames", atomically: true, encoding: .utf8)

    // The import of the same intervals from timewarrior's files into a new vault: one commit.
    let imported = outDirectory + "/imported-vault"
    _ = timedRun([alogPath, "init", "--vault", imported])
    let importRun = timedRun(
        [alogPath, "import", "timewarrior", timewDB, "--define-types", "--vault", imported], environment: ["TZ": "UTC"])
    _ = try runCapturing(["/usr/bin/git", "-C", imported, "gc", "-q", "--aggressive"], environment: [:])
    let objects = try runCapturing(["/usr/bin/git", "-C", imported, "count-objects", "-v"], environment: [:])
    let packKiB =
        objects.split(separator: "\n").first { $0.hasPrefix("size-pack:") }
        .flatMap { Double($0.split(separator: " ").last ?? "") } ?? .nan
    report(
        "alog import timewarrior of \(count) intervals into a new vault (one commit\(importRun.status == 0 ? "" : ", FAILED"))",
        "\(fmt(importRun.ms / 1000, 2)) s", "≤ 5 s",
        "\(fmt(packKiB * 1024 / Double(count), 1)) B per entry in the packed repository (target ≤ 60)")

    let alog = [alogPath, "report", ":all", "--vault", vaultPath]
    let environment = ["TZ": "UTC", "TIMEWARRIORDB": timewDB, "WATSON_DIR": watsonDir]
    var pairs: [(alog: Double, timew: Double?, watson: Double?)] = []
    let timew = FileManager.default.isExecutableFile(atPath: "/usr/bin/timew")
    let watsonPath = ["/usr/local/bin/watson", "/root/.pyenv/shims/watson", "/usr/bin/watson"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }
    _ = timedRun(alog, environment: environment)
    for _ in 0..<rounds {
        let a = timedRun(alog, environment: environment).ms
        let t = timew ? timedRun(["/usr/bin/timew", ":yes", "summary", ":all"], environment: environment).ms : nil
        let w = watsonPath.map { timedRun([$0, "report", "--all"], environment: environment).ms }
        pairs.append((a, t, w))
    }
    let alogMs = median(pairs.map(\.alog))
    var beside = "\(fmt(alogMs / gitCommitMs, 1))× git commit"
    if timew {
        let ratio = median(pairs.map { $0.alog / $0.timew! })
        beside += "; \(fmt(ratio, 3))× timew summary :all (\(fmt(median(pairs.map { $0.timew! }), 0)) ms)"
    }
    if watsonPath != nil {
        let ratio = median(pairs.map { $0.alog / $0.watson! })
        beside += "; \(fmt(ratio, 3))× watson report --all (\(fmt(median(pairs.map { $0.watson! }), 0)) ms)"
    }
    report(
        "alog report :all --by type over \(count) intervals (median of \(rounds) alternating rounds)",
        "\(fmt(alogMs, 1)) ms", "≤ 100 ms", beside)

    // The totals agree with Watson's (seconds per project).
    if let watsonPath {
        let ours = try runCapturing(alog + ["--json"], environment: environment)
        let theirs = try runCapturing([watsonPath, "report", "--all", "--json"], environment: environment)
        let ourRows =
            (try JSONSerialization.jsonObject(with: Data(ours.utf8)) as? [String: Any])?["rows"] as? [[String: Any]]
            ?? []
        let theirProjects =
            (try JSONSerialization.jsonObject(with: Data(theirs.utf8)) as? [String: Any])?["projects"]
            as? [[String: Any]] ?? []
        let a = Dictionary(uniqueKeysWithValues: ourRows.map { ($0["key"] as! String, $0["seconds"] as! Int) })
        let w = Dictionary(
            uniqueKeysWithValues: theirProjects.map { ($0["name"] as! String, Int(($0["time"] as! Double).rounded())) })
        print(
            a == w ? "totals per type equal watson's per project: \(a.count) types" : "MISMATCH: alog \(a) watson \(w)")
    }
    try measureTagReport(alog: alog, environment: environment, timew: timew, rounds: rounds, count: count)
}

/// `alog report :all --by tag` beside `timew summary :all deep` (one tag's total, what a
/// timewarrior user asks for), and alog's `deep` row against timewarrior's total.
@MainActor func measureTagReport(alog: [String], environment: [String: String], timew: Bool, rounds: Int, count: Int)
    throws
{
    let byTag = alog + ["--by", "tag"]
    let timewTag = ["/usr/bin/timew", ":yes", "summary", ":all", "deep"]
    _ = timedRun(byTag, environment: environment)
    var pairs: [(alog: Double, timew: Double?)] = []
    for _ in 0..<rounds {
        let a = timedRun(byTag, environment: environment).ms
        pairs.append((a, timew ? timedRun(timewTag, environment: environment).ms : nil))
    }
    let alogMs = median(pairs.map(\.alog))
    var beside = ""
    if timew {
        let ratio = median(pairs.map { $0.alog / $0.timew! })
        beside = "\(fmt(ratio, 3))× timew summary :all deep (\(fmt(median(pairs.map { $0.timew! }), 0)) ms)"
        let ours = try runCapturing(byTag + ["--json"], environment: environment)
        let rows =
            (try JSONSerialization.jsonObject(with: Data(ours.utf8)) as? [String: Any])?["rows"] as? [[String: Any]]
            ?? []
        let deep = rows.first { $0["key"] as? String == "deep" }?["seconds"] as? Int
        let summary = try runCapturing(timewTag, environment: environment)
        let last = summary.split(separator: "\n").last { !$0.trimmingCharacters(in: .whitespaces).isEmpty } ?? ""
        let parts = last.trimmingCharacters(in: .whitespaces).split(separator: ":").compactMap { Int($0) }
        let theirs = parts.count == 3 ? parts[0] * 3600 + parts[1] * 60 + parts[2] : nil
        print(
            deep != nil && deep == theirs
                ? "the total of tag deep equals timew's: \(deep!) s"
                : "MISMATCH: alog deep \(String(describing: deep)) timew \(String(describing: theirs))")
    }
    report(
        "alog report :all --by tag over \(count) intervals, a third of them tagged deep (median of \(rounds) rounds)",
        "\(fmt(alogMs, 1)) ms", "≤ 100 ms", beside)
    // One tag's total, and the list of tags, each beside timewarrior's own command.
    for (ours, theirs, what) in [
        (alog + ["--tag", "deep"], timewTag, "alog report :all --tag deep"),
        ([alog[0], "tags"] + alog.suffix(2), ["/usr/bin/timew", ":yes", "tags"], "alog tags"),
    ] {
        _ = timedRun(ours, environment: environment)
        var pairs: [(alog: Double, timew: Double?)] = []
        for _ in 0..<rounds {
            pairs.append(
                (
                    timedRun(ours, environment: environment).ms,
                    timew ? timedRun(theirs, environment: environment).ms : nil
                ))
        }
        let ms = median(pairs.map(\.alog))
        let ratio =
            timew
            ? "\(fmt(median(pairs.map { $0.alog / $0.timew! }), 3))× timew \(theirs.dropFirst(2).joined(separator: " ")) "
                + "(\(fmt(median(pairs.map { $0.timew! }), 0)) ms)" : ""
        report("\(what) over \(count) intervals (median of \(rounds) rounds)", "\(fmt(ms, 1)) ms", "≤ 100 ms", ratio)
    }
}

/// A command's standard output.
func runCapturing(_ argv: [String], environment: [String: String]) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: argv[0])
    process.arguments = Array(argv.dropFirst())
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self)
}

/// A seeded generator, so the data is the same run after run.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
