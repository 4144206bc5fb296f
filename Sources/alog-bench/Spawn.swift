import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Runs a command and returns its wall time in milliseconds (fork/exec included, as a user
/// or a status bar would experience it). Output goes to /dev/null.
func timedRun(_ argv: [String], environment: [String: String] = [:]) -> (ms: Double, status: Int32) {
    var env = ProcessInfo.processInfo.environment
    for (key, value) in environment { env[key] = value }
    let envStrings = env.map { "\($0.key)=\($0.value)" }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    let cArgs = argv.map { strdup($0) } + [nil]
    let cEnv = envStrings.map { strdup($0) } + [nil]
    defer {
        cArgs.forEach { free($0) }
        cEnv.forEach { free($0) }
    }
    var pid: pid_t = 0
    let start = DispatchTime.now().uptimeNanoseconds
    let rc = posix_spawnp(&pid, argv[0], &actions, nil, cArgs, cEnv)
    guard rc == 0 else { return (0, -1) }
    var status: Int32 = 0
    var usage = rusage()
    wait4(pid, &status, 0, &usage)
    let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
    lastPeakKilobytes = Int(usage.ru_maxrss)
    lastCPUMilliseconds =
        Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * 1000
        + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1000
    return (elapsed, (status >> 8) & 0xFF)
}

/// The peak resident memory (KiB) of the process `timedRun` ran last.
nonisolated(unsafe) var lastPeakKilobytes = 0
/// The CPU time (user and system, ms) of the process `timedRun` ran last: steadier than its
/// wall time on a shared machine.
nonisolated(unsafe) var lastCPUMilliseconds = 0.0

/// Runs a shell command, failing loudly.
@discardableResult
func shell(_ command: String, in directory: String? = nil) -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", command]
    if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
    let pipe = Pipe()
    process.standardOutput = pipe
    try! process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    if process.terminationStatus != 0 { fatalError("command failed: \(command)") }
    return String(decoding: data, as: UTF8.self)
}

/// Wall times (ms) of `count` runs of `argv`, after flushing the page cache's dirty data to disk
/// (so no run pays for the writeback of what the set-up just wrote) and `warmup` untimed runs.
func timedRuns(_ argv: [String], count: Int, warmup: Int = 3) -> [Double] {
    sync()
    for _ in 0..<warmup { _ = timedRun(argv) }
    return (0..<count).map { _ in timedRun(argv).ms }
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return .nan }
    return sorted.count % 2 == 1
        ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}

/// The median of the ratios of two series measured in the same rounds (`a[i] / b[i]`).
func medianRatio(_ a: [Double], _ b: [Double]) -> Double { median(zip(a, b).map { $0 / $1 }) }

func fmt(_ value: Double, _ digits: Int = 1) -> String { String(format: "%.\(digits)f", value) }
