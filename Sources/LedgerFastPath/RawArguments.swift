import LedgerCore
import LedgerSystem

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The command line as the kernel gave it. Swift's `CommandLine.arguments` repairs invalid
/// UTF-8 (each bad byte becomes U+FFFD), so a note in another encoding would be recorded
/// damaged without a word; both executables refuse it first, with this message.
package enum RawArguments {
    /// Why an argument of this process is not UTF-8 (which one, at which byte), or nil.
    package static func invalidUTF8() -> String? {
        // An invocation's arguments are Swift strings already.
        guard Invocation.current == nil else { return nil }
        return invalidUTF8(argc: CommandLine.argc, argv: CommandLine.unsafeArgv)
    }

    /// `invalidUTF8()` for a given `argc` and `argv`. An `argc` of 0 (a process started with
    /// an empty argument vector) has no arguments to check.
    package static func invalidUTF8(argc: Int32, argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> String? {
        guard argc > 1 else { return nil }
        for index in 1..<Int(argc) {
            guard let word = argv[index] else { continue }
            let bytes = UnsafeRawBufferPointer(start: word, count: strlen(word))
            guard let problem = DisplayText.utf8Problem(bytes) else { continue }
            let shown = DisplayText.quoted(String(decoding: bytes, as: UTF8.self))
            return
                "argument \(index) (\(shown)) is not valid UTF-8: \(problem); alog takes text in UTF-8 (check the terminal's encoding, or give a note in a UTF-8 file with --note-file). Nothing was written"
        }
        return nil
    }
}
