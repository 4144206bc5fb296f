package import LedgerCore

/// Days in a row with at least one entry, per type: `alog streaks`. A day is a local day of
/// the calendar's zone, and an entry counts on the day it starts. Today not logged yet does not
/// break the current streak until the day is over: it then runs up to yesterday.
package struct Streak: Sendable, Equatable {
    package var type: String
    /// Entries started today.
    package var today: Int
    /// The run of days that ends today (or yesterday, when today has none yet).
    package var current: Int
    /// The longest run ever.
    package var best: Int

    package init(type: String, today: Int, current: Int, best: Int) {
        (self.type, self.today, self.current, self.best) = (type, today, current, best)
    }

    /// The streaks of every type that has a live entry, in `order` (types not in it after,
    /// by name).
    package static func all(
        entries: some Sequence<Entry>, calendar: LocalCalendar, now: Int64, order: [String] = []
    ) -> [Streak] {
        all(
            Occurrences(entries: entries, timeline: Timeline(entries: [Entry]())), calendar: calendar, now: now,
            order: order)
    }

    /// The same from the entries' starts (what the time index reads).
    package static func all(_ occurrences: Occurrences, calendar: LocalCalendar, now: Int64, order: [String] = [])
        -> [Streak]
    {
        var dayNumbers = [Set<Int64>](repeating: [], count: occurrences.typeNames.count)
        var counts = [Int](repeating: 0, count: occurrences.typeNames.count)
        let today = calendar.date(of: now).daysSinceEpoch
        var local = LocalCalendar.Days(calendar)
        for start in occurrences.starts {
            let day = local.date(of: start.at).daysSinceEpoch
            dayNumbers[Int(start.type)].insert(day)
            if day == today { counts[Int(start.type)] += 1 }
        }
        var days: [String: Set<Int64>] = [:]
        var todayCounts: [String: Int] = [:]
        for (number, name) in occurrences.typeNames.enumerated() where !dayNumbers[number].isEmpty {
            days[name, default: []].formUnion(dayNumbers[number])
            todayCounts[name, default: 0] += counts[number]
        }
        let rank = Dictionary(order.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
        return days.keys.sorted { (rank[$0] ?? Int.max, $0) < (rank[$1] ?? Int.max, $1) }.map { type in
            let set = days[type]!
            var current = 0
            var day = set.contains(today) ? today : today - 1
            while set.contains(day) {
                current += 1
                day -= 1
            }
            var best = 0
            for start in set where !set.contains(start - 1) {
                var length = 1
                while set.contains(start + Int64(length)) { length += 1 }
                best = max(best, length)
            }
            return Streak(type: type, today: todayCounts[type] ?? 0, current: current, best: best)
        }
    }
}
