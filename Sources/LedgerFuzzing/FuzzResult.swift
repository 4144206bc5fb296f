import LedgerSystem

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A seeded generator (SplitMix64): the same seed gives the same cases on every machine.
package struct FuzzRandom: RandomNumberGenerator, Sendable {
    var state: UInt64

    package init(seed: UInt64) { state = seed }

    /// The generator of case `index` of a harness: each case can be reproduced alone.
    package init(seed: UInt64, harness: UInt64, index: Int) {
        var mixer = FuzzRandom(seed: seed ^ (harness &* 0x9E37_79B9_7F4A_7C15))
        state = mixer.next() ^ UInt64(truncatingIfNeeded: index) &* 0xBF58_476D_1CE4_E5B9
        _ = next()
    }

    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(max(bound, 1))) }
    mutating func chance(_ percent: Int) -> Bool { below(100) < percent }
    mutating func pick<T>(_ values: [T]) -> T { values[below(values.count)] }
}

/// Something a harness found: a case that broke a rule. `seed` and `index` reproduce it
/// (`alog-fuzz --seed S --only HARNESS:INDEX`).
package struct FuzzFinding: Sendable, CustomStringConvertible {
    package var harness: String
    package var seed: UInt64
    package var index: Int
    /// Which rule: `refusal message`, `round trip`, `hang`, `write on refusal`, …
    package var rule: String
    package var detail: String

    package var description: String {
        let shown = detail.count > 300 ? String(detail.prefix(300)) + "…" : detail
        return "\(harness) seed \(seed) case \(index): \(rule): \(shown)"
    }
}

/// One harness's run: how many cases, how long, what it counted, what it found.
package struct HarnessResult: Sendable {
    package var name: String
    package var seed: UInt64
    package var cases = 0
    package var seconds = 0.0
    /// Named counts (accepted, refused, …), in the order they were first counted.
    package var counts: [(String, Int)] = []
    package var findings: [FuzzFinding] = []
    /// Cases over the time budget that were not hangs: index and milliseconds (the first 20).
    package var slow: [(index: Int, millis: Double)] = []
    package var slowCount = 0
    /// Notes that are not failures (messages that echo long input, …), the first few of each.
    package var notes: [String] = []

    package init(name: String, seed: UInt64) {
        self.name = name
        self.seed = seed
    }

    package mutating func count(_ name: String, _ by: Int = 1) {
        if let index = counts.firstIndex(where: { $0.0 == name }) {
            counts[index].1 += by
        } else {
            counts.append((name, by))
        }
    }

    package func count(of name: String) -> Int { counts.first { $0.0 == name }?.1 ?? 0 }

    mutating func find(_ index: Int, _ rule: String, _ detail: String) {
        count("findings")
        if findings.count < 200 {
            findings.append(FuzzFinding(harness: name, seed: seed, index: index, rule: rule, detail: detail))
        }
    }

    mutating func note(_ text: String) {
        if notes.count < 20 { notes.append(text) }
    }

    /// Times `body` as case `index`: over `budget` ms is slow, over `hang` ms of this thread's
    /// CPU time a finding. A hang is work that does not end, so it is measured in the work done:
    /// on a loaded machine the wall time of an ordinary case can pass 5 s while it waits for a
    /// core (a finding that was load, not a bug).
    mutating func timed(_ index: Int, budget: Double = 100, hang: Double = 5_000, _ body: (inout Self) -> Void) {
        let start = SystemClock.monotonicNanos()
        let startCPU = Self.threadCPUNanos()
        body(&self)
        let millis = Double(SystemClock.monotonicNanos() - start) / 1e6
        let cpuMillis = Double(Self.threadCPUNanos() - startCPU) / 1e6
        cases += 1
        if cpuMillis > hang {
            find(index, "hang", "took \(Int(cpuMillis)) ms of CPU (\(Int(millis)) ms in all)")
        } else if millis > budget {
            slowCount += 1
            if slow.count < 20 { slow.append((index, millis)) }
        }
    }

    /// The CPU time this thread has used.
    static func threadCPUNanos() -> UInt64 {
        var spec = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
        return UInt64(spec.tv_sec) * 1_000_000_000 + UInt64(spec.tv_nsec)
    }

    package var casesPerSecond: Double { seconds > 0 ? Double(cases) / seconds : 0 }

    package var text: String {
        var lines = [
            "\(name): \(cases) cases in \(format(seconds)) s (\(Int(casesPerSecond)) cases/s), seed \(seed), \(findings.isEmpty ? "no findings" : "\(count(of: "findings")) findings")"
        ]
        lines.append("  " + counts.map { "\($0.0) \($0.1)" }.joined(separator: ", "))
        if slowCount > 0 {
            lines.append(
                "  \(slowCount) cases over 100 ms: "
                    + slow.prefix(5).map { "case \($0.index) \(Int($0.millis)) ms" }.joined(separator: ", "))
        }
        lines += notes.map { "  note: " + $0 }
        lines += findings.map { "  FINDING " + $0.description }
        return lines.joined(separator: "\n")
    }

    private func format(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }
}

