import LedgerCore
import LedgerReports
import PropertyBased
import TestSupport
import Testing

/// Reports by tag (issue 47): for random tagged schedules, each tag's row of `report --by tag`
/// and the total of `report --tag T…` equal a direct sum over the timeline's windows.
@Suite("Reports by tag")
struct TagRollupTests {
    static let tagPool = ["deep", "Deep Focus", "client-x", "home"]

    @Test("random tagged schedules: each tag's row, and each --tag filter's total, equal a direct sum")
    func perTagEqualsDirectSum() async {
        await propertyCheck(count: 200, input: Gen.int(in: 0...Int.max)) { seed in
            var rng = SplitMix(state: UInt64(seed))
            let zone = TransitionZone.berlin
            let base = seconds("2026-01-01T00:00:00Z")
            func someTags() -> [String] {
                Tags.normalized(Self.tagPool.filter { _ in Int.random(in: 0..<3, using: &rng) == 0 })
            }
            var made: [Entry] = []
            for index in 0..<Int.random(in: 0...14, using: &rng) {
                let start = base + Int64.random(in: 0...(60 * 86_400), using: &rng)
                let end: Int64? =
                    Int.random(in: 0..<5, using: &rng) == 0
                    ? nil : start + Int64.random(in: 0...(2 * 86_400), using: &rng)
                let id = EventID.random(using: &rng)
                made.append(
                    Entry(
                        id: id, type: ["a", "b"].randomElement(using: &rng)!, at: zone.localInstant(at: start),
                        note: nil, isDeleted: false,
                        created: OrderKey(stamp: Stamp(millis: Int64(index)), device: "d", id: id),
                        isTimed: true, end: end.map { zone.localInstant(at: $0) }, tags: someTags()))
            }
            for index in 0..<Int.random(in: 0...8, using: &rng) {
                let id = EventID.random(using: &rng)
                made.append(
                    Entry(
                        id: id, type: "a",
                        at: zone.localInstant(at: base + Int64.random(in: 0...(60 * 86_400), using: &rng)),
                        note: nil, isDeleted: Int.random(in: 0..<6, using: &rng) == 0,
                        created: OrderKey(stamp: Stamp(millis: Int64(1000 + index)), device: "d", id: id),
                        tags: someTags()))
            }
            let from = base + Int64.random(in: 0...(30 * 86_400), using: &rng)
            let range = ReportRange(from: from, to: from + Int64.random(in: 0...(40 * 86_400), using: &rng), label: "r")
            // Past every start, so a running timer always has time.
            let now = base + 70 * 86_400
            let timeline = Timeline(entries: made)
            /// The direct sum: each window's seconds inside the range (a running one up to now),
            /// and each live instant in it, of the entries with all of `wanted`.
            func direct(_ wanted: Set<String>) -> (seconds: Int64, count: Int) {
                var total: (seconds: Int64, count: Int) = (0, 0)
                for interval in timeline.intervals where wanted.isSubset(of: interval.entry.tags) {
                    let end = min(interval.end?.seconds ?? now, range.to)
                    let part = end - max(interval.start.seconds, range.from)
                    if part > 0 { total = (total.seconds + part, total.count + 1) }
                }
                for entry in made where !entry.isTimed && !entry.isDeleted && wanted.isSubset(of: entry.tags) {
                    if range.from <= entry.at.seconds && entry.at.seconds < range.to { total.count += 1 }
                }
                return total
            }
            func report(_ tags: Set<String>, by grouping: Rollup.Grouping) -> Rollup {
                Rollup(
                    entries: made, timeline: timeline, range: range, grouping: grouping, now: now,
                    calendar: LocalCalendar(zone: zone), tags: tags)
            }
            let byTag = report([], by: .tag)
            for tag in Self.tagPool {
                let want = direct([tag])
                let row = byTag.rows.first { $0.key == tag }
                #expect((row?.seconds ?? 0, row?.count ?? 0) == want, "row \(tag)")
                let filtered = report([tag], by: .type)
                #expect((filtered.total.seconds, filtered.total.count) == want, "--tag \(tag)")
            }
            // Several --tag: entries with all of them.
            let pair: Set<String> = ["deep", "home"]
            let both = report(pair, by: .day)
            #expect((both.total.seconds, both.total.count) == direct(pair))
            // By tag, the total counts each window once, however many tags it has.
            #expect(byTag.total.seconds == report([], by: .type).total.seconds)
            #expect(byTag.total.seconds == direct([]).seconds)
            // A tag nobody has keeps nothing.
            #expect(report(["nobody"], by: .type).total == Rollup.Row(key: "total"))
        }
    }
}
