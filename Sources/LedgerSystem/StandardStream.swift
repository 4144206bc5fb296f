#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Unbuffered writes to stdout and stderr, retried until every byte is out: a one-shot command
/// prints and exits (or execs), so nothing may be left in a buffer.
package enum StandardStream {
    package static func output(_ text: String) {
        if let invocation = Invocation.current { return invocation.write(text, error: false) }
        write(STDOUT_FILENO, text)
    }
    package static func error(_ text: String) {
        if let invocation = Invocation.current { return invocation.write(text, error: true) }
        write(STDERR_FILENO, text)
    }

    private static func write(_ fd: Int32, _ text: String) {
        var text = text
        text.withUTF8 { buffer in
            var offset = 0
            while offset < buffer.count {
                #if canImport(Glibc)
                    let written = Glibc.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                #else
                    let written = Darwin.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                #endif
                if written < 0 {
                    if errno == EINTR { continue }
                    return
                }
                offset += written
            }
        }
    }
}
