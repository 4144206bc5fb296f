import Foundation

// The notes surface (issue 24): `alog tasks` over a vault of 10,000 notes, and `alog log` on a
// vault of `size` events with day notes on, beside the same log with them off.

/// Writes `count` Markdown notes under `root` (a fifth of them tasks, the others plain notes of
/// 1 to 20 KiB, in folders up to four deep, plus a `.git` and an `.obsidian` full of files that
/// must be skipped). Seeded: every run writes the same vault.
func writeNotes(under root: String, count: Int) throws {
    var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
    func next() -> UInt64 {
        seed &+= 0x9E37_79B9_7F4A_7C15
        var z = seed
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    let statuses = ["ToDo", "Doing", "Done", "Backlog", "Waiting"]
    let filler = String(repeating: "Some text of the note, a line of it.\n", count: 600)
    for n in 0..<count {
        let depth = Int(next() % 4)
        var folder = root
        for level in 0..<depth { folder += "/Area \(Int(next() % 20))-\(level)" }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let body = String(filler.prefix(1024 + Int(next() % (19 * 1024))))
        let text: String
        if n % 5 == 0 {
            let status = statuses[Int(next() % UInt64(statuses.count))]
            text =
                "---\nexo__Asset_label: \"Task \(n)\"\nems__Effort_status: \"[[ems__EffortStatus\(status)]]\"\ntags: [work]\n---\n"
                + body
        } else if n % 3 == 0 {
            text = "---\ntags: [journal]\naliases: [\"Note \(n)\"]\n---\n" + body
        } else {
            text = "# Note \(n)\n" + body
        }
        try text.write(toFile: folder + "/note-\(n).md", atomically: false, encoding: .utf8)
    }
    for hidden in [".obsidian/plugins", ".trash"] {
        try FileManager.default.createDirectory(atPath: root + "/" + hidden, withIntermediateDirectories: true)
        for n in 0..<500 {
            try "---\nems__Effort_status: Doing\n---\n".write(
                toFile: root + "/" + hidden + "/skip-\(n).md", atomically: false, encoding: .utf8)
        }
    }
}

@MainActor func measureNotes(size: Int, notes: Int, rounds: Int) throws {
    // `alog tasks` over `notes` notes, beside the shell's way of finding them (grep reads whole files).
    let tasksVault = outDirectory + "/notes-\(notes)"
    try FileManager.default.createDirectory(atPath: tasksVault, withIntermediateDirectories: true)
    try writeNotes(under: tasksVault, count: notes)
    _ = timedRun(["/usr/bin/git", "init", "-q", tasksVault])
    _ = timedRun([alogPath, "init", "--vault", tasksVault])
    let tasks = [alogPath, "tasks", "--status", "all", "--vault", tasksVault]
    let grep = ["/usr/bin/grep", "-rl", "--include=*.md", "--exclude-dir=.*", "ems__Effort_status", tasksVault]
    for _ in 0..<3 { _ = (timedRun(tasks), timedRun(grep)) }
    var (tasksTimes, grepTimes, ratios) = ([Double](), [Double](), [Double]())
    for _ in 0..<rounds {
        let a = timedRun(tasks).ms
        let b = timedRun(grep).ms
        (tasksTimes, grepTimes, ratios) = (tasksTimes + [a], grepTimes + [b], ratios + [a / b])
    }
    report(
        "alog tasks --status all, \(notes) notes (\(notes / 5) tasks)", "\(fmt(median(tasksTimes), 1)) ms", "≤ 200 ms",
        "\(fmt(median(ratios), 2))× grep -rl ems__Effort_status (\(fmt(median(grepTimes), 1)) ms)")

    // `alog log` with day notes on, beside the same vault with them off, alternating.
    let plain = try buildVault(size)
    let withNotes = outDirectory + "/vault-\(size)-notes"
    _ = timedRun(["/bin/cp", "-a", plain, withNotes])
    let enabled = timedRun([alogPath, "notes", "enable", "--vault", withNotes])
    print("notes enable on \(size) events: \(fmt(enabled.ms / 1000, 2)) s")
    for vault in [plain, withNotes] {
        for _ in 0..<3 { _ = timedRun([alogPath, "log", "meal", "--vault", vault]) }
    }
    var (off, on, logRatios) = ([Double](), [Double](), [Double]())
    for _ in 0..<rounds {
        let a = timedRun([alogPath, "log", "meal", "--vault", plain]).ms
        let b = timedRun([alogPath, "log", "meal", "--vault", withNotes]).ms
        (off, on, logRatios) = (off + [a], on + [b], logRatios + [b / a])
    }
    report(
        "alog log with day notes on (\(size) events)", "\(fmt(median(on), 2)) ms", "≤ 1.3× without",
        "\(fmt(median(logRatios), 2))× alog log with them off (\(fmt(median(off), 2)) ms)")
}
