import LedgerCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Line-level helpers for event files.
enum EventLines {
    /// The first non-empty line of `old` that does not appear in `new`, or nil when `new` keeps
    /// every line (the common case, `new` extending `old`, is checked without hashing).
    static func firstMissing(of old: [UInt8], in new: UnsafeRawBufferPointer) -> [UInt8]? {
        if isAppend(of: old, in: new) { return nil }
        let newLines = Set(new.split(separator: 10, omittingEmptySubsequences: true).map { Array($0) })
        return old.split(separator: 10, omittingEmptySubsequences: true).first { !newLines.contains(Array($0)) }
            .map(Array.init)
    }

    /// True when `new` is `old` with lines appended (`old` ends at a line boundary).
    /// One `memcmp`: this runs for every event file every commit changed (by `verify`, by
    /// `audit`, by incremental folds), and a byte-by-byte generic comparison made it most of
    /// `verify`'s time on a vault of many small commits.
    static func isAppend(of old: [UInt8], in new: UnsafeRawBufferPointer) -> Bool {
        guard new.count >= old.count, old.isEmpty || old.last == 10 else { return false }
        guard let newBase = new.baseAddress, !old.isEmpty else { return true }
        return old.withUnsafeBytes { memcmp(newBase, $0.baseAddress!, old.count) == 0 }
    }

    /// How many line feeds `bytes` holds (`memchr`, not a loop over elements).
    static func lineCount(_ bytes: [UInt8]) -> Int {
        bytes.withUnsafeBytes { raw in
            guard var cursor = raw.baseAddress else { return 0 }
            let end = cursor + raw.count
            var count = 0
            while cursor < end, let found = memchr(cursor, 10, end - cursor) {
                count += 1
                cursor = UnsafeRawPointer(found) + 1
            }
            return count
        }
    }

    /// The union of two versions of an event file: all of `ours`, then the lines of `theirs`
    /// that `ours` lacks, skipping any whose event id `ours` already has (a duplicate counts once).
    static func union(ours: [UInt8], theirs: [UInt8]) -> [UInt8] {
        var result = ours
        if let last = result.last, last != 10 { result.append(10) }
        var lines: Set<ArraySlice<UInt8>> = []
        var ids: Set<String> = []
        for line in ours.split(separator: 10, omittingEmptySubsequences: true) {
            lines.insert(line)
            if let id = eventID(line) { ids.insert(id) }
        }
        for line in theirs.split(separator: 10, omittingEmptySubsequences: true) where !lines.contains(line) {
            if let id = eventID(line) {
                guard ids.insert(id).inserted else { continue }
            }
            lines.insert(line)
            result += line
            result.append(10)
        }
        return result
    }

    private static func eventID(_ line: ArraySlice<UInt8>) -> String? {
        line.withUnsafeBytes { bytes in
            if case .success(let event) = EventLine.decode(bytes) { return event.id.description }
            return nil
        }
    }
}
