import LedgerCrypto

/// The browser sessions' secrets: a session is a random id kept in a cookie, and its CSRF
/// token the HMAC of that id under this server's key (made fresh at each start, never
/// stored), so the server keeps no table and a token from another server or session is
/// worthless.
package struct SessionKeys: Sendable {
    private let key: [UInt8]

    /// A fresh 256-bit key (SystemRandomNumberGenerator: the kernel's getrandom).
    package init() {
        var generator = SystemRandomNumberGenerator()
        key = (0..<HMACSHA256.byteCount).map { _ in generator.next() as UInt8 }
    }

    /// A new session id: 128 random bits, in hex.
    package func newSession() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<2).map { _ in hex(generator.next() as UInt64) }.joined()
    }

    /// The CSRF token of `session`.
    package func csrfToken(for session: String) -> String {
        let code = HMACSHA256.authenticationCode(for: Array(session.utf8), key: key)
        return code.map { byte in (byte < 16 ? "0" : "") + String(byte, radix: 16) }.joined()
    }

    /// True when `token` is `session`'s (compared in constant time).
    package func verify(_ token: String, session: String) -> Bool {
        Self.constantTimeEqual(token, csrfToken(for: session))
    }

    /// A well-formed session id (so a cookie of any other shape is replaced, never trusted).
    package static func isSession(_ text: String) -> Bool {
        text.utf8.count == 32 && text.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }

    package static func constantTimeEqual(_ a: String, _ b: String) -> Bool {
        let (x, y) = (Array(a.utf8), Array(b.utf8))
        guard x.count == y.count else { return false }
        var difference: UInt8 = 0
        for index in x.indices { difference |= x[index] ^ y[index] }
        return difference == 0
    }

    private func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
