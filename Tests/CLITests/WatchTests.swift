import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `alog watch` driven as a person would: in a real terminal (tmux), with a log from another
/// terminal, the keys, and `q`.
@Suite("alog watch", .tags(.process))
struct WatchTests {
    /// tmux on a socket of this test's own, driven through the C library's `popen` (tmux's
    /// server keeps the descriptors its first client had, which Foundation's Process waits on).
    struct Tmux {
        let socket = "alog-watch-\(UUID().uuidString.prefix(8))"

        /// Runs `tmux -L socket ARGS…` (each argument single-quoted) and returns its output.
        @discardableResult
        func run(_ arguments: [String]) -> String {
            let quoted = arguments.map { "'" + $0.replacingOccurrences(of: "'", with: #"'\''"#) + "'" }
            let command = "/usr/bin/tmux -L \(socket) \(quoted.joined(separator: " ")) </dev/null 2>/dev/null"
            guard let pipe = popen(command, "r") else { return "" }
            var output = Data()
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = fread(&buffer, 1, buffer.count, pipe)
                if count <= 0 { break }
                output.append(contentsOf: buffer[0..<count])
            }
            pclose(pipe)
            return String(decoding: output, as: UTF8.self)
        }

        func screen() -> String { run(["capture-pane", "-p", "-t", "watch"]) }

        /// Polls the screen until `predicate` holds (at most `seconds`).
        func wait(seconds: Double, for predicate: (String) -> Bool) -> String {
            let deadline = Date().addingTimeInterval(seconds)
            var text = screen()
            while !predicate(text), Date() < deadline {
                Thread.sleep(forTimeInterval: 0.1)
                text = screen()
            }
            return text
        }
    }

    @Test(
        "the view redraws in place, shows another terminal's start within 2 s, stops on s, quits on q",
        .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux")))
    func liveView() throws {
        let home = TemporaryDirectory()
        let vault = home.sub("vault")
        #expect(try alog(["init", "--vault", vault], home: home.path).succeeded)
        #expect(try alog(["types", "add", "reading", "--icon", "📖", "--vault", vault], home: home.path).succeeded)
        #expect(try alog(["log", "wake", "--at", "-2h", "--vault", vault], home: home.path).succeeded)
        let tmux = Tmux()
        defer { tmux.run(["kill-server"]) }
        let command =
            "XDG_DATA_HOME=\(home.path)/data NO_COLOR=1 \(productsDirectory)/alog watch --vault \(vault); echo EXIT=$?; sleep 60"
        tmux.run(["new-session", "-d", "-s", "watch", "-x", "100", "-y", "30", command])
        var screen = tmux.wait(seconds: 10) { $0.contains("alog watch") }
        #expect(screen.contains("no timer running"), "\(screen)")
        #expect(screen.contains("Awake"))

        // Another terminal starts a timer: the view shows it within 2 s.
        #expect(try alog(["start", "reading", "--goal", "1h", "--vault", vault], home: home.path).succeeded)
        let logged = Date()
        screen = tmux.wait(seconds: 5) { $0.contains("▶") }
        #expect(Date().timeIntervalSince(logged) < 2.5, "took \(Date().timeIntervalSince(logged)) s")
        #expect(screen.contains("reading") && screen.contains("goal 1h"), "\(screen)")
        // A redraw in place: the title stays on the first line, once.
        #expect(screen.split(separator: "\n").first?.contains("alog watch") == true)
        #expect(screen.components(separatedBy: "alog watch").count == 2)

        // Narrower terminal: no line is wider than it.
        tmux.run(["resize-window", "-t", "watch", "-x", "40", "-y", "20"])
        screen = tmux.wait(seconds: 3) { $0.split(separator: "\n").first.map { $0.count <= 40 } ?? false }
        #expect(screen.split(separator: "\n").allSatisfy { $0.count <= 40 }, "\(screen)")

        tmux.run(["send-keys", "-t", "watch", "s"])
        screen = tmux.wait(seconds: 3) { $0.contains("no timer running") }
        #expect(screen.contains("no timer running"), "\(screen)")
        let history = try alog(["history", "--json", "--vault", vault], home: home.path).stdout
        #expect(history.contains("\"end\""), "s stopped the timer in the vault: \(history)")

        tmux.run(["send-keys", "-t", "watch", "q"])
        screen = tmux.wait(seconds: 3) { $0.contains("EXIT=") }
        #expect(screen.contains("EXIT=0"), "\(screen)")
    }

    @Test("without a terminal, one line per change")
    func lineMode() throws {
        let home = TemporaryDirectory()
        let vault = home.sub("vault")
        #expect(try alog(["init", "--vault", vault], home: home.path).succeeded)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: productsDirectory + "/alog")
        process.arguments = ["watch", "--vault", vault]
        process.environment = ["HOME": home.path, "TZ": "UTC", "NO_COLOR": "1"]
        let out = Pipe()
        process.standardOutput = out
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // A stuck watch is ended (so the reads below see the pipe's end) and the test fails.
        let watchdog = DispatchWorkItem { if process.isRunning { process.terminate() } }
        DispatchQueue.global().asyncAfter(deadline: .now() + 60, execute: watchdog)
        defer { watchdog.cancel() }
        let reader = out.fileHandleForReading
        // Each step waits for the line it expects: the first view, then the change.
        var text = readLines(reader, count: 1)
        #expect(try alog(["start", "exercise", "--vault", vault], home: home.path).succeeded)
        text += readLines(reader, count: 1)
        process.terminate()
        // To the pipe's end: nothing more was printed (the read returns once watch has exited).
        text += String(decoding: reader.readDataToEndOfFile(), as: UTF8.self)
        // A bounded poll: Foundation's waitUntilExit can hang on Linux.
        for _ in 0..<300 where process.isRunning { usleep(10_000) }
        #expect(!process.isRunning, "watch ends on SIGTERM")
        let lines = text.split(separator: "\n")
        #expect(lines.count == 2, "\(text)")
        #expect(lines.first?.contains("no timer running") == true)
        #expect(lines.last?.contains("running exercise") == true)
    }
}

/// Reads from `handle` until `count` more lines have ended (or the pipe ends), byte by byte so
/// nothing past them is taken.
private func readLines(_ handle: FileHandle, count: Int) -> String {
    var bytes: [UInt8] = []
    var ended = 0
    var byte: UInt8 = 0
    while ended < count, read(handle.fileDescriptor, &byte, 1) == 1 {
        bytes.append(byte)
        if byte == UInt8(ascii: "\n") { ended += 1 }
    }
    return String(decoding: bytes, as: UTF8.self)
}
