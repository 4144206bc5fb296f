import LedgerCommands
import LedgerCore
import LedgerEnvironment
import LedgerFastPath

/// Generated command lines through every reader of the CLI, in-process: the fast paths'
/// `HotForm` table (`HotForm.read`, the front's `HotCommand`, `alog-full`'s quick path), the
/// argument parser (on the leaf command, and every `rootEvery`-th line also from the root),
/// the checks each command makes before it opens a vault (`CommandLineProbe`), and `ALOG_NOW`'s
/// reader. Lines come from the real command surface (every command's words and options) with
/// hostile values: huge, empty, control bytes, NUL, escape sequences, bidi marks, emoji, dash-led,
/// numbers out of range, repeated and unknown options.
///
/// Rules: no crash (a trap ends the run; the cursor file names the case), no case over the
/// time budget, every refusal one clear line, and a line the fast paths take also parses.
package struct ArgumentFuzzer {
    package let seed: UInt64
    /// The time lines are read against (fixed, so runs repeat).
    package var now: Int64 = 1_795_269_850
    /// Every this many lines is also parsed from the root (~10x the cost of a leaf parse).
    package var rootEvery = 50
    static let harness: UInt64 = 1

    package init(seed: UInt64) { self.seed = seed }

    /// Runs cases `range`.
    package func run(_ range: Range<Int>, cursor: FuzzCursor? = nil) -> HarnessResult {
        var report = HarnessResult(name: "arguments", seed: seed)
        let zone = FixedOffsetZone(offset: 3600)
        let start = monotonicSeconds()
        for index in range {
            cursor?.mark(report.name, seed: seed, index: index)
            let arguments = self.arguments(index)
            report.timed(index) { report in
                check(arguments, index: index, zone: zone, report: &report)
            }
        }
        report.seconds = monotonicSeconds() - start
        return report
    }

    func check(_ arguments: [String], index: Int, zone: FixedOffsetZone, report: inout HarnessResult) {
        let shown = "alog " + arguments.map { $0.count > 60 ? "<\($0.count) chars>" : "'\($0)'" }.joined(separator: " ")
        if HotForm.read(arguments) != nil { report.count("hot form") }
        let outcome = CommandLineProbe.probe(arguments, now: now, zone: zone)
        if outcome.quick { report.count("quick path") }
        if outcome.front { report.count("front") }
        if outcome.help {
            report.count("help")
        } else if let refusal = outcome.refusal {
            report.count(outcome.parsed ? "refused by a check" : "refused by the parser")
            refusalRules(refusal, index: index, line: shown, inputs: arguments, report: &report)
        } else {
            report.count("accepted")
        }
        if (outcome.quick || outcome.front) && !outcome.parsed && !outcome.help {
            report.find(index, "fast path takes what the parser refuses", "\(shown): \(outcome.refusal ?? "")")
        }
        if rootEvery > 0, index % rootEvery == 0 {
            report.count("parsed from the root")
            let root = CommandLineProbe.probe(arguments, now: now, zone: zone, throughRoot: true)
            if let refusal = root.refusal {
                refusalRules(refusal, index: index, line: shown, inputs: arguments, report: &report)
            }
            if root.parsed != outcome.parsed || root.help != outcome.help {
                report.count("root and leaf parse differ")
                report.note("root and leaf parse differ on \(shown)")
            }
        }
        // `ALOG_NOW` takes any text of the environment.
        if let value = arguments.last, index % 4 == 0 {
            report.count("ALOG_NOW values")
            if case .failure(let invalid) = CommandClock.parseOverride(value) {
                refusalRules(
                    invalid.description, index: index, line: "ALOG_NOW=\(value)", inputs: [value], report: &report)
            }
        }
    }

    func refusalRules(_ message: String, index: Int, line: String, inputs: [String], report: inout HarnessResult) {
        if let problem = RefusalRules.problem(message, inputs: inputs) {
            report.find(index, "refusal message: \(problem)", "\(line) -> \(message.debugDescription)")
        }
        if RefusalRules.hasLineBreak(message) {
            report.count("messages echoing a line break of the input")
        }
        if message.count > RefusalRules.longMessage {
            report.count("messages over \(RefusalRules.longMessage) characters")
            report.note("a message of \(message.count) characters for \(line)")
        }
    }

    // MARK: - Generation

    /// The argument list of case `index`.
    package func arguments(_ index: Int) -> [String] {
        var random = FuzzRandom(seed: seed, harness: Self.harness, index: index)
        var arguments: [String] = []
        switch random.below(20) {
        case 0: arguments = [random.pick(Self.strayWords)]
        case 1: arguments = []
        case 2: arguments = random.pick(CommandLineProbe.commandWords).prefix(1).map { $0 }
        default: arguments = random.pick(CommandLineProbe.commandWords)
        }
        let count = random.below(7)
        for _ in 0..<count {
            switch random.below(10) {
            case 0...2:
                arguments.append(random.pick(Self.options))
                arguments.append(value(&random))
            case 3:
                arguments.append(random.pick(Self.options) + "=" + value(&random))
            case 4: arguments.append(random.pick(Self.options))
            case 5: arguments.append(random.pick(Self.strayWords))
            default: arguments.append(value(&random))
            }
        }
        // Now and then, a line shuffled or cut short.
        if random.chance(5), arguments.count > 1 { arguments.swapAt(0, random.below(arguments.count)) }
        if random.chance(5), !arguments.isEmpty { arguments.removeLast(random.below(arguments.count) + 1) }
        return arguments
    }

    static let options = [
        "--at", "--note", "--type", "--vault", "--json", "--limit", "--since", "--format", "--entries",
        "--after-tap", "--icon", "--group", "--color", "--help", "-h", "--version", "--", "-", "--at", "--note",
        "--nope", "-x", "---at", "--AT", "--vault", "--format", "--entries", "--limit",
    ]

    static let strayWords = [
        "help", "log", "widget", "types", "remote", "unknown", "LOG", "Log", "status", "--help", "--version", "-h",
        "", " ", "widget tap", "tap", "list", "add",
    ]

    static let values = [
        "meal", "sleep", "wake", "exercise", "swim", "Meal", "MEAL", "a", "a-b_c9", "9lives", "_x", "-meal",
        "now", "-15m", "-1h30m", "-1d", "-90s", "90s ago", "15m ago", "yesterday 22:10", "today 07:30", "07:30",
        "7:3", "24:00", "23:60", "00:00", "2024-03-01T07:30", "2024-03-01T07:30:00+01:00", "2024-03-01",
        "2024-02-30", "2024-13-01", "1969-12-31T23:59:59Z", "1970-01-01T00:00:00Z", "9999-12-31T23:59:59Z",
        "10000-01-01T00:00:00Z", "0000-01-01T00:00:00+00:00", "2024-03-01T07:30:00+25:00", "2024-03-01T07:30:00+01",
        "+15m", "-0m", "-m", "-1x", "-1h-1h", "-9223372036854775808s", "-9223372036854775807d",
        "-99999999999999999999m", "99999999999999999999", "-1", "0", "1", "60", "61", "1000000", "-2147483649",
        "1795269850", "1e9", "0x10", "7k2m9q4x8c3p", "7k2m", "7K2M9Q4X8C3P", "7k2", "iiii", "uuuuuuuuuuuu",
        "7k2m9q4x8c3pp", "waybar", "i3blocks", "tmux", "plain", "json", "#4a6fa5", "🍽️", "😀😀😀",
        "\u{202E}lam", "\u{200F}meal", "\u{FEFF}meal", "\u{FFFD}", "me\u{0}al", "\u{0}", "\u{1B}[31mred\u{1B}[0m",
        "\u{1B}]0;title\u{7}", "line\nbreak", "cr\rreturn", "tab\there", "\u{7F}", "\u{85}", "\u{2028}",
        "origin", "..", "/", "/tmp/nowhere", "--", "-", "--at", "--vault=", "=", "''", "\"", "\\", "%s%n",
        "e\u{301}", "ß", "İ", "ﬃ",
    ]

    func value(_ random: inout FuzzRandom) -> String {
        switch random.below(12) {
        case 0:
            // Long: a long word, or a long time expression; now and then a huge one.
            let unit = random.pick(["a", "-1h", "9", "😀", "\u{0}", "m"])
            return String(
                repeating: unit, count: random.chance(2) ? 10_000 + random.below(20_000) : 40 + random.below(400))
        case 1:
            return randomText(&random, length: random.below(40))
        case 2:
            return random.pick(Self.values) + random.pick(Self.values)
        case 3:
            return "-" + String(random.next() % 1_000_000_000_000) + random.pick(["s", "m", "h", "d", "", "x", " ago"])
        default:
            return random.pick(Self.values)
        }
    }

    func randomText(_ random: inout FuzzRandom, length: Int) -> String {
        var text = ""
        for _ in 0..<length {
            switch random.below(4) {
            case 0: text.unicodeScalars.append(Unicode.Scalar(UInt8(random.below(128))))
            case 1: text.unicodeScalars.append(Unicode.Scalar(UInt8(32 + random.below(95))))
            case 2:
                let value = UInt32(random.below(0x11_0000))
                text.unicodeScalars.append(Unicode.Scalar(value) ?? "\u{FFFD}")
            default: text.unicodeScalars.append(Unicode.Scalar(UInt8(97 + random.below(26))))
            }
        }
        return text
    }
}
