import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Issue 17's figures: `start`/`stop` beside `log`, warm `status` with a running timer beside
/// one without, each measured in alternating runs so both sides see the same machine.
@MainActor func measureTimers(small: String, large: String) {
    // `start` (each one switching from the running timer) beside `log`, pair by pair.
    // Since issue 26 the front commits `log` itself, without libgit2, and hands `start` to
    // `alog-full`: issue 17's comparison (the timers' commit against a log's) is now
    // `alog-full start` beside `alog-full log`; what a person types is shown beside it.
    let full = binDirectory + "/alog-full"
    var starts: [Double] = []
    var logs: [Double] = []
    var fullStarts: [Double] = []
    var fullLogs: [Double] = []
    for n in 0..<runs {
        starts.append(timedRun([alogPath, "start", n % 2 == 0 ? "exercise" : "meal", "--vault", small]).ms)
        logs.append(timedRun([alogPath, "log", "wake", "--note", "pair \(n)", "--vault", small]).ms)
        fullStarts.append(timedRun([full, "start", n % 2 == 0 ? "meal" : "exercise", "--vault", small]).ms)
        fullLogs.append(timedRun([full, "log", "wake", "--note", "full \(n)", "--vault", small]).ms)
    }
    report(
        "alog-full start (switching) beside alog-full log, \(smallSize)-event vault (\(runs) pairs)",
        "\(fmt(median(fullStarts), 2)) ms", "≤ 1.1× log",
        "\(fmt(median(fullStarts) / median(fullLogs), 2))× alog-full log (\(fmt(median(fullLogs), 2)) ms); "
            + "alog start \(fmt(median(starts), 2)) ms, \(fmt(median(starts) / median(logs), 2))× alog log "
            + "(\(fmt(median(logs), 2)) ms, the front's own commit)")

    // `start; stop` beside `log; log`, both through `alog-full`.
    var startStops: [Double] = []
    var logLogs: [Double] = []
    _ = timedRun([full, "stop", "--vault", small])
    for n in 0..<runs {
        let started = timedRun([full, "start", "exercise", "--vault", small]).ms
        startStops.append(started + timedRun([full, "stop", "--vault", small]).ms)
        let first = timedRun([full, "log", "meal", "--note", "a\(n)", "--vault", small]).ms
        logLogs.append(first + timedRun([full, "log", "meal", "--note", "b\(n)", "--vault", small]).ms)
    }
    report(
        "alog-full start + stop beside two alog-full log, \(smallSize)-event vault (\(runs) pairs)",
        "\(fmt(median(startStops), 2)) ms", "≤ 1.1× two logs",
        "\(fmt(median(startStops) / median(logLogs), 2))× two logs (\(fmt(median(logLogs), 2)) ms)")

    // Warm `status` on the big vault beside a copy of it with a running timer, run by run in
    // turn (A B A B …), so both see the same machine; the ratio is the median of the pairs'.
    let timed = large + "-timer"
    shell("rm -rf \(timed) && cp -a \(large) \(timed)")
    _ = timedRun([alogPath, "stop", "--vault", large])
    _ = timedRun([alogPath, "start", "exercise", "--goal", "1h", "--vault", timed])
    for vault in [large, timed] { _ = timedRuns([alogPath, "status", "--vault", vault], count: 0, warmup: 3) }
    var withTimer: [Double] = []
    var without: [Double] = []
    var ratios: [Double] = []
    for _ in 0..<runs {
        let a = timedRun([alogPath, "status", "--vault", timed]).ms
        let b = timedRun([alogPath, "status", "--vault", large]).ms
        (withTimer, without, ratios) = (withTimer + [a], without + [b], ratios + [a / b])
    }
    shell("rm -rf \(timed)")
    report(
        "alog status with a running timer, \(largeSize)-event vault, warm (\(runs) pairs)",
        "\(fmt(median(withTimer), 2)) ms", "≤ 1.2× without",
        "\(fmt(median(ratios), 2))× status without a timer (\(fmt(median(without), 2)) ms), median of the pairs")
}

