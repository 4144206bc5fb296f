package import LedgerCore
internal import LedgerEnvironment

/// Instants as the person reading sees them. Events keep the UTC offset of whoever recorded
/// them (JSON shows it); human output shows every instant on the viewer's wall clock, so a
/// list sorted by instant reads sorted. An instant recorded with another offset than the
/// viewer's at that instant is marked with the recorder's wall time and offset:
/// `00:00 … (18:00 -05:00)`.
extension Render {
    /// `at` with the viewer's offset at that instant.
    package static func viewed(_ at: LocalInstant, zone: any TimeZoneRules = SystemTimeZone()) -> LocalInstant {
        zone.localInstant(at: at.seconds)
    }

    /// `HH:MM` on the viewer's wall clock.
    package static func clock(_ at: LocalInstant, zone: any TimeZoneRules = SystemTimeZone()) -> String {
        viewed(at, zone: zone).localTime
    }

    /// The viewer's `YYYY-MM-DD` of `at`.
    package static func date(_ at: LocalInstant, zone: any TimeZoneRules = SystemTimeZone()) -> String {
        viewed(at, zone: zone).localDateAndTime.date.iso
    }

    /// `(18:00 -05:00)`: the recorder's wall time and offset, when that offset is not the
    /// viewer's at that instant; nil when it is.
    package static func recordedElsewhere(_ at: LocalInstant, zone: any TimeZoneRules = SystemTimeZone()) -> String? {
        guard zone.offset(atUTC: at.seconds) != at.offset else { return nil }
        return "(\(at.localTime) \(LocalInstant.offsetLabel(at.offset)))"
    }

    /// `HH:MM YYYY-MM-DD` on the viewer's wall clock, with the marker of `recordedElsewhere`.
    package static func clockAndDate(_ at: LocalInstant, zone: any TimeZoneRules = SystemTimeZone()) -> String {
        let viewed = viewed(at, zone: zone)
        let text = "\(viewed.localTime) \(viewed.localDateAndTime.date.iso)"
        return recordedElsewhere(at, zone: zone).map { text + " " + $0 } ?? text
    }

    /// `HH:MM` on the viewer's wall clock, with the marker of `recordedElsewhere`.
    package static func clockMarked(_ at: LocalInstant, zone: any TimeZoneRules = SystemTimeZone()) -> String {
        let text = clock(at, zone: zone)
        return recordedElsewhere(at, zone: zone).map { text + " " + $0 } ?? text
    }
}

extension Render {
    /// When `at` is as a confirmation says it, on the viewer's wall clock: `23:40 today`,
    /// `23:40 yesterday (2026-11-21)`, `23:40 on 2026-11-19`, with the marker of
    /// `recordedElsewhere` when an explicit offset made it another zone's time.
    package static func day(_ at: LocalInstant, now: Int64, zone: any TimeZoneRules = SystemTimeZone()) -> String {
        let viewed = viewed(at, zone: zone)
        let date = viewed.localDateAndTime.date
        let today = zone.localInstant(at: now).localDateAndTime.date.daysSinceEpoch
        var text = viewed.localTime
        switch date.daysSinceEpoch {
        case today: text += " today"
        case today - 1: text += " yesterday (\(date.iso))"
        default: text += " on \(date.iso)"
        }
        return recordedElsewhere(at, zone: zone).map { text + " " + $0 } ?? text
    }

    /// What `log`, `start` and `resume` print on a terminal: `meal at 23:40 today · id 7k2m9q4x8c3p`.
    /// (Not on a terminal they print the bare id, for scripts.)
    /// `then` follows the time (`, ending at 09:00 where reading starts`).
    package static func confirmation(
        _ what: String, at: LocalInstant, then: String = "", id: EventID, now: Int64,
        zone: any TimeZoneRules = SystemTimeZone()
    ) -> String {
        "\(what) at \(day(at, now: now, zone: zone))\(then) · id \(id)"
    }
}
