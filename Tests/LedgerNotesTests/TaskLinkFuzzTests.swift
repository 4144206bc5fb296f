import LedgerCore
import LedgerNotes
import Testing

/// 100,000 generated links in four runs of 25,000 (run in parallel): in each, 5,000 valid
/// links, each read back to its values, and four copies of each damaged on purpose. The parser
/// never crashes, every link it accepts keeps every rule (`TaskLinkOracle`, written apart
/// from the parser), and every refusal is one line with a valid cancel or none. A run's seed
/// is its number: a failure reproduces.
@Suite struct TaskLinkFuzzTests {
    static let links = 5_000
    static let damagedCopies = 4
    static let now: Int64 = 1_764_600_000  // 2025-12-01T14:40:00Z

    @Test(arguments: [0x7A5C_4C1B, 0x7A5C_4C1C, 0x7A5C_4C1D, 0x7A5C_4C1E] as [UInt64])
    func generatedLinksAreAcceptedOnlyWhenTheyKeepEveryRule(seed: UInt64) {
        var random = TaskLinkRandom(seed: seed)
        var (read, accepted) = (0, 0)
        var kinds: [TaskLinkError.Kind: Int] = [:]
        var failures: [String] = []
        func check(_ url: String, expected: String?) -> TaskLink? {
            read += 1
            do {
                let link = try TaskLink.parse(url, now: Self.now, vaultName: expected)
                accepted += 1
                let broken = TaskLinkOracle.violations(url, link, now: Self.now, expected: expected)
                if !broken.isEmpty, failures.count < 10 { failures.append("\(url) accepted: \(broken)") }
                return link
            } catch {
                kinds[error.kind, default: 0] += 1
                let valid =
                    !hasControlByte(error.description) && error.code == .invalidTaskLink
                    && (error.cancel.map(TaskLinkOracle.isCallback) ?? true)
                if !valid, failures.count < 10 { failures.append("\(url) refused: \(error)") }
                return nil
            }
        }
        for round in 0..<Self.links {
            let expected: String? = ["My Vault", "Café ü", nil][round % 3]
            let link = random.link(vault: expected, now: Self.now)
            let url = link.url
            // Undamaged: read back exactly.
            if check(url, expected: expected) != link, failures.count < 10 { failures.append("\(url) not read back") }
            for _ in 0..<Self.damagedCopies {
                var damaged = url
                for _ in 0..<random.int(1...3) { damaged = random.mutate(damaged, now: Self.now) }
                _ = check(damaged, expected: expected)
            }
        }
        #expect(read == 25_000)
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
        // Both sides are reached, and every kind of refusal.
        #expect(accepted > read / 5)
        #expect(read - accepted > read / 5)
        #expect(kinds.count == 7, "\(kinds)")
    }

    /// Whether `text` has a byte below 0x20 (a line break, say): a message is one line.
    func hasControlByte(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            var index = 0
            while index < bytes.count {
                if bytes[index] < 0x20 { return true }
                index += 1
            }
            return false
        }
    }
}

/// The links' generator: `SeededRandom` with the picks the fuzz test makes.
struct TaskLinkRandom: RandomNumberGenerator {
    var base: SeededRandom
    init(seed: UInt64) { base = SeededRandom(state: seed) }

    mutating func next() -> UInt64 { base.next() }

    /// A number in `range` (the modulo's bias is of no matter here).
    mutating func int(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(truncatingIfNeeded: next() % UInt64(range.upperBound - range.lowerBound + 1))
    }
    mutating func chance(_ percent: Int) -> Bool { int(0...99) < percent }
    mutating func pick<T>(_ items: [T]) -> T { items[int(0...(items.count - 1))] }

    static let idCharacters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-")
    static let titleScalars: [Unicode.Scalar] =
        Array((0x20...0x7E).compactMap(Unicode.Scalar.init)) + [
            "é", "ü", "日", "本", "😀", "\u{301}", "\u{2028}", "\u{00A0}", "\u{200B}", "\u{202E}", "\u{FEFF}", "\u{3000}",
            "\u{10FFFF}", "\u{FFFD}",
        ]

    mutating func id() -> String {
        String((0..<(chance(3) ? int(250...255) : int(1...12))).map { _ in pick(Self.idCharacters) })
    }

