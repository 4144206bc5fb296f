#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Hands out consecutive runs of `0..<count` to whichever thread asks next, so threads that
/// share a job finish together even when some items cost more than others.
public final class WorkRuns: @unchecked Sendable {
    public let count: Int
    private let runLength: Int
    // Guarded by `lock`.
    private var next = 0
    private let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

    public init(count: Int, runLength: Int) {
        self.count = count
        self.runLength = max(1, runLength)
        pthread_mutex_init(lock, nil)
    }

    deinit {
        pthread_mutex_destroy(lock)
        lock.deallocate()
    }

    /// The next run not yet handed out, or nil when all are.
    public func take() -> Range<Int>? {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        guard next < count else { return nil }
        let run = next..<min(next + runLength, count)
        next = run.upperBound
        return run
    }
}
