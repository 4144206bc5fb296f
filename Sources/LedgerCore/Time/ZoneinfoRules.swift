/// A named time zone's rules as the system's zoneinfo keeps them: a TZif file (RFC 8536,
/// versions 2 and later: the 64-bit block and the POSIX TZ footer for times after the last
/// transition), or a POSIX TZ string alone (`CET-1CEST,M3.5.0,M10.5.0/3`). Pure: the caller
/// reads the file. It lets one process answer in several zones at once (`report --tz` in the
/// web server, a test's invocation) without touching the process's `TZ`.
public struct ZoneinfoRules: TimeZoneRules {
    /// Transition instants (UTC seconds), ascending, and the offset in effect from each.
    let transitions: [Int64]
    let offsets: [Int32]
    /// The offset before the first transition.
    let initial: Int32
    /// The rule after the last transition (the footer), nil when the file has none.
    let rule: PosixRule?

    /// The rules of a TZif file's bytes; nil when they are not a TZif file this reads.
    public init?(tzif bytes: [UInt8]) {
        var reader = Reader(bytes: bytes)
        guard let v1 = reader.header(), v1.version >= 2 else { return nil }
        // The version 1 block (32-bit times) comes first; the 64-bit one follows it.
        guard reader.skip(v1.blockSize(timeBytes: 4)), let header = reader.header() else { return nil }
        guard let times = reader.integers(header.timeCount, bytes: 8),
            let indices = reader.bytes(header.timeCount),
            let types = reader.types(header.typeCount),
            reader.skip(header.charCount + header.leapCount * 12 + header.standardCount + header.utcCount)
        else { return nil }
        guard indices.allSatisfy({ Int($0) < types.count }), !types.isEmpty else { return nil }
        transitions = times
        offsets = indices.map { types[Int($0)] }
        // RFC 8536: local time before the first transition is the first type's.
        initial = types[0]
        let footer = reader.footer()
        rule = footer.flatMap { $0.isEmpty ? nil : PosixRule($0) }
        if footer.map({ !$0.isEmpty && rule == nil }) == true { return nil }
    }

    /// The rules of a POSIX TZ string (`EST5EDT,M3.2.0,M11.1.0`); nil when it is not one.
    public init?(posix text: String) {
        guard let rule = PosixRule(text) else { return nil }
        (transitions, offsets, initial, self.rule) = ([], [], rule.standard, rule)
    }

    public func offset(atUTC seconds: Int64) -> Int32 {
        guard let last = transitions.last, seconds < last || rule == nil else {
            return rule?.offset(atUTC: seconds) ?? initial
        }
        // The last transition at or before `seconds`.
        var (low, high) = (0, transitions.count)
        while low < high {
            let middle = (low + high) / 2
            if transitions[middle] <= seconds { low = middle + 1 } else { high = middle }
        }
        return low == 0 ? initial : offsets[low - 1]
    }

    /// A POSIX TZ rule: a standard offset, and optionally a daylight-saving one with the
    /// rules of its start and end in each year (offsets here are east of UTC, the opposite of
    /// the string's sign).
    struct PosixRule: Sendable {
        let standard: Int32
        let daylight: (offset: Int32, start: Change, end: Change)?

        /// The day of a year a change happens on, and the local time it happens at.
        struct Change: Sendable {
            enum Day: Sendable {
                /// `Jn`: day 1…365, February 29 never counted.
                case julian(Int)
                /// `n`: day 0…365, February 29 counted.
                case zeroBased(Int)
                /// `Mm.w.d`: weekday d (0 Sunday) of week w (5: the last) of month m.
                case monthWeekDay(month: Int, week: Int, weekday: Int)
            }
            var day: Day
            /// Seconds after the day's local midnight (may be negative or past 24 h).
            var time: Int64 = 7200

