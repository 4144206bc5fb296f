package import LedgerCore

/// Time and counts per type, group, day, week or month over a range: what `alog report` shows.
///
/// Timed entries add the seconds of their window inside the range (as the timeline lays the
/// windows: a timer left running ends where the next one starts, a running one counts up to
/// `now`); instants add a count. When rows are days, weeks or months, a window crossing a local
/// midnight is split at it, so a day of a daylight-saving change has 23 or 25 hours and no
/// second is lost or counted twice. A window's count goes to the row of its first second
/// inside the range, so the counts of the rows add up to the total as the seconds do.
package struct Rollup: Sendable, Equatable {
    package enum Grouping: String, Sendable, CaseIterable {
        case type, group, tag, day, week, month
    }

    package struct Row: Sendable, Equatable {
        /// The type or group name, `YYYY-MM-DD` (a day, or a week by its first day) or `YYYY-MM`.
        package var key: String
        package var seconds: Int64 = 0
        package var count: Int = 0
        /// A running timer adds to this row.
        package var running = false

        package init(key: String) { self.key = key }
    }

    package var range: ReportRange
    package var grouping: Grouping
    /// In key order: types and groups by time then name, days, weeks and months in order.
    package var rows: [Row]
    package var total: Row

    /// The row of everything without a group, when rows are groups.
    package static let ungrouped = TypeFilter.ungrouped
    /// The row of the entries without a tag, when rows are tags.
    package static let untagged = "(no tag)"

    /// Folds `entries` (live and deleted alike: deleted ones are left out) and the timeline's
    /// windows over `range`, for the types `filter` keeps (it also gives a type's group).
    package init(
        entries: some Sequence<Entry>, timeline: Timeline, range: ReportRange, grouping: Grouping, now: Int64,
        calendar: LocalCalendar, filter: TypeFilter = TypeFilter(), tags: Set<String> = []
    ) {
        self.init(
            Occurrences(entries: entries, timeline: timeline), range: range, grouping: grouping, now: now,
            calendar: calendar, filter: filter, tags: tags)
    }

    /// The same from the entries' starts and windows (what the time index reads). `tags`: only
    /// the occurrences that have every one of them. With rows by tag, an occurrence adds to the
    /// row of each of its tags (`untagged` when it has none), and once to the total.
    package init(
        _ occurrences: Occurrences, range: ReportRange, grouping: Grouping, now: Int64, calendar: LocalCalendar,
        filter: TypeFilter = TypeFilter(), tags: Set<String> = []
    ) {
        self.range = range
        self.grouping = grouping
        let occurrences = occurrences.keeping(tags: tags)
        let kept = occurrences.mask(filter.keeps)
        let names = occurrences.typeNames
        var rows: [String: Row] = [:]
        var total = Row(key: "total")
        func addRow(_ key: String, seconds: Int64, count: Int, running: Bool) {
            rows[key, default: Row(key: key)].seconds += seconds
            rows[key]!.count += count
            rows[key]!.running = rows[key]!.running || running
        }
        func add(_ key: String, seconds: Int64, count: Int, running: Bool, tags: [UInt32] = []) {
            if grouping == .tag {
                if tags.isEmpty { addRow(Self.untagged, seconds: seconds, count: count, running: running) }
                for tag in tags {
                    addRow(occurrences.tagNames[Int(tag)], seconds: seconds, count: count, running: running)
                }
            } else {
                addRow(key, seconds: seconds, count: count, running: running)
            }
            total.seconds += seconds
            total.count += count
            total.running = total.running || running
        }
        func key(_ type: UInt32, _ date: @autoclosure () -> CivilDate) -> String {
            switch grouping {
            case .type: names[Int(type)]
            case .group: filter.group(of: names[Int(type)])
            case .tag: ""
            case .day: date().iso
            case .week: calendar.weekStart(of: date()).iso
            case .month: date().isoMonth
            }
        }
        let splitsDays = [.day, .week, .month].contains(grouping)
        // Instants by type, counted per type first: a year of them is one count per type and day.
        var counts: [UInt32: Int] = [:]
        var local = LocalCalendar.Days(calendar)
        for start in occurrences.starts where !start.isTimed && kept[Int(start.type)] {
            guard range.from <= start.at, start.at < range.to else { continue }
            if grouping == .tag {
                add("", seconds: 0, count: 1, running: false, tags: start.tags)
            } else if splitsDays {
                add(key(start.type, local.date(of: start.at)), seconds: 0, count: 1, running: false)
            } else {
                counts[start.type, default: 0] += 1
            }
        }
        for (type, count) in counts {
            add(key(type, CivilDate(daysSinceEpoch: 0)), seconds: 0, count: count, running: false)
        }
        for window in occurrences.windows where kept[Int(window.type)] {
            let openEnd = window.end ?? max(now, window.start)
            // Running, and counted up to now (not cut off by the range's end).
            let running = window.end == nil && openEnd <= range.to
            let end = min(openEnd, range.to)
            let start = max(window.start, range.from)
            // A window outside the range adds nothing, nor does an empty one (a timer a later
            // start cut to nothing), unless it is the timer running since this very second.
            guard start < end || (running && start == end && start >= range.from && start < range.to) else {
                continue
            }
            var count = 1
            guard splitsDays else {
                add(
                    key(window.type, calendar.date(of: start)), seconds: end - start, count: count, running: running,
                    tags: window.tags)
                continue
            }
            // Day by day: each part to the day (week, month) it falls in; the window's count and
            // its running mark to its first and last part.
            var left = end - start
            calendar.days(from: start, to: end) { date, seconds in
                left -= seconds
                add(key(window.type, date), seconds: seconds, count: count, running: running && left == 0)
                count = 0
            }
        }
        self.total = total
        self.rows = Array(rows.values).sorted { a, b in
            switch grouping {
            case .type, .group, .tag: (a.seconds, a.count, b.key) > (b.seconds, b.count, a.key)
            case .day, .week, .month: a.key < b.key
            }
        }
    }
}
