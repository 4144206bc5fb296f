import ArgumentParser
import LedgerEnvironment
import LedgerFastPath
import LedgerWidget
import TestSupport
import Testing

@testable import LedgerCommands

/// Both readers of a command line — the fast paths' `HotForm` table and the full parser — must
/// agree on every line the fast paths accept: same command, same values. Lines the fast paths
/// decline go to the parser anyway, so only acceptance needs checking, over many generated
/// lines per form: both spellings of each option, any order, values that look like options,
/// repeated and unknown options, missing values, help, and stray words.
@Suite("Hot forms against the full parser")
struct HotFormParityTests {
    /// Values to try for each option: ordinary ones, empty, with spaces, and dash-led ones.
    static let values: [String: [String]] = [
        "--at": ["07:30", "-15m", "-1h30m", "yesterday 22:10", "2024-03-01T07:30:00+01:00", "", "--json", "-"],
        "--note": ["pasta", "a b", "", "-x", "--at", "x=y"],
        "--vault": ["/tmp/v", "rel/v", "-v", "a b", ""],
        "--format": ["waybar", "i3blocks", "tmux", "plain", "bogus", "-x"],
        "--entries": ["1", "60", "1440", "0", "1441", "-3", "x", "07"],
        "--goal": ["45m", "1h30m", "-5m", "soon", "", "--json", "2d"],
    ]
    static let positionals = ["meal", "Meal", "no such type", "", "-x", "--json", "7k2m"]
    static let noise = [
        "--bogus", "-h", "--help", "--", "--version", "extra", "--json", "--after-tap", "--at", "--adjust",
    ]

    /// A random command line of `form`'s shape, sometimes broken.
    static func commandLine(_ form: HotForm, using rng: inout SplitMix) -> [String] {
        var words: [[String]] = []
        for _ in 0..<form.positionals where Int.random(in: 0..<10, using: &rng) > 0 {
            words.append([positionals.randomElement(using: &rng)!])
        }
        for name in (form.valued.union(["--vault"])).sorted() where Bool.random(using: &rng) {
            let value = values[name]!.randomElement(using: &rng)!
            let repeats = Int.random(in: 0..<12, using: &rng) == 0 ? 2 : 1
            for _ in 0..<repeats {
                words.append(Bool.random(using: &rng) ? [name, value] : ["\(name)=\(value)"])
            }
        }
        for name in form.switches.sorted() where Bool.random(using: &rng) {
            words.append([name])
        }
        if Int.random(in: 0..<5, using: &rng) == 0 { words.append([noise.randomElement(using: &rng)!]) }
        words.shuffle(using: &rng)
        var line = form.command + words.flatMap { $0 }
        if Int.random(in: 0..<15, using: &rng) == 0, !line.isEmpty { line.removeLast() }
        return line
    }

    @Test("every line a hot form reads means the same to the parser", arguments: HotForm.all)
    func readLinesAgree(form: HotForm) throws {
        var rng = SplitMix(state: 0x5EED + UInt64(form.name.utf8.count))
        var agreed = 0
        for _ in 0..<1_000 {
            let line = Self.commandLine(form, using: &rng)
            guard let hot = form.read(line) else { continue }
            guard let command = try? Alog.parse(line, as: form) else {
                // A value the form reads but the parser refuses (`--format bogus`,
                // `--entries 0`): the runners must leave it to the parser.
                #expect(HotCommand(line) == nil && QuickCommand(line) == nil, "\(line)")
                continue
            }
            agreed += 1
            #expect(type(of: command).hotForm == form, "\(line)")
            #expect(Self.normalized(command.hotInvocation) == Self.normalized(hot.resolved), "\(line)")
        }
        #expect(agreed > 100, "the generator must reach lines both readers take")
    }

    /// Integer values compared as integers (`--entries 07` is 7 to both).
    static func normalized(_ invocation: HotInvocation) -> HotInvocation {
        var copy = invocation
        if let entries = copy.options["--entries"], let count = Int(entries) {
            copy.options["--entries"] = String(count)
        }
        return copy
    }

    @Test("what the front and the quick path run is what the parser would run")
    func runnersAgree() throws {
        var rng = SplitMix(state: 42)
        for _ in 0..<1_500 {
            let form = HotForm.all.randomElement(using: &rng)!
            let line = Self.commandLine(form, using: &rng)
            // The front's runner refuses some accepted lines (an unknown format, entries out of
            // range); the parser must then refuse them too, or the front decides nothing.
            if let front = HotCommand(line) {
                let parsed = try #require(try? Alog.parse(line, as: form), "\(line)")
                switch (front.verb, parsed) {
                case (.tap(let type, let at), let tap as WidgetTap):
                    #expect(tap.type == type && tap.at == at, "\(line)")
                case (.widgetStatus(let format), let status as WidgetStatus):
                    #expect(status.format == format, "\(line)")
                case (.timeline(let entries, let json), let timeline as WidgetTimeline):
                    let expected =
                        timeline.entries ?? WidgetCommands.defaultTimelineEntries(afterTap: timeline.afterTap)
                    #expect(entries == expected && json == timeline.json, "\(line)")
                case (.pending(let json), let pending as WidgetPending):
                    #expect(pending.json == json, "\(line)")
                case (.status(let json), let status as Status):
                    #expect(status.json == json, "\(line)")
                default:
                    Issue.record("\(line): the front runs \(front.verb), the parser \(type(of: parsed))")
                }
                #expect(front.location.path == VaultLocation(explicit: parsed.hotInvocation.vault).path)
            }
            if let quick = QuickCommand(line) {
                let parsed = try #require(try? Alog.parse(line, as: form), "\(line)")
                switch (quick, parsed) {
                case (.log(let type, let at, let note, let vault), let log as Log):
                    #expect(log.type == type && log.at == at && log.note == note && log.options.vault == vault)
                case (.status(let json, let vault), let status as Status):
                    #expect(status.json == json && status.options.vault == vault)
                case (.start(let type, let at, let note, let goal, let adjust, let vault), let start as Start):
                    #expect(start.type == type && start.at == at && start.note == note && start.goal == goal)
                    #expect(start.adjust == adjust && start.options.vault == vault)
                case (.stop(let at, let note, let vault), let stop as Stop):
                    #expect(stop.at == at && stop.note == note && stop.options.vault == vault)
                default:
                    Issue.record("\(line): the quick path runs \(quick), the parser \(type(of: parsed))")
                }
            }
        }
    }

    @Test(
        "lines the parser refuses are declined by the fast paths",
        arguments: [
            ["widget", "tap"], ["widget", "tap", "meal", "--at"], ["widget", "tap", "meal", "extra"],
            ["widget", "status", "--format", "bogus"], ["widget", "timeline", "--entries", "0"],
            ["widget", "timeline", "--entries", "1441"], ["widget", "timeline", "--entries", "x"],
            ["status", "--json", "--bogus"], ["log"], ["log", "meal", "--note", "-x"], ["log", "meal", "--", "x"],
            ["status", "--vault"], ["widget", "pending", "--json=1"],
        ])
    func refusedLinesAreDeclined(line: [String]) {
        #expect((try? Alog.parseAsRoot(line)) == nil, "the case must be one the parser refuses")
        #expect(HotCommand(line) == nil)
        #expect(QuickCommand(line) == nil)
    }
}
