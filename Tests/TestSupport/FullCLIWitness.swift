import Foundation
public import Testing

/// A stand-in for `alog-full` (through `ALOG_FULL`, which the front reads to find it) that
/// runs the real one and, for one command (`gc`, say), records each run's start and end and
/// then writes its exit status into a FIFO: a test waits on a background run itself, never on
/// a time it hopes is enough. Every other command goes straight to the real `alog-full`.
public final class FullCLIWitness: @unchecked Sendable {
    /// The environment that sends the front's hand-overs and background runs through here.
    public var environment: [String: String] { ["ALOG_FULL": script] }
    private let script: String
    private let log: String
    /// The FIFO, held open for reading and writing: never at end of file, and a run's write
    /// never waits for a reader.
    private let fifo: Int32

    public init(in directory: TemporaryDirectory, command: String) throws {
        script = directory.sub("alog-full-witness")
        log = directory.sub("alog-full-witness.log")
        let fifoPath = directory.sub("alog-full-witness.fifo")
        guard mkfifo(fifoPath, 0o600) == 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
        fifo = open(fifoPath, O_RDWR | O_CLOEXEC)
        guard fifo >= 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
        try writeFile(
            script,
            """
            #!/bin/sh
            real='\(productsDirectory)/alog-full'
            [ "$1" = '\(command)' ] || exec "$real" "$@"
            echo start >>'\(log)'
            "$real" "$@"
            status=$?
            echo "end $status" >>'\(log)'
            echo "$status" >'\(fifoPath)'
            exit $status

            """)
        guard chmod(script, 0o755) == 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
    }

    deinit { close(fifo) }

    /// Waits until a run of the command ends and returns its exit status. The wait is for the
    /// run: the guard (ten minutes) only turns a run that never comes into a failure instead of
    /// a hung suite.
    public func waitForRun(sourceLocation: SourceLocation = #_sourceLocation) -> Int32? {
        var line: [UInt8] = []
        while true {
            var ready = pollfd(fd: fifo, events: Int16(POLLIN), revents: 0)
            let polled = poll(&ready, 1, 600_000)
            if polled < 0, errno == EINTR { continue }
            guard polled > 0 else {
                Issue.record("no run of the witnessed command ended within ten minutes", sourceLocation: sourceLocation)
                return nil
            }
            var byte: UInt8 = 0
            guard read(fifo, &byte, 1) == 1 else { continue }
            if byte == UInt8(ascii: "\n") { return Int32(String(decoding: line, as: UTF8.self)) }
            line.append(byte)
        }
    }

    /// The runs so far, a line each for a start and an end (`start`, `end 0`).
    public var runs: [String] {
        ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }
}
