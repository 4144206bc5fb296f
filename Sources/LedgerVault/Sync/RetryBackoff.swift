/// How long a sync waits before it tries again after another device won the race to push: a
/// window that doubles with every attempt (from `base` up to `cap` milliseconds) and a random
/// point in its upper half. Two devices that collided wait different times, and the more often
/// they collide the further apart they spread, so neither starves.
struct RetryBackoff {
    var base = 40
    var cap = 2_000

    /// Milliseconds to wait after failed attempt number `attempt` (1 for the first).
    func delay(attempt: Int, using generator: inout some RandomNumberGenerator) -> Int {
        let doublings = min(max(attempt - 1, 0), 16)
        let window = min(cap, base << doublings)
        return Int.random(in: (window / 2)...window, using: &generator)
    }
}
