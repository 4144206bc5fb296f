#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Prints to stdout.
func emit(_ text: String) { print(text) }

/// Ends a successful command at once: a fold of millions of events leaves a large state in
/// memory, and freeing it piece by piece only delays the exit.
func finishSuccessfully() -> Never {
    fflush(nil)
    exit(0)
}