/// The case being run, kept in a file so that a crash (a trap ends the process) names the
/// case to reproduce: `<harness> <seed> <index>` overwritten before every case.
package final class FuzzCursor {
    let descriptor: Int32

    package init?(path: String) {
        descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        if descriptor < 0 { return nil }
    }

    deinit { close(descriptor) }

    package func mark(_ harness: String, seed: UInt64, index: Int) {
        var text = Array("\(harness) \(seed) \(index)".utf8)
        text += Array(repeating: UInt8(ascii: " "), count: max(0, 60 - text.count))
        text.append(10)
        _ = text.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
    }
}

/// The rules every refusal message keeps: one line, not empty, saying what is wrong in alog's
/// words rather than a library's call (`git_reference_lookup failed`).
enum RefusalRules {
    /// What is wrong with `message`, or nil. A line break that is part of an echoed input
    /// (`inputs`, whole, cut to 40 characters, or either side of an `=`) is the input's, not
    /// the message's: messages that echo input are counted apart (`echoesLineBreak`).
    static func problem(_ message: String, inputs: [String] = []) -> String? {
        let trimmed = message.trimmingCharacters
        if trimmed.isEmpty { return "empty message" }
        if hasLineBreak(withoutInputs(message, inputs)) { return "more than one line" }
        if containsRawCall(message) { return "names a raw library call" }
        return nil
    }

    static func hasLineBreak(_ text: String) -> Bool { text.utf8.contains(10) || text.utf8.contains(13) }

    /// `message` without the texts of `inputs` it echoes. Compared as bytes: a combining mark
    /// at the start of an input joins the quote before it into one `Character`.
    static func withoutInputs(_ message: String, _ inputs: [String]) -> String {
        guard hasLineBreak(message) else { return message }
        var text = Array(message.utf8)
        for input in inputs where hasLineBreak(input) {
            var pieces = [input, input.lowercased(), String(input.prefix(40)), String(input.lowercased().prefix(40))]
            pieces += input.split(separator: "=", omittingEmptySubsequences: true).map(String.init)
            for piece in pieces.map({ Array($0.utf8) }).sorted(by: { $0.count > $1.count }) where !piece.isEmpty {
                text = removing(piece, from: text)
            }
        }
        return String(decoding: text, as: UTF8.self)
    }

    static func removing(_ piece: [UInt8], from text: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(text.count)
        var index = 0
        while index < text.count {
            if text[index] == piece[0], index + piece.count <= text.count,
                text[index..<(index + piece.count)].elementsEqual(piece)
            {
                index += piece.count
            } else {
                result.append(text[index])
                index += 1
            }
        }
        return result
    }

    /// Over this many characters a message is noted (it echoes its input; not a failure).
    static let longMessage = 500

    /// `git_` followed by a lowercase word: libgit2's function names.
    static func containsRawCall(_ message: String) -> Bool {
        let bytes = Array(message.utf8)
        var index = 0
        while index + 4 < bytes.count {
            if bytes[index] == UInt8(ascii: "g"), bytes[index + 1] == UInt8(ascii: "i"),
                bytes[index + 2] == UInt8(ascii: "t"), bytes[index + 3] == UInt8(ascii: "_"),
                (97...122).contains(bytes[index + 4]), index == 0 || !isWordByte(bytes[index - 1])
            {
                return true
            }
            index += 1
        }
        return false
    }

    static func isWordByte(_ byte: UInt8) -> Bool {
        (97...122).contains(byte) || (65...90).contains(byte) || (48...57).contains(byte) || byte == 95
    }
}

extension String {
    fileprivate var trimmingCharacters: Substring {
        var text = Substring(self)
        while let first = text.first, first.isWhitespace { text.removeFirst() }
        while let last = text.last, last.isWhitespace { text.removeLast() }
        return text
    }
}

/// Seconds of a monotonic clock.
func monotonicSeconds() -> Double { Double(SystemClock.monotonicNanos()) / 1e9 }
