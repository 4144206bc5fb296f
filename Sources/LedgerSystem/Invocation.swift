#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One command line run inside this process instead of by a process of its own: the test
/// suite calls the CLI's entry this way (and a URL handler or a server can), with the
/// environment, working folder, standard input and output a process would have had.
///
/// The few places that reach the process itself ask for `Invocation.current` first:
/// `FileSystem.environment` and `FileSystem.currentDirectory` (what a child's environment and
/// working folder would have been), `StandardStream` (what it writes), `Terminal` (never a
/// terminal), `CommandClock` (`ALOG_NOW`). When none is set — every real run of `alog` — they
/// read the process, as before. The current invocation belongs to the calling thread: a run is
/// synchronous, and concurrent runs on other threads each see their own.
///
/// The time zone is the invocation's too: its `TZ`, or the zone a command chose for itself
/// (`report --tz`, `zoneOverride`), read from the system's zoneinfo without touching the
/// process's (`SystemTimeZone`). What stays process-wide, so a caller needing it runs a process
/// instead: signals, a terminal, `ALOG_FAULT` crash points.
package final class Invocation: @unchecked Sendable {
    package let environment: [String: String]
    package let workingDirectory: String
    package let input: [UInt8]
    /// A read of a shell that must not change the ledger (the web server's `GET`s): opening the
    /// vault commits nothing (no queued widget taps, no day-note lines, no interrupted write
    /// finished); the next write does that.
    package let readsOnly: Bool
    private let written = Locked<(output: [UInt8], error: [UInt8])>(([], []))
    /// The zone a command chose for the rest of its run (`report --tz`), instead of `TZ`.
    package let zoneOverride = Locked<String?>(nil)
    /// The zone this run reads local times in: the override, else its `TZ` (nil: the
    /// process's).
    package var zoneName: String? { zoneOverride.withLock { $0 } ?? environment["TZ"] }
    /// Warnings said once per run (`Terminal.warn`).
    package let warned = Locked<Set<String>>([])

    package init(
        environment: [String: String], workingDirectory: String, input: [UInt8] = [], readsOnly: Bool = false
    ) {
        self.environment = environment
        self.workingDirectory = workingDirectory
        self.input = input
        self.readsOnly = readsOnly
    }

    /// What the run wrote to its standard output and standard error.
    package var output: (stdout: [UInt8], stderr: [UInt8]) {
        written.withLock { ($0.output, $0.error) }
    }

    func write(_ text: String, error: Bool) {
        written.withLock { if error { $0.error += text.utf8 } else { $0.output += text.utf8 } }
    }

    func write(bytes: [UInt8]) {
        written.withLock { $0.output += bytes }
    }

    /// The invocation running on this thread, if any.
    package static var current: Invocation? {
        guard let pointer = pthread_getspecific(key) else { return nil }
        return Unmanaged<Invocation>.fromOpaque(pointer).takeUnretainedValue()
    }

    /// Runs `body` as this invocation on the calling thread.
    package func run<Result>(_ body: () throws -> Result) rethrows -> Result {
        let previous = pthread_getspecific(Self.key)
        pthread_setspecific(Self.key, Unmanaged.passUnretained(self).toOpaque())
        defer { pthread_setspecific(Self.key, previous) }
        return try withExtendedLifetime(self) { try body() }
    }

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    /// Keeps `value` alive until the process exits, when no invocation is running: a command
    /// that folded millions of events ends without freeing them piece by piece (the process
    /// exit releases them at once). Inside an invocation, `value` is freed as usual.
    package static func keepUntilExit(_ value: Any) {
        guard current == nil else { return }
        _ = Unmanaged.passRetained(Kept(value))
    }

    private final class Kept {
        let value: Any
        init(_ value: Any) { self.value = value }
    }
}
