import CSHA1

/// SHA-1 (FIPS 180-4), as git names its objects, written here rather than taken from
/// swift-crypto: swift-crypto brings FoundationEssentials into the static front (`alog`),
/// which must stay free of Foundation to start as fast as it does, and it cannot hand out its
/// state part-way. This one can (`State`): the index patch hashes a file of a million entries
/// from a saved state at the first changed entry, not from the start. Checked against
/// OpenSSL's SHA-1 (LedgerCrypto) and `git hash-object` in the tests.
package struct SHA1: Sendable {
    /// The hash state after a whole number of 64-byte blocks: resumable.
    package struct State: Sendable, Equatable {
        package var h: (UInt32, UInt32, UInt32, UInt32, UInt32)
        /// Bytes hashed so far (a multiple of 64).
        package var count: UInt64

        package static let initial = State(
            h: (0x6745_2301, 0xEFCD_AB89, 0x98BA_DCFE, 0x1032_5476, 0xC3D2_E1F0), count: 0)

        package static func == (a: State, b: State) -> Bool {
            a.h.0 == b.h.0 && a.h.1 == b.h.1 && a.h.2 == b.h.2 && a.h.3 == b.h.3 && a.h.4 == b.h.4 && a.count == b.count
        }

        /// The state as 28 bytes (five words and the count, big-endian), and back.
        package var bytes: [UInt8] {
            var out: [UInt8] = []
            for word in [h.0, h.1, h.2, h.3, h.4] {
                out += (0..<4).map { UInt8(truncatingIfNeeded: word >> (24 - 8 * $0)) }
            }
            out += (0..<8).map { UInt8(truncatingIfNeeded: count >> (56 - 8 * UInt64($0))) }
            return out
        }

        package init?(bytes: some Collection<UInt8>) {
            let b = Array(bytes)
            guard b.count == 28 else { return nil }
            func word(_ i: Int) -> UInt32 { b[i..<(i + 4)].reduce(0) { $0 << 8 | UInt32($1) } }
            h = (word(0), word(4), word(8), word(12), word(16))
            count = b[20..<28].reduce(0) { $0 << 8 | UInt64($1) }
            guard count % 64 == 0 else { return nil }
        }

        init(h: (UInt32, UInt32, UInt32, UInt32, UInt32), count: UInt64) {
            (self.h, self.count) = (h, count)
        }
    }

    private var state = State.initial
    /// Bytes waiting for a whole block.
    private var pending: [UInt8] = []
    /// Whether the blocks go through the CPU's SHA instructions (`CSHA1`).
    private let hardware: Bool

    /// True when this CPU has SHA instructions (x86-64's SHA-NI): about six times the portable
    /// speed, which a million-entry index (1.2 MB, hashed on every `log`) notices.
    package static let hardwareAvailable = alog_sha1_hardware_available() != 0

    /// `hardware: false` takes the portable code even where the instructions exist (tests).
    package init(hardware: Bool = SHA1.hardwareAvailable) { self.hardware = hardware }

    /// Goes on from a saved state.
    package init(resuming state: State, hardware: Bool = SHA1.hardwareAvailable) {
        self.state = state
        self.hardware = hardware
    }

    /// The state after the whole blocks hashed so far, and how many bytes wait beyond them.
    package var blockState: (state: State, pendingCount: Int) { (state, pending.count) }

    package mutating func update(_ bytes: UnsafeRawBufferPointer) {
        var input = bytes
        if !pending.isEmpty {
            let take = min(64 - pending.count, input.count)
            pending += input.prefix(take)
            input = UnsafeRawBufferPointer(rebasing: input.dropFirst(take))
            if pending.count < 64 { return }
            pending.withUnsafeBytes { compress($0) }
            pending.removeAll(keepingCapacity: true)
        }
        let whole = input.count & ~63
        if whole > 0 { compress(UnsafeRawBufferPointer(rebasing: input.prefix(whole))) }
        if whole < input.count { pending += input.dropFirst(whole) }
    }

    package mutating func update(_ bytes: some Sequence<UInt8>) {
        let array = Array(bytes)
        array.withUnsafeBytes { update($0) }
    }

    /// The 20-byte digest.
    package consuming func finalize() -> [UInt8] {
        let length = (state.count + UInt64(pending.count)) &* 8
        var tail = pending
        tail.append(0x80)
        while tail.count % 64 != 56 { tail.append(0) }
        for shift in stride(from: 56, through: 0, by: -8) {
            tail.append(UInt8(truncatingIfNeeded: length >> UInt64(shift)))
        }
        tail.withUnsafeBytes { compress($0) }
        var out: [UInt8] = []
        out.reserveCapacity(20)
        for word in [state.h.0, state.h.1, state.h.2, state.h.3, state.h.4] {
            out += [UInt8(word >> 24), UInt8((word >> 16) & 0xFF), UInt8((word >> 8) & 0xFF), UInt8(word & 0xFF)]
        }
        return out
    }

    /// Runs the compression function over whole 64-byte blocks, on the SHA instructions where
    /// they are.
    private mutating func compress(_ blocks: UnsafeRawBufferPointer) {
        guard hardware, blocks.count >= 64, let base = blocks.baseAddress else {
            return Self.compress(&state, blocks)
        }
        var words: [UInt32] = [state.h.0, state.h.1, state.h.2, state.h.3, state.h.4]
        let length = blocks.count & ~63
        words.withUnsafeMutableBufferPointer {
            alog_sha1_hardware_blocks($0.baseAddress, base.assumingMemoryBound(to: UInt8.self), length)
        }
        state.h = (words[0], words[1], words[2], words[3], words[4])
        state.count &+= UInt64(length)
    }

    /// The digest of `bytes`.
    package static func hash(_ bytes: UnsafeRawBufferPointer, hardware: Bool = SHA1.hardwareAvailable) -> [UInt8] {
        var hasher = SHA1(hardware: hardware)
        hasher.update(bytes)
        return hasher.finalize()
    }

    /// Runs the compression function over whole 64-byte blocks.
    private static func compress(_ state: inout State, _ blocks: UnsafeRawBufferPointer) {
        var (h0, h1, h2, h3, h4) = state.h
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 80) { w in
            var offset = 0
            while offset + 64 <= blocks.count {
                for t in 0..<16 {
                    w[t] = UInt32(bigEndian: blocks.loadUnaligned(fromByteOffset: offset + 4 * t, as: UInt32.self))
                }
                for t in 16..<80 {
                    let x = w[t - 3] ^ w[t - 8] ^ w[t - 14] ^ w[t - 16]
                    w[t] = x << 1 | x >> 31
                }
                var (a, b, c, d, e) = (h0, h1, h2, h3, h4)
                for t in 0..<80 {
                    let f: UInt32
                    let k: UInt32
                    switch t {
                    case 0..<20: (f, k) = ((b & c) | (~b & d), 0x5A82_7999)
                    case 20..<40: (f, k) = (b ^ c ^ d, 0x6ED9_EBA1)
                    case 40..<60: (f, k) = ((b & c) | (b & d) | (c & d), 0x8F1B_BCDC)
                    default: (f, k) = (b ^ c ^ d, 0xCA62_C1D6)
                    }
                    let temp = (a << 5 | a >> 27) &+ f &+ e &+ k &+ w[t]
                    (e, d, c, b, a) = (d, c, b << 30 | b >> 2, a, temp)
                }
                (h0, h1, h2, h3, h4) = (h0 &+ a, h1 &+ b, h2 &+ c, h3 &+ d, h4 &+ e)
                offset += 64
            }
            state.count &+= UInt64(offset)
        }
        state.h = (h0, h1, h2, h3, h4)
    }
}
