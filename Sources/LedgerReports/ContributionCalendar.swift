package import LedgerCore

/// A GitHub-style year of days: for each local day of the last `weeks` weeks (whole weeks,
/// the last one holding today), how much was recorded and its level, 0 to 4 (the Green Streak
/// seed's rule: 0 for nothing, else `min(4, ceil(4 × value / max))`; or by quartiles of the
/// non-empty days, as git-cal colours).
package struct ContributionCalendar: Sendable, Equatable {
    package enum Levels: String, Sendable, CaseIterable { case seed, quantile }
    package enum Measure: String, Sendable, CaseIterable { case count, seconds }

    package struct Day: Sendable, Equatable {
        package var date: CivilDate
        /// Entries started that day, or with `Measure.seconds` the seconds of timer windows in it.
        package var value: Int64
        package var level: Int
        /// After today: shown empty, never counted.
        package var future: Bool
    }

    /// Oldest first, whole weeks from the calendar's first day of the week (a Monday by default).
    package var days: [Day]
    package var today: CivilDate
    package var maxValue: Int64
    /// The smallest value of each level 1…4 (for the legend).
    package var thresholds: [Int64]
    package var measure: Measure

    package init(
        entries: some Sequence<Entry>, timeline: Timeline, calendar: LocalCalendar, now: Int64, weeks: Int,
        types: Set<String> = [], measure: Measure = .count, levels: Levels = .seed
    ) {
        self.init(
            Occurrences(entries: entries, timeline: timeline), calendar: calendar, now: now, weeks: weeks,
            types: types, measure: measure, levels: levels)
    }

    /// The same from the entries' starts and windows (what the time index reads).
    package init(
        _ occurrences: Occurrences, calendar: LocalCalendar, now: Int64, weeks: Int, types: Set<String> = [],
        measure: Measure = .count, levels: Levels = .seed
    ) {
        let today = calendar.date(of: now)
        let firstWeekStart = Self.firstWeekStart(calendar: calendar, today: today, weeks: weeks)
        let first = firstWeekStart.daysSinceEpoch
        let last = calendar.weekStart(of: today).daysSinceEpoch + 6
        var values = [Int64](repeating: 0, count: Int(last - first + 1))
        let (from, to) = Self.span(calendar: calendar, now: now, weeks: weeks)
        let kept = occurrences.mask { types.isEmpty || types.contains($0) }
        switch measure {
        case .count:
            var local = LocalCalendar.Days(calendar)
            for start in occurrences.starts where kept[Int(start.type)] {
                guard start.at >= from, start.at < to else { continue }
                values[Int(local.date(of: start.at).daysSinceEpoch - first)] += 1
            }
        case .seconds:
            for window in occurrences.windows where kept[Int(window.type)] {
                let start = max(window.start, from)
                let end = min(window.end ?? max(now, window.start), to, now)
                guard start < end else { continue }
                calendar.days(from: start, to: end) { date, seconds in
                    values[Int(date.daysSinceEpoch - first)] += seconds
                }
            }
        }
        let maxValue = values.max() ?? 0
        let present = values.filter { $0 > 0 }.sorted()
        var thresholds: [Int64]
        switch levels {
        case .seed:
            // The smallest value reaching each level under min(4, ceil(4v/max)).
            thresholds = (1...4).map { level in maxValue == 0 ? 1 : max(1, (Int64(level - 1) * maxValue) / 4 + 1) }
        case .quantile:
            thresholds = [1] + [1, 2, 3].map { quarter in present.isEmpty ? 1 : present[present.count * quarter / 4] }
        }
        func level(_ value: Int64) -> Int {
            guard value > 0 else { return 0 }
            switch levels {
            case .seed: return Int(min(4, (4 * value + maxValue - 1) / max(1, maxValue)))
            case .quantile: return thresholds.lastIndex { value >= $0 }.map { $0 + 1 } ?? 1
            }
        }
        days = values.enumerated().map { index, value in
            let date = CivilDate(daysSinceEpoch: first + Int64(index))
            let future = date > today
            return Day(date: date, value: future ? 0 : value, level: future ? 0 : level(value), future: future)
        }
        self.today = today
        self.maxValue = maxValue
        self.thresholds = thresholds
        self.measure = measure
    }

    /// The instants the grid counts: from its first day's start to the end of today.
    package static func span(calendar: LocalCalendar, now: Int64, weeks: Int) -> (from: Int64, to: Int64) {
        let today = calendar.date(of: now)
        return (
            calendar.start(of: firstWeekStart(calendar: calendar, today: today, weeks: weeks)),
            calendar.start(of: today.adding(days: 1))
        )
    }

    private static func firstWeekStart(calendar: LocalCalendar, today: CivilDate, weeks: Int) -> CivilDate {
        calendar.weekStart(of: today).adding(days: -7 * Int64(max(1, weeks) - 1))
    }

    /// The seed's palette: empty, then levels 1 to 4.
    package static let palette = ["#EBEDF0", "#9BE9A8", "#40C463", "#30A14E", "#216E39"]
}
