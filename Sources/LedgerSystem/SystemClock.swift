#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads the wall clock.
package enum SystemClock {
    /// Milliseconds since the epoch.
    package static func nowMillis() -> Int64 {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        return Int64(spec.tv_sec) * 1000 + Int64(spec.tv_nsec) / 1_000_000
    }

    /// Nanoseconds since the epoch (the clock file times are stamped with).
    package static func nowNanos() -> Int64 {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        return Int64(spec.tv_sec) * 1_000_000_000 + Int64(spec.tv_nsec)
    }

    /// The local time zone's offset from UTC in seconds at `seconds` since the epoch (honours
    /// `TZ`), as the C library's `localtime_r` answers it; 0 when it cannot.
    /// Inside an `Invocation`, `TZ` is the invocation's: UTC is answered here, any other zone
    /// is the process's (its caller runs a process of its own for another zone).
    package static func utcOffset(atUTC seconds: Int64) -> Int32 {
        if let invocation = Invocation.current,
            ["UTC", "UTC0", "Etc/UTC", ":UTC"].contains(invocation.environment["TZ"])
        {
            return 0
        }
        var time = time_t(seconds)
        var parts = tm()
        guard localtime_r(&time, &parts) != nil else { return 0 }
        return Int32(parts.tm_gmtoff)
    }

    /// Sleeps the calling thread.
    package static func sleep(millis: Int) {
        usleep(UInt32(millis) * 1000)
    }

    /// Nanoseconds of a monotonic clock, for measuring durations.
    package static func monotonicNanos() -> UInt64 {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return UInt64(spec.tv_sec) * 1_000_000_000 + UInt64(spec.tv_nsec)
    }

    package static func hostName() -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count) == 0 else { return "device" }
        let name = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return name.isEmpty ? "device" : name
    }
}
