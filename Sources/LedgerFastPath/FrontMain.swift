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
        // A write past `ulimit -f` fails with EFBIG and is reported, instead of killing us.
        signal(SIGXFSZ, SIG_IGN)
        let arguments = GlobalOptions.hoisted(given)
        if let status = answer(arguments) { exit(status) }
        FullCLI.exec(arguments)
    }

    /// The exit status of a command line the front answers itself, or nil when it goes to
    /// `alog-full`. `arguments` have their global options hoisted.
    package static func answer(_ arguments: [String]) -> Int32? {
        // As `alog-full` does first: an argument that is not UTF-8 is refused, not repaired.
        if let problem = RawArguments.invalidUTF8() {
            StandardStream.error("Error: \(problem)\n")
            return 1
        }
        // `log` in its everyday form is committed here when the vault allows (`FrontLog`).
        if let log = FrontLog(arguments) {
            guard (try? CommandClock.check()) != nil else { return nil }
            return log.run()
        }
        guard let command = HotCommand(arguments) else { return nil }
        // A tap is stamped with now: refused, like in alog-full, when now is not a time alog
        // records. (Everything else goes to alog-full, which checks the same.)
        do {
            try CommandClock.check()
        } catch {
            StandardStream.error("Error: \(DisplayText.escaped(String(describing: error)))\n")
            return 1
        }
        return command.run()
    }
}
