import LedgerSystem

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What the front executable does: answer a hot command, or hand the command line to
/// `alog-full`.
public enum FrontMain {
    public static func run(_ arguments: [String]) -> Never {
        if let command = HotCommand(arguments), let status = command.run() {
            exit(status)
        }
        FullCLI.exec(arguments)
    }
}
