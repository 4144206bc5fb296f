/// The unique id of an event: 60 random bits, written as 12 lowercase Crockford base32
/// characters (no i, l, o, u), e.g. `7k2m9q4x8c3p`.
public struct EventID: Hashable, Sendable, Comparable, CustomStringConvertible {
    public let rawValue: UInt64

    public static let length = 12
    static let alphabet = Array("0123456789abcdefghjkmnpqrstvwxyz".utf8)
    static let decodeTable: [UInt8] = {
        var table = [UInt8](repeating: 0xFF, count: 256)
        for (index, char) in alphabet.enumerated() { table[Int(char)] = UInt8(index) }
        return table
    }()

    public init(rawValue: UInt64) { self.rawValue = rawValue & (1 << 60 - 1) }

    /// A fresh random id.
    public static func random<G: RandomNumberGenerator>(using generator: inout G) -> EventID {
        EventID(rawValue: generator.next())
    }

    public static func random() -> EventID {
        var generator = SystemRandomNumberGenerator()
        return random(using: &generator)
    }

    /// Parses the 12-character form; nil when it is not exactly that.
    public init?(_ text: some StringProtocol) {
        var value: UInt64 = 0
        var count = 0
        for byte in text.utf8 {
            let digit = Self.decodeTable[Int(byte)]
            guard digit != 0xFF, count < Self.length else { return nil }
            value = value << 5 | UInt64(digit)
            count += 1
        }
        guard count == Self.length else { return nil }
        rawValue = value
    }

    /// Parses the 12 bytes of the written form; nil when they are not exactly that.
    package init?(bytes: UnsafeRawBufferPointer) {
        guard bytes.count == Self.length else { return nil }
        var value: UInt64 = 0
        for byte in bytes {
            let digit = Self.decodeTable[Int(byte)]
            guard digit != 0xFF else { return nil }
            value = value << 5 | UInt64(digit)
        }
        rawValue = value
    }

    public var description: String {
        var out: [UInt8] = []
        appendDescription(to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// `description`'s bytes, appended (no escape is ever needed: they are letters and digits).
    public func appendDescription(to bytes: inout [UInt8]) {
        let alphabet = Self.alphabet
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Self.length) { out in
            var value = rawValue
            for index in stride(from: Self.length - 1, through: 0, by: -1) {
                out[index] = alphabet[Int(value & 31)]
                value >>= 5
            }
            bytes.append(contentsOf: out)
        }
    }

    public static func < (lhs: EventID, rhs: EventID) -> Bool { lhs.rawValue < rhs.rawValue }

    /// True when `prefix` (lowercase, in the 12-character form) is a prefix of this id.
    public func hasPrefix(_ prefix: String) -> Bool { description.hasPrefix(prefix) }
}

/// Device ids name the per-device folder events are written to: 4 to 32 characters of
/// `[a-z0-9-]`, not starting with `-`.
public enum DeviceID {
    public static func isValid(_ id: String) -> Bool {
        let bytes = Array(id.utf8)
        guard (4...32).contains(bytes.count), bytes.first != UInt8(ascii: "-") else { return false }
        return bytes.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-")
        }
    }

    /// A fresh random device id (10 base32 characters).
    public static func random() -> String {
        String(EventID.random().description.prefix(10))
    }
}
