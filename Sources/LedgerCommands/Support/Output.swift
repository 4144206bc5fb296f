import ArgumentParser
import LedgerCore
import LedgerSystem

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Prints a line to stdout (buffered; `alog-full`'s `main` flushes it before it exits), or to
/// the running `Invocation`'s output.
func emit(_ text: String) {
    if Invocation.current != nil { return StandardStream.output(text + "\n") }
    print(text)
}

/// Writes part of a long output (no newline added) as it is made. Standard output's buffer
/// buffers are flushed first (fflush of all streams), so what was printed before comes first.
func emitPart(_ bytes: [UInt8]) {
    if Invocation.current == nil { fflush(nil) }
    StandardStream.output(bytes: bytes)
}

/// Prints a line of plain text (no styles) that may hold text from outside alog (a path, a
/// name, a URL, a line of a damaged file): its control characters are shown escaped.
func emitLine(_ text: String) { emit(DisplayText.escaped(text)) }

/// Writes a command's output to the file the user named (`--svg FILE`, `--output FILE`), whole
/// or not at all; a file that cannot be written is refused with why.
func writeOutput(_ text: String, to path: String) throws {
    do {
        _ = try FileSystem.writeAtomically(path, Array(text.utf8))
    } catch let failure as FileSystem.Failure {
        throw ValidationError(
            "cannot write \(DisplayText.quotedPath(path)) (\(failure.reason)); give a file in a folder you can write")
    }
}
