package import LedgerCore

/// timewarrior's `gaps`: the stretches of a range no timer covers. Windows are laid as the
/// timeline lays them (a running one up to now); the range stops at now, since time that has
/// not come yet is not untracked.
package enum Gaps {
    package struct Gap: Sendable, Equatable {
        package var start: Int64
        package var end: Int64
        package var seconds: Int64 { end - start }

        package init(start: Int64, end: Int64) { (self.start, self.end) = (start, end) }
    }

    /// The untracked stretches of `[from, min(to, now))`, oldest first. Windows may come in any
    /// order and overlap.
    package static func between(_ windows: [Occurrences.Window], from: Int64, to: Int64, now: Int64) -> [Gap] {
        let end = min(to, now)
        guard from < end else { return [] }
        let covered = windows.map { (start: max($0.start, from), end: min($0.end ?? now, end)) }
            .filter { $0.start < $0.end }.sorted { $0.start < $1.start }
        var gaps: [Gap] = []
        var cursor = from
        for window in covered {
            if window.start > cursor { gaps.append(Gap(start: cursor, end: window.start)) }
            cursor = max(cursor, window.end)
        }
        if cursor < end { gaps.append(Gap(start: cursor, end: end)) }
        return gaps
    }
}
