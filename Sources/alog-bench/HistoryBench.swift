import Foundation

/// History, reports, the calendar and streaks on the large vault (issue 23, "History at a
/// million entries"): the time index makes their cost follow the entries asked for. Each
/// figure is given beside `alog status` on the same vault in the same run (a process start and
/// a small cache read: the floor any command pays).
@MainActor func measureHistory(vault: String, size: Int, runs: Int) {
    // The vault was written in bulk: the first command folds it and writes the caches and the index.
    let first = timedRun([alogPath, "history", "--limit", "10", "--vault", vault]).ms
    report(
        "first alog history --limit 10 after the \(size)-event vault was written in bulk", "\(fmt(first / 1000, 2)) s",
        "—", "full fold, caches and time index written")
    let floor = median(timedRuns([alogPath, "status", "--vault", vault], count: runs))
    func figure(_ name: String, _ argv: [String], target: String, count: Int, environment: [String: String] = [:]) {
        _ = timedRun(argv, environment: environment)
        let times = (0..<count).map { _ in timedRun(argv, environment: environment).ms }
        let value = median(times)
        report(name, "\(fmt(value, 1)) ms", target, "\(fmt(value / floor, 2))× alog status (\(fmt(floor, 1)) ms)")
    }
    figure(
        "alog history --limit 10, \(size) entries", [alogPath, "history", "--limit", "10", "--vault", vault],
        target: "≤ 20 ms", count: runs)
    figure(
        "alog report --week (one week), \(size) entries",
        [alogPath, "report", "--week", "2023-06-14", "--vault", vault],
        target: "≤ 20 ms", count: runs)
    figure(
        "alog calendar (53 weeks), \(size) entries", [alogPath, "calendar", "--vault", vault], target: "≤ 50 ms",
        count: runs, environment: ["ALOG_NOW": "2023-12-31T12:00:00Z", "NO_COLOR": "1"])
    figure(
        "alog report :all (by type), \(size) entries", [alogPath, "report", ":all", "--vault", vault],
        target: size >= 1_000_000 ? "≤ 1 s" : "≤ 100 ms", count: 5)
    // After a log the index is moved on in place: one new row.
    var afterLog: [Double] = []
    for n in 0..<min(runs, 11) {
        _ = timedRun([alogPath, "log", "meal", "--note", "index \(n)", "--vault", vault])
        afterLog.append(timedRun([alogPath, "history", "--limit", "10", "--vault", vault]).ms)
    }
    report(
        "alog history --limit 10 right after a log (index moved on)", "\(fmt(median(afterLog), 1)) ms", "≤ 20 ms",
        "\(fmt(median(afterLog) / floor, 2))× alog status")
    // After a change anywhere in the timeline, the index is spliced, not built again: an edit
    // or delete by the command that wrote it (it holds the state), a back-dated log by the next
    // reader (from the new event alone). Each change picks an entry of a different old day.
    func oldEntry(_ day: Int) -> String {
        let date = "2023-\(String(format: "%02d", 1 + day % 12))-\(String(format: "%02d", 1 + day % 28))"
        let json = shell(
            "'\(alogPath)' history --json --limit 1 --from \(date) --to \(date)T23:59 --vault '\(vault)'")
        guard let key = json.range(of: "\"id\":\"") else { fatalError("no entry on \(date)") }
        return String(json[key.upperBound...].prefix(12))
    }
    let changes: [(String, (Int) -> [String])] = [
        (
            "an edit of an entry two years back",
            { [alogPath, "edit", oldEntry($0), "--note", "edited \($0)", "--vault", vault] }
        ),
        ("a delete of an entry two years back", { [alogPath, "delete", oldEntry($0 + 100), "--vault", vault] }),
        (
            "a log back-dated by a year",
            { [alogPath, "log", "meal", "--at", "2024-0\(1 + $0 % 9)-1\($0 % 9)T10:0\($0 % 9)", "--vault", vault] }
        ),
    ]
    for (what, argv) in changes {
        var (writes, reads) = ([Double](), [Double]())
        for n in 0..<min(runs, 7) {
            let write = timedRun(argv(n))
            guard write.status == 0 else { fatalError("\(argv(n)) failed") }
            writes.append(write.ms)
            reads.append(timedRun([alogPath, "history", "--limit", "10", "--vault", vault]).ms)
        }
        report(
            "alog history --limit 10 right after \(what)", "\(fmt(median(reads), 1)) ms", "≤ 20 ms",
            "\(fmt(median(reads) / floor, 2))× alog status; the change itself \(fmt(median(writes), 0)) ms")
    }
    // Every entry as JSON, written as it is read.
    var times: [Double] = []
    var cpu: [Double] = []
    var peaks: [Int] = []
    _ = timedRun([alogPath, "history", "--json", "--vault", vault])
    for _ in 0..<5 {
        times.append(timedRun([alogPath, "history", "--json", "--vault", vault]).ms)
        cpu.append(lastCPUMilliseconds)
        peaks.append(lastPeakKilobytes)
    }
    report(
        "alog history --json, all \(size) entries (median of 5)",
        "\(fmt(median(times) / 1000, 2)) s, peak \(peaks.max()! / 1024) MiB", "≤ 1.5 s, ≤ 150 MiB",
        "fastest \(fmt(times.min()! / 1000, 2)) s; CPU \(fmt(median(cpu) / 1000, 2)) s")
}
