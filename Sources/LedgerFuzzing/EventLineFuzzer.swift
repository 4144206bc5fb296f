package import LedgerCore
internal import LedgerSystem
internal import LedgerVault

/// Event lines through the event reader: lines `EventLine.encode` wrote for random events, then
/// (most of them) mutated: bit flips, cuts, inserted and deleted bytes, two lines spliced, huge
/// numbers, deep nesting, duplicate and unknown keys, invalid UTF-8, CRLF, NUL. Every line goes
/// through the byte reader, the reader with the fold's string memo, the `String` reader, and
/// (every `fileEvery`-th case, with its neighbours) the file reader the fold uses.
///
/// Rules: no crash, no hang; a refused line has a reason of one line; an unmutated line decodes
/// to the event it was written from; whatever decodes re-encodes to a line that decodes to the
/// same event; the readers agree.
package struct EventLineFuzzer {
    package let seed: UInt64
    static let harness: UInt64 = 2
    /// Lines per simulated event file fed to the file reader.
    package var fileEvery = 16

    package init(seed: UInt64) { self.seed = seed }

    package func run(_ range: Range<Int>, cursor: FuzzCursor? = nil) -> HarnessResult {
        var report = HarnessResult(name: "event lines", seed: seed)
        let start = monotonicSeconds()
        var memo = EventLine.Memo()
        var file: [UInt8] = []
        var fileLines = 0
        for index in range {
            cursor?.mark(report.name, seed: seed, index: index)
            let (event, line, mutation) = self.line(index)
            report.timed(index) { report in
                report.count(mutation)
                check(line, event: mutation == "unmutated" ? event : nil, index: index, memo: &memo, report: &report)
                file += line
                file.append(10)
                fileLines += 1
                if fileLines == fileEvery {
                    checkFile(file, lines: fileLines, index: index, report: &report)
                    (file, fileLines) = ([], 0)
                    memo = EventLine.Memo()
                }
            }
        }
        report.seconds = monotonicSeconds() - start
        return report
    }

    func check(_ line: [UInt8], event: Event?, index: Int, memo: inout EventLine.Memo, report: inout HarnessResult) {
        let plain = line.withUnsafeBytes { EventLine.decode($0) }
        let memoised = line.withUnsafeBytes { EventLine.decode($0, memo: &memo) }
        if plain != memoised {
            report.find(index, "readers disagree", "plain \(plain), with the memo \(memoised)")
        }
        switch plain {
        case .failure(let error):
            report.count("refused")
            if let problem = RefusalRules.problem(error.reason) {
                report.find(index, "refusal reason: \(problem)", error.reason.debugDescription)
            }
            if let event {
                report.find(index, "round trip", "\(EventLine.encodeString(event)) refused: \(error.reason)")
            }
        case .success(let decoded):
            report.count("decoded")
            if let event, decoded != event {
                report.find(index, "round trip", "\(event) decoded as \(decoded)")
            }
            let again = EventLine.decode(EventLine.encodeString(decoded))
            if again != .success(decoded) {
                report.find(index, "re-encode", "\(String(decoding: line, as: UTF8.self)) -> \(again)")
            }
        }
        // The `String` reader, on lines that are text already.
        if line.allSatisfy({ $0 < 0x80 }), EventLine.decode(String(decoding: line, as: UTF8.self)) != plain {
            report.find(index, "readers disagree", "the String reader and the byte reader")
        }
    }

    func checkFile(_ file: [UInt8], lines: Int, index: Int, report: inout HarnessResult) {
        report.count("files read")
        let (events, issues) = Vault.decodeEventFile(file, path: "fuzz.jsonl")
        for issue in issues where RefusalRules.problem(issue.description) != nil {
            report.find(index, "file reader issue", issue.description.debugDescription)
        }
        // A mutated line may hold newlines, so the file may have more lines than were added.
        if let last = (events.map(\.1) + issues.map(\.line)).max(), last < 1 {
            report.find(index, "file reader", "line number \(last)")
        }
        _ = lines
    }

    // MARK: - Generation

    /// Case `index`: the event, the line fed to the reader, and the mutation's name.
    package func line(_ index: Int) -> (Event, [UInt8], String) {
        var random = FuzzRandom(seed: seed, harness: Self.harness, index: index)
        let event = Self.event(&random)
        var line = EventLine.encode(event)
        var mutation = "unmutated"
        if !random.chance(15) {
            let rounds = random.chance(80) ? 1 : 2 + random.below(3)
            for round in 0..<rounds {
                let name = mutate(&line, &random)
                mutation = round == 0 ? name : "several mutations"
            }
        }
        return (event, line, mutation)
    }

    static func event(_ random: inout FuzzRandom) -> Event {
        let id = EventID.random(using: &random)
        let device = Self.device(&random)
        let stamp = Stamp(
            millis: random.chance(5)
                ? Int64(random.pick([0, 1, 253_402_300_799_999])) : Int64(random.next() % 4_000_000_000_000),
            counter: random.chance(10) ? UInt32.max - UInt32(random.below(3)) : UInt32(random.below(5)))
        let wall: Int64 =
            random.chance(5)
            ? random.pick([0, -1, Int64.max, Int64.min + 1, 1 << 53]) : Int64(random.next() % 4_000_000_000_000)
        let body: EventBody
        switch random.below(6) {
        case 0, 1:
            body = .logged(type: typeName(&random), at: instant(&random), note: random.chance(50) ? text(&random) : nil)
        case 2:
            body = .edited(
                target: EventID.random(using: &random),
                changes: EntryChanges(
                    type: random.chance(50) ? typeName(&random) : nil, at: random.chance(50) ? instant(&random) : nil,
                    note: random.chance(50) ? text(&random) : nil))
        case 3: body = .deleted(target: EventID.random(using: &random))
        case 4: body = .restored(target: EventID.random(using: &random))
        default:
            body = .typeDefined(
                ActivityTypeDefinition(
                    name: typeName(&random), icon: text(&random), group: text(&random), color: text(&random)))
        }
        return Event(id: id, device: device, stamp: stamp, wallMillis: wall, body: body)
    }

    static func device(_ random: inout FuzzRandom) -> String {
        let alphabet = Array("abcdefghijklmnopqrstuvwxyz0123456789-")
        let first = random.pick(Array("abcdefghijklmnopqrstuvwxyz0123456789"))
        return String([first] + (0..<(3 + random.below(29))).map { _ in random.pick(alphabet) })
    }

    static func typeName(_ random: inout FuzzRandom) -> String {
        let rest = Array("abcdefghijklmnopqrstuvwxyz0123456789_-")
        let first = Character(Unicode.Scalar(UInt8(97 + random.below(26))))
        return String([first] + (0..<random.below(32)).map { _ in random.pick(rest) })
    }

    static func instant(_ random: inout FuzzRandom) -> LocalInstant {
        let seconds: Int64 =
            random.chance(5) ? random.pick([0, 253_402_300_799]) : Int64(random.next() % 253_402_300_800)
        // Offsets of whole minutes within ±14 h, as zones have them. The local time stays in
        // 0000-9999: the line format has four-digit years (see docs/robustness.md, findings).
        let offset = Int32(random.below(1_681) - 840) * 60
        return LocalInstant(seconds: min(seconds, 253_402_300_799 - Int64(max(offset, 0))), offset: offset)
    }

    static func text(_ random: inout FuzzRandom) -> String {
        var text = ""
        for _ in 0..<random.below(random.chance(5) ? 2_000 : 24) {
            switch random.below(6) {
            case 0: text.unicodeScalars.append(Unicode.Scalar(UInt8(random.below(32))))
            case 1:
                text.append(
                    random.pick(["\"", "\\", "/", "\u{7F}", "\u{2028}", "\u{FEFF}", "🍽️", "e\u{301}", "\u{FFFD}"]))
            case 2: text.unicodeScalars.append(Unicode.Scalar(UInt32(random.below(0x11_0000))) ?? "\u{FFFD}")
            default: text.unicodeScalars.append(Unicode.Scalar(UInt8(32 + random.below(95))))
            }
        }
        return text
    }

    static let keys = [
        "v", "id", "dev", "hlc", "wall", "kind", "type", "at", "note", "target", "name", "icon", "group", "color",
    ]

    func mutate(_ line: inout [UInt8], _ random: inout FuzzRandom) -> String {
        func position() -> Int { random.below(line.count + 1) }
        switch random.below(16) {
        case 0:
            for _ in 0..<(1 + random.below(4)) where !line.isEmpty {
                line[random.below(line.count)] ^= UInt8(1 << random.below(8))
            }
            return "bit flips"
        case 1:
            line = Array(line.prefix(random.below(line.count + 1)))
            return "truncated"
        case 2:
            let bytes = (0..<(1 + random.below(8))).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            line.insert(contentsOf: bytes, at: position())
            return "bytes inserted"
        case 3:
            let from = random.below(line.count + 1)
            let to = min(line.count, from + 1 + random.below(16))
            line.removeSubrange(from..<to)
            return "bytes deleted"
        case 4:
            let other = EventLine.encode(Self.event(&random))
            line = Array(line.prefix(position())) + Array(other.suffix(random.below(other.count + 1)))
            return "two lines spliced"
        case 5:
            let huge = random.pick([
                "99999999999999999999999", "-9223372036854775809", "9223372036854775807", "1e308", "-0", "1.5",
                "00012", "18446744073709551616", "-", "1e", "NaN", "Infinity",
            ])
            let key = random.pick(["v", "wall"])
            line = replacingValue(line, key: key, with: Array(huge.utf8))
            return "huge numbers"
        case 6:
            let depth = 1 + random.below(random.chance(10) ? 100_000 : 200)
            let nested = Array(repeating: UInt8(ascii: random.chance(50) ? "[" : "{"), count: depth)
            line = insertingMember(line, Array("\"deep\":".utf8) + nested + (random.chance(50) ? [] : Array("1".utf8)))
            return "deep nesting"
        case 7:
            let key = random.pick(Self.keys)
            line = insertingMember(
                line, Array("\"\(key)\":\"\(random.pick(["x", "log", "meal", "1", "7k2m9q4x8c3p"]))\"".utf8))
            return "duplicate keys"
        case 8:
            let value = random.pick([
                "{\"a\":[1,2,{\"b\":null}]}", "[]", "true", "null", "\"\\u0000\"", "\"\\ud800\"", "\"\\uDC00\\uD800\"",
                "-1.5e-7", "{}", "\"\\x\"",
            ])
            line = insertingMember(line, Array("\"unknown\(random.below(3))\":\(value)".utf8))
            return "unknown keys"
        case 9:
            let bytes: [UInt8] = random.pick([
                [0xFF], [0xC0, 0x80], [0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82],
            ])
            line.insert(contentsOf: bytes, at: position())
            return "invalid UTF-8"
        case 10:
            line += random.pick([[13], [13, 13], [13, 10, 13], [32, 9, 32]])
            return "CRLF and trailing space"
        case 11:
            line.insert(0, at: position())
            return "NUL"
        case 12:
            let key = random.pick(Self.keys)
            line = replacingValue(
                line, key: key,
                with: Array(
                    random.pick(["null", "true", "[]", "{}", "1", "\"\"", "\"\\\"\"", "\"\\u00e9\"", "-1"]).utf8))
            return "value of another type"
        case 13:
            line = Array("{\"v\":\(random.pick(["2", "0", "-1", "1000000"])),".utf8) + line.dropFirst()
            return "other versions"
        case 14:
            let whitespace: [UInt8] = random.pick([[32], [9], [10], [13], [0x0C], [0xC2, 0xA0]])
            for _ in 0..<(1 + random.below(4)) { line.insert(contentsOf: whitespace, at: position()) }
            return "whitespace"
        default:
            line = Array(line.prefix(position())) + Array(line.prefix(position()))
            return "self-spliced"
        }
    }

    /// `line` with the value of `"key":` (up to the next `,` or `}`) replaced.
    func replacingValue(_ line: [UInt8], key: String, with value: [UInt8]) -> [UInt8] {
        let pattern = Array("\"\(key)\":".utf8)
        guard let start = firstIndex(of: pattern, in: line) else { return insertingMember(line, pattern + value) }
        let valueStart = start + pattern.count
        var end = valueStart
        var inString = false
        while end < line.count {
            let byte = line[end]
            if inString {
                if byte == UInt8(ascii: "\\") { end += 1 } else if byte == UInt8(ascii: "\"") { inString = false }
            } else if byte == UInt8(ascii: "\"") {
                inString = true
            } else if byte == UInt8(ascii: ",") || byte == UInt8(ascii: "}") {
                break
            }
            end += 1
        }
        return Array(line[..<valueStart]) + value + Array(line[min(end, line.count)...])
    }

    /// `line` with `member` added as its first member.
    func insertingMember(_ line: [UInt8], _ member: [UInt8]) -> [UInt8] {
        guard line.first == UInt8(ascii: "{") else { return member + line }
        return [UInt8(ascii: "{")] + member + [UInt8(ascii: ",")] + line.dropFirst()
    }

    func firstIndex(of pattern: [UInt8], in line: [UInt8]) -> Int? {
        guard line.count >= pattern.count else { return nil }
        for index in 0...(line.count - pattern.count) where line[index] == pattern[0] {
            if line[index..<(index + pattern.count)].elementsEqual(pattern) { return index }
        }
        return nil
    }
}
