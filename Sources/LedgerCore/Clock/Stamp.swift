/// A hybrid logical clock stamp: physical milliseconds plus a logical counter. Stamps of
/// causally related events are ordered even when the devices' clocks disagree.
public struct Stamp: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var millis: Int64
    public var counter: UInt32

    public init(millis: Int64, counter: UInt32 = 0) {
        self.millis = millis
        self.counter = counter
    }

    public static let zero = Stamp(millis: 0)

    public static func < (lhs: Stamp, rhs: Stamp) -> Bool {
        (lhs.millis, lhs.counter) < (rhs.millis, rhs.counter)
    }

    /// The on-disk form, `<millis>-<counter>`.
    public var description: String { "\(millis)-\(counter)" }

    /// Parses `<millis>-<counter>` from raw ASCII bytes.
    init?(bytes: UnsafeRawBufferPointer) {
        var millis: Int64 = 0
        var counter: UInt64 = 0
        var seenDash = false
        var digits = 0
        for byte in bytes {
            if byte == UInt8(ascii: "-"), !seenDash, digits > 0 {
                seenDash = true
                digits = 0
                continue
            }
            guard byte >= 48, byte <= 57, digits < 18 else { return nil }
            if seenDash { counter = counter * 10 + UInt64(byte - 48) } else { millis = millis * 10 + Int64(byte - 48) }
            digits += 1
        }
        guard seenDash, digits > 0, counter <= UInt64(UInt32.max) else { return nil }
        self.init(millis: millis, counter: UInt32(counter))
    }

    public init?(_ text: some StringProtocol) {
        guard let dash = text.firstIndex(of: "-"),
            let millis = Int64(text[text.startIndex..<dash]),
            let counter = UInt32(text[text.index(after: dash)...]), millis >= 0
        else { return nil }
        self.init(millis: millis, counter: counter)
    }
}

/// The hybrid logical clock rules (Kulkarni et al.): a new local stamp is later than both
/// the wall clock and every stamp seen so far.
public enum HybridLogicalClock {
    /// The stamp for a new local event, given the latest stamp seen and the wall clock.
    public static func next(after latest: Stamp, wallMillis: Int64) -> Stamp {
        if wallMillis > latest.millis { return Stamp(millis: wallMillis, counter: 0) }
        if latest.counter == UInt32.max { return Stamp(millis: latest.millis + 1, counter: 0) }
        return Stamp(millis: latest.millis, counter: latest.counter + 1)
    }
}
