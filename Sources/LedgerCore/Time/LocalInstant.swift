/// An instant together with the UTC offset of the person who recorded it, so "07:30 in
/// Lisbon" stays 07:30 when shown later from another time zone.
public struct LocalInstant: Hashable, Sendable, Comparable {
    /// Seconds since the Unix epoch (UTC).
    public var seconds: Int64
    /// The recorder's UTC offset in seconds (east positive).
    public var offset: Int32

    public init(seconds: Int64, offset: Int32) {
        self.seconds = seconds
        self.offset = offset
    }

    /// Ordered by the instant; equal instants by offset, so the order is total.
    public static func < (lhs: LocalInstant, rhs: LocalInstant) -> Bool {
        (lhs.seconds, lhs.offset) < (rhs.seconds, rhs.offset)
    }

    /// The local calendar date and seconds into that day.
    public var localDateAndTime: (date: CivilDate, secondOfDay: Int) {
        let local = seconds + Int64(offset)
        let days = floorDiv(local, 86_400)
        return (CivilDate(daysSinceEpoch: days), Int(local - days * 86_400))
    }

    /// ISO 8601 with the offset, e.g. `2023-12-20T23:00:00+01:00` (`Z` for UTC).
    public var iso8601: String {
        let (date, second) = localDateAndTime
        return "\(date.iso)T\(Self.clock(second, seconds: true))\(Self.offsetText(offset))"
    }

    /// `HH:MM` local time.
    public var localTime: String { Self.clock(localDateAndTime.secondOfDay, seconds: false) }

    public static func clock(_ secondOfDay: Int, seconds: Bool) -> String {
        let hm = "\(pad(secondOfDay / 3600, 2)):\(pad(secondOfDay / 60 % 60, 2))"
        return seconds ? hm + ":\(pad(secondOfDay % 60, 2))" : hm
    }

    static func offsetText(_ offset: Int32) -> String {
        if offset == 0 { return "Z" }
        let magnitude = Int(offset.magnitude)
        return "\(offset < 0 ? "-" : "+")\(pad(magnitude / 3600, 2)):\(pad(magnitude / 60 % 60, 2))"
    }
}

/// The time-zone rules of where the user is: the UTC offset in force at an instant.
/// The domain needs only this question answered; the shells answer it from the system.
public protocol TimeZoneRules: Sendable {
    func offset(atUTC seconds: Int64) -> Int32
}

/// A zone with one fixed offset (tests, UTC).
public struct FixedOffsetZone: TimeZoneRules {
    public var offset: Int32
    public init(offset: Int32) { self.offset = offset }
    public func offset(atUTC seconds: Int64) -> Int32 { offset }
}

extension TimeZoneRules {
    /// The instant at which the local wall clock shows `localSeconds` (seconds since the epoch
    /// as if local time were UTC). Skipped wall times (spring forward) resolve after the gap.
    public func instant(forLocal localSeconds: Int64) -> LocalInstant {
        var offset = self.offset(atUTC: localSeconds)
        for _ in 0..<2 {
            let candidate = self.offset(atUTC: localSeconds - Int64(offset))
            if candidate == offset { break }
            offset = candidate
        }
        return LocalInstant(seconds: localSeconds - Int64(offset), offset: offset)
    }

    public func localInstant(at seconds: Int64) -> LocalInstant {
        LocalInstant(seconds: seconds, offset: offset(atUTC: seconds))
    }
}
