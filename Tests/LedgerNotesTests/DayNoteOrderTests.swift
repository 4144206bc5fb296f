import LedgerCore
import Testing

@testable import LedgerNotes

/// `inStartOrder`, the region's order, against the plain stable sort by
/// `DayNoteEntry.startsFirst` it stands in for.
@Suite("Day notes: entries in start order")
struct DayNoteOrderTests {
    @Test("every generated day: the order of a stable sort by start, then id")
    func sameAsStableSort() {
        var generator = DayNoteRandom(state: 24)
        for _ in 0..<500 {
            let count = Int.random(in: 0...40, using: &generator)
            // Few distinct starts and ids, so that ties (even of both) happen.
            let entries = (0..<count).map { index in
                DayNoteEntry(
                    id: EventID(rawValue: UInt64.random(in: 0...6, using: &generator)), type: "t\(index)",
                    start: LocalInstant(seconds: Int64.random(in: 0...5, using: &generator) * 60, offset: 3600),
                    isTimed: Bool.random(using: &generator), note: "n\(index)")
            }
            #expect(entries.inStartOrder() == entries.sorted(by: DayNoteEntry.startsFirst))
            let sorted = entries.sorted(by: DayNoteEntry.startsFirst)
            #expect(sorted.inStartOrder() == sorted)
        }
    }
}
