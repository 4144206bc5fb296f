import Foundation
import LedgerCrypto
import TestSupport
import Testing

/// LedgerCrypto (OpenSSL's libcrypto) against published test vectors and three outside
/// witnesses: `sha1sum`, `git hash-object` and `openssl dgst -hmac`.
@Suite("libcrypto's SHA-1 and HMAC-SHA256")
struct LibCryptoTests {
    static func hex(_ bytes: [UInt8]) -> String {
        bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }

    @Test("SHA-1 of FIPS 180's examples, whole and in pieces")
    func sha1Vectors() {
        let vectors = [
            ("", "da39a3ee5e6b4b0d3255bfef95601890afd80709"),
            ("abc", "a9993e364706816aba3e25717850c26c9cd0d89d"),
            (
                "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
                "84983e441c3bd26ebaae4aa1f95129e5e54670f1"
            ),
        ]
        for (message, digest) in vectors {
            #expect(Self.hex(SHA1.hash(Array(message.utf8))) == digest, "\(message)")
            var pieces = SHA1()
            for character in message.utf8 { pieces.update([character]) }
            #expect(Self.hex(pieces.finalize()) == digest, "\(message), a byte at a time")
        }
        var million = SHA1()
        for _ in 0..<1000 { million.update([UInt8](repeating: 0x61, count: 1000)) }
        #expect(Self.hex(million.finalize()) == "34aa973cd4c4daa4f61eeb2bdbad27316534016f", "a million a's")
    }

    @Test("SHA-1 agrees with sha1sum and git hash-object on files of every size around a block")
    func sha1Witnesses() throws {
        let dir = TemporaryDirectory("crypto")
        var generator = SplitMix(state: 46)
        for length in [0, 1, 55, 56, 63, 64, 65, 119, 128, 4097, 100_003] {
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let file = dir.sub("file-\(length)")
            try Data(bytes).write(to: URL(fileURLWithPath: file))
            let sum = try runProcess("/usr/bin/sha1sum", [file])
            #expect(sum.succeeded, "\(sum.stderr)")
            #expect(sum.stdout.prefix(40) == Self.hex(SHA1.hash(bytes)), "\(length) bytes")
            // git names a blob by the SHA-1 of its header and its bytes.
            let blob = try git("hash-object", file, in: dir.path)
            let header = Array("blob \(length)\0".utf8)
            #expect(blob.stdout.prefix(40) == Self.hex(SHA1.hash(header + bytes)), "blob of \(length) bytes")
        }
    }

    @Test("a saved SHA-1 state goes on where it stopped, survives its bytes, and gives sha1sum's digest")
    func resumable() throws {
        // The index patch saves the state after whole blocks and resumes it in a later
        // process; this holds OpenSSL's SHA_CTX to the layout that relies on.
        let dir = TemporaryDirectory("crypto")
        let bytes = (0..<100_000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 9) }
        let file = dir.sub("bytes")
        try Data(bytes).write(to: URL(fileURLWithPath: file))
        let sum = try runProcess("/usr/bin/sha1sum", [file])
        #expect(sum.succeeded, "\(sum.stderr)")
        for split in [0, 64, 6400, 65_536, 99_900] {
            var first = SHA1()
            // In uneven pieces, so some bytes wait beyond the blocks on the way.
            var start = 0
            while start < split + 37 {
                let end = min(split + 37, start + 1 + start % 97)
                first.update(bytes[start..<end])
                start = end
            }
            let (state, pending) = first.blockState
            #expect(state.count == UInt64((split + 37) & ~63) && pending == (split + 37) % 64, "split \(split)")
            let restored = try #require(SHA1.State(bytes: state.bytes))
            #expect(restored == state)
            var resumed = SHA1(resuming: restored)
            resumed.update(bytes[Int(state.count)...])
            #expect(Self.hex(resumed.finalize()) == String(sum.stdout.prefix(40)), "resumed at \(state.count)")
        }
        // FIPS 180's initial words, where the state reads them.
        let initial = SHA1().blockState.state
        #expect(initial.h.0 == 0x6745_2301 && initial.h.1 == 0xEFCD_AB89 && initial.h.4 == 0xC3D2_E1F0)
        #expect(initial.count == 0)
        #expect(SHA1.State(bytes: SHA1().blockState.state.bytes.dropLast()) == nil)
    }

    @Test("HMAC-SHA256 of RFC 4231's test cases")
    func hmacVectors() {
        func bytes(_ hex: String) -> [UInt8] {
            var out: [UInt8] = []
            var index = hex.startIndex
            while index < hex.endIndex {
                let next = hex.index(index, offsetBy: 2)
                out.append(UInt8(hex[index..<next], radix: 16)!)
                index = next
            }
            return out
        }
        // Cases 1, 2, 4 and 6 (6: a key longer than the block, hashed first).
        let cases: [([UInt8], [UInt8], String)] = [
            (
                [UInt8](repeating: 0x0b, count: 20), Array("Hi There".utf8),
                "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7"
            ),
            (
                Array("Jefe".utf8), Array("what do ya want for nothing?".utf8),
                "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"
            ),
            (
                bytes("0102030405060708090a0b0c0d0e0f10111213141516171819"), [UInt8](repeating: 0xcd, count: 50),
                "82558a389a443c0ea4cc819899f2083a85f0faa3e578f8077a2e3ff46729665b"
            ),
            (
                [UInt8](repeating: 0xaa, count: 131),
                Array("Test Using Larger Than Block-Size Key - Hash Key First".utf8),
                "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54"
            ),
        ]
        for (key, message, code) in cases {
            #expect(Self.hex(HMACSHA256.authenticationCode(for: message, key: key)) == code)
        }
    }

    @Test("HMAC-SHA256 agrees with openssl dgst -hmac, the empty key and message included")
    func hmacWitness() throws {
        let dir = TemporaryDirectory("crypto")
        for (key, message) in [("key", "The quick brown fox jumps over the lazy dog"), ("", ""), ("k", "")] {
            let file = dir.sub("message")
            try Data(message.utf8).write(to: URL(fileURLWithPath: file))
            // The CLI takes no empty key; HMAC pads a key with zeros to the block (64 bytes), so
            // 64 zero bytes are the same key.
            let hexKey = key.isEmpty ? String(repeating: "00", count: 64) : Self.hex(Array(key.utf8))
            let openssl = try runProcess(
                "/usr/bin/openssl", ["dgst", "-sha256", "-mac", "HMAC", "-macopt", "hexkey:" + hexKey, file])
            #expect(openssl.succeeded, "\(openssl.stderr)")
            let code = Self.hex(HMACSHA256.authenticationCode(for: Array(message.utf8), key: Array(key.utf8)))
            #expect(openssl.stdout.hasSuffix("= \(code)\n"), "key \(key.debugDescription): \(openssl.stdout)")
        }
    }
}
