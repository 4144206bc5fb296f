package import LedgerCore

/// The reader's calendar: local days and weeks as the user set them (`alog config day-start
/// 04:00`, `alog config week-start sunday`), in a zone (the system's by default). Reports,
/// ranges such as `:today` and `:week`, the calendar, streaks and daily goals all count days by
/// it. A value in the settings file that cannot be read counts as unset (`alog config` shows
/// it, and setting it again says what is wrong).
package enum UserCalendar {
    /// The latest day start alog takes: noon (a day starting later would hold more of the
    /// next day than of its own).
    package static let latestDayStart: Int64 = 12 * 3600

    package static func current(zone: any TimeZoneRules = SystemTimeZone()) -> LocalCalendar {
        let entries = UserConfig.entries()
        func value(_ key: String) -> String? { entries.last { $0.key == key }?.value }
        return LocalCalendar(
            zone: zone, dayStart: value("day-start").flatMap(dayStart) ?? 0,
            firstWeekday: value("week-start").flatMap(firstWeekday) ?? 1)
    }

    /// `HH:MM` (`04:00`, `4:30`) from 00:00 to 12:00, as seconds after midnight.
    package static func dayStart(_ text: String) -> Int64? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, (1...2).contains(parts[0].count), parts[1].count == 2,
            parts.allSatisfy({ $0.allSatisfy { ("0"..."9").contains($0) } }), let hours = Int64(parts[0]),
            let minutes = Int64(parts[1]), minutes < 60
        else { return nil }
        let seconds = hours * 3600 + minutes * 60
        return seconds <= latestDayStart ? seconds : nil
    }

    static let weekdays = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]

    /// A weekday's English name (`sunday`, or its first three letters, any case), numbered as
    /// ISO 8601 does: 1 Monday … 7 Sunday.
    package static func firstWeekday(_ text: String) -> Int? {
        let lowered = text.lowercased()
        guard lowered.count >= 3, let index = weekdays.firstIndex(where: { $0.hasPrefix(lowered) }) else {
            return nil
        }
        return index + 1
    }
}
