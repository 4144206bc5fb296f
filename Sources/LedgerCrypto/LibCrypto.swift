import CLibCrypto

/// SHA-1 through OpenSSL's libcrypto (the system's, as libgit2 is: its SHA-NI and AVX2 code
/// where the CPU has them), in pieces or at once, for git's object ids and the index's trailer.
///
/// It runs on the low-level `SHA_CTX`, not EVP: no provider is fetched and no configuration
/// file read at the first digest (the static front links libcrypto in and hashes on every
/// `log`), and the context is a plain struct, so the state after whole blocks can be saved and
/// resumed (`State`): the index patch hashes a million-entry index from a saved state at the
/// first changed entry, not from the start. `SHA_CTX`'s layout (five chaining words, the
/// length in bits as two 32-bit halves, the pending bytes' count) is OpenSSL's since 0.9;
/// `LibCryptoTests` checks that a resumed state gives the digest `sha1sum` gives.
package struct SHA1: Sendable {
    /// The digest's size in bytes.
    package static let byteCount = 20

    /// The hash state after a whole number of 64-byte blocks: resumable.
    package struct State: Sendable, Equatable {
        package var h: (UInt32, UInt32, UInt32, UInt32, UInt32)
        /// Bytes hashed so far (a multiple of 64).
        package var count: UInt64

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

        package init(h: (UInt32, UInt32, UInt32, UInt32, UInt32), count: UInt64) {
            (self.h, self.count) = (h, count)
        }
    }

    private var context = SHA_CTX()

    package init() {
        // SHA1_Init only sets the struct's fields; it cannot fail.
        SHA1_Init(&context)
    }

    /// Goes on from a saved state.
    package init(resuming state: State) {
        SHA1_Init(&context)
        (context.h0, context.h1, context.h2, context.h3, context.h4) = state.h
        let bits = state.count &* 8
        (context.Nl, context.Nh) = (UInt32(truncatingIfNeeded: bits), UInt32(truncatingIfNeeded: bits >> 32))
    }

    /// The state after the whole blocks hashed so far, and how many bytes wait beyond them.
    package var blockState: (state: State, pendingCount: Int) {
        let pending = Int(context.num)
        let total = (UInt64(context.Nh) << 32 | UInt64(context.Nl)) / 8
        return (
            State(h: (context.h0, context.h1, context.h2, context.h3, context.h4), count: total - UInt64(pending)),
            pending
        )
    }

    package mutating func update(_ bytes: UnsafeRawBufferPointer) {
        guard !bytes.isEmpty else { return }
        SHA1_Update(&context, bytes.baseAddress, bytes.count)
    }

    /// Adds `bytes` to the message.
    package mutating func update(_ bytes: some Collection<UInt8>) {
        let done: Void? = bytes.withContiguousStorageIfAvailable { update(UnsafeRawBufferPointer($0)) }
        if done == nil { Array(bytes).withUnsafeBytes { update($0) } }
    }

    /// The 20-byte digest of everything added.
    package consuming func finalize() -> [UInt8] {
        var digest = [UInt8](repeating: 0, count: Self.byteCount)
        digest.withUnsafeMutableBufferPointer { _ = SHA1_Final($0.baseAddress, &context) }
        return digest
    }

    /// The digest of `bytes`.
    package static func hash(_ bytes: UnsafeRawBufferPointer) -> [UInt8] {
        var hasher = SHA1()
        hasher.update(bytes)
        return hasher.finalize()
    }

    /// The digest of `bytes`.
    package static func hash(_ bytes: some Collection<UInt8>) -> [UInt8] {
        var hasher = SHA1()
        hasher.update(bytes)
        return hasher.finalize()
    }
}

/// HMAC-SHA256 (RFC 2104) over OpenSSL's low-level SHA-256, as `SHA1` runs on its low-level
/// SHA-1: through EVP, the static front (which links this module for SHA-1) took in libcrypto's
/// providers, BIO and DSO code (getaddrinfo, dlopen) it never runs.
package enum HMACSHA256 {
    /// The code's size in bytes.
    package static let byteCount = 32

    /// The authentication code of `message` under `key` (32 bytes).
    package static func authenticationCode(for message: some Collection<UInt8>, key: some Collection<UInt8>)
        -> [UInt8]
    {
        // A key longer than SHA-256's 64-byte block is hashed first; then it is padded with zeros.
        var block = key.count > 64 ? sha256([Array(key)]) : Array(key)
        block += [UInt8](repeating: 0, count: 64 - block.count)
        let inner = sha256([block.map { $0 ^ 0x36 }, Array(message)])
        return sha256([block.map { $0 ^ 0x5C }, inner])
    }

    private static func sha256(_ parts: [[UInt8]]) -> [UInt8] {
        var context = SHA256_CTX()
        SHA256_Init(&context)
        for part in parts { part.withUnsafeBytes { _ = SHA256_Update(&context, $0.baseAddress, $0.count) } }
        var digest = [UInt8](repeating: 0, count: byteCount)
        digest.withUnsafeMutableBufferPointer { _ = SHA256_Final($0.baseAddress, &context) }
        return digest
    }
}
