import ArgumentParser
import LedgerCore
import LedgerEnvironment
import LedgerOutput
import LedgerReports
import LedgerVault

/// `gaps [RANGE]`: timewarrior's gaps, the time no timer covers.
struct Gaps: InputChecked, OutcomeCommand {
    static let configuration = CommandConfiguration(
        commandName: "gaps", abstract: "The untracked time between timers over a range (default: today).",
        discussion: """
            RANGE as for 'alog report' (:yesterday, --day DATE, --from TIME --to TIME …). A running \
            timer covers up to now, and the range stops at now: time still to come is not a gap.
            """)

    @OptionGroup var span: RangeOptions

    @Flag(help: "Print JSON (documented in docs/cli.md).")
    var json = false

    @OptionGroup var options: VaultOptions

    func checkedInput(_ time: TimeExpression) throws -> ReportRange {
        try span.resolve(time)
            ?? ReportRange.named("today", now: time.now, calendar: UserCalendar.current(zone: time.zone))!
    }

    /// The range, the gaps in it, and the zone they are shown in.
    struct Found {
        var range: ReportRange
        var gaps: [LedgerReports.Gaps.Gap]
        var now: Int64
        var zone: any TimeZoneRules
    }

    func execute() throws -> Found {
        let time = CommandClock.expression
        let range = try checkedInput(time)
        let vault = try options.open()
        let occurrences = try vault.readTimeIndex { try $0.occurrences(from: range.from, to: range.to) }
        Terminal.reportLineIssues(vault)
        let gaps = LedgerReports.Gaps.between(occurrences.windows, from: range.from, to: range.to, now: time.now)
        return Found(range: range, gaps: gaps, now: time.now, zone: time.zone)
    }

    func render(_ found: Found) {
        let zone = found.zone
        let total = found.gaps.reduce(0) { $0 + $1.seconds }
        let until = min(found.range.to, found.now)
        if json {
            func instant(_ seconds: Int64) -> String { JSONText.string(zone.localInstant(at: seconds).iso8601) }
            emit(
                JSONText.object([
                    ("from", instant(found.range.from)), ("to", instant(until)),
                    ("label", JSONText.string(found.range.label)),
                    (
                        "gaps",
                        JSONText.array(
                            found.gaps.map {
                                JSONText.object([
                                    ("start", instant($0.start)), ("end", instant($0.end)),
                                    ("seconds", String($0.seconds)),
                                ])
                            })
                    ),
                    ("total", JSONText.object([("seconds", String(total))])),
                ]))
            return
        }
        var lines = [
            "\(Terminal.bold("Gaps")) for \(found.range.label)"
                + (until < found.range.to
                    ? " (until now, \(Render.clock(zone.localInstant(at: until), zone: zone)))" : "")
        ]
        guard !found.gaps.isEmpty else {
            emit((lines + [Terminal.dim("no untracked time: timers cover the whole range")]).joined(separator: "\n"))
            return
        }
        // A gap's edges with their seconds where they have some (a window that ended at
        // 10:00:07), as timewarrior shows them.
        func edge(_ seconds: Int64) -> String {
            let local = zone.localInstant(at: seconds).localDateAndTime
            return "\(local.date.iso) \(LocalInstant.clock(local.secondOfDay, seconds: local.secondOfDay % 60 != 0))"
        }
        for gap in found.gaps {
            lines.append("  \(edge(gap.start)) – \(edge(gap.end))  \(formatTrackedDuration(gap.seconds))")
        }
        lines.append(Terminal.bold("  total \(formatTrackedDuration(total))"))
        emit(lines.joined(separator: "\n"))
    }
}