            /// The day's start, in days since 1970-01-01.
            func days(in year: Int) -> Int64 {
                let january1 = CivilDate(year: year, month: 1, day: 1).daysSinceEpoch
                let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
                switch day {
                case .julian(let n): return january1 + Int64(n - 1) + (leap && n >= 60 ? 1 : 0)
                case .zeroBased(let n): return january1 + Int64(n)
                case .monthWeekDay(let month, let week, let weekday):
                    let first = CivilDate(year: year, month: month, day: 1).daysSinceEpoch
                    // 1970-01-01 was a Thursday (weekday 4).
                    let firstWeekday = Int((first % 7 + 11) % 7)
                    var day = first + Int64((weekday - firstWeekday + 7) % 7) + Int64(week - 1) * 7
                    let next = CivilDate(year: month == 12 ? year + 1 : year, month: month % 12 + 1, day: 1)
                    while day >= next.daysSinceEpoch { day -= 7 }
                    return day
                }
            }
        }

        func offset(atUTC seconds: Int64) -> Int32 {
            guard let daylight else { return standard }
            let year = CivilDate(daysSinceEpoch: floorDiv(seconds + Int64(standard), 86_400)).year
            // The start is given in standard time, the end in daylight time.
            let start = daylight.start.days(in: year) * 86_400 + daylight.start.time - Int64(standard)
            let end = daylight.end.days(in: year) * 86_400 + daylight.end.time - Int64(daylight.offset)
            let inside = start < end ? (start <= seconds && seconds < end) : !(end <= seconds && seconds < start)
            return inside ? daylight.offset : standard
        }

        init?(_ text: String) {
            var scanner = Scanner(Array(text.utf8))
            guard scanner.name(), let standardWest = scanner.offset() else { return nil }
            standard = Int32(-standardWest)
            if scanner.atEnd {
                daylight = nil
                return
            }
            guard scanner.name() else { return nil }
            var daylightOffset = standard + 3600
            if let west = scanner.offset() { daylightOffset = Int32(-west) }
            // Without rules, POSIX leaves them to the implementation; glibc uses the US rules.
            guard scanner.take(UInt8(ascii: ",")) else {
                guard scanner.atEnd else { return nil }
                daylight = (
                    daylightOffset, Change(day: .monthWeekDay(month: 3, week: 2, weekday: 0)),
                    Change(day: .monthWeekDay(month: 11, week: 1, weekday: 0))
                )
                return
            }
            guard let start = scanner.change(), scanner.take(UInt8(ascii: ",")), let end = scanner.change(),
                scanner.atEnd
            else { return nil }
            daylight = (daylightOffset, start, end)
        }
    }

    /// Reads the parts of a POSIX TZ string.
    struct Scanner {
        let bytes: [UInt8]
        var position = 0

        init(_ bytes: [UInt8]) { self.bytes = bytes }

        var atEnd: Bool { position == bytes.count }
        var next: UInt8? { position < bytes.count ? bytes[position] : nil }

        mutating func take(_ byte: UInt8) -> Bool {
            guard next == byte else { return false }
            position += 1
            return true
        }

        /// A zone abbreviation: three or more letters, or `<…>` (which may hold digits and signs).
        mutating func name() -> Bool {
            if take(UInt8(ascii: "<")) {
                let start = position
                while let byte = next, byte != UInt8(ascii: ">") { position += 1 }
                return position - start >= 3 && take(UInt8(ascii: ">"))
            }
            let start = position
            while let byte = next, (byte | 0x20) >= UInt8(ascii: "a"), (byte | 0x20) <= UInt8(ascii: "z") {
                position += 1
            }
            return position - start >= 3
        }

        mutating func number(max: Int) -> Int? {
            let start = position
            var value = 0
            while let byte = next, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
                position += 1
                if value > max { return nil }
            }
            return position > start ? value : nil
        }

        /// `[+-]hh[:mm[:ss]]` in seconds (hours up to 167, as RFC 8536's extension allows).
        mutating func offset() -> Int64? {
            let sign: Int64 = take(UInt8(ascii: "-")) ? -1 : (take(UInt8(ascii: "+")) ? 1 : 1)
            guard let hours = number(max: 167) else { return nil }
            var seconds = Int64(hours) * 3600
            if take(UInt8(ascii: ":")) {
                guard let minutes = number(max: 59) else { return nil }
                seconds += Int64(minutes) * 60
                if take(UInt8(ascii: ":")) {
                    guard let secs = number(max: 59) else { return nil }
                    seconds += Int64(secs)
                }
            }
            return sign * seconds
        }

