import LedgerCrypto

/// Object ids as git computes them: the SHA-1 of `type size\0` and the content. An id is its
/// 20 raw bytes here; `hex` and `init(hex:)` convert to and from the 40-digit form.
package enum ObjectHash {
    /// The id of an object of `type` ("blob", "tree", "commit") holding `content`.
    package static func id(type: String, _ content: [UInt8]) -> [UInt8] {
        var hasher = SHA1()
        hasher.update(header(type, content.count))
        content.withUnsafeBytes { hasher.update($0) }
        return hasher.finalize()
    }

    /// The SHA-1 of `bytes` (an index's trailer).
    package static func sha1(_ bytes: [UInt8]) -> [UInt8] {
        bytes.withUnsafeBytes { SHA1.hash($0) }
    }

    package static func sha1(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
        bytes.withUnsafeBytes { SHA1.hash($0) }
    }

    /// `type size\0`, the header git hashes and stores before an object's content.
    package static func header(_ type: String, _ size: Int) -> [UInt8] {
        Array("\(type) \(size)".utf8) + [0]
    }

    /// The 40-digit lowercase form of a 20-byte id.
    package static func hex(_ id: some Collection<UInt8>) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(40)
        for byte in id {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0xF)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The 20 bytes of a 40-digit id (either case); nil for anything else.
    package static func bytes(hex: some StringProtocol) -> [UInt8]? {
        let utf8 = Array(hex.utf8)
        guard utf8.count == 40 else { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(20)
        for index in stride(from: 0, to: 40, by: 2) {
            guard let high = nibble(utf8[index]), let low = nibble(utf8[index + 1]) else { return nil }
            out.append(high << 4 | low)
        }
        return out
    }

    private static func nibble(_ c: UInt8) -> UInt8? {
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): c - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): c - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): c - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
