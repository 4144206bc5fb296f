package import LedgerCore
import LedgerEnvironment
package import LedgerOutput
package import LedgerReports
package import LedgerVault

// The short reads: each a query, its outcome, and the `--json` text the CLI prints for it.

/// `types list [--all]`: the known types, favorites first, then the order set, then by name.
package struct TypesQuery: ReadUseCase {
    /// Also the removed (archived) types.
    package var all: Bool

    package init(all: Bool = false) { self.all = all }

    package func perform(in access: VaultAccess) throws -> TypeListing {
        let summary = try access.open().summary()
        return TypeListing(types: summary.types(includingRemoved: all), catalog: summary.catalog)
    }

    package func json(_ listing: TypeListing, write: ([UInt8]) -> Void) { write(line(listing.json())) }
}

/// `goals list`: the daily goals with today's totals.
package struct GoalsQuery: ReadUseCase {
    package init() {}

    package func perform(in access: VaultAccess) throws -> [TimerView.Goal] {
        TimerView.goals(try access.open().summary(), now: CommandClock.nowSeconds, zone: SystemTimeZone())
    }

    package func json(_ goals: [TimerView.Goal], write: ([UInt8]) -> Void) {
        write(line(JSONText.array(goals.map(TimerView.goalJSON))))
    }
}

/// `tags`: each tag in use, with how many live entries carry it and their time.
package struct TagsQuery: ReadUseCase {
    package init() {}

    package func perform(in access: VaultAccess) throws -> Rollup {
        let time = CommandClock.expression
        let vault = try access.open()
        let range = ReportRange.named("all", now: time.now, calendar: UserCalendar.current(zone: time.zone))!
        let occurrences = try Report.occurrences(vault, from: range.from, to: range.to)
        Housekeeping.lineIssues(of: vault).forEach(access.report)
        return Rollup(
            occurrences, range: range, grouping: .tag, now: time.now, calendar: UserCalendar.current(zone: time.zone))
    }

    /// The rows with a tag (entries without one are not a tag).
    static func rows(_ rollup: Rollup) -> [Rollup.Row] { rollup.rows.filter { $0.key != Rollup.untagged } }

    package func json(_ rollup: Rollup, write: ([UInt8]) -> Void) {
        write(
            line(
                JSONText.array(
                    Self.rows(rollup).map {
                        JSONText.object([
                            ("tag", JSONText.string($0.key)), ("count", String($0.count)),
                            ("seconds", String($0.seconds)),
                        ])
                    })))
    }
}

/// `remote list`: the remotes, with their URLs.
package struct RemotesQuery: ReadUseCase {
    package init() {}

    package func perform(in access: VaultAccess) throws -> [Vault.Remote] { try access.open().remotes() }

    package func json(_ remotes: [Vault.Remote], write: ([UInt8]) -> Void) {
        write(
            line(
                JSONText.array(
                    remotes.map {
                        JSONText.object([("name", JSONText.string($0.name)), ("url", JSONText.string($0.url))])
                    })))
    }
}

/// `audit`: the raw event log, oldest first, with each event's commit, device and author.
package struct AuditQuery: ReadUseCase {
    package init() {}

    package func perform(in access: VaultAccess) throws -> [Vault.AuditRecord] { try access.open().auditTrail() }

    package func json(_ records: [Vault.AuditRecord], write: ([UInt8]) -> Void) {
        write(line(JSONText.array(records.map(Render.auditJSON))))
    }
}

/// `streaks [--tag T…]`: per type, today's entries, the current streak and the best.
package struct StreaksQuery: ReadUseCase {
    package var tags: [String]

    package init(tags: [String] = []) { self.tags = tags }

    package func perform(in access: VaultAccess) throws -> FoundStreaks {
        let time = CommandClock.expression
        let tagged = Set(try InputCheck.tags(tags, plusRequired: false))
        let vault = try access.open()
        let summary = try vault.summary()
        let occurrences = try Report.occurrences(vault, from: .min, to: .max).keeping(tags: tagged)
        Housekeeping.lineIssues(of: vault).forEach(access.report)
        let streaks = Streak.all(
            occurrences, calendar: UserCalendar.current(zone: time.zone), now: time.now,
            order: summary.types.map(\.name))
        return FoundStreaks(streaks: streaks, types: Render.typeMap(summary.allTypes))
    }

    package func json(_ found: FoundStreaks, write: ([UInt8]) -> Void) {
        write(
            line(
                JSONText.array(
                    found.streaks.map {
                        JSONText.object([
                            ("type", JSONText.string($0.type)), ("today", String($0.today)),
                            ("current", String($0.current)), ("best", String($0.best)),
                        ])
                    })))
    }
}

/// What `streaks` found: a row per type, and the types' icons.
package struct FoundStreaks: Sendable {
    package var streaks: [Streak]
    package var types: [String: ActivityTypeDefinition]
}

/// A JSON text as the CLI prints it: one line.
private func line(_ text: String) -> [UInt8] { Array((text + "\n").utf8) }
