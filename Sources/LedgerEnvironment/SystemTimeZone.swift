import LedgerCore
import LedgerSystem

/// The system's local time zone (honours `TZ`), as the domain's `TimeZoneRules`.
package struct SystemTimeZone: TimeZoneRules {
    package init() {}

    package func offset(atUTC seconds: Int64) -> Int32 { SystemClock.utcOffset(atUTC: seconds) }
}
