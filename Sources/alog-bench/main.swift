import Foundation
import LedgerCore
import LedgerVault

// alog-bench: reproducible performance figures for docs/performance.md.
//
//   swift build -c release --static-swift-stdlib && .build/release/alog-bench [--quick] [--widget-only] [--out DIR]
//   .build/release/alog-bench --append-only [--batch-only]   (profiling: the append loops alone)
//
// (`--static-swift-stdlib` is how alog is meant to be built for use: it halves start-up.)
//
// Every figure is printed beside a baseline measured in the same run (a `git commit` of one
// small file; `timew start` where installed), because these machines are noisy.

var arguments = CommandLine.arguments.dropFirst()
let usage = """
    usage: alog-bench [--quick] [--widget-only] [--out DIR]
           alog-bench --append-only [--batch-only]
           alog-bench [--quick] --sync-against DIR
           alog-bench [--quick] --report-only
           alog-bench [--quick] --history-only
           alog-bench [--quick] --start-only

    Measures alog (built beside this program, release mode) and prints each figure beside a
    baseline measured in the same run; see docs/performance.md.

      --quick         smaller ledgers and fewer runs, a 2-minute watch (a few minutes instead of 15)
      --widget-only   only the widget's figures
      --history-only  only history, reports, calendar on the large vault (the time index)
      --out DIR       where to build the test vaults (default: a folder in the temporary directory)
      --append-only   profiling: only the append loops (--batch-only: only the batch one)
      --sync-against DIR  only sync receiving 10 events into the large vault, alternating this
                      build with the alog in DIR (another release build)
      --report-only   only 'alog report :all' over 100,000 intervals beside 'timew summary :all'
                      and 'watson report --all' on the same data (10,000 with --quick)
      --notes-only    only 'alog tasks' over 10,000 notes beside grep, and 'alog log' on the small
                      vault with day notes on beside it with them off
      --start-only    only 'alog log meal' on a 1,000-event vault and the small one (and the large
                      one named by ALOG_BENCH_VAULT), 'alog-full --version', 'timew start',
                      'timew --version' and 'git commit --allow-empty', in alternating rounds
                      0.12 s apart, once the new vaults have settled for 65 s; then the logs
                      alone, back to back
      --serve-only    only the web dashboard on the large vault (needs alog-serve and wrk):
                      /api/status and the Today page at ~200 req/s, 50 concurrent logs, the
                      server at rest (ALOG_BENCH_IDLE_SECONDS, ALOG_BENCH_POLL_MINUTES)
      -h, --help      show this help
    """
let known: Set<String> = [
    "--quick", "--widget-only", "--history-only", "--out", "--append-only", "--batch-only", "--sync-against",
    "--report-only", "--notes-only", "--serve-only", "--start-only",
]
if arguments.contains(where: { ["-h", "--help", "help"].contains($0) }) {
    print(usage)
    exit(0)
}
if let unknown = arguments.enumerated().first(where: { index, argument in
    !known.contains(argument)
        && !(index > 0 && ["--out", "--sync-against"].contains(arguments[arguments.startIndex + index - 1]))
}) {
    FileHandle.standardError.write(Data("Error: unknown option '\(unknown.element)'\n\(usage)\n".utf8))
    exit(64)
}
let quick = arguments.contains("--quick")
var outDirectory = FileManager.default.temporaryDirectory.path + "/alog-bench-\(getpid())"
if let index = arguments.firstIndex(of: "--out"), arguments.index(after: index) < arguments.endIndex {
    outDirectory = arguments[arguments.index(after: index)]
}
let smallSize = quick ? 10_000 : 100_000
let largeSize = quick ? 100_000 : 1_000_000
let runs = quick ? 9 : 31
let appendCount = quick ? 300 : 2000

let binDirectory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().path
let alogPath = binDirectory + "/alog"
guard FileManager.default.isExecutableFile(atPath: alogPath) else {
    fatalError("build alog first: swift build -c release (looked for \(alogPath))")
}
try? FileManager.default.removeItem(atPath: outDirectory)
try FileManager.default.createDirectory(atPath: outDirectory, withIntermediateDirectories: true)
let gitEnv = [
    "GIT_AUTHOR_NAME": "Bench", "GIT_AUTHOR_EMAIL": "bench@example.com", "GIT_COMMITTER_NAME": "Bench",
    "GIT_COMMITTER_EMAIL": "bench@example.com",
]
for (key, value) in gitEnv { setenv(key, value, 1) }
// The vaults alog-bench makes are its own: 'alog init' must not make one of them the user's
// default vault (it writes the 'vault' setting when none is set).
try FileManager.default.createDirectory(atPath: outDirectory + "/config", withIntermediateDirectories: true)
setenv("XDG_CONFIG_HOME", outDirectory + "/config", 1)

