import CLibCrypto

/// SHA-1 through OpenSSL's libcrypto (the system's, as libgit2 is), in pieces or at once.
///
/// LedgerGitFiles keeps its own resumable SHA-1 for the paths that must not load a library
/// (the front); this one is the system's, for everything else and as the tests' independent
/// oracle for that one.
package struct SHA1Hasher: ~Copyable {
    /// The digest's size in bytes.
    package static let byteCount = 20

    private let context: OpaquePointer

    package init() {
        // Allocation and initialisation fail only when the process is out of memory.
        guard let context = EVP_MD_CTX_new(), EVP_DigestInit_ex(context, EVP_sha1(), nil) == 1 else {
            fatalError("libcrypto could not start a SHA-1 digest (out of memory)")
        }
        self.context = context
    }

    deinit { EVP_MD_CTX_free(context) }

    /// Adds `bytes` to the message.
    package mutating func update(_ bytes: some Collection<UInt8>) {
        let done =
            bytes.withContiguousStorageIfAvailable { buffer in
                EVP_DigestUpdate(context, buffer.baseAddress, buffer.count)
            } ?? Array(bytes).withUnsafeBufferPointer { EVP_DigestUpdate(context, $0.baseAddress, $0.count) }
        precondition(done == 1, "libcrypto refused a SHA-1 update")
    }

    /// The digest of everything added (20 bytes); the hasher is used up.
    package consuming func finalize() -> [UInt8] {
        var digest = [UInt8](repeating: 0, count: Self.byteCount)
        var length: UInt32 = 0
        let done = digest.withUnsafeMutableBufferPointer { EVP_DigestFinal_ex(context, $0.baseAddress, &length) }
        precondition(done == 1 && length == Self.byteCount, "libcrypto could not finish a SHA-1 digest")
        return digest
    }

    /// The SHA-1 digest of `bytes` (20 bytes).
    package static func hash(_ bytes: some Collection<UInt8>) -> [UInt8] {
        var hasher = SHA1Hasher()
        hasher.update(bytes)
        return hasher.finalize()
    }
}

/// HMAC-SHA256 (RFC 2104) through OpenSSL's libcrypto.
package enum HMACSHA256 {
    /// The code's size in bytes.
    package static let byteCount = 32

    /// The authentication code of `message` under `key` (32 bytes).
    package static func authenticationCode(for message: some Collection<UInt8>, key: some Collection<UInt8>)
        -> [UInt8]
    {
        // An empty key is a zero-length key: libcrypto wants an address for it all the same.
        let (message, key) = (Array(message), Array(key))
        let keyBytes = key.isEmpty ? [0] : key
        var code = [UInt8](repeating: 0, count: byteCount)
        var length: UInt32 = 0
        let result = keyBytes.withUnsafeBufferPointer { keyBuffer in
            message.withUnsafeBufferPointer { message in
                code.withUnsafeMutableBufferPointer { code in
                    HMAC(
                        EVP_sha256(), keyBuffer.baseAddress, Int32(key.count), message.baseAddress, message.count,
                        code.baseAddress, &length)
                }
            }
        }
        precondition(result != nil && length == byteCount, "libcrypto could not compute an HMAC-SHA256")
        return code
    }
}
