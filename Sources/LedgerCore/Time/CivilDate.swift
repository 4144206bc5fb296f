/// A proleptic Gregorian calendar date, converted to and from days since 1970-01-01 with
/// Howard Hinnant's branch-free algorithms (no calendar library on the hot path).
public struct CivilDate: Hashable, Sendable, Comparable {
    public var year: Int
    public var month: Int
    public var day: Int

    public init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    public init(daysSinceEpoch z0: Int64) {
        let z = z0 + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        year = Int(yoe + era * 400 + (m <= 2 ? 1 : 0))
        month = Int(m)
        day = Int(d)
    }

    /// The UTC date of an instant given in milliseconds since the epoch.
    public init(unixMillis: Int64) {
        self.init(daysSinceEpoch: floorDiv(unixMillis, 86_400_000))
    }

    public var daysSinceEpoch: Int64 {
        let y = Int64(month <= 2 ? year - 1 : year)
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let m = Int64(month)
        let doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + Int64(day) - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    public var isValid: Bool {
        guard (1...12).contains(month), day >= 1 else { return false }
        return CivilDate(daysSinceEpoch: daysSinceEpoch) == self
    }

    public static func < (lhs: CivilDate, rhs: CivilDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    /// `YYYY-MM-DD`.
    public var iso: String {
        var bytes: [UInt8] = []
        appendISO(to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `iso`'s bytes, appended.
    public func appendISO(to bytes: inout [UInt8]) {
        JSONText.appendNumber(Int64(year), width: 4, to: &bytes)
        bytes.append(UInt8(ascii: "-"))
        JSONText.appendNumber(Int64(month), width: 2, to: &bytes)
        bytes.append(UInt8(ascii: "-"))
        JSONText.appendNumber(Int64(day), width: 2, to: &bytes)
    }
}

func pad(_ value: Int, _ width: Int) -> String {
    let digits = String(value)
    return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
}

package func floorDiv(_ a: Int64, _ b: Int64) -> Int64 { a >= 0 ? a / b : -((-a + b - 1) / b) }