/// `alog watch` in a real terminal (tmux on a socket of its own): CPU while idle, and its
/// memory at the start and at the end of a long run while the other benchmarks write to the
/// vault it shows (so it redraws and re-reads many times).
@MainActor final class WatchProbe {
    let socket = "alog-bench-\(getpid())"
    let pid: Int32
    let startedAt = DispatchTime.now().uptimeNanoseconds
    let firstMemory: (rss: Int, data: Int)

    /// nil (with a line saying why) where tmux is not installed or the watch did not start.
    init?(vault: String) {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux") else {
            print("alog watch: skipped (tmux is not installed: apt-get install -y tmux)")
            return nil
        }
        _ = timedRun([
            "/usr/bin/tmux", "-L", socket, "new-session", "-d", "-x", "100", "-y", "30",
            "exec \(alogPath) watch --vault \(vault)",
        ])
        Thread.sleep(forTimeInterval: 1)
        let listed = shell("/usr/bin/tmux -L \(socket) list-panes -F '#{pane_pid}' </dev/null")
        guard let pid = Int32(listed.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            print("alog watch: skipped (no pane: \(listed))")
            return nil
        }
        self.pid = pid
        Thread.sleep(forTimeInterval: 4)  // start-up work (first fold, first screen) is not "idle"
        firstMemory = Self.memory(pid)
    }

    /// CPU time (user + system) the watch used, as a share of one core, over `seconds` of idling.
    func idleCPU(seconds: Double) -> Double {
        let before = Self.cpuSeconds(pid)
        let started = DispatchTime.now().uptimeNanoseconds
        Thread.sleep(forTimeInterval: seconds)
        let wall = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
        return (Self.cpuSeconds(pid) - before) / wall
    }

    /// Keeps the watch busy until it has run `minutes` (a new entry every 5 seconds, each one
    /// redrawn), reading its memory once a minute; then stops it. Returns the readings, the
    /// first taken after a minute of that work (start-up and first growth are over by then).
    func finish(minutes: Double, vault: String) -> [(minute: Double, rss: Int, data: Int)] {
        var readings: [(minute: Double, rss: Int, data: Int)] = []
        var elapsed: Double { Double(DispatchTime.now().uptimeNanoseconds - startedAt) / 6e10 }
        let busyFrom = elapsed
        var nextReading = busyFrom + 1
        var n = 0
        while elapsed < max(minutes, busyFrom + 1) {
            _ = timedRun([alogPath, "log", "meal", "--note", "watched \(n)", "--vault", vault])
            n += 1
            if elapsed >= nextReading {
                let memory = Self.memory(pid)
                readings.append((elapsed, memory.rss, memory.data))
                nextReading += 1
            }
            Thread.sleep(forTimeInterval: 5)
        }
        let memory = Self.memory(pid)
        readings.append((elapsed, memory.rss, memory.data))
        _ = timedRun(["/usr/bin/tmux", "-L", socket, "kill-server"])
        return readings
    }

    static func cpuSeconds(_ pid: Int32) -> Double {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return .nan }
        // Fields after the command name: state is field 3, utime 14 and stime 15.
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        let ticks = Double(sysconf(Int32(_SC_CLK_TCK)))
        return ((Double(fields[11]) ?? .nan) + (Double(fields[12]) ?? .nan)) / ticks
    }

    /// Resident and data-segment (heap and anonymous mappings) sizes in KiB.
    static func memory(_ pid: Int32) -> (rss: Int, data: Int) {
        let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
        func field(_ name: String) -> Int {
            status.split(separator: "\n").first { $0.hasPrefix(name + ":") }.flatMap {
                Int($0.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "")
            } ?? -1
        }
        return (field("VmRSS"), field("VmData"))
    }
}
