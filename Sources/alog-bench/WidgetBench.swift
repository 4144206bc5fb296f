import Foundation
import LedgerGitLayout

/// The widget's hot commands on a big vault with a long queue: `alog widget tap` (target
/// ≤ 3 ms median) and `alog widget status`, then the drain of the whole queue as one commit.
@MainActor func measureWidget(vault: String, queued: Int) throws {
    _ = timedRun([alogPath, "status", "--vault", vault])
    let widget = StateDirectory(gitDirectory: vault + "/.git/").widget.path
    let start = 1_600_000_000
    var text = "[\n"
    for index in 0..<queued {
        let type = ["meal", "wake", "sleep", "exercise"][index % 4]
        text += "  {\"activityType\": \"\(type)\", \"activityTime\": \(start + index * 60)}"
        text += index == queued - 1 ? "\n" : ",\n"
    }
    text += "]\n"
    let queuePath = widget + "PendingActivities.json"

    // As another writer leaves the queue: no digest vouches for it, so the tap reads it in full.
    var firstTaps: [Double] = []
    for _ in 0..<11 {
        try text.write(toFile: queuePath, atomically: true, encoding: .utf8)
        sync()
        firstTaps.append(timedRun([alogPath, "widget", "tap", "meal", "--vault", vault]).ms)
    }
    try text.write(toFile: queuePath, atomically: true, encoding: .utf8)

    let emptyVault = outDirectory + "/widget-empty"
    shell("\(alogPath) init --vault \(emptyVault) >/dev/null")
    let empty = timedRuns([alogPath, "widget", "tap", "meal", "--vault", emptyVault], count: runs)
    let taps = timedRuns([alogPath, "widget", "tap", "meal", "--vault", vault], count: runs)
    report(
        "alog widget tap, \(queued) items queued, \(largeSize)-event vault (median of \(runs))",
        "\(fmt(median(taps), 2)) ms", "≤ 3 ms",
        "\(fmt(median(taps) / trueMs, 1))× /bin/true; \(fmt(median(taps) / median(empty), 2))× a tap on an empty queue (\(fmt(median(empty), 2)) ms)"
            + (timewMs.map { "; \(fmt(median(taps) / $0, 2))× timew start" } ?? ""))

    report(
        "alog widget tap, the same queue just written by another program (read in full; median of 11)",
        "\(fmt(median(firstTaps), 2)) ms", "—", "\(fmt(median(firstTaps) / median(taps), 2))× a tap on a queue it wrote"
    )

    let statuses = timedRuns([alogPath, "widget", "status", "--format", "waybar", "--vault", vault], count: runs)
    report(
        "alog widget status --format waybar, same queue", "\(fmt(median(statuses), 2)) ms", "(instant)",
        "\(fmt(median(statuses) / trueMs, 1))× /bin/true")

    let drain = timedRun([alogPath, "widget", "drain", "--vault", vault]).ms
    report(
        "alog widget drain of \(queued + runs + 3) queued taps (one commit)", "\(fmt(drain, 0)) ms", "—",
        "\(fmt(drain / gitCommitMs, 1))× git commit")
}
