import LedgerCore
import LedgerNotes

/// An independent, simple reading of a task link's rules for the fuzz test: what every link
/// `TaskLink.parse` accepts must satisfy. It shares no code with the parser (its own
/// percent-decoding, the standard library's UTF-8 validation, Unicode's `Cc` category, its
/// own calendar arithmetic).
enum TaskLinkOracle {
    /// Every rule `link`, accepted from `url`, breaks (empty when none).
    static func violations(_ url: String, _ link: TaskLink, now: Int64, expected: String?) -> [String] {
        var found: [String] = []
        let bytes = Array(url.utf8)
        let action: String
        switch link {
        case .start: action = "start"
        case .complete: action = "complete"
        }
        let head = "exocortex://task/" + action
        // The scheme and host in any case; the path exactly as written.
        let lowered = String(
            decoding: bytes.prefix(17).map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }, as: UTF8.self)
        if lowered != "exocortex://task/" || !bytes.dropFirst(17).starts(with: action.utf8) {
            found.append("not \(head)")
        }
        let rest = bytes.dropFirst(head.utf8.count)
        if let first = rest.first, first != UInt8(ascii: "?") { found.append("path longer than \(head)") }
        // No fragment, nothing but what a query holds as itself, and `%`.
        let raw = bytes.withUnsafeBufferPointer { buffer -> UInt8? in
            Self.table.withUnsafeBufferPointer { table -> UInt8? in
                var index = 0
                while index < buffer.count {
                    if table[Int(buffer[index])] & 3 == 0 { return buffer[index] }
                    index += 1
                }
                return nil
            }
        }
        if let raw { found.append("raw byte \(raw)") }
        // The query, decoded.
        var values: [String: [String]] = [:]
        var valueless: Set<String> = []
        var parts: [(name: ArraySlice<UInt8>, value: ArraySlice<UInt8>?)] = []
        var start = rest.startIndex + 1
        while start < bytes.count {
            let end = find([UInt8(ascii: "&")], in: bytes, from: start) ?? bytes.count
            if end > start {
                let equals = find([UInt8(ascii: "=")], in: bytes, from: start, to: end)
                parts.append(equals.map { (bytes[start..<$0], bytes[($0 + 1)..<end]) } ?? (bytes[start..<end], nil))
            }
            start = end + 1
        }
        for (name, value) in parts {
            guard let decodedName = decode(name) else {
                found.append("a name that does not decode")
                continue
            }
            guard let value else {
                valueless.insert(decodedName)
                continue
            }
            guard let value = decode(value) else {
                found.append("\(decodedName) does not decode")
                continue
            }
            values[decodedName, default: []].append(value)
        }
        let known = action == "start" ? ["id", "title", "startTime", "vaultName"] : ["id", "vaultName"]
        for name in known + ["x-success", "x-cancel", "x-error"] {
            if (values[name]?.count ?? 0) > 1 { found.append("\(name) twice") }
            if valueless.contains(name) { found.append("\(name) without a value") }
        }
        func value(_ name: String) -> String? { values[name]?.first }
        // Each rule, on the values the link reports and the URL holds.
        if link.id != value("id") { found.append("id is not the URL's") }
        if !(1...255).contains(link.id.utf8.count) || !link.id.utf8.allSatisfy(isIDByte) {
            found.append("id breaks its rule")
        }
        let callbacks = link.callbacks
        if callbacks.success != value("x-success") || callbacks.cancel != value("x-cancel")
            || callbacks.error != value("x-error")
        {
            found.append("callbacks are not the URL's")
        }
        for callback in [callbacks.success, callbacks.cancel, callbacks.error].compactMap({ $0 })
        where !isCallback(callback) {
            found.append("callback \(callback) breaks its rule")
        }
        switch link {
        case .start(let start):
            if start.title != value("title") { found.append("title is not the URL's") }
            let scalars = start.title.unicodeScalars
            if !(1...500).contains(scalars.count) || scalars.allSatisfy(\.properties.isWhitespace) {
                found.append("title breaks its rule")
            }
            if start.vaultName != value("vaultName") { found.append("vaultName is not the URL's") }
            if !vaultNameKeepsRule(start.vaultName, expected: expected) { found.append("vaultName breaks its rule") }
            guard let text = value("startTime"), let instant = rfc3339(text) else {
                found.append("startTime is not RFC 3339")
                break
            }
            if instant != start.startTime { found.append("startTime is not the URL's") }
            if instant.seconds > now || instant.seconds < 0 { found.append("startTime out of range") }
        case .complete(let complete):
            if complete.vaultName != value("vaultName") { found.append("vaultName is not the URL's") }
            if let name = complete.vaultName, !vaultNameKeepsRule(name, expected: expected) {
                found.append("vaultName breaks its rule")
            }
        }
        return found
    }

    /// Where `needle` first occurs in `bytes[start..<end]`.
    static func find(_ needle: [UInt8], in bytes: [UInt8], from start: Int = 0, to end: Int? = nil) -> Int? {
        bytes.withUnsafeBufferPointer { hayBuffer in
            needle.withUnsafeBufferPointer { needleBuffer in
                guard let hay = hayBuffer.baseAddress, let needle = needleBuffer.baseAddress else { return nil }
                let (count, end) = (needleBuffer.count, min(end ?? hayBuffer.count, hayBuffer.count))
                var index = start
                while index + count <= end {
                    var matched = 0
                    while matched < count, hay[index + matched] == needle[matched] { matched += 1 }
                    if matched == count { return index }
                    index += 1
                }
                return nil
            }
        }
    }

    static func vaultNameKeepsRule(_ name: String, expected: String?) -> Bool {
        !name.isEmpty && (expected.map { $0 == name } ?? true)
    }

    /// `obsidian://…` or `exocortex://…` (scheme in any case), printable ASCII a URI may hold,
    /// every `%` an escape.
    static func isCallback(_ url: String) -> Bool {
        let bytes = Array(url.utf8)
        let lowered = String(
            decoding: bytes.prefix(12).map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }, as: UTF8.self)
        guard lowered.hasPrefix("obsidian://") || lowered == "exocortex://" else { return false }
        return bytes.withUnsafeBufferPointer { bytes in
            Self.table.withUnsafeBufferPointer { table in
                var index = 0
                while index < bytes.count {
                    let byte = bytes[index]
                    if byte == UInt8(ascii: "%") {
                        guard index + 2 < bytes.count, isHex(bytes[index + 1]), isHex(bytes[index + 2]) else {
                            return false
                        }
                    } else if table[Int(byte)] != 1 && byte != UInt8(ascii: "#") && byte != UInt8(ascii: "[")
                        && byte != UInt8(ascii: "]")
                    {
                        return false
                    }
                    index += 1
                }
                return true
            }
        }
    }

    /// Per byte value: 1 when a query holds it as itself, 2 for `%`, 0 else.
    static let table: [UInt8] = (0...255).map { value in
        let byte = UInt8(value)
        if byte == UInt8(ascii: "%") { return 2 }
        let alphanumeric =
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
        return alphanumeric || "-._~!$&'()*+,;=:@/?".utf8.contains(byte) ? 1 : 0
    }

    static func isQueryByte(_ byte: UInt8) -> Bool { table[Int(byte)] == 1 }

    static func isIDByte(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
            || byte == UInt8(ascii: "-")
    }

    static func isHex(_ byte: UInt8) -> Bool { hex(byte) != nil }

    static func hex(_ byte: UInt8) -> UInt8? {
        if byte >= 0x30 && byte <= 0x39 { return byte - 0x30 }
        if byte >= 0x41 && byte <= 0x46 { return byte - 0x37 }
        if byte >= 0x61 && byte <= 0x66 { return byte - 0x57 }
        return nil
    }

    /// Percent-decoded, valid UTF-8, no control character (`Cc`); nil otherwise.
    static func decode(_ raw: ArraySlice<UInt8>) -> String? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(raw.count)
        let decoded = raw.withUnsafeBufferPointer { raw -> Bool in
            var index = 0
            while index < raw.count {
                if raw[index] == UInt8(ascii: "%") {
                    guard index + 2 < raw.count, let high = hex(raw[index + 1]), let low = hex(raw[index + 2]) else {
                        return false
                    }
                    bytes.append(high * 16 + low)
                    index += 3
                } else {
                    bytes.append(raw[index])
                    index += 1
                }
            }
            return true
        }
        guard decoded, let text = String(validating: bytes, as: UTF8.self) else { return nil }
        // ASCII is checked by its bytes, the rest by its category.
        for byte in bytes where byte < 0x20 || byte == 0x7F { return nil }
        if bytes.contains(where: { $0 >= 0x80 }),
            text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
        {
            return nil
        }
        return text
    }

    /// `YYYY-MM-DDTHH:MM:SS[.f+](Z|±HH:MM)` (T and Z in either case, offset hours to 18),
    /// a real date, by its own arithmetic.
    static func rfc3339(_ text: String) -> LocalInstant? {
        let b = Array(text.utf8)
        func number(_ at: Int, _ count: Int) -> Int? {
            guard at + count <= b.count else { return nil }
            var value = 0
            for byte in b[at..<(at + count)] {
                guard byte >= 0x30 && byte <= 0x39 else { return nil }
                value = value * 10 + Int(byte - 0x30)
            }
            return value
        }
        func isByte(_ at: Int, _ options: String) -> Bool { at < b.count && options.utf8.contains(b[at]) }
        guard let year = number(0, 4), isByte(4, "-"), let month = number(5, 2), isByte(7, "-"), let day = number(8, 2),
            isByte(10, "Tt"), let hour = number(11, 2), isByte(13, ":"), let minute = number(14, 2), isByte(16, ":"),
            let second = number(17, 2)
        else { return nil }
        var at = 19
        if isByte(at, ".") {
            at += 1
            let start = at
            while number(at, 1) != nil { at += 1 }
            guard at > start else { return nil }
        }
        var offset = 0
        if isByte(at, "Zz") {
            at += 1
        } else {
            guard isByte(at, "+-"), let oh = number(at + 1, 2), isByte(at + 3, ":"), let om = number(at + 4, 2),
                oh <= 18,
                om < 60
            else { return nil }
            offset = (oh * 3600 + om * 60) * (b[at] == UInt8(ascii: "-") ? -1 : 1)
            at += 6
        }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let monthDays = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        guard at == b.count, (1...12).contains(month), (1...monthDays[month - 1]).contains(day), hour < 24, minute < 60,
            second < 60
        else { return nil }
        // Days since 1970-01-01 (H. Hinnant's days_from_civil).
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        let days = era * 146_097 + dayOfEra - 719_468
        let local = Int64(days) * 86_400 + Int64(hour * 3600 + minute * 60 + second)
        return LocalInstant(seconds: local - Int64(offset), offset: Int32(offset))
    }
}
