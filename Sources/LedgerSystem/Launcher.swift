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
    package static func run(_ program: String, _ arguments: [String]) -> String? {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
        posix_spawnattr_setpgroup(&attributes, 0)
        let argv = ([program] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid = pid_t()
        let status = posix_spawnp(&pid, program, nil, &attributes, argv, environ)
        guard status == 0 else { return "cannot start \(program): \(String(cString: strerror(status)))" }
        return nil
    }
}
