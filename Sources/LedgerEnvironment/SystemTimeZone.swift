package import LedgerCore
import LedgerSystem

/// The system's local time zone (honours `TZ`), as the domain's `TimeZoneRules`. Inside an
/// `Invocation` (a test's run, the web server's requests), the invocation's zone
/// (`Invocation.zoneName`) when it names one the process is not in, read from the system's
/// zoneinfo: one process answers in several zones at once, and a request's zone never
/// becomes another's.
package struct SystemTimeZone: TimeZoneRules {
    package init() {}

    package func offset(atUTC seconds: Int64) -> Int32 {
        if let name = Invocation.current?.zoneName {
            // The test suite's usual zone, without a lookup.
            if Self.utcNames.contains(name) { return 0 }
            if let rules = NamedZones.rules(name) { return rules.offset(atUTC: seconds) }
        }
        return SystemClock.utcOffset(atUTC: seconds)
    }

    private static let utcNames: Set<String> = ["UTC", "UTC0", "Etc/UTC", ":UTC"]

    /// The zone this one reads now, as rules that keep it: the invocation's (UTC, or its named
    /// zone read from zoneinfo) or the process's. For what outlives the invocation (a page
    /// rendered from a read's outcome on another thread); `SystemTimeZone` itself asks the
    /// calling thread's invocation each time.
    package static func fixed() -> any TimeZoneRules {
        if let name = Invocation.current?.zoneName {
            if utcNames.contains(name) { return FixedOffsetZone(offset: 0) }
            if let rules = NamedZones.rules(name) { return rules }
        }
        return SystemTimeZone()
    }
}

/// Zones by `TZ` value, read once each: a zoneinfo name (`Europe/Berlin`, `:Europe/Berlin`),
/// or a POSIX TZ string (`CET-1CEST,M3.5.0,M10.5.0/3`). Nil for the process's own zone (its
/// C library answers) and for a value neither names (then the process's zone, as the C
/// library falls back too).
package enum NamedZones {
    private static let cache = Locked<[String: ZoneinfoRules?]>([:])

    package static func rules(_ value: String) -> ZoneinfoRules? {
        if value == processZone { return nil }
        if let known = cache.withLock({ $0[value] }) { return known }
        let rules = read(value)
        cache.withLock { $0[value] = rules }
        return rules
    }

    /// The process's own `TZ`, read once.
    private static let processZone: String? = FileSystem.processEnvironmentValue("TZ")

    private static func read(_ value: String) -> ZoneinfoRules? {
        let name = value.hasPrefix(":") ? String(value.dropFirst()) : value
        // POSIX: an empty TZ is UTC.
        if name.isEmpty { return ZoneinfoRules(posix: "UTC0") }
        let safe = !name.hasPrefix("/") && !name.split(separator: "/").contains("..")
        let folder = FileSystem.processEnvironmentValue("TZDIR") ?? "/usr/share/zoneinfo"
        if safe, let bytes = try? FileSystem.readPrefix(folder + "/" + name, limit: 1 << 20),
            let rules = ZoneinfoRules(tzif: bytes)
        {
            return rules
        }
        return ZoneinfoRules(posix: name)
    }
}