    mutating func title() -> String {
        var scalars = String.UnicodeScalarView()
        scalars.append(pick(["T", "é", "日", "😀"]))
        for _ in 0..<(chance(2) ? int(480...499) : int(0...30)) { scalars.append(pick(Self.titleScalars)) }
        return String(scalars)
    }

    mutating func callback() -> String? {
        guard chance(50) else { return nil }
        let tail = (0..<int(0...20)).map { _ in
            pick(["a", "Z", "9", "/", "?", "=", "&", "%20", "%F0%9F%98%80", "#", "[", "]", "-", "~", ":", "@"])
        }
        return pick(["obsidian", "exocortex", "OBSIDIAN", "Exocortex"]) + "://" + tail.joined()
    }

    mutating func link(vault: String?, now: Int64) -> TaskLink {
        let callbacks = TaskLinkCallbacks(success: callback(), cancel: callback(), error: callback())
        let vaultName = vault ?? pick(["v", "Other Vault", "日本 & co", "a=b?c"])
        if chance(25) {
            return .complete(TaskCompleteLink(id: id(), vaultName: chance(50) ? vaultName : nil, callbacks: callbacks))
        }
        let offset = Int32(int(-48...56) * 900)
        let start = LocalInstant(seconds: Int64(int(0...Int(now))), offset: offset)
        return .start(
            TaskStartLink(id: id(), title: title(), startTime: start, vaultName: vaultName, callbacks: callbacks))
    }

    static let tokens = [
        "%", "%2", "%00", "%0A", "%0D", "%7F", "%C2%85", "&", "=", "#", "?", "/", " ", "+", "é", "%C0%AF", "%ED%A0%80",
        "%FF", "%F4%90%80%80", "%E2%82", "&id=x", "&title=", "&x-cancel=http%3A%2F%2Fe",
        "&x-success=javascript:alert(1)",
        "&startTime=2999-01-01T00:00:00Z", "&vaultName=", "%25", "%2B", "%23", "\u{0}", "\n", "😀", "[", "|",
    ]
    static let names = [
        "id", "title", "startTime", "vaultName", "x-success", "x-cancel", "x-error", "x-source", "foo", "%69d", "ID",
        "x%2Dcancel",
    ]

    mutating func junk() -> String {
        (0..<int(0...12)).map { _ in
            chance(60)
                ? "%" + String(UInt8(truncatingIfNeeded: next()), radix: 16, uppercase: chance(50)).padded
                : String(pick(Self.titleScalars))
        }.joined()
    }

    mutating func time(_ now: Int64) -> String {
        let seconds = pick([now, now + 1, now - 1, now + Int64(int(1...100_000_000)), Int64(int(-100_000...0))])
        let text = LocalInstant(seconds: seconds, offset: Int32(int(-18...18) * 3600)).iso8601
        return chance(50) ? text : text.replacing(":", with: "%3A")
    }

