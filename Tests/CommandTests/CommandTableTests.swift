import ArgumentParser
import LedgerCore
import LedgerFastPath
import Testing

@testable import LedgerCommands

/// Issue 22, "one table of commands": every reader of a command line gets its commands from
/// `CommandTable`, and each command's checks of its words are its own (`InputChecked`). These
/// tests fail when a command is missing from a reader, or when a command takes a time or a type
/// without checking it before it opens a vault.
@Suite("One table of commands")
struct CommandTableTests {
    let now: Int64 = 1_795_600_000
    let zone = FixedOffsetZone(offset: 3600)

    @Test("the root's subcommands are the table's, and every leaf is named by its words")
    func rootIsTheTable() {
        #expect(
            Alog.configuration.subcommands.map { ObjectIdentifier($0) }
                == CommandTable.topLevel.map { ObjectIdentifier($0) })
        let words = Set(CommandTable.leaves.map { $0.words.joined(separator: " ") })
        for expected in [
            "log", "start", "switch", "stop", "resume", "continue", "cancel", "track", "goals set", "goals", "watch",
            "undo", "config", "types rm", "widget tap", "remote add", "completions install",
        ] {
            #expect(words.contains(expected), "\(expected) is not a leaf")
        }
        for leaf in CommandTable.leaves {
            let outcome = CommandLineProbe.probe(leaf.words + ["--help"], now: now, zone: zone)
            #expect(outcome.help, "\(leaf.words) --help")
            let root = CommandLineProbe.probe(leaf.words + ["--help"], now: now, zone: zone, throughRoot: true)
            #expect(root.help, "\(leaf.words) --help through the root")
        }
    }

    @Test("every command names itself: the runtime never has to describe a type to find a command's name")
    func explicitNames() {
        // ArgumentParser falls back to String(describing: Self.self), which scans every protocol
        // conformance of the executable: measured at a quarter of a `history` or `report` run.
        func walk(_ type: any ParsableCommand.Type) {
            #expect(type.configuration.commandName != nil, "\(type) has no commandName")
            type.configuration.subcommands.forEach(walk)
        }
        walk(Alog.self)
    }

    @Test("every hot form has its command in the table, and the quick path covers every quick form")
    func hotForms() {
        let behind = CommandTable.hotFormCommands.map { $0.hotForm }
        for form in HotForm.all {
            #expect(behind.filter { $0 == form }.count == 1, "\(form.name) has one command behind it")
        }
        #expect(behind.count == HotForm.all.count)
        for form in HotForm.all where form.path == .quick {
            let line = form.command + Array(repeating: "meal", count: form.positionals)
            #expect(QuickCommand(line) != nil, "\(form.name) is taken by the quick path")
        }
        for (name, type) in CommandTable.hotCommands {
            #expect(type._commandName == name, "\(name) is the name of \(type)")
            #expect(CommandTable.topLevel.contains { $0 == type }, "\(name) is a command")
        }
    }

    @Test("every command that takes --at, --since or a type checks it before it opens a vault")
    func checksBeforeTheVault() {
        for leaf in CommandTable.leaves {
            for (option, bad) in [
                ("--at", "garbage"), ("--since", "garbage"), ("--start", "garbage"), ("--end", "garbage"),
            ] {
                let line = leaf.words + placeholders(leaf) + [option, bad]
                guard (try? leaf.type.parse(Array(line.dropFirst(leaf.words.count)))) != nil else { continue }
                let outcome = CommandLineProbe.probe(line, now: now, zone: zone)
                if leaf.words == ["track"] {
                    // The window takes stray words; an option it does not know is refused by name.
                    #expect(outcome.refusal?.contains("unknown option '\(option)'") == true, "\(line)")
                    continue
                }
                #expect(
                    outcome.refusal?.contains("invalid time 'garbage'") == true,
                    "\(line): \(String(describing: outcome.refusal))")
            }
        }
        for words in [["log"], ["start"], ["widget", "tap"], ["track"]] {
            let line = words + ["Not A Type"] + (words == ["track"] ? ["-2h", "-", "-1h"] : [])
            let outcome = CommandLineProbe.probe(line, now: now, zone: zone)
            #expect(
                outcome.refusal?.contains("invalid type name") == true,
                "\(line): \(String(describing: outcome.refusal))")
        }
        let track = CommandLineProbe.probe(["track", "work", "9:00"], now: now, zone: zone)
        #expect(track.refusal?.contains("FROM - TO") == true, "\(String(describing: track.refusal))")
    }

    /// Words that fill a leaf's positional arguments (an id, a type, a name).
    func placeholders(_ leaf: CommandTable.Leaf) -> [String] {
        switch leaf.words {
        case ["log"], ["start"], ["switch"], ["widget", "tap"]: ["meal"]
        case ["edit"], ["delete"], ["restore"], ["show"]: ["7k2m9q4x"]
        case ["track"]: ["meal", "-2h", "-", "-1h"]
        default: []
        }
    }

    @Test("a slip in a command's name suggests it, aliases included")
    func didYouMean() {
        for name in CommandTable.firstWords where name.count >= 4 {
            var letters = Array(name)
            letters.swapAt(1, 2)
            let slip = String(letters)
            guard slip != name, !CommandTable.firstWords.contains(slip) else { continue }
            #expect(Alog.suggestions(for: slip).contains(name), "\(slip) → \(Alog.suggestions(for: slip))")
        }
        #expect(Alog.suggestions(for: "lgo") == ["log"])
        #expect(Alog.suggestions(for: "contineu").contains("continue"))
    }
}
