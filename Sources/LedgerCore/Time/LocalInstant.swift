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
        var bytes: [UInt8] = []
        bytes.reserveCapacity(25)
        appendISO8601(to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `iso8601`'s bytes, appended.
    public func appendISO8601(to bytes: inout [UInt8]) {
        let (date, second) = localDateAndTime
        // Written whole into a small buffer, then appended once (`history --json` writes two
        // of these per entry).
        guard (0...9999).contains(date.year) else {
            date.appendISO(to: &bytes)
            bytes.append(UInt8(ascii: "T"))
            Self.appendClock(second, seconds: true, to: &bytes)
            if offset == 0 { return bytes.append(UInt8(ascii: "Z")) }
            return Self.appendOffsetLabel(offset, to: &bytes)
        }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 25) { out in
            func two(_ value: Int, at index: Int) {
                out[index] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value / 10)
                out[index + 1] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value % 10)
            }
            two(date.year / 100, at: 0)
            two(date.year % 100, at: 2)
            out[4] = UInt8(ascii: "-")
            two(date.month, at: 5)
            out[7] = UInt8(ascii: "-")
            two(date.day, at: 8)
            out[10] = UInt8(ascii: "T")
            two(second / 3600, at: 11)
            out[13] = UInt8(ascii: ":")
            two(second / 60 % 60, at: 14)
            out[16] = UInt8(ascii: ":")
            two(second % 60, at: 17)
            var count = 19
            let magnitude = Int(offset.magnitude)
            if offset == 0 {
                out[19] = UInt8(ascii: "Z")
                count = 20
            } else if magnitude / 3600 < 100 {
                out[19] = offset < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+")
                two(magnitude / 3600, at: 20)
                out[22] = UInt8(ascii: ":")
                two(magnitude / 60 % 60, at: 23)
                count = 25
            }
            bytes.append(contentsOf: UnsafeMutableBufferPointer(rebasing: out[..<count]))
            if count == 19 { Self.appendOffsetLabel(offset, to: &bytes) }
        }
    }

    /// `offsetLabel`'s bytes, appended.
    static func appendOffsetLabel(_ offset: Int32, to bytes: inout [UInt8]) {
        let magnitude = Int64(offset.magnitude)
        bytes.append(offset < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+"))
        JSONText.appendNumber(magnitude / 3600, width: 2, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        JSONText.appendNumber(magnitude / 60 % 60, width: 2, to: &bytes)
    }

    /// `clock`'s bytes, appended.
    public static func appendClock(_ secondOfDay: Int, seconds: Bool, to bytes: inout [UInt8]) {
        JSONText.appendNumber(Int64(secondOfDay / 3600), width: 2, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        JSONText.appendNumber(Int64(secondOfDay / 60 % 60), width: 2, to: &bytes)
        guard seconds else { return }
        bytes.append(UInt8(ascii: ":"))
        JSONText.appendNumber(Int64(secondOfDay % 60), width: 2, to: &bytes)
    }

    /// `HH:MM` local time.
    public var localTime: String { Self.clock(localDateAndTime.secondOfDay, seconds: false) }

    public static func clock(_ secondOfDay: Int, seconds: Bool) -> String {
        var bytes: [UInt8] = []
        appendClock(secondOfDay, seconds: seconds, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    static func offsetText(_ offset: Int32) -> String { offset == 0 ? "Z" : offsetLabel(offset) }

    /// `+02:00`, `-05:00`, `+00:00`: an offset as people read it.
    public static func offsetLabel(_ offset: Int32) -> String {
        var bytes: [UInt8] = []
        appendOffsetLabel(offset, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
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

/// What a local wall-clock reading names in a zone: one instant, two (the hour repeated when
/// clocks go back), or none (the hour skipped when they go forward).
public enum LocalTimeResolution: Hashable, Sendable {
    case unique(LocalInstant)
    /// The wall time occurs twice; `earlier` is the first occurrence (the larger offset).
    case ambiguous(earlier: LocalInstant, later: LocalInstant)
    /// The wall time does not exist: at the UTC instant `transition` the wall clock jumped
    /// from `transition + offsetBefore` to `transition + offsetAfter`.
    case skipped(transition: Int64, offsetBefore: Int32, offsetAfter: Int32)
}

extension TimeZoneRules {
    /// What the local wall clock reading `localSeconds` (seconds since the epoch as if local
    /// time were UTC) names. Assumes at most one offset change within a day of it, as every
    /// real zone has.
    public func resolve(local localSeconds: Int64) -> LocalTimeResolution {
        // Every offset within ±26 hours of the reading is one of these (offsets are under 26
        // hours apart from UTC, and zones change at most once a day).
        let before = offset(atUTC: localSeconds - 93_600)
        let after = offset(atUTC: localSeconds + 93_600)
        var valid: [LocalInstant] = []
        for candidate in [before, after, offset(atUTC: localSeconds)] {
            let instant = LocalInstant(seconds: localSeconds - Int64(candidate), offset: candidate)
            if offset(atUTC: instant.seconds) == candidate, !valid.contains(instant) { valid.append(instant) }
        }
        valid.sort()
        if valid.count >= 2 { return .ambiguous(earlier: valid[0], later: valid[valid.count - 1]) }
        if let only = valid.first { return .unique(only) }
        // A gap: the offset grew from `before` to `after` somewhere in
        // (localSeconds - after, localSeconds - before]; find the first second of `after`.
        var low = localSeconds - Int64(after)
        var high = localSeconds - Int64(before)
        while high - low > 1 {
            let middle = low + (high - low) / 2
            if offset(atUTC: middle) == before { low = middle } else { high = middle }
        }
        return .skipped(transition: high, offsetBefore: before, offsetAfter: after)
    }

    /// The instant at which the local wall clock shows `localSeconds`. A repeated wall time
    /// (clocks going back) is its first occurrence; a skipped one (clocks going forward) is
    /// read with the offset before the change, so it lands after the gap (a day that starts
    /// in a gap starts where the gap ends). Commands that take a user's time refuse a skipped
    /// one instead (`TimeExpression`).
    public func instant(forLocal localSeconds: Int64) -> LocalInstant {
        switch resolve(local: localSeconds) {
        case .unique(let instant), .ambiguous(let instant, _): return instant
        case .skipped(_, let before, let after):
            return LocalInstant(seconds: localSeconds - Int64(before), offset: after)
        }
    }

    public func localInstant(at seconds: Int64) -> LocalInstant {
        LocalInstant(seconds: seconds, offset: offset(atUTC: seconds))
    }
}
