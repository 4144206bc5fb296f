#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Crash points for the exactly-once tests: when `ALOG_FAULT` names a point, the process
/// kills itself there with SIGKILL, exactly as `kill -9` would (no cleanup, no flush). With
/// `stop:` before the name it stops itself there (SIGSTOP) instead, for a test to run another
/// writer at exactly that moment and then let it go on (SIGCONT).
package enum FaultInjection {
    private static let armed: String? = {
        guard let value = getenv("ALOG_FAULT") else { return nil }
        return String(cString: value)
    }()

    @inline(__always)
    package static func point(_ name: StaticString) {
        guard let armed else { return }
        if armed == name.description { kill(getpid(), SIGKILL) }
        if armed.hasPrefix("stop:"), armed.dropFirst(5) == name.description { kill(getpid(), SIGSTOP) }
    }

    /// A crash point inside a step we cannot stop halfway ourselves (libgit2 writing a lock
    /// file, say): `leaving` puts on disk what that step leaves behind when killed there, then
    /// the process is killed.
    @inline(__always)
    package static func point(_ name: StaticString, leaving: () -> Void) {
        guard let armed, armed == name.description else { return }
        leaving()
        kill(getpid(), SIGKILL)
    }
}
