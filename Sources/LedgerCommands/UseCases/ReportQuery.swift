import ArgumentParser
package import LedgerCore
import LedgerEnvironment
import LedgerOutput
package import LedgerReports
import LedgerSystem
import LedgerVault

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `report [RANGE] [--by type|group|tag|day|week|month] [--type T…] [--group G…] [--tag T…]
/// [--tz ZONE]`: time and counts per row over a range (default: this week by type).
package struct ReportQuery: ReadUseCase {
    package var range: RangeWords
    package var by: String
    package var types: [String]
    package var groups: [String]
    package var tags: [String]
    /// Another zone for the days (an IANA name): this run's only.
    package var tz: String?

    package init(
        range: RangeWords = RangeWords(), by: String = "type", types: [String] = [], groups: [String] = [],
        tags: [String] = [], tz: String? = nil
    ) {
        (self.range, self.by, self.types, self.groups, self.tags, self.tz) = (range, by, types, groups, tags, tz)
    }

    struct Input {
        var range: ReportRange
        var grouping: Rollup.Grouping
        var types: Set<String>
        var tags: Set<String>
    }

    /// The words that need no clock, checked first: a mistake is a usage error (exit 64).
    func checkedOptions() throws {
        try range.check()
        if let tz { try Report.checkZone(tz) }
        _ = try Report.grouping(by)
    }

    func checkedInput(_ time: TimeExpression) throws -> Input {
        let grouping = try Report.grouping(by)
        let resolved =
            try range.resolve(time) ?? ReportRange.named(
                "week", now: time.now, calendar: UserCalendar.current(zone: time.zone))!
        return Input(
            range: resolved, grouping: grouping, types: Set(try types.map(InputCheck.typeName)),
            tags: Set(try InputCheck.tags(tags, plusRequired: false)))
    }

    package func perform(in access: VaultAccess) throws -> Reported {
        try checkedOptions()
        if let tz {
            // The whole query reads this zone, as `TZ=… alog report` would: the process's when
            // it is the process's own run, else only this invocation's (a server's other
            // requests keep theirs).
            if let invocation = Invocation.current {
                invocation.zoneOverride.withLock { $0 = tz }
            } else {
                setenv("TZ", tz, 1)
                tzset()
            }
        }
        let time = CommandClock.expression
        let input = try checkedInput(time)
        let vault = try access.open()
        let summary = try vault.summary()
        let (definitions, kept) = (summary.allTypes, try InputCheck.knownTypes(input.types, in: summary))
        let occurrences = try Report.occurrences(vault, from: input.range.from, to: input.range.to)
        Housekeeping.lineIssues(of: vault).forEach(access.report)
        let calendar = UserCalendar.current(zone: time.zone)
        let rollup = Rollup(
            occurrences, range: input.range, grouping: input.grouping, now: time.now, calendar: calendar,
            filter: TypeFilter(types: kept, groups: groups, definitions: definitions), tags: input.tags)
        return Reported(rollup: rollup, calendar: calendar, types: Render.typeMap(definitions))
    }

    package func json(_ reported: Reported, write: ([UInt8]) -> Void) {
        write(Array((ReportView.json(reported.rollup, zone: reported.calendar.zone) + "\n").utf8))
    }
}

/// The rollup over the range, with the zone its days are in and the types' icons.
package struct Reported: Sendable {
    package var rollup: Rollup
    package var calendar: LocalCalendar
    package var types: [String: ActivityTypeDefinition]
}
