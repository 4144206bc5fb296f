import LedgerSystem

/// A cache keyed by what it reflects (for projections, the commit hex):
/// `<key>\n<payload length> <FNV-1a of payload>\n<payload>`.
///
/// It is rewritten in place (no rename: on ext4 a rename over an existing file forces a
/// writeback), so a reader may meet a torn or foreign file; that fails the length and checksum
/// test and reads as no cache, which the caller rebuilds from the events.
package enum CacheFile {
    /// In the vault's state directory: the `StatusSummary`, all `alog status` needs.
    package static let summaryName = "summary.bin"
    /// In the vault's state directory: the whole `LedgerState`.
    package static let stateName = "state.bin"

    /// The key (the first line) and the payload, or nil when the file is missing or fails the
    /// check. Callers compare the key with what they expect.
    package static func read(_ path: String) throws -> (key: String, payload: ArraySlice<UInt8>)? {
        guard let bytes = try FileSystem.read(path), let keyEnd = bytes.prefix(256).firstIndex(of: UInt8(ascii: "\n")),
            keyEnd > 0,
            let newline = bytes[(keyEnd + 1)...].firstIndex(of: UInt8(ascii: "\n"))
        else { return nil }
        let header = String(decoding: bytes[(keyEnd + 1)..<newline], as: UTF8.self).split(separator: " ")
        let payload = bytes[(newline + 1)...]
        guard header.count == 2, Int(header[0]) == payload.count, UInt64(header[1]) == payload.withUnsafeBytes(checksum)
        else {
            return nil
        }
        return (String(decoding: bytes[..<keyEnd], as: UTF8.self), payload)
    }

    /// Writes the file in place; `key` is one line (no newline) of at most 255 bytes.
    package static func write(_ path: String, key: String, payload: [UInt8]) throws {
        precondition(key.utf8.count < 256 && !key.utf8.contains(UInt8(ascii: "\n")), "a cache key is one short line")
        let header = "\(key)\n\(payload.count) \(payload.withUnsafeBytes(checksum))\n"
        try FileSystem.overwrite(path, header: Array(header.utf8), payload)
    }

    /// FNV-1a over 8-byte words (then the tail bytes): detects torn or foreign files.
    package static func checksum(_ raw: UnsafeRawBufferPointer) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        let words = raw.count / 8
        for index in 0..<words {
            hash = (hash ^ raw.loadUnaligned(fromByteOffset: index * 8, as: UInt64.self)) &* 0x100_0000_01b3
        }
        for index in (words * 8)..<raw.count { hash = (hash ^ UInt64(raw[index])) &* 0x100_0000_01b3 }
        return hash
    }
}
