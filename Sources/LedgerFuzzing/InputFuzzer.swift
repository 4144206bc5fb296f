import LedgerCore
import LedgerInterchange
import LedgerNotes
import LedgerSystem
import LedgerTaskNotes

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Outside files through the readers that take them: what `alog import` reads (timewarrior's
/// data files and its JSON export, Watson's frames, CSV, klog), a task note's frontmatter, and
/// the task links. Each case is one input of up to `maxBytes` for one reader, in turn: a real
/// sample mutated (bits, bytes, cuts, splices, NULs, invalid UTF-8, huge numbers, a huge line),
/// a sample repeated to a large valid file, deep nesting, YAML alias bombs, or garbage.
///
/// Rules: no crash, no hang (a case over 5 s), no memory beyond the bound (the process's peak
/// grows by at most `memoryBound(bytes)` in a case); a refusal is one clear line; a value
/// respects the limits the command line enforces on what it gets: times alog can record and an
/// end not before the start, offsets of whole minutes within ±14 h, a task's title as a start
/// carries it, a task link's fields as its rules say and a link that reads back the same.
package struct InputFuzzer {
    package let seed: UInt64
    static let harness: UInt64 = 4
    /// The largest input a case makes.
    package var maxBytes = 1 << 20
    /// The clock the task links are read against (2026-11-28T12:00:00Z).
    static let now: Int64 = 1_795_867_200

    package init(seed: UInt64) { self.seed = seed }

    /// The readers, in the order the cases take them.
    package enum Reader: String, CaseIterable, Sendable {
        case timewarrior, timewarriorJSON = "timewarrior JSON", watson, csv, klog, frontmatter
        case taskLink = "task link"
    }

    /// At most this much more peak memory for one case: 64 MiB, and 48 bytes a byte of input.
    static func memoryBound(_ bytes: Int) -> Int { 64 << 20 + 48 * bytes }

    package func run(_ range: Range<Int>, cursor: FuzzCursor? = nil) -> HarnessResult {
        var report = HarnessResult(name: "outside files", seed: seed)
        let start = monotonicSeconds()
        for index in range {
            cursor?.mark(report.name, seed: seed, index: index)
            let (reader, kind, bytes) = input(index)
            let before = Self.peakMemory()
            report.timed(index) { report in
                report.count(reader.rawValue)
                report.count(kind)
                check(reader, bytes, kind: kind, index: index, report: &report)
            }
            let grown = Self.peakMemory() - before
            if grown > Self.memoryBound(bytes.count) {
                report.find(
                    index, "memory", "\(reader.rawValue), \(bytes.count) bytes of input: peak grew \(grown >> 20) MiB")
            }
        }
        report.count("peak MiB", Self.peakMemory() >> 20)
        report.seconds = monotonicSeconds() - start
        return report
    }

    /// The process's peak resident memory, in bytes.
    static func peakMemory() -> Int {
        var usage = rusage()
        getrusage(Int32(RUSAGE_SELF.rawValue), &usage)
        return usage.ru_maxrss * 1024
    }

    // MARK: The rules

    func check(_ reader: Reader, _ bytes: [UInt8], kind: String, index: Int, report: inout HarnessResult) {
        switch reader {
        case .timewarrior:
            checkImport(
                TimewarriorFormat.records(dataFile: bytes, file: "f"), index, &report)
        case .timewarriorJSON: checkImport(TimewarriorFormat.records(exportJSON: bytes, file: "f"), index, &report)
        case .watson: checkImport(WatsonFormat.records(frames: bytes, file: "f"), index, &report)
        case .csv: checkImport(CSVFormat.records(bytes, file: "f", zone: FixedOffsetZone(offset: 3600)), index, &report)
        case .klog:
            checkImport(KlogFormat.records(bytes, file: "f", zone: FixedOffsetZone(offset: -16_200)), index, &report)
        case .frontmatter: checkFrontmatter(bytes, index, &report)
        case .taskLink:
            checkTaskLink(String(decoding: bytes, as: UTF8.self), mustRead: kind == "generated link", index, &report)
        }
    }

    func checkImport(
        _ read: (records: [ImportRecord], errors: [ImportError]), _ index: Int, _ report: inout HarnessResult
    ) {
        report.count("records", read.records.count)
        report.count("refused records", read.errors.count)
        for error in read.errors.prefix(50) {
            if let problem = RefusalRules.problem(error.reason) {
                report.find(index, "refusal reason: \(problem)", error.reason.debugDescription)
            }
        }
        for record in read.records {
            if let problem = Self.recordProblem(record) {
                report.find(index, "record out of bounds", "\(problem): \(record)")
                return
            }
        }
    }

    /// What a record holds that no entry may (the import takes its times and offsets as given).
    static func recordProblem(_ record: ImportRecord) -> String? {
        guard ValidTime.contains(seconds: record.start) else {
            return "start \(record.start) outside the recorded range"
        }
        if let end = record.end {
            guard ValidTime.contains(seconds: end) else { return "end \(end) outside the recorded range" }
            if end < record.start { return "end before the start" }
        }
        for offset in [record.offset, record.endOffset].compactMap({ $0 })
        where abs(Int(offset)) > 14 * 3600 || offset % 60 != 0 {
            return "offset \(offset) s"
        }
        if record.isInstant && record.end != nil { return "an instant with an end" }
        return nil
    }

    func checkFrontmatter(_ bytes: [UInt8], _ index: Int, _ report: inout HarnessResult) {
        do {
            guard let task = try TaskNoteReader.task(in: bytes, path: "Tasks/t.md") else {
                report.count("not a task")
                return
            }
            report.count("tasks")
            let title = TaskRef.cleanTitle(task.title, fallback: task.id)
            if let problem = TaskRef.titleProblem(title) {
                report.find(index, "task title", "\(problem): \(title.prefix(80).debugDescription)")
            }
        } catch {
            report.count("refused notes")
            if let problem = RefusalRules.problem(error.description) {
                report.find(index, "refusal reason: \(problem)", error.description.debugDescription)
            }
        }
    }

    func checkTaskLink(_ text: String, mustRead: Bool, _ index: Int, _ report: inout HarnessResult) {
        let expected: String? = index % 3 == 0 ? nil : "Notes"
        let link: TaskLink
        do {
            link = try TaskLink.parse(text, now: Self.now, vaultName: expected)
        } catch {
            report.count("refused links")
            if mustRead { report.find(index, "a valid link refused", "\(error.description): \(text.prefix(300))") }
            if let problem = RefusalRules.problem(error.description) {
                report.find(index, "refusal reason: \(problem)", error.description.debugDescription)
            }
            return
        }
        report.count("links")
        if let problem = Self.linkProblem(link, expected: expected) {
            report.find(index, "task link out of bounds", "\(problem): \(text.prefix(200).debugDescription)")
        }
        if (try? TaskLink.parse(link.url, now: Self.now, vaultName: expected)) != link {
            report.find(index, "task link round trip", "\(link.url.prefix(200).debugDescription)")
        }
    }

    /// What a link holds that its rules forbid.
    static func linkProblem(_ link: TaskLink, expected: String?) -> String? {
        let id = link.id
        if id.isEmpty || id.utf8.count > 255 || !id.utf8.allSatisfy({ isIDByte($0) }) { return "id" }
        guard case .start(let start) = link else { return nil }
        if let problem = TaskRef.titleProblem(start.title) { return "title: \(problem)" }
        if start.startTime.seconds < 0 || start.startTime.seconds > now { return "start time" }
        if start.vaultName.isEmpty || (expected != nil && start.vaultName != expected) { return "vault name" }
        return nil
    }

    static func isIDByte(_ byte: UInt8) -> Bool {
        (48...57).contains(byte) || (65...90).contains(byte) || (97...122).contains(byte) || byte == 45
    }

    // MARK: The inputs

    /// Case `index`: its reader, how its input was made, and the input.
    package func input(_ index: Int) -> (Reader, String, [UInt8]) {
        var random = FuzzRandom(seed: seed, harness: Self.harness, index: index)
        let reader = Reader.allCases[index % Reader.allCases.count]
        let samples = Self.samples(reader)
        let roll = random.below(100)
        var kind: String
        var bytes: [UInt8]
        switch roll {
        case 0..<4:
            kind = "as written"
            bytes = random.pick(samples)
        case 4..<10 where reader == .taskLink:
            kind = "generated link"
            bytes = Array(Self.generatedLink(index: index, random: &random).utf8)
        case 10..<55:
            kind = "mutated sample"
            bytes = random.pick(samples)
            for _ in 0..<(1 + random.below(6)) { mutate(&bytes, reader: reader, samples: samples, random: &random) }
        case 55..<65:
            kind = "sample repeated"
            let sample = random.pick(samples)
            bytes = Self.repeated(sample, reader: reader, to: 1 + random.below(size(&random)))
        case 65..<75:
            kind = "deep nesting"
            bytes = nesting(reader, random: &random)
        case 75..<83:
            kind = "alias bomb"
            bytes = Self.aliasBomb(levels: 3 + random.below(10), fanOut: 2 + random.below(14))
            if reader != .frontmatter { bytes = random.pick(samples) + bytes }
        case 83..<91:
            kind = "huge line"
            let sample = random.pick(samples)
            let at = random.below(sample.count + 1)
            let line = [UInt8](repeating: random.pick(Array("a1 \"[{%#:-".utf8)), count: size(&random))
            bytes = Array(sample[..<at]) + line + Array(sample[at...])
        default:
            kind = "garbage"
            bytes = (0..<size(&random)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
        }
        if bytes.count > maxBytes { bytes.removeLast(bytes.count - maxBytes) }
        return (reader, kind, bytes)
    }

    /// A start link that keeps every rule (an id of up to 255 characters, a title of up to 500
    /// of any scalars but control characters, a start before `now` with an offset of whole
    /// minutes): it must be read back as it was written.
    static func generatedLink(index: Int, random: inout FuzzRandom) -> String {
        let idBytes = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-".utf8)
        let id = String(decoding: (0..<(1 + random.below(255))).map { _ in random.pick(idBytes) }, as: UTF8.self)
        let pool: [Unicode.Scalar] = [
            "a", "Z", "7", " ", "&", "=", "%", "#", "+", "?", "/", "'", "\"", "\u{E9}", "\u{65E5}", "\u{1F600}",
            "\u{301}", "\u{200B}", "\u{202E}", "\u{FEFF}", "\u{10FFFF}", "\u{A0}",
        ]
        var title = String.UnicodeScalarView()
        title.append("T")
        for _ in 0..<random.below(500) {
            title.append(random.below(4) == 0 ? Unicode.Scalar(UInt8(33 + random.below(94))) : random.pick(pool))
        }
        var text = String(title)
        while text.count > TaskRef.maxTitleLength { text.removeLast() }
        let offset = Int32(random.below(28 * 60 + 1) - 14 * 60) * 60
        let start = LocalInstant(seconds: Int64(random.below(Int(now) + 1)), offset: offset)
        let vault = index % 3 == 0 ? "My vault ☀️" : "Notes"
        let callbacks = TaskLinkCallbacks(
            success: random.chance(50) ? "obsidian://open?file=\(id)" : nil,
            cancel: random.chance(30) ? "exocortex://task/cancel?id=\(id)" : nil)
        return TaskStartLink(id: id, title: text, startTime: start, vaultName: vault, callbacks: callbacks).url
    }

    /// A size up to `maxBytes`, most of them small: log-uniform from 1 byte.
    func size(_ random: inout FuzzRandom) -> Int {
        let bits = random.below(Int.bitWidth - maxBytes.leadingZeroBitCount)
        return min(maxBytes, (1 << bits) + random.below(1 << bits))
    }

    func mutate(_ bytes: inout [UInt8], reader: Reader, samples: [[UInt8]], random: inout FuzzRandom) {
        let at = random.below(bytes.count + 1)
        switch random.below(11) {
        case 0:
            if !bytes.isEmpty { bytes[random.below(bytes.count)] ^= UInt8(1 << random.below(8)) }
        case 1:
            bytes.insert(
                contentsOf: (0..<(1 + random.below(8))).map { _ in UInt8(truncatingIfNeeded: random.next()) }, at: at)
        case 2: bytes.removeSubrange(at..<min(bytes.count, at + 1 + random.below(16)))
        case 3: bytes.removeLast(random.below(bytes.count + 1))
        case 4:
            let other = random.pick(samples)
            bytes = Array(bytes[..<at]) + Array(other[random.below(other.count + 1)...])
        case 5: bytes.insert(0, at: at)
        case 6:
            // Invalid UTF-8: overlong, a surrogate, past U+10FFFF, a cut sequence, a lone byte.
            let invalid: [[UInt8]] = [
                [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82], [0xFF], [0x80],
            ]
            bytes.insert(contentsOf: random.pick(invalid), at: at)
        case 7:
            let huge = [
                "99999999999999999999999", "-9223372036854775808", "1e308", "18446744073709551616", "-1", "0.5e-400",
            ]
            bytes.insert(contentsOf: Array(random.pick(huge).utf8), at: at)
        case 8:
            let pieces = [
                "\r\n", "\"", "\\", "#", "&a ", "*a", "[", "{", "}", "]", ",", ":", "%", "%0", "%ZZ", "%00", "%0A",
                "&", "=", "---\n", "- ", "\t", "24:00", "<", ">", "???", "T", "Z", "+14:00", "-12:00", "\u{FEFF}",
            ]
            bytes.insert(contentsOf: Array(random.pick(pieces).utf8), at: at)
        case 9:
            // A piece of the input again, elsewhere.
            let from = random.below(bytes.count + 1)
            let piece = Array(bytes[from..<min(bytes.count, from + 1 + random.below(64))])
            bytes.insert(contentsOf: piece, at: at)
        default:
            // A digit run changed: dates and times out of range.
            if let digit = bytes.indices.first(where: { $0 >= at && (48...57).contains(bytes[$0]) }) {
                bytes[digit] = UInt8(48 + random.below(10))
            }
        }
    }

    /// `sample` repeated (its records, for the line formats) to about `size` bytes.
    static func repeated(_ sample: [UInt8], reader: Reader, to size: Int) -> [UInt8] {
        guard !sample.isEmpty else { return [] }
        switch reader {
        case .timewarriorJSON, .watson:
            // One JSON array of many copies of the sample's first element.
            let body = sample.dropFirst().dropLast()
            let element =
                Array(body.prefix { $0 != UInt8(ascii: "]") && $0 != UInt8(ascii: "}") })
                + [body.first == UInt8(ascii: "[") ? UInt8(ascii: "]") : UInt8(ascii: "}")]
            var bytes: [UInt8] = [UInt8(ascii: "[")]
            while bytes.count < size {
                if bytes.count > 1 { bytes.append(UInt8(ascii: ",")) }
                bytes += element
            }
            return bytes + [UInt8(ascii: "]")]
        case .frontmatter, .taskLink:
            var bytes = sample
            while bytes.count < size { bytes += Array("\nmore: \(bytes.count)".utf8) }
            return bytes
        default:
            var bytes: [UInt8] = []
            bytes.reserveCapacity(size + sample.count)
            while bytes.count < size { bytes += sample }
            return bytes
        }
    }

    /// Deep nesting in the reader's own syntax.
    func nesting(_ reader: Reader, random: inout FuzzRandom) -> [UInt8] {
        let depth = 1 + random.below(min(maxBytes / 4, 200_000))
        switch reader {
        case .frontmatter:
            let open = random.pick(["[", "{a: ", "- "])
            var yaml = "---\nems__Effort_status: "
            if open == "- " {
                for level in 0..<min(depth, 2_000) { yaml += "\n" + String(repeating: " ", count: level) + "- " }
            } else {
                yaml += String(repeating: open, count: depth)
            }
            return Array((yaml + "\n---\n").utf8)
        case .taskLink:
            return Array(("exocortex://task/start?id=a&title=" + String(repeating: "%5B", count: depth)).utf8)
        case .csv, .timewarrior, .klog:
            return Array((random.pick(["\"", "(", "[", "#", " "]) + String(repeating: "\"", count: depth)).utf8)
        case .timewarriorJSON, .watson:
            let open = random.pick(["[", "{\"a\":", "[{\"tags\":"])
            return Array(String(repeating: open, count: depth).utf8)
        }
    }

    /// A YAML alias bomb: each anchor a list of `fanOut` aliases of the one before.
    static func aliasBomb(levels: Int, fanOut: Int) -> [UInt8] {
        var yaml = "---\na0: &a0 [\"x\"]\n"
        for level in 1...levels {
            let list = Array(repeating: "*a\(level - 1)", count: fanOut).joined(separator: ", ")
            yaml += "a\(level): &a\(level) [\(list)]\n"
        }
        yaml += "ems__Effort_status: *a\(levels)\nexo__Asset_label: *a\(levels)\n---\n"
        return Array(yaml.utf8)
    }

    /// Real inputs of each reader, as the trackers and Obsidian write them.
    static func samples(_ reader: Reader) -> [[UInt8]] {
        let texts: [String]
        switch reader {
        case .timewarrior:
            texts = [
                "inc 20261120T090000Z - 20261120T100000Z # \"deep focus\" work\ninc 20261120T110000Z - 20261120T113000Z # # \"said \\\"hi\\\" # not a tag\"\ninc 20261121T080000Z # open\r\ninc 20261122T080000Z - 20261122T090000Z\n",
                "inc 20250101T000000Z - 20250101T235959Z # a b c d e f g h i j k l m n o p q r s t u v w x y z\n",
            ]
        case .timewarriorJSON:
            texts = [
                "[{\"id\":2,\"start\":\"20261120T090000Z\",\"end\":\"20261120T100000Z\",\"tags\":[\"deep focus\",\"work\"],\"annotation\":\"notes\"},{\"id\":1,\"start\":\"20261121T080000Z\",\"tags\":[\"open\"]}]",
                "[\n{\"id\":1,\"start\":\"20250101T080000Z\",\"end\":\"20250101T090000Z\",\"tags\":[\"\\u00e9t\\u00e9\",\"a\\\"b\"]}\n]\n",
            ]
        case .watson:
            texts = [
                "[[1763600000, 1763603600, \"Write\", \"a1\", [\"x\", \"y\"], 1763603600], [1763603600.7, 1763607200, \"r\", \"b2\"]]",
                "[\n [\n  1700000000,\n  1700003600,\n  \"alog\",\n  \"0f3c\",\n  [\"code\", \"review\"],\n  1700003600\n ]\n]\n",
            ]
        case .csv:
            texts = [
                "id,type,group,start,end,seconds,note\n4s7zx78wgvxs,meal,food,2026-11-28T10:00:00Z,,,\nzjzgpz0bcsh3,work,,2026-11-28T11:00:00+01:00,2026-11-28T12:30:00+01:00,5400,\"plan, \"\"draft\"\"\nline 2\"\n",
                "\u{FEFF}note,type,start,end\r\n\"plan\",work,2026-11-20T09:00:00+05:45,2026-11-20T10:00:00+05:45\r\n,meal,2026-11-21 12:00,\r\n\r\n ,sleep , 2026-03-29T02:30 ,\r\n",
            ]
        case .klog:
            texts = [
                "2024-03-01 (8h!)\nOffice day #work\nwith a second line\n    8:00 - 9:30 standup #admin\n    9:30-12:15 #coding on the importer\n        and some #review\n    1:00pm - 3:00pm\n    <23:30 - 0:30 the night before\n    23:00 - 24:00\n\n2024/03/02\n\t22:00 - 1:15> #reading\n\t14:00 - ??? #coding\n",
                "2025-01-01\n  2h30m #meeting\n  10:00 - 11:00 #focus\n",
            ]
        case .frontmatter:
            texts = [
                "---\nexo__Asset_label: \"Fix bug #123\"\nems__Effort_status: \"[[ems__EffortStatusToDo]]\" # keep\ntags: [a]\n---\n# Fix it\n",
                "---\r\nems__Effort_status: [[ems__EffortStatusDoing]]\r\n---\r\nbody",
                "---\nexo__Asset_label: >\n  A folded\n  title\nems__Effort_status:\n  - \"[[ems__EffortStatusDone]]\"\nbase: &b {x: 1}\nmore: *b\n---\n",
            ]
        case .taskLink:
            texts = [
                "exocortex://task/start?id=fix-bug&title=Fix%20bug&startTime=2026-11-24T09%3A00%3A00Z&vaultName=Notes",
                "exocortex://task/complete?id=fix-bug&vaultName=Notes&x-success=obsidian%3A%2F%2Fopen%3Fvault%3DNotes",
                "EXOCORTEX://Task/start?id=a-1&title=%E6%97%A5%E6%9C%AC&startTime=2026-11-28T11:59:59.5%2B02:00&vaultName=Notes&x-cancel=exocortex%3A%2F%2Fx",
            ]
        }
        return texts.map { Array($0.utf8) }
    }
}