var rows: [(String, String, String, String)] = []
@MainActor func report(_ name: String, _ value: String, _ target: String, _ baseline: String) {
    rows.append((name, value, target, baseline))
    print("\(name): \(value)  [target \(target)]  \(baseline)")
}

// MARK: Profiling hook: only the in-process append loop.
if arguments.contains("--append-only") {
    if !arguments.contains("--batch-only") {
        let (vault, _) = try Vault.initialize(at: outDirectory + "/append-only")
        let started = DispatchTime.now().uptimeNanoseconds
        for n in 0..<appendCount {
            _ = try vault.log(
                type: "meal", at: LocalInstant(seconds: 1_700_000_000 + Int64(n) * 60, offset: 0), note: nil)
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
        print("\(appendCount) appends: \(fmt(Double(appendCount) / seconds, 0)) commits/s")
    }
    let (batchVault, _) = try Vault.initialize(at: outDirectory + "/append-only-batch")
    let batchStarted = DispatchTime.now().uptimeNanoseconds
    _ = try batchVault.logEach(
        (0..<appendCount).map { n in
            (type: "meal", at: LocalInstant(seconds: 1_700_000_000 + Int64(n) * 60, offset: 0), note: nil)
        })
    let batchSeconds = Double(DispatchTime.now().uptimeNanoseconds - batchStarted) / 1e9
    print("\(appendCount) commits through logEach: \(fmt(Double(appendCount) / batchSeconds, 0)) commits/s")
    exit(0)
}

// MARK: Baselines
let baseRepo = outDirectory + "/baseline-git"
shell(
    "git init -q -b main \(baseRepo) && echo 0 > \(baseRepo)/f && git -C \(baseRepo) add f && git -C \(baseRepo) commit -qm init"
)
var gitTimes: [Double] = []
for n in 0..<runs {
    try "\(n)\n".write(toFile: baseRepo + "/f", atomically: false, encoding: .utf8)
    _ = timedRun(["git", "-C", baseRepo, "add", "f"])
    gitTimes.append(timedRun(["git", "-C", baseRepo, "commit", "-qm", "n\(n)"]).ms)
}
let gitCommitMs = median(gitTimes)
print("baseline: git commit of one small file, median \(fmt(gitCommitMs, 2)) ms")
var timewMs: Double?
if FileManager.default.isExecutableFile(atPath: "/usr/bin/timew") {
    let db = outDirectory + "/timewarrior"
    try FileManager.default.createDirectory(atPath: db, withIntermediateDirectories: true)
    _ = timedRun(["timew", ":yes", "start", "warmup"], environment: ["TIMEWARRIORDB": db])
    var times: [Double] = []
    for n in 0..<runs {
        times.append(timedRun(["timew", ":yes", "start", "task\(n)"], environment: ["TIMEWARRIORDB": db]).ms)
    }
    timewMs = median(times)
    print("baseline: timew start, median \(fmt(timewMs!, 2)) ms")
}
let trueMs = median(timedRuns(["/bin/true"], count: runs))
print("baseline: /bin/true (a process start), median \(fmt(trueMs, 2)) ms")
let baselineText =
    "git commit \(fmt(gitCommitMs, 2)) ms" + (timewMs.map { "; timew start \(fmt($0, 2)) ms" } ?? "")
    + "; /bin/true \(fmt(trueMs, 2)) ms"

// MARK: Start-up only (before the append loops: on a file system that skips recently freed
// inodes, ext4 without a journal, their thousands of index rewrites would leave holes that
// the small vaults generated next scan past for minutes, and the 1M vault elsewhere not)
if arguments.contains("--start-only") {
    var vaults = [
        ("1,000-event vault", try buildVault(1_000)), ("\(smallSize)-event vault", try buildVault(smallSize)),
    ]
    if let given = ProcessInfo.processInfo.environment["ALOG_BENCH_VAULT"].flatMap({ $0.isEmpty ? nil : $0 }) {
        vaults.append(("the vault in ALOG_BENCH_VAULT", given))
    }
    // The generator commits a day at a time, and each commit replaces the index: ~1,200 inodes
    // freed in each new vault just now. ext4 without a journal skips an inode for 60 s after it
    // is freed (360 s while its table block is dirty) and every file created near it scans past
    // them: measured at once, the 100k vault logged at 1.52× the small one, and at 1.05× a few
    // minutes later. The written blocks are flushed and the holes let expire first, so the
    // vaults are measured as a person's vault is, not in the minute after its import.
    print("letting the file system settle for 65 s after generating the vaults")
    sync()
    Thread.sleep(forTimeInterval: 65)
    for (_, vault) in vaults { _ = timedRun([alogPath, "status", "--vault", vault]) }
    try measureStart(vaults: vaults.map { (label: $0.0, path: $0.1) }, rounds: quick ? 11 : 41)
    printTable()
    exit(0)
}

// MARK: Library append, one commit per event
do {
    let (vault, _) = try Vault.initialize(at: outDirectory + "/append")
    _ = try vault.summary()
    let started = DispatchTime.now().uptimeNanoseconds
    for n in 0..<appendCount {
        _ = try vault.log(type: "meal", at: LocalInstant(seconds: 1_700_000_000 + Int64(n) * 60, offset: 0), note: nil)
    }
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
    let rate = Double(appendCount) / seconds
    report(
        "library append (1 commit/event, \(appendCount) commits)", "\(fmt(rate, 0)) commits/s", "≥ 2,000 commits/s",
        "\(fmt(rate / (1000 / gitCommitMs), 1))× the git CLI's \(fmt(1000 / gitCommitMs, 0)) commits/s")

    // The same history (one commit per event) through the batch API: one pack, one ref move.
    let (batchVault, _) = try Vault.initialize(at: outDirectory + "/append-batch")
    _ = try batchVault.summary()
    let entries = (0..<appendCount).map { n in
        (type: "meal", at: LocalInstant(seconds: 1_700_000_000 + Int64(n) * 60, offset: 0), note: String?.none)
    }
    let batchStarted = DispatchTime.now().uptimeNanoseconds
    _ = try batchVault.logEach(entries)
    let batchRate = Double(appendCount) / (Double(DispatchTime.now().uptimeNanoseconds - batchStarted) / 1e9)
    report(
        "library batch append (Vault.logEach: 1 commit/event, \(appendCount) commits, one pack)",
        "\(fmt(batchRate, 0)) commits/s", "≥ 2,000 commits/s",
        "\(fmt(batchRate / rate, 1))× one append per call; \(fmt(batchRate / (1000 / gitCommitMs), 0))× the git CLI")
}

// MARK: Vaults
@MainActor func buildVault(_ size: Int) throws -> String {
    let path = outDirectory + "/vault-\(size)"
    let started = DispatchTime.now().uptimeNanoseconds
    _ = try generateVault(at: path, events: size)
    print("generated \(size) events in \(fmt(Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9, 1)) s")
    return path
}

// `--sync-against DIR`: only `alog sync` receiving 10 events into the large vault, this build
// against the alog in DIR, alternating (issue 27: sync after a pull).
if let index = arguments.firstIndex(of: "--sync-against"), arguments.index(after: index) < arguments.endIndex {
    let large = try buildVault(largeSize)
    let (this, baseline) = measureSyncReceiveAgainst(
        baselineDirectory: arguments[arguments.index(after: index)], into: large, newEvents: 10, runs: runs)
    report(
        "alog sync receiving 10 new events into the \(largeSize)-event vault (alternating with a baseline build)",
        "\(fmt(this, 1)) ms", "≤ 60 ms", "\(fmt(this / baseline, 2))× the baseline build (\(fmt(baseline, 1)) ms)")
    printTable()
    exit(0)
}

if arguments.contains("--serve-only") {
    // ALOG_BENCH_VAULT: a vault generated by an earlier run. ALOG_BENCH_IDLE_SECONDS (default
    // 30) and ALOG_BENCH_POLL_MINUTES (default 2; the figure is 10) set the rest periods.
    let environment = ProcessInfo.processInfo.environment
    let given = environment["ALOG_BENCH_VAULT"].flatMap { $0.isEmpty ? nil : $0 }
    try writeSlowPollingScript()
    try measureServe(
        vault: try given ?? buildVault(largeSize), size: largeSize,
        idleSeconds: environment["ALOG_BENCH_IDLE_SECONDS"].flatMap { Int($0) } ?? 30,
        pollingMinutes: environment["ALOG_BENCH_POLL_MINUTES"].flatMap { Double($0) } ?? 2)
    printTable()
    exit(0)
}

if arguments.contains("--notes-only") {
    try measureNotes(size: smallSize, notes: 10_000, rounds: quick ? 9 : 31)
    printTable()
    exit(0)
}

if arguments.contains("--report-only") {
    try measureReports(count: quick ? 10_000 : 100_000, rounds: quick ? 3 : 5)
    printTable()
    exit(0)
}

if arguments.contains("--history-only") {
    // ALOG_BENCH_VAULT: a vault generated by an earlier run (it gains the logs this run writes).
    let given = ProcessInfo.processInfo.environment["ALOG_BENCH_VAULT"].flatMap { $0.isEmpty ? nil : $0 }
    measureHistory(vault: try given ?? buildVault(largeSize), size: largeSize, runs: runs)
    printTable()
    exit(0)
}

if arguments.contains("--widget-only") {
    try measureWidget(vault: try buildVault(largeSize), queued: 10_000)
    printTable()
    exit(0)
}

let small = try buildVault(smallSize)
_ = timedRun([alogPath, "status", "--vault", small])
sync()
for _ in 0..<3 { _ = timedRun([alogPath, "log", "meal", "--note", "warm-up", "--vault", small]) }
var logTimes: [Double] = []
for n in 0..<runs {
    logTimes.append(timedRun([alogPath, "log", "meal", "--note", "bench \(n)", "--vault", small]).ms)
}
let logMs = median(logTimes)
report(
    "alog log on the \(smallSize)-event vault (median of \(runs))", "\(fmt(logMs, 2)) ms", "≤ 15 ms",
    "\(fmt(logMs / gitCommitMs, 2))× git commit" + (timewMs.map { ", \(fmt(logMs / $0, 2))× timew start" } ?? ""))

let large = try buildVault(largeSize)
let firstStatus = timedRun([alogPath, "status", "--vault", large]).ms
print("first status on \(largeSize) (cold: full fold + caches): \(fmt(firstStatus, 0)) ms")

// `alog watch` on the big vault, idle first; it keeps running (and redrawing as the figures
// below write to the vault) until its memory is read again at the end.
let watchMinutes = quick ? 2.0 : 10.0
let watch = WatchProbe(vault: large)
if let watch {
    let idleSeconds = quick ? 20.0 : 60.0
    let share = watch.idleCPU(seconds: idleSeconds)
    report(
        "alog watch idle, \(largeSize)-event vault (CPU over \(fmt(idleSeconds, 0)) s)",
        "\(fmt(share * 100, 3)) % of a core",
        "< 1 %", "RSS \(fmt(Double(watch.firstMemory.rss) / 1024, 1)) MB after start-up")
}
let warm = timedRuns([alogPath, "status", "--vault", large], count: runs)
report(
    "alog status on the \(largeSize)-event vault, warm cache", "\(fmt(median(warm), 2)) ms", "≤ 10 ms",
    "\(fmt(median(warm) / gitCommitMs, 2))× git commit")

var afterOwn: [Double] = []
for n in 0..<runs {
    _ = timedRun([alogPath, "log", "wake", "--note", "own \(n)", "--vault", large])
    afterOwn.append(timedRun([alogPath, "status", "--vault", large]).ms)
}
report(
    "alog status after one new event (written by alog)", "\(fmt(median(afterOwn), 2)) ms", "≤ 20 ms",
    "\(fmt(median(afterOwn) / gitCommitMs, 2))× git commit")

// A new event that arrives by plain git (another device's commit): the tree diff is folded.
let otherClone = outDirectory + "/other-device"
shell("git clone -q \(large) \(otherClone)")
var afterForeign: [Double] = []
for n in 0..<(quick ? 3 : 7) {
    shell("\(alogPath) log meal --note foreign\(n) --vault \(otherClone) >/dev/null")
    shell("git -C \(large) pull -q --no-rebase --no-edit \(otherClone) main")
    afterForeign.append(timedRun([alogPath, "status", "--vault", large]).ms)
}
report(
    "alog status after one event pulled from another device", "\(fmt(median(afterForeign), 1)) ms", "≤ 20 ms",
    "\(fmt(median(afterForeign) / gitCommitMs, 2))× git commit")

try measureWidget(vault: large, queued: 10_000)
measureTimers(small: small, large: large)

// MARK: Sync
let syncRuns = quick ? 3 : 5
let syncSmall = measureSyncReceive(into: small, newEvents: 10, runs: syncRuns)
let syncLarge = measureSyncReceive(into: large, newEvents: 10, runs: syncRuns)
report(
    "alog sync receiving 10 new events into the \(largeSize)-event vault", "\(fmt(syncLarge, 1)) ms", "≤ 500 ms",
    "\(fmt(syncLarge / syncSmall, 2))× the same sync into the \(smallSize)-event vault (\(fmt(syncSmall, 1)) ms); \(fmt(syncLarge / gitCommitMs, 1))× git commit"
)
let mergeSide = quick ? 2_000 : 10_000
let mergeMs = try measureMerge(from: small, perSide: mergeSide)
report(
    "alog sync merging two devices with \(mergeSide) new events each (\(smallSize)-event vault)",
    "\(fmt(mergeMs / 1000, 2)) s", "≤ 2 s", "\(fmt(mergeMs / gitCommitMs, 0))× git commit")

var rebuilds: [Double] = []
for _ in 0..<3 { rebuilds.append(timedRun([alogPath, "rebuild", "--vault", large]).ms) }
report(
    "alog rebuild of \(largeSize) events (median of 3)", "\(fmt(median(rebuilds) / 1000, 2)) s", "≤ 2 s",
    "\(fmt(median(rebuilds) / gitCommitMs, 0))× git commit")

shell("git -C \(large) gc -q")
let counts = shell("git -C \(large) count-objects -v")
let packKiB =
    counts.split(separator: "\n").first { $0.hasPrefix("size-pack:") }.flatMap {
        Double($0.split(separator: " ").last!)
    } ?? 0
let eventCount = Double(largeSize + runs + (quick ? 3 : 7))
let bytesPerEvent = packKiB * 1024 / eventCount
let rawBytes =
    Double(
        shell("cat $(git -C \(large) ls-files -- .alog/events | sed 's|^|\(large)/|') | wc -c").trimmingCharacters(
            in: .whitespacesAndNewlines)) ?? 0
report(
    "repository bytes per event after git gc", "\(fmt(bytesPerEvent, 0)) B", "≤ 400 B",
    "raw event lines: \(fmt(rawBytes / eventCount, 0)) B/event")

if let watch {
    let readings = watch.finish(minutes: watchMinutes, vault: large)
    if let first = readings.first, let last = readings.last {
        func mb(_ kib: Int) -> String { fmt(Double(kib) / 1024, 1) }
        print(
            "alog watch memory, minute by minute (RSS/data MB): "
                + readings.map { "\(fmt($0.minute, 1)): \(mb($0.rss))/\(mb($0.data))" }.joined(separator: ", "))
        report(
            "alog watch memory from minute \(fmt(first.minute, 1)) to \(fmt(last.minute, 1)) (a new entry every 5 s, redrawn)",
            "RSS \(mb(first.rss)) → \(mb(last.rss)) MB, data \(mb(first.data)) → \(mb(last.data)) MB", "no growth",
            "RSS after start-up \(mb(watch.firstMemory.rss)) MB; peak \(mb(readings.map(\.rss).max()!)) MB")
    }
}

printTable()

@MainActor func printTable() {
    var table = "| measure | result | target | beside the baseline |\n|---|---|---|---|\n"
    for row in rows { table += "| \(row.0) | \(row.1) | \(row.2) | \(row.3) |\n" }
    table += "\nBaselines this run: \(baselineText).\n"
    print("\n" + table)
    try? table.write(toFile: outDirectory + "/results.md", atomically: true, encoding: .utf8)
    print("results written to \(outDirectory)/results.md")
}
