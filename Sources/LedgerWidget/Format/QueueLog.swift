import LedgerStore

/// The queue's append-only half (`queue.log`): the taps alog queues itself, one record a line,
/// so a tap writes one short line whatever is waiting instead of replacing the whole queue.
///
///     q1 5c0d7f3e9a1b2c4d {"activityType": "meal", "activityTime": 1703123456}
///
/// A record is `q1` (the format's version), the checksum of the item's text (`CacheFile`'s
/// FNV-1a, 16 hex digits), and the item exactly as it would stand in `PendingActivities.json`,
/// ended by a line feed. The items follow the array's in queue order.
///
/// A record is whole only with its line feed and a matching checksum. Bytes after the last
/// line feed are an append that never finished (a tap killed inside its `write`): they are
/// not an item, readers skip them, and the next writer under `queue.lock` cuts them off. A
/// line that fails its checksum (damage from outside, or a power loss that left zeros) is
/// saved aside by that writer, like unreadable array text; a whole record at its end (the
/// append that followed a torn one) still counts.
package enum QueueLog {
    static let version: [UInt8] = Array("q1 ".utf8)
    static let checksumDigits = 16

    /// The record of one item (`raw`: its JSON text, one line).
    package static func record(_ raw: [UInt8]) -> [UInt8] {
        // JSON text has no line feed outside strings, and none inside one (it is escaped);
        // one from a hand-edited item would be whitespace, so it becomes a space.
        let item = raw.map { $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") ? UInt8(ascii: " ") : $0 }
        var out = version
        out.reserveCapacity(version.count + checksumDigits + 2 + item.count)
        let sum = item.withUnsafeBytes(CacheFile.checksum)
        for shift in stride(from: 60, through: 0, by: -4) {
            out.append(Self.hexDigits[Int((sum >> UInt64(shift)) & 0xF)])
        }
        out.append(UInt8(ascii: " "))
        out += item
        out.append(UInt8(ascii: "\n"))
        return out
    }

    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

    /// What a scan found besides the records.
    package struct Scan: Sendable {
        /// Bytes up to the end of the last line feed: the file as the next writer leaves it
        /// (less any damaged lines).
        package var wholeLength = 0
        /// Lines (or their starts) that are not records, each with its 1-based line.
        package var damaged: [(line: Int, bytes: [UInt8])] = []
    }

    /// Walks the records of a log, handing over each item's text and line; allocates nothing
    /// for whole records, so a status bar can afford it.
    @discardableResult
    package static func scan(_ bytes: UnsafeRawBufferPointer, record: (UnsafeRawBufferPointer, Int) -> Void) -> Scan {
        var scan = Scan()
        var start = 0
        var line = 1
        while start < bytes.count {
            guard let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) else { break }
            let text = UnsafeRawBufferPointer(rebasing: bytes[start..<end])
            if let item = Self.item(text) {
                record(item, line)
            } else if let (offset, item) = recordAtEnd(text) {
                scan.damaged.append((line, Array(text[..<offset])))
                record(item, line)
            } else if !text.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\r") }) {
                scan.damaged.append((line, Array(text)))
            }
            start = end + 1
            line += 1
            scan.wholeLength = start
        }
        return scan
    }

    /// The item of a whole record's line (without its line feed), or nil when it is not one.
    static func item(_ line: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer? {
        let head = version.count + checksumDigits + 1
        guard line.count > head, line.starts(with: version), line[head - 1] == UInt8(ascii: " ") else { return nil }
        var sum: UInt64 = 0
        for index in version.count..<(head - 1) {
            let byte = line[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            default: return nil
            }
            sum = sum << 4 | UInt64(digit)
        }
        let item = UnsafeRawBufferPointer(rebasing: line[head...])
        return CacheFile.checksum(item) == sum ? item : nil
    }

    /// A whole record that ends a damaged line: what a tap appended after an append that never
    /// finished (or after damage). The first such start from the left wins.
    private static func recordAtEnd(_ line: UnsafeRawBufferPointer) -> (offset: Int, item: UnsafeRawBufferPointer)? {
        var offset = 1
        while offset + version.count <= line.count {
            if line[offset] == version[0], let item = item(UnsafeRawBufferPointer(rebasing: line[offset...])) {
                return (offset, item)
            }
            offset += 1
        }
        return nil
    }
}
