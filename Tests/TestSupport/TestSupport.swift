import Foundation

/// A temporary directory removed when the value is deinitialised.
public final class TemporaryDirectory: @unchecked Sendable {
    public let path: String

    public init(_ label: String = "alog") {
        let base = FileManager.default.temporaryDirectory.path
        path = base + "/\(label)-\(UUID().uuidString.prefix(8))"
        try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    public func sub(_ name: String) -> String { path + "/" + name }

    deinit { try? FileManager.default.removeItem(atPath: path) }
}

/// The outcome of a finished process.
public struct ProcessResult: Sendable {
    public var status: Int32
    public var stdout: String
    public var stderr: String
    public var succeeded: Bool { status == 0 }
}

/// Where the children of this test process keep their user configuration.
let testConfigFolders = TemporaryDirectory("alog-config")

/// The environment a child of this test process gets: this process's own, with a pinned git
/// identity, no colours and (unless the caller chose a home or a config folder) a user
/// configuration folder of this test process's own, then the caller's `environment` on top.
func childEnvironment(_ environment: [String: String]) -> [String: String] {
    var env = ProcessInfo.processInfo.environment
    env["GIT_AUTHOR_NAME"] = env["GIT_AUTHOR_NAME"] ?? "Test Person"
    env["GIT_AUTHOR_EMAIL"] = env["GIT_AUTHOR_EMAIL"] ?? "test@example.com"
    env["GIT_COMMITTER_NAME"] = env["GIT_COMMITTER_NAME"] ?? "Test Person"
    env["GIT_COMMITTER_EMAIL"] = env["GIT_COMMITTER_EMAIL"] ?? "test@example.com"
    env["NO_COLOR"] = "1"
    // A child never writes the developer's own ~/.config/alog (`init` and `clone` may record the
    // default vault there): unless the caller chose a home or a config folder, it gets one of
    // this test process's own.
    if environment["HOME"] == nil, environment["XDG_CONFIG_HOME"] == nil {
        env["XDG_CONFIG_HOME"] = testConfigFolders.sub("shared")
    }
    for (key, value) in environment { env[key] = value }
    return env
}

/// Runs a program to completion (stdin closed) and captures its output.
@discardableResult
public func runProcess(
    _ executable: String, _ arguments: [String], in directory: String? = nil, environment: [String: String] = [:]
) throws -> ProcessResult {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
    process.environment = childEnvironment(environment)
    let out = Pipe()
    let err = Pipe()
    // Close-on-exec for every end: the child gets its own copies (dup2 onto 1 and 2), and a
    // process another test starts meanwhile (a tmux server lives for a whole test) must not
    // keep the write ends open, or the reads below wait for it to exit.
    for handle in [
        out.fileHandleForReading, out.fileHandleForWriting, err.fileHandleForReading, err.fileHandleForWriting,
    ] {
        _ = fcntl(handle.fileDescriptor, F_SETFD, FD_CLOEXEC)
    }
    process.standardOutput = out
    process.standardError = err
    process.standardInput = FileHandle.nullDevice
    try process.run()
    // Both pipes read at once, so a chatty child never blocks on a full pipe.
    let outputs = concurrently(2) { ($0 == 0 ? out : err).fileHandleForReading.readDataToEndOfFile() }
    process.waitUntilExit()
    return ProcessResult(
        status: process.terminationStatus, stdout: String(decoding: outputs[0], as: UTF8.self),
        stderr: String(decoding: outputs[1], as: UTF8.self))
}

/// Runs the real `git` CLI (the outside witness).
@discardableResult
public func git(_ arguments: String..., in directory: String) throws -> ProcessResult {
    try runProcess("/usr/bin/git", arguments, in: directory)
}

public func git(_ arguments: [String], in directory: String) throws -> ProcessResult {
    try runProcess("/usr/bin/git", arguments, in: directory)
}

/// The directory holding the package's built products (next to the test bundle).
public var productsDirectory: String {
    let bundle = URL(
        fileURLWithPath: CommandLine.arguments.first { $0.hasSuffix(".xctest") } ?? CommandLine.arguments[0])
    var directory = bundle.deletingLastPathComponent()
    if !FileManager.default.fileExists(atPath: directory.appendingPathComponent("alog").path) {
        directory = URL(fileURLWithPath: Bundle.main.bundlePath)
    }
    return directory.path
}

/// Runs `alog` against `vault` with a pinned clock (`ALOG_NOW`, unix seconds or ISO 8601) and
/// zone (UTC), in-process unless `run` says otherwise (`runAlogCommandLine`).
@discardableResult
public func runAlog(
    _ arguments: [String], vault: String, now: String, environment: [String: String] = [:],
    run: CommandRun = .inProcess
) throws -> ProcessResult {
    // A config folder of its own for each run (created only if written): what one test's
    // `init` records as the default vault does not change another test's messages.
    var env = [
        "TZ": "UTC", "ALOG_NOW": now, "HOME": NSTemporaryDirectory(),
        "XDG_CONFIG_HOME": testConfigFolders.sub(UUID().uuidString),
    ]
    for (key, value) in environment { env[key] = value }
    return try runAlogCommandLine(arguments + ["--vault", vault], environment: env, run: run)
}

/// Every event line committed at HEAD, decoded, read through the real `git` CLI.
public func committedEvents(_ root: String) throws -> [[String: Any]] {
    var events: [[String: Any]] = []
    let files = try git("ls-tree", "-r", "--name-only", "HEAD", ".alog/events", in: root).stdout
    for file in files.split(separator: "\n") {
        let content = try git("show", "HEAD:\(file)", in: root).stdout
        for line in content.split(separator: "\n") {
            events.append((try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]) ?? [:])
        }
    }
    return events
}

