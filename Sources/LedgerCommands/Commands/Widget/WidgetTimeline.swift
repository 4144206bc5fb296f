import ArgumentParser
import LedgerEnvironment
import LedgerSystem
import LedgerWidget

struct WidgetTimeline: OutcomeCommand {
    static let configuration = CommandConfiguration(
        commandName: "timeline",
        abstract: "The precomputed timeline: the timers' texts at each minute from now.")

    @Option(parsing: .unconditional, help: "How many entries (default 60, or 2 with --after-tap).")
    var entries: Int?

    @Flag(help: "Two entries only, for an immediate re-render right after a tap.")
    var afterTap = false

    @Flag(help: "Print JSON (documented in docs/cli.md).")
    var json = false

    @OptionGroup var options: VaultOptions

    func validate() throws {
        if let entries, !WidgetCommands.timelineEntries.contains(entries) {
            let range = WidgetCommands.timelineEntries
            throw ValidationError(
                "--entries \(entries) is not between \(range.lowerBound) and \(range.upperBound) (a day of minutes)")
        }
    }

    func execute() throws -> WidgetView {
        try options.widgetStore().view(now: CommandClock.nowSeconds, zone: SystemTimeZone())
    }

    func render(_ view: WidgetView) {
        emit(
            WidgetCommands.timelineText(
                view, entries: entries ?? WidgetCommands.defaultTimelineEntries(afterTap: afterTap), json: json,
                now: CommandClock.nowSeconds, zone: SystemTimeZone()))
    }
}
