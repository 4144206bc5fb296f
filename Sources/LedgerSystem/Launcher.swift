#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Opens a URL with the desktop's handler (`xdg-open`, `open` on macOS), without waiting for
/// it: the handler runs on in its own process group.
package enum Launcher {
    /// Starts `xdg-open url`; returns why it could not, or nil once it started.
    package static func open(_ url: String) -> String? {
        #if os(macOS)
            let program = "open"
        #else
            let program = "xdg-open"
        #endif
        let override = FileSystem.environment("ALOG_OPENER").flatMap { $0.isEmpty ? nil : $0 }
        return run(override ?? program, [url])
    }

    /// Starts `program` (searched on PATH) with `arguments`; returns why it could not, or nil.
    /// Inside an `Invocation` (a test, the web server) the program is searched on the
    /// invocation's PATH and gets the invocation's environment, as a child of that run would.
    package static func run(_ program: String, _ arguments: [String]) -> String? {
        if let invocation = Invocation.current {
            let folders = (invocation.environment["PATH"] ?? "").split(separator: ":")
            let candidates: [String] = program.contains("/") ? [program] : folders.map { "\($0)/\(program)" }
            let found = candidates.first { access($0, X_OK) == 0 }
            guard let found else { return "cannot start \(program): not found on PATH" }
            let pairs: [String] = invocation.environment.map { "\($0.key)=\($0.value)" }
            let environment: [UnsafeMutablePointer<CChar>?] = pairs.map { strdup($0) } + [nil]
            defer { environment.forEach { free($0) } }
            return spawn(found, arguments, environment: environment)
        }
        return spawn(program, arguments, environment: nil)
    }

    /// Starts the executable at `path` with `arguments` in a process group of its own (no
    /// Ctrl-C of the terminal reaches it), its standard input and output on `/dev/null`, and
    /// does not wait for it (it outlives this process); false when it could not be started.
    package static func detach(_ path: String, _ arguments: [String]) -> Bool {
        start(path, arguments, environment: nil, searching: false, silent: true) == 0
    }

    private static func spawn(_ program: String, _ arguments: [String], environment: [UnsafeMutablePointer<CChar>?]?)
        -> String?
    {
        let status = start(program, arguments, environment: environment, searching: true, silent: false)
        guard status == 0 else { return "cannot start \(program): \(String(cString: strerror(status)))" }
        return nil
    }

    /// `posix_spawn` (`posix_spawnp` when `searching` PATH) in a process group of its own, with
    /// `environment` (nil: this process's); `silent` puts the standard streams on `/dev/null`.
    /// Returns its status (0: started).
    private static func start(
        _ program: String, _ arguments: [String], environment: [UnsafeMutablePointer<CChar>?]?, searching: Bool,
        silent: Bool
    ) -> Int32 {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
        posix_spawnattr_setpgroup(&attributes, 0)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if silent {
            for fd: Int32 in 0...2 {
                posix_spawn_file_actions_addopen(&actions, fd, "/dev/null", fd == 0 ? O_RDONLY : O_WRONLY, 0)
            }
        }
        let argv = ([program] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid = pid_t()
        let call = searching ? posix_spawnp : posix_spawn
        if let environment { return call(&pid, program, &actions, &attributes, argv, environment) }
        return call(&pid, program, &actions, &attributes, argv, environ)
    }
}
