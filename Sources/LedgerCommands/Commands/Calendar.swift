import ArgumentParser
import LedgerCore
import LedgerEnvironment
import LedgerOutput
import LedgerReports
import LedgerSystem
import LedgerVault

struct Calendar: OutcomeCommand {
    static let configuration = CommandConfiguration(
        commandName: "calendar",
        abstract: "A GitHub-style grid of the last year: a square a day, darker for more.",
        discussion: """
            Levels: 0 for nothing, else min(4, ceil(4 × count / the largest day's count)); --levels \
            quantile colours by quartiles of the active days instead; --by seconds counts tracked \
            time. Colours: the true-colour palette when COLORTERM says truecolor, 256 colours \
            otherwise, plain characters (· ░ ▒ ▓ █) with NO_COLOR or in a pipe.
            """)

    @Argument(help: "Only these types (default: every type).", completion: DynamicCompletion.types)
    var types: [String] = []

    @Option(help: "How many weeks, ending with this one (1 to 520; default 53).")
    var weeks = 53

    @Option(help: "Levels by the seed's rule (seed) or by quartiles (quantile).")
    var levels = "seed"

    @Option(help: "What a day counts: its entries (count) or its tracked time (seconds).")
    var by = "count"

    @Flag(help: "Print the seed's contributionData JSON (documented in docs/cli.md).")
    var json = false

    @Option(help: ArgumentHelp("Write a standalone SVG to FILE.", valueName: "file"))
    var svg: String?

    @OptionGroup var options: VaultOptions

    @Option(
        name: .customLong("tag"), help: "Only entries with this tag (repeat: with all of them).",
        completion: DynamicCompletion.tags)
    var tags: [String] = []

    /// The typed query of this command line.
    var query: CalendarQuery { CalendarQuery(types: types, weeks: weeks, levels: levels, by: by, tags: tags) }

    func validate() throws { try query.checkedOptions() }

    func execute() throws -> ContributionCalendar {
        let grid = try query.perform(in: options.access)
        if let svg { try writeOutput(CalendarView.svg(grid), to: svg) }
        return grid
    }

    func render(_ grid: ContributionCalendar) {
        if let svg, !json { emit("wrote \(svg)") }
        if json {
            query.json(grid, write: emitPart)
        } else if svg == nil {
            emit(
                CalendarView.terminal(grid, colors: CalendarView.colors(colorterm: FileSystem.environment("COLORTERM")))
            )
        }
    }
}
