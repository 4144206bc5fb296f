import Foundation
import LedgerGitLayout

/// The widget's hot commands on a big vault with a long queue: `alog widget tap` (target
/// ≤ 3 ms median, and ≤ 1.1× a tap on an empty queue) and `alog widget status`, then the drain
/// of the whole queue as one commit.
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

    // A tap on an empty queue, on 10,000 items alog's own taps queued (`queue.log`), and on the
    // 10,000 another program wrote (the array file), run in turn (A B C A B C …) so all three see
    // the same machine; each ratio is the median of the rounds' ratios.
    let emptyVault = outDirectory + "/widget-empty"
    let tappedVault = outDirectory + "/widget-tapped"
    shell("\(alogPath) init --vault \(emptyVault) >/dev/null && \(alogPath) init --vault \(tappedVault) >/dev/null")
    for index in 0..<queued {
        let at = Date(timeIntervalSince1970: TimeInterval(start + index * 60)).ISO8601Format()
        _ = timedRun([
            alogPath, "widget", "tap", ["meal", "wake", "sleep", "exercise"][index % 4], "--at", at, "--vault",
            tappedVault,
        ])
    }
    let tapEmpty = [alogPath, "widget", "tap", "meal", "--vault", emptyVault]
    let tapTapped = [alogPath, "widget", "tap", "meal", "--vault", tappedVault]
    let tapWritten = [alogPath, "widget", "tap", "meal", "--vault", vault]
    sync()
    for _ in 0..<3 { for argv in [tapEmpty, tapTapped, tapWritten] { _ = timedRun(argv) } }
    var empty: [Double] = []
    var tapped: [Double] = []
    var taps: [Double] = []
    var tappedRatios: [Double] = []
    var writtenRatios: [Double] = []
    for _ in 0..<runs {
        let a = timedRun(tapEmpty).ms
        let b = timedRun(tapTapped).ms
        let c = timedRun(tapWritten).ms
        (empty, tapped, taps) = (empty + [a], tapped + [b], taps + [c])
        (tappedRatios, writtenRatios) = (tappedRatios + [b / a], writtenRatios + [c / a])
    }
    report(
        "alog widget tap on \(queued) items queued by taps (queue.log) / on an empty queue (\(runs) rounds)",
        "\(fmt(median(tappedRatios), 2))×", "≤ 1.1×",
        "\(fmt(median(tapped), 2)) ms against \(fmt(median(empty), 2)) ms, median of the rounds' ratios")
    report(
        "alog widget tap, \(queued) items queued by another program, \(largeSize)-event vault (median of \(runs))",
        "\(fmt(median(taps), 2)) ms", "≤ 3 ms",
        "\(fmt(median(taps) / trueMs, 1))× /bin/true; \(fmt(median(writtenRatios), 2))× a tap on an empty queue (\(fmt(median(empty), 2)) ms)"
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
        "alog widget drain of \(queued + runs + 3) queued items, most in the array file (one commit)",
        "\(fmt(drain, 0)) ms", "—", "\(fmt(drain / gitCommitMs, 1))× git commit")
    let drainTapped = timedRun([alogPath, "widget", "drain", "--vault", tappedVault]).ms
    report(
        "alog widget drain of \(queued + runs + 3) taps from queue.log (one commit; the log emptied)",
        "\(fmt(drainTapped, 0)) ms", "—", "\(fmt(drainTapped / gitCommitMs, 1))× git commit")
}
