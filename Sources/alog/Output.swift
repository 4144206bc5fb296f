#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Unbuffered writes: the front prints once and exits (or execs), so nothing may sit in a buffer.
enum Output {
    static func standardOutput(_ text: String) { write(STDOUT_FILENO, text) }
    static func standardError(_ text: String) { write(STDERR_FILENO, text) }

    private static func write(_ fd: Int32, _ text: String) {
        var text = text
        text.withUTF8 { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return
                }
                offset += written
            }
        }
    }
}
