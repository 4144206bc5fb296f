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

    func validate() throws {
        guard (1...520).contains(weeks) else { throw ValidationError("--weeks \(weeks): give 1 to 520") }
        guard ContributionCalendar.Levels(rawValue: levels) != nil else {
            throw ValidationError("--levels \(DisplayText.quoted(levels)): give seed or quantile")
        }
        guard ContributionCalendar.Measure(rawValue: by) != nil else {
            throw ValidationError("--by \(DisplayText.quoted(by)): give count or seconds")
        }
    }

    /// The grid; with --svg, written to the file (the outcome says so).
    func execute() throws -> ContributionCalendar {
        let time = CommandClock.expression
        let typed = Set(try types.map(InputCheck.typeName))
        let tagged = Set(try InputCheck.tags(tags, plusRequired: false))
        let vault = try options.open()
        let kept = try InputCheck.knownTypes(typed, in: try vault.summary())
        let calendar = UserCalendar.current(zone: time.zone)
        let span = ContributionCalendar.span(calendar: calendar, now: time.now, weeks: weeks)
        let occurrences = try Report.occurrences(vault, from: span.from, to: span.to)
            .keeping(tags: tagged)
        Terminal.reportLineIssues(vault)
        let grid = ContributionCalendar(
            occurrences, calendar: calendar, now: time.now, weeks: weeks, types: kept,
            measure: ContributionCalendar.Measure(rawValue: by)!,
            levels: ContributionCalendar.Levels(rawValue: levels)!)
        if let svg { try writeOutput(CalendarView.svg(grid), to: svg) }
        return grid
    }

    func render(_ grid: ContributionCalendar) {
        if let svg, !json { emit("wrote \(svg)") }
        if json {
            emit(CalendarView.json(grid))
        } else if svg == nil {
            emit(
                CalendarView.terminal(grid, colors: CalendarView.colors(colorterm: FileSystem.environment("COLORTERM")))
            )
        }
    }
}
