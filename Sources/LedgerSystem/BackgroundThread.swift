#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs one piece of work on a thread of its own while the caller does another, for the few
/// CPU-bound jobs (a full rebuild) that can use a second core. Plain POSIX threads: no
/// executor or dispatch queue is started for a one-shot CLI.
///
/// The work must not share anything that is not thread-safe with the caller (for libgit2:
/// its own repository handle).
package final class BackgroundThread<Result: Sendable>: @unchecked Sendable {
    private let work: @Sendable () throws -> Result
    // Written by the thread before it exits and read by `join` after pthread_join: the join
    // orders the two accesses.
    private var outcome: Swift.Result<Result, any Error>?
    private var thread: pthread_t?

    /// Starts `work` at once. If no thread can be started, it runs on the caller's thread
    /// when `join` is called.
    package init(_ work: @escaping @Sendable () throws -> Result) {
        self.work = work
        let start = Unmanaged.passRetained(ThreadStart { [self] in outcome = Swift.Result { try work() } }).toOpaque()
        #if canImport(Glibc)
            var handle = pthread_t()
        #else
            var handle: pthread_t?
        #endif
        let status = pthread_create(
            &handle, nil,
            { raw in
                Unmanaged<ThreadStart>.fromOpaque(raw!).takeRetainedValue().run()
                return nil
            }, start)
        if status == 0 {
            thread = handle
        } else {
            Unmanaged<ThreadStart>.fromOpaque(start).release()
        }
    }

    deinit {
        // Never joined: let the finished thread's resources go.
        if let thread { pthread_detach(thread) }
    }

    /// Waits for the work to end and returns its result (or throws its error).
    package func join() throws -> Result {
        if let thread {
            pthread_join(thread, nil)
            self.thread = nil
        }
        if outcome == nil { outcome = Swift.Result { try work() } }
        return try outcome!.get()
    }
}

/// The thread's entry point, non-generic so a C function pointer can call it.
private final class ThreadStart {
    let run: () -> Void
    init(_ run: @escaping () -> Void) { self.run = run }
}
