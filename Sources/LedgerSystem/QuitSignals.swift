#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// SIGTERM and SIGHUP held back and asked for, for a loop that must end tidily (give the
/// terminal back) when it is told to stop: no handler, so nothing races with the loop.
package enum QuitSignals {
    /// Blocks SIGTERM and SIGHUP for this thread (and threads it starts): they wait until asked.
    package static func hold() {
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGTERM)
        sigaddset(&set, SIGHUP)
        pthread_sigmask(SIG_BLOCK, &set, nil)
    }

    /// True once SIGTERM or SIGHUP has arrived.
    package static var arrived: Bool {
        var pending = sigset_t()
        sigemptyset(&pending)
        sigpending(&pending)
        return sigismember(&pending, SIGTERM) == 1 || sigismember(&pending, SIGHUP) == 1
    }
}
