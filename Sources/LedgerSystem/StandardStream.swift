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

    /// Bytes for standard output, as they are (a long output written in parts).
    package static func output(bytes: [UInt8]) {
        if let invocation = Invocation.current { return invocation.write(bytes: bytes) }
        bytes.withUnsafeBufferPointer { write(STDOUT_FILENO, $0) }
    }

    private static func write(_ fd: Int32, _ text: String) {
        var text = text
        text.withUTF8 { write(fd, $0) }
    }

    private static func write(_ fd: Int32, _ buffer: UnsafeBufferPointer<UInt8>) {
        guard let base = buffer.baseAddress else { return }
        var offset = 0
        while offset < buffer.count {
            #if canImport(Glibc)
                let written = Glibc.write(fd, base + offset, buffer.count - offset)
            #else
                let written = Darwin.write(fd, base + offset, buffer.count - offset)
            #endif
            if written < 0 {
                if errno == EINTR { continue }
                return
            }
            offset += written
        }
    }
}
