/// Hands out consecutive runs of `0..<count` to whichever thread asks next, so threads that
/// share a job finish together even when some items cost more than others.
package final class WorkRuns: Sendable {
    package let count: Int
    private let runLength: Int
    private let next = Locked(0)

    package init(count: Int, runLength: Int) {
        self.count = count
        self.runLength = max(1, runLength)
    }

    /// The next run not yet handed out, or nil when all are.
    package func take() -> Range<Int>? {
        next.withLock { next in
            guard next < count else { return nil }
            let run = next..<min(next + runLength, count)
            next = run.upperBound
            return run
        }
    }
}
