#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Crash points for the exactly-once tests: when `ALOG_FAULT` names a point, the process
/// kills itself there with SIGKILL, exactly as `kill -9` would (no cleanup, no flush).
public enum FaultInjection {
    private static let armed: String? = {
        guard let value = getenv("ALOG_FAULT") else { return nil }
        return String(cString: value)
    }()

    @inline(__always)
    public static func point(_ name: StaticString) {
        guard let armed else { return }
        if armed == name.description { kill(getpid(), SIGKILL) }
    }
}
