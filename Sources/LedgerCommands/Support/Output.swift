import ArgumentParser
import LedgerCore
import LedgerSystem

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

/// Writes a command's output to the file the user named (`--svg FILE`, `--output FILE`), whole
/// or not at all; a file that cannot be written is refused with why.
func writeOutput(_ text: String, to path: String) throws {
    do {
        _ = try FileSystem.writeAtomically(path, Array(text.utf8))
    } catch let failure as FileSystem.Failure {
        throw ValidationError(
            "cannot write \(DisplayText.quoted(path)) (\(failure.reason)); give a file in a folder you can write")
    }
}
