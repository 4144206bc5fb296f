import LedgerCore
import LedgerEnvironment
import LedgerSystem

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What the front executable does: answer a hot command, or hand the command line to
/// `alog-full`.
package enum FrontMain {
    package static func run(_ given: [String]) -> Never {
        let arguments = GlobalOptions.hoisted(given)
        // A write past `ulimit -f` fails with EFBIG and is reported, instead of killing us.
        signal(SIGXFSZ, SIG_IGN)
        // As `alog-full` does first: an argument that is not UTF-8 is refused, not repaired.
        if let problem = RawArguments.invalidUTF8() {
            StandardStream.error("Error: \(problem)\n")
            exit(1)
        }
        if let command = HotCommand(arguments) {
            // A tap is stamped with now: refused, like in alog-full, when now is not a time alog
            // records. (Everything else goes to alog-full, which checks the same.)
            do {
                try CommandClock.check()
            } catch {
                StandardStream.error("Error: \(DisplayText.escaped(String(describing: error)))\n")
                exit(1)
            }
            if let status = command.run() { exit(status) }
        }
        FullCLI.exec(arguments)
    }
}
