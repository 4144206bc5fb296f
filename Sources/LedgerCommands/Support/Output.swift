import LedgerCore

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

/// Prints a line of plain text (no styles) that may hold text from outside alog (a path, a
/// name, a URL, a line of a damaged file): its control characters are shown escaped.
func emitLine(_ text: String) { print(DisplayText.escaped(text)) }
