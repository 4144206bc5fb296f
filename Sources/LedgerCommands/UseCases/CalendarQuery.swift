import ArgumentParser
import LedgerCore
import LedgerEnvironment
import LedgerOutput
package import LedgerReports
import LedgerVault

/// `calendar [TYPE…] [--weeks N] [--levels seed|quantile] [--by count|seconds] [--tag T…]`: a
/// square a day over the last weeks, darker for more.
package struct CalendarQuery: ReadUseCase {
    package var types: [String]
    package var weeks: Int
    package var levels: String
    package var by: String
    package var tags: [String]

    package init(
        types: [String] = [], weeks: Int = 53, levels: String = "seed", by: String = "count", tags: [String] = []
    ) {
        (self.types, self.weeks, self.levels, self.by, self.tags) = (types, weeks, levels, by, tags)
    }

    /// The options that need no vault, or the usage refusal.
    func checkedOptions() throws {
        guard (1...520).contains(weeks) else { throw ValidationError("--weeks \(weeks): give 1 to 520") }
        guard ContributionCalendar.Levels(rawValue: levels) != nil else {
            throw ValidationError("--levels \(DisplayText.quoted(levels)): give seed or quantile")
        }
        guard ContributionCalendar.Measure(rawValue: by) != nil else {
            throw ValidationError("--by \(DisplayText.quoted(by)): give count or seconds")
        }
    }

    package func perform(in access: VaultAccess) throws -> ContributionCalendar {
        try checkedOptions()
        let time = CommandClock.expression
        let typed = Set(try types.map(InputCheck.typeName))
        let tagged = Set(try InputCheck.tags(tags, plusRequired: false))
        let vault = try access.open()
        let kept = try InputCheck.knownTypes(typed, in: try vault.summary())
        let calendar = UserCalendar.current(zone: time.zone)
        let span = ContributionCalendar.span(calendar: calendar, now: time.now, weeks: weeks)
        let occurrences = try Report.occurrences(vault, from: span.from, to: span.to).keeping(tags: tagged)
        Housekeeping.lineIssues(of: vault).forEach(access.report)
        return ContributionCalendar(
            occurrences, calendar: calendar, now: time.now, weeks: weeks, types: kept,
            measure: ContributionCalendar.Measure(rawValue: by)!,
            levels: ContributionCalendar.Levels(rawValue: levels)!)
    }

    package func json(_ grid: ContributionCalendar, write: ([UInt8]) -> Void) {
        write(Array((CalendarView.json(grid) + "\n").utf8))
    }
}
