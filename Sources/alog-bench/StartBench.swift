import Foundation

/// Issue 26: `alog log` and a bare start of `alog-full` beside timewarrior's and git's own, in
/// alternating rounds (each round runs every command once, so a slow moment of the machine hits
/// all of them, starting one command further on each time), reported as the medians of the
/// rounds' ratios.
@MainActor func measureStart(vaults: [(label: String, path: String)], rounds: Int) throws {
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/timew") else {
        print("--start-only needs timewarrior (apt-get install -y timewarrior)")
        return
    }
    let timewDB = outDirectory + "/timewarrior-start"
    try FileManager.default.createDirectory(atPath: timewDB, withIntermediateDirectories: true)
    let repo = outDirectory + "/start-git"
    shell("git init -q -b main \(repo) && git -C \(repo) commit -q --allow-empty -m init")
    var commands: [(name: String, argv: (Int) -> [String], environment: [String: String])] = [
        ("timew start", { ["timew", ":yes", "start", "task\($0)"] }, ["TIMEWARRIORDB": timewDB]),
        ("git commit --allow-empty", { ["git", "-C", repo, "commit", "-q", "--allow-empty", "-m", "n\($0)"] }, [:]),
        ("timew --version", { _ in ["timew", "--version"] }, [:]),
        ("alog-full --version", { _ in [binDirectory + "/alog-full", "--version"] }, [:]),
        // The executable that now serves `log` is the front: its start, on a warm `status`.
        ("alog status (the front)", { _ in [alogPath, "status", "--vault", vaults[0].path] }, [:]),
    ]
    let firstLogIndex = commands.count
    for vault in vaults {
        commands.append(
            ("alog log meal, \(vault.label)", { _ in [alogPath, "log", "meal", "--vault", vault.path] }, [:]))
    }
    sync()
    for command in commands {
        for n in 0..<3 { _ = timedRun(command.argv(-1 - n), environment: command.environment) }
    }
    var times = [[Double]](repeating: [], count: commands.count)
    // CPU time (user and system) beside the wall time: a shared machine's stalls (another
    // tenant, a journal commit) land in the wall time of whichever command was running.
    var cpu = [[Double]](repeating: [], count: commands.count)
    for round in 0..<rounds {
        // Each round starts one command further on, so no command always follows the same one.
        for step in 0..<commands.count {
            let index = (round + step) % commands.count
            let command = commands[index]
            times[index].append(timedRun(command.argv(round), environment: command.environment).ms)
            cpu[index].append(lastCPUMilliseconds)
        }
        // A pause between rounds, as between two logs of a person: the index a log replaces
        // is written into again by the next one only after a tenth of a second (a reader may
        // still be reading it; IndexPatch.recycledSpare). Logs closer than that are measured
        // on their own below.
        usleep(120_000)
    }
    // Back to back (no pause): each log writes a new index file whole.
    var backToBack = [[Double]](repeating: [], count: vaults.count)
    for _ in 0..<rounds {
        for (index, command) in commands[firstLogIndex...].enumerated() {
            backToBack[index].append(timedRun(command.argv(0), environment: command.environment).ms)
        }
    }
    func ratio(_ a: Int, _ b: Int) -> Double { medianRatio(times[a], times[b]) }
    let (timewStart, gitCommit, timewVersion, fullVersion, frontStatus, firstLog) = (0, 1, 2, 3, 4, firstLogIndex)
    report(
        "alog log meal, \(vaults[0].label) (median of \(rounds) rounds)", "\(fmt(median(times[firstLog]), 2)) ms",
        "≤ 1.5× timew start, ≤ 0.8× git commit",
        "\(fmt(ratio(firstLog, timewStart), 2))× timew start (\(fmt(median(times[timewStart]), 2)) ms); "
            + "\(fmt(ratio(firstLog, gitCommit), 2))× git commit --allow-empty (\(fmt(median(times[gitCommit]), 2)) ms)"
    )
    report(
        "alog-full --version (median of \(rounds) rounds)", "\(fmt(median(times[fullVersion]), 2)) ms",
        "≤ 1.2× timew --version",
        "\(fmt(ratio(fullVersion, timewVersion), 2))× timew --version (\(fmt(median(times[timewVersion]), 2)) ms)")
    report(
        "alog status, warm: the front, which serves log (median of \(rounds) rounds)",
        "\(fmt(median(times[frontStatus]), 2)) ms", "≤ 1.2× timew --version",
        "\(fmt(ratio(frontStatus, timewVersion), 2))× timew --version")
    for index in commands.indices.dropFirst(firstLog + 1) {
        report(
            "\(commands[index].name) (median of \(rounds) rounds)", "\(fmt(median(times[index]), 2)) ms",
            "≤ 1.2× \(vaults[0].label)",
            "\(fmt(ratio(index, firstLog), 2))× alog log meal, \(vaults[0].label) (CPU time: "
                + "\(fmt(medianRatio(cpu[index], cpu[firstLog]), 2))×, "
                + "\(fmt(median(cpu[index]), 2)) against \(fmt(median(cpu[firstLog]), 2)) ms)")
    }
    for index in backToBack.indices.dropFirst() {
        let ratio = medianRatio(backToBack[index], backToBack[0])
        report(
            "\(commands[firstLog + index].name), logs back to back (median of \(rounds))",
            "\(fmt(median(backToBack[index]), 2)) ms", "(no target: no person logs twice in 0.1 s)",
            "\(fmt(ratio, 2))× \(vaults[0].label) back to back (\(fmt(median(backToBack[0]), 2)) ms)")
    }
}
