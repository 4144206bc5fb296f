import ArgumentParser
import LedgerCore
import LedgerEnvironment
import LedgerOutput
import LedgerReports
import LedgerVault

struct Streaks: OutcomeCommand {
    static let configuration = CommandConfiguration(
        commandName: "streaks",
        abstract: "Per type: today's entries, the current streak and the best (days in a row with an entry).",
        discussion: """
            Days are local days; an entry counts on the day it starts. Today without an entry yet \
            does not break the current streak until the day is over.
            """)

    @Flag(help: "Print JSON: a list of {type, today, current, best}.")
    var json = false

    @Option(
        name: .customLong("tag"), help: "Only entries with this tag (repeat: with all of them).",
        completion: DynamicCompletion.tags)
    var tags: [String] = []

    @OptionGroup var options: VaultOptions

    func execute() throws -> FoundStreaks { try StreaksQuery(tags: tags).perform(in: options.access) }

    func render(_ found: FoundStreaks) {
        let (streaks, types) = (found.streaks, found.types)
        if json { return StreaksQuery(tags: tags).json(found, write: emitPart) }
        guard !streaks.isEmpty else { return emit(Terminal.dim("no entries yet; log one with 'alog log wake'")) }
        let width = max(4, streaks.map { Terminal.displayWidth(Render.label($0.type, types)) }.max() ?? 0)
        func cell(_ value: Int, _ width: Int) -> String { Terminal.padLeft(String(value), width) }
        var lines = [Terminal.dim(Terminal.pad("", width) + "  today  current  best")]
        for streak in streaks {
            lines.append(
                Terminal.pad(Render.label(streak.type, types), width) + "  " + cell(streak.today, 5) + "  "
                    + cell(streak.current, 7) + "  " + cell(streak.best, 4)
                    + (streak.current > 1 && streak.current == streak.best ? " " + Terminal.dim("(best)") : ""))
        }
        emit(lines.joined(separator: "\n"))
    }
}