        /// `Jn`, `n` or `Mm.w.d`, then an optional `/time`.
        mutating func change() -> ZoneinfoRules.PosixRule.Change? {
            var change: ZoneinfoRules.PosixRule.Change
            if take(UInt8(ascii: "J")) {
                guard let n = number(max: 365), n >= 1 else { return nil }
                change = .init(day: .julian(n))
            } else if take(UInt8(ascii: "M")) {
                guard let month = number(max: 12), month >= 1, take(UInt8(ascii: ".")),
                    let week = number(max: 5), week >= 1, take(UInt8(ascii: ".")), let weekday = number(max: 6)
                else { return nil }
                change = .init(day: .monthWeekDay(month: month, week: week, weekday: weekday))
            } else {
                guard let n = number(max: 365) else { return nil }
                change = .init(day: .zeroBased(n))
            }
            if take(UInt8(ascii: "/")) {
                guard let time = offset() else { return nil }
                change.time = time
            }
            return change
        }
    }

    /// Reads a TZif file's headers and blocks.
    struct Reader {
        let bytes: [UInt8]
        var position = 0

        struct Header {
            var version: Int
            var utcCount, standardCount, leapCount, timeCount, typeCount, charCount: Int

            func blockSize(timeBytes: Int) -> Int {
                timeCount * timeBytes + timeCount + typeCount * 6 + charCount + leapCount * (timeBytes + 4)
                    + standardCount + utcCount
            }
        }

        mutating func header() -> Header? {
            guard position + 44 <= bytes.count, Array(bytes[position..<position + 4]) == Array("TZif".utf8) else {
                return nil
            }
            let version = bytes[position + 4] == 0 ? 1 : Int(bytes[position + 4]) - Int(UInt8(ascii: "0"))
            position += 20
            guard let counts = integers(6, bytes: 4), counts.allSatisfy({ $0 >= 0 && $0 < 1 << 20 }) else {
                return nil
            }
            let c = counts.map { Int($0) }
            return Header(
                version: version, utcCount: c[0], standardCount: c[1], leapCount: c[2], timeCount: c[3],
                typeCount: c[4], charCount: c[5])
        }

        mutating func skip(_ count: Int) -> Bool {
            guard count >= 0, position + count <= bytes.count else { return false }
            position += count
            return true
        }

        /// `count` big-endian signed integers of `bytes` bytes each.
        mutating func integers(_ count: Int, bytes size: Int) -> [Int64]? {
            guard position + count * size <= bytes.count else { return nil }
            var result: [Int64] = []
            result.reserveCapacity(count)
            for _ in 0..<count {
                var value: Int64 = 0
                for byte in bytes[position..<position + size] { value = value << 8 | Int64(byte) }
                if size == 4 { value = Int64(Int32(truncatingIfNeeded: value)) }
                result.append(value)
                position += size
            }
            return result
        }

        mutating func bytes(_ count: Int) -> [UInt8]? {
            guard position + count <= bytes.count else { return nil }
            defer { position += count }
            return Array(bytes[position..<position + count])
        }

        /// The local time types' UTC offsets (each 6 bytes: offset, is-DST, abbreviation index).
        mutating func types(_ count: Int) -> [Int32]? {
            guard position + count * 6 <= bytes.count else { return nil }
            var offsets: [Int32] = []
            for _ in 0..<count {
                var value: UInt32 = 0
                for byte in bytes[position..<position + 4] { value = value << 8 | UInt32(byte) }
                offsets.append(Int32(bitPattern: value))
                position += 6
            }
            return offsets
        }

        /// The footer's POSIX TZ string (between two line feeds); nil when there is none.
        mutating func footer() -> String? {
            guard position < bytes.count, bytes[position] == UInt8(ascii: "\n"),
                let end = bytes[(position + 1)...].firstIndex(of: UInt8(ascii: "\n"))
            else { return nil }
            return String(decoding: bytes[(position + 1)..<end], as: UTF8.self)
        }
    }
}