    /// `url` damaged once, in one of many ways.
    mutating func mutate(_ url: String, now: Int64) -> String {
        var bytes = Array(url.utf8)
        switch int(0...15) {
        case 0 where !bytes.isEmpty:  // a byte flipped
            bytes[int(0...(bytes.count - 1))] = UInt8(truncatingIfNeeded: next())
        case 1:  // a token inserted
            bytes.insert(contentsOf: pick(Self.tokens).utf8, at: int(0...bytes.count))
        case 2 where !bytes.isEmpty:  // bytes deleted
            let start = int(0...(bytes.count - 1))
            bytes.removeSubrange(start..<min(bytes.count, start + int(1...10)))
        case 3:  // another scheme
            let scheme = pick(["http", "obsidian", "EXOCORTEX", "javascript", "", "exocortex ", "file", "exocortex:"])
            return scheme + url.drop { $0 != ":" }
        case 4:  // a parameter added
            return url + "&" + pick(Self.names) + (chance(90) ? "=" + junk() : "")
        case 5:  // a parameter given again
            let bytes = Array(url.utf8)
            let start = (Self.find([UInt8(ascii: pick(["?", "&"]))], in: bytes, from: int(0...bytes.count)) ?? 0) + 1
            let end = Self.find([UInt8(ascii: "&")], in: bytes, from: start) ?? bytes.count
            return url + "&" + String(decoding: bytes[min(start, end)..<end], as: UTF8.self)
        case 6:  // a value replaced by encoded junk
            return replacing(pick(Self.names), in: url, with: junk())
        case 7:  // a huge value
            let huge =
                chance(50)
                ? String(repeating: "a", count: int(250...260)) : String(repeating: "%C3%A9", count: int(495...505))
            return replacing(pick(["id", "title"]), in: url, with: huge)
        case 8:  // a time in the future, at now, before 1970
            return replacing("startTime", in: url, with: time(now))
        case 9:  // raw unicode
            bytes.insert(contentsOf: String(pick(Self.titleScalars)).utf8, at: int(0...bytes.count))
        case 10:  // another action, host or path
            let (from, to) = pick([
                ("/start", "/complete"), ("/complete", "/start"), ("/start", "/Start"), ("//task", "//TASK"),
                ("//task", "//tasks"), ("?", "#"), ("?", "/?"),
            ])
            return url.replacingFirstOccurrence(from, with: to)
        case 11:  // the same time written otherwise
            guard let value = value(of: "startTime", in: url), let instant = rfc(value) else { return url }
            var text = instant.iso8601
            if chance(50) { text = text.replacing("T", with: "t").replacing("Z", with: "z") }
            if chance(50) {
                text =
                    text.dropLast(text.hasSuffix("z") || text.hasSuffix("Z") ? 1 : 6) + ".\(int(0...999_999))"
                    + String(text.suffix(text.hasSuffix("z") || text.hasSuffix("Z") ? 1 : 6))
            }
            if chance(30) { text = text.replacing("Z", with: "+00:00") }
            return replacing(
                "startTime", in: url,
                with: chance(50) ? text : text.replacing(":", with: "%3A").replacing("+", with: "%2B"))
        case 12:  // a callback's scheme swapped
            let scheme = pick(["http", "https", "javascript", "file", "", "obsidian", "exocortex", "data"])
            return url.replacingFirstOccurrence(
                pick(["obsidian%3A", "exocortex%3A", "OBSIDIAN%3A"]), with: scheme + "%3A")
        case 13:  // another vault
            return replacing(
                "vaultName", in: url, with: pick(["", "my%20vault", "My%20Vault%20", "Other", "Cafe%CC%81%20%C3%BC"]))
        case 14:  // a percent escape broken
            if let percent = Self.find([UInt8(ascii: "%")], in: bytes, from: int(0...bytes.count)) {
                bytes[min(percent + int(1...2), bytes.count - 1)] = pick(Array("GZ%&x ".utf8))
            }
        default:  // a control character, raw or encoded, somewhere in a value
            return replacing(
                pick(Self.names), in: url, with: "a" + pick(["%00", "%0A", "%0D", "%09", "%1B", "%C2%9B", "\u{0}"]))
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `url` with the value of `name` replaced (added when absent).
    func replacing(_ name: String, in url: String, with value: String) -> String {
        let bytes = Array(url.utf8)
        for separator in ["?", "&"] {
            if let start = Self.find(Array((separator + name + "=").utf8), in: bytes) {
                let valueStart = start + name.utf8.count + 2
                let end = Self.find([UInt8(ascii: "&")], in: bytes, from: valueStart) ?? bytes.count
                return String(decoding: bytes[..<valueStart] + Array(value.utf8) + bytes[end...], as: UTF8.self)
            }
        }
        return url + "&" + name + "=" + value
    }

    static func find(_ needle: [UInt8], in bytes: [UInt8], from start: Int = 0) -> Int? {
        TaskLinkOracle.find(needle, in: bytes, from: start)
    }

    func value(of name: String, in url: String) -> String? {
        let bytes = Array(url.utf8)
        guard let start = Self.find(Array(("&" + name + "=").utf8), in: bytes) else { return nil }
        let valueStart = start + name.utf8.count + 2
        let end = Self.find([UInt8(ascii: "&")], in: bytes, from: valueStart) ?? bytes.count
        return String(decoding: bytes[valueStart..<end], as: UTF8.self).replacing("%3A", with: ":")
            .replacing("%2B", with: "+")
    }

    func rfc(_ text: String) -> LocalInstant? { TaskLinkOracle.rfc3339(text) }
}

extension String {
    fileprivate var padded: String { count == 1 ? "0" + self : self }

    fileprivate func replacingFirstOccurrence(_ target: String, with replacement: String) -> String {
        let bytes = Array(utf8)
        guard let start = TaskLinkRandom.find(Array(target.utf8), in: bytes) else { return self }
        return String(
            decoding: bytes[..<start] + Array(replacement.utf8) + bytes[(start + target.utf8.count)...], as: UTF8.self)
    }
}
