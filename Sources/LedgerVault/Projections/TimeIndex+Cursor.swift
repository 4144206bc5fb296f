public import LedgerCore

/// A place in the time index to list from: an entry's start and, to tell apart the entries of
/// one second, its id (`history --before` / `--after`, the web's History pages). The place
/// stays meaningful while entries are added, edited or deleted around it: it names a time, not
/// a row number.
public struct TimeCursor: Sendable, Equatable {
    public var seconds: Int64
    public var id: EventID?

    public init(seconds: Int64, id: EventID? = nil) {
        (self.seconds, self.id) = (seconds, id)
    }
}

extension TimeIndex {
    /// Where `cursor` falls among the rows (oldest first): the rows before it are `..<below`,
    /// the rows after it `above...`. Without an id, the rows before are those starting before
    /// its second and the rows after those starting at or after it. With an id, the entry's
    /// own row is neither; when that entry no longer starts at that second (edited or deleted
    /// since), the cursor is taken as falling between the rows before its second and those
    /// after it. A binary search, then the rows of that one second.
    public func split(at cursor: TimeCursor) throws -> (below: Int, above: Int) {
        let first = firstRow(atOrAfter: cursor.seconds)
        guard let id = cursor.id else { return (first, first) }
        var number = first
        while number < count, seconds(number) == cursor.seconds {
            if try row(number).id == id { return (number, number + 1) }
            number += 1
        }
        return (first, number)
    }
}
