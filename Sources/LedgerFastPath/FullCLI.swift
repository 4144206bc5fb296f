import LedgerSystem

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Hands the command line to `alog-full`, installed beside this binary (or at `$ALOG_FULL`);
/// `alog-full` hands the task commands to `alog-notes` the same way (or at `$ALOG_NOTES`).
package enum FullCLI {
    package static func exec(_ arguments: [String], program: String = "alog-full", variable: String = "ALOG_FULL")
        -> Never
    {
        let path = location(program, variable)
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        execv(path, argv)
        let reason = String(cString: strerror(errno))
        StandardStream.error(
            "Error: cannot start \(path) (\(reason)); \(program) must be installed beside alog (or set \(variable))\n")
        exit(127)
    }

    /// Starts `alog-full` with `arguments` in the background (`Launcher.detach`): it runs on
    /// after this process ends, silent. False when it could not be started.
    package static func startInBackground(_ arguments: [String]) -> Bool {
        Launcher.detach(location("alog-full", "ALOG_FULL"), arguments)
    }

    private static func location(_ program: String, _ variable: String) -> String {
        if let explicit = FileSystem.environment(variable), !explicit.isEmpty { return explicit }
        let executable = FileSystem.executablePath()
        var own = executable ?? (CommandLine.arguments.first ?? "alog")
        if executable == nil, !own.contains("/") { own = "./" + own }
        let directory = own.lastIndex(of: "/").map { String(own[..<$0]) } ?? "."
        return directory + "/" + program
    }
}
