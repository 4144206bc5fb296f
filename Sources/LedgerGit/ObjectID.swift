import CLibGit2
import LedgerGitFiles

/// A git object id (SHA-1), stored inline so it hashes and compares without allocation.
package struct ObjectID: Hashable, Sendable, Comparable, CustomStringConvertible {
    var high: UInt64
    var middle: UInt64
    var low: UInt32

    init(_ oid: git_oid) {
        var copy = oid
        (high, middle, low) = withUnsafeBytes(of: &copy.id) { raw in
            (
                UInt64(bigEndian: raw.loadUnaligned(fromByteOffset: 0, as: UInt64.self)),
                UInt64(bigEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self)),
                UInt32(bigEndian: raw.loadUnaligned(fromByteOffset: 16, as: UInt32.self))
            )
        }
    }

    init(_ pointer: UnsafePointer<git_oid>) { self.init(pointer.pointee) }

    /// The id of 20 raw bytes (as `LedgerGitFiles` computes them); nil for any other count.
    package init?(bytes: [UInt8]) {
        guard bytes.count == 20 else { return nil }
        var oid = git_oid()
        withUnsafeMutableBytes(of: &oid.id) { $0.copyBytes(from: bytes) }
        self.init(oid)
    }

    /// The 20 raw bytes.
    package var bytes: [UInt8] {
        var oid = raw
        return withUnsafeBytes(of: &oid.id) { Array($0.prefix(20)) }
    }

    var raw: git_oid {
        var oid = git_oid()
        withUnsafeMutableBytes(of: &oid.id) { raw in
            raw.storeBytes(of: high.bigEndian, toByteOffset: 0, as: UInt64.self)
            raw.storeBytes(of: middle.bigEndian, toByteOffset: 8, as: UInt64.self)
            raw.storeBytes(of: low.bigEndian, toByteOffset: 16, as: UInt32.self)
        }
        return oid
    }

    /// Parses a full 40-character hexadecimal id.
    package init?(hex: some StringProtocol) {
        guard let bytes = ObjectHash.bytes(hex: hex) else { return nil }
        self.init(bytes: bytes)
    }

    /// The 40-character lowercase hexadecimal form.
    package var hex: String {
        let digits = Array("0123456789abcdef".utf8)
        var out = [UInt8]()
        out.reserveCapacity(40)
        for (value, width) in [(high, 16), (middle, 16), (UInt64(low), 8)] {
            for shift in stride(from: (width - 1) * 4, through: 0, by: -4) {
                out.append(digits[Int((value >> UInt64(shift)) & 0xF)])
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    package var description: String { hex }

    package static func < (lhs: ObjectID, rhs: ObjectID) -> Bool {
        (lhs.high, lhs.middle, lhs.low) < (rhs.high, rhs.middle, rhs.low)
    }
}
