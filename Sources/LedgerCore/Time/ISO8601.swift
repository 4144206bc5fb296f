/// A strict, allocation-free ISO 8601 parser for the forms the ledger writes and users type:
/// `YYYY-MM-DD[(T| )HH:MM[:SS[.fraction]]][Z|±HH:MM|±HHMM|±HH]`.
public enum ISO8601 {
    public struct Parsed: Sendable, Hashable {
        /// Seconds since the epoch of the local wall-clock reading, as if it were UTC.
        public var localSeconds: Int64
        /// The explicit offset, nil when the text had none.
        public var offset: Int32?
        public var hasTime: Bool

        public var instant: LocalInstant? {
            offset.map { LocalInstant(seconds: localSeconds - Int64($0), offset: $0) }
        }
    }

    public static func parse(_ text: String) -> Parsed? {
        var copy = text
        return copy.withUTF8 { parse(UnsafeRawBufferPointer($0)) }
    }

    /// Reads bytes left to right (a struct, not closures over a local index: the parser runs
    /// for every line of a rebuild and must not pay for dynamic exclusivity checks).
    private struct Cursor {
        let bytes: UnsafeRawBufferPointer
        var index = 0

        var atEnd: Bool { index >= bytes.count }
        var current: UInt8 { bytes[index] }

        mutating func digits(_ count: Int) -> Int? {
            guard index + count <= bytes.count else { return nil }
            var value = 0
            for _ in 0..<count {
                let byte = bytes[index]
                guard byte >= 48, byte <= 57 else { return nil }
                value = value * 10 + Int(byte - 48)
                index += 1
            }
            return value
        }

        mutating func expect(_ char: UInt8) -> Bool {
            guard index < bytes.count, bytes[index] == char else { return false }
            index += 1
            return true
        }
    }

    public static func parse(_ bytes: UnsafeRawBufferPointer) -> Parsed? {
        var cursor = Cursor(bytes: bytes)
        guard let year = cursor.digits(4), cursor.expect(45), let month = cursor.digits(2), cursor.expect(45),
            let day = cursor.digits(2)
        else { return nil }
        let date = CivilDate(year: year, month: month, day: day)
        guard date.isValid else { return nil }
        var second = 0
        var hasTime = false
        if !cursor.atEnd, cursor.current == UInt8(ascii: "T") || cursor.current == UInt8(ascii: " ") {
            cursor.index += 1
            guard let hour = cursor.digits(2), hour < 24, cursor.expect(58), let minute = cursor.digits(2), minute < 60
            else {
                return nil
            }
            second = hour * 3600 + minute * 60
            hasTime = true
            if cursor.expect(58) {
                guard let s = cursor.digits(2), s < 60 else { return nil }
                second += s
                if cursor.expect(46) || cursor.expect(44) {
                    let start = cursor.index
                    while !cursor.atEnd, cursor.current >= 48, cursor.current <= 57 { cursor.index += 1 }
                    guard cursor.index > start else { return nil }
                }
            }
        }
        var offset: Int32?
        if !cursor.atEnd {
            let sign = cursor.current
            if sign == UInt8(ascii: "Z") || sign == UInt8(ascii: "z") {
                cursor.index += 1
                offset = 0
            } else if sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
                cursor.index += 1
                guard let hours = cursor.digits(2), hours <= 18 else { return nil }
                var minutes = 0
                if !cursor.atEnd {
                    _ = cursor.expect(58)
                    guard let m = cursor.digits(2), m < 60 else { return nil }
                    minutes = m
                }
                let magnitude = Int32(hours * 3600 + minutes * 60)
                offset = sign == UInt8(ascii: "-") ? -magnitude : magnitude
            } else {
                return nil
            }
            guard hasTime else { return nil }
        }
        guard cursor.atEnd else { return nil }
        return Parsed(localSeconds: date.daysSinceEpoch * 86_400 + Int64(second), offset: offset, hasTime: hasTime)
    }
}