public func writeFile(_ path: String, _ text: String) throws {
    let url = URL(fileURLWithPath: path)
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try text.write(to: url, atomically: true, encoding: .utf8)
}

/// Dates `path` a second after `other` was last changed: "written after it" without a sleep.
public func makeNewer(_ path: String, than other: String) throws {
    let files = FileManager.default
    guard let then = try files.attributesOfItem(atPath: other)[.modificationDate] as? Date else {
        throw CocoaError(.fileReadUnknown, userInfo: [NSFilePathErrorKey: other])
    }
    try files.setAttributes([.modificationDate: then.addingTimeInterval(1)], ofItemAtPath: path)
}

public func readFile(_ path: String) throws -> String {
    try String(contentsOfFile: path, encoding: .utf8)
}

/// SplitMix64: a small deterministic generator, so a randomised test reproduces from its seed.
public struct SplitMix: RandomNumberGenerator {
    public var state: UInt64
    public init(state: UInt64) { self.state = state }
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// A starting vault made once per test run, the first time a test asks for it, and copied whole
/// (`.git` and its `.git/alog` caches, which are keyed by commit) for each test that starts from
/// it: a suite whose every test began with the same `init` and commits pays for them once.
/// Keep it in a `static let` (made once, safely, however many tests run at the same time).
public final class VaultTemplate: Sendable {
    private let folder: TemporaryDirectory
    private let vault: String

    /// Makes the template by running `make` on an empty path for the vault.
    public init(_ label: String, make: (String) throws -> Void) throws {
        folder = TemporaryDirectory(label + "-template")
        vault = folder.sub("vault")
        try make(vault)
    }

    /// A step of making a template that failed: the command line and what it wrote.
    public struct Failed: Error, CustomStringConvertible {
        public let arguments: [String]
        public let result: ProcessResult
        public init(_ arguments: [String], _ result: ProcessResult) {
            self.arguments = arguments
            self.result = result
        }
        public var description: String {
            "making a test vault: \(arguments.joined(separator: " ")) exited \(result.status): \(result.stderr)"
        }
    }

    /// A copy of the template at `destination`, which must not exist yet.
    public func copy(to destination: String) throws {
        try FileManager.default.copyItem(atPath: vault, toPath: destination)
    }
}

/// Runs `body(0)` … `body(count - 1)` at the same time, each on a thread of its own, and returns
/// their results in order once all have ended. Threads, not Dispatch's global queue: blocks that
/// wait for processes there hold its few threads, and other tests' process reads queue behind.
public func concurrently<Value: Sendable>(_ count: Int, _ body: @escaping @Sendable (Int) -> Value) -> [Value] {
    let results = ConcurrentResults<Value>(count)
    let done = DispatchSemaphore(value: 0)
    for index in 0..<count {
        Thread {
            let value = body(index)
            results.lock.withLock { results.values[index] = value }
            done.signal()
        }.start()
    }
    for _ in 0..<count { done.wait() }
    return results.lock.withLock { results.values.map { $0! } }
}

/// The slots `concurrently` fills, one per thread.
private final class ConcurrentResults<Value>: @unchecked Sendable {
    let lock = NSLock()
    var values: [Value?]
    init(_ count: Int) { values = Array(repeating: nil, count: count) }
}
