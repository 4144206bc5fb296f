package import LedgerCommands
import LedgerCore
import LedgerSystem
package import NIOPosix

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Performs the CLI's own use cases inside this process, in an `Invocation` (the server's
/// environment, clock and zone): a write (`perform`) and a read (`read`, which commits
/// nothing). The server never implements a rule of its own, so what a page or the API does
/// and refuses is what `alog` does and refuses, word for word.
///
/// Each run is synchronous (libgit2, the file locks) and goes to NIO's blocking thread pool,
/// never to an event loop. Writes are performed one at a time (`WriteGate`): the vault's
/// `flock` already orders writers of separate processes; inside this one, queuing them keeps
/// the pool's threads free for reads while a burst of writes waits its turn.
package final class CommandRunner: Sendable {
    /// The vault's root, every use case's.
    package let vault: String
    private let environment: [String: String]
    private let workingDirectory: String
    private let gate = WriteGate()
    private let pool: NIOThreadPool

    package init(vault: String, environment: [String: String], pool: NIOThreadPool = .singleton) {
        self.vault = vault
        // Plain text for a browser: no colours, no terminal widths.
        var environment = environment
        environment["NO_COLOR"] = "1"
        environment.removeValue(forKey: "COLORTERM")
        self.environment = environment
        self.workingDirectory = vault
        self.pool = pool
    }

    /// This process's environment, as a child process would have been given it.
    package static var processEnvironment: [String: String] {
        var result: [String: String] = [:]
        var cursor = environ
        while let entry = cursor.pointee {
            let text = String(cString: entry)
            if let equals = text.firstIndex(of: "=") {
                result[String(text[..<equals])] = String(text[text.index(after: equals)...])
            }
            cursor += 1
        }
        return result
    }

    /// Performs a typed read (`ReadUseCase`) on NIO's blocking pool inside this server's
    /// invocation, for reading only (it commits nothing): the bytes its `--json` prints, or its
    /// refusal as the CLI's `--json` words it.
    package func read(_ query: any ReadUseCase, command: String, words: [String]) async -> ReadAnswer {
        let invocation = Invocation(
            environment: environment, workingDirectory: workingDirectory, refusalsAsJSON: true, readsOnly: true)
        let vault = self.vault
        do {
            return try await pool.runIfActive {
                invocation.run {
                    do {
                        return ReadAnswer(bytes: try query.jsonCollecting(vault: vault))
                    } catch {
                        let (code, message) = Alog.refusal(for: error, command: command, words: words)
                        return ReadAnswer(bytes: [], refusal: ReadAnswer.Refusal(code: code, message: message))
                    }
                }
            }
        } catch {
            return ReadAnswer(
                bytes: [], refusal: ReadAnswer.Refusal(code: .error, message: "the server is shutting down"))
        }
    }

    /// Performs a typed write (`UseCase`), one at a time as every write, on NIO's blocking pool
    /// inside this server's invocation (its environment, clock and zone): what it made and
    /// said, or its refusal as the CLI's `--json` words it. `command` and `words` (the
    /// request's values) shape the refusal's sentence as the command line's would be.
    package func perform(_ request: any UseCase, command: String, words: [String]) async -> Result<
        Performed, ReadAnswer.Refusal
    > {
        await gate.enter()
        let invocation = Invocation(
            environment: environment, workingDirectory: workingDirectory, input: [], refusalsAsJSON: true)
        let vault = self.vault
        let result: Result<Performed, ReadAnswer.Refusal>
        do {
            result = try await pool.runIfActive {
                invocation.run {
                    do {
                        return .success(try request.performCollecting(vault: vault))
                    } catch {
                        let (code, message) = Alog.refusal(for: error, command: command, words: words)
                        return .failure(ReadAnswer.Refusal(code: code, message: message))
                    }
                }
            }
        } catch {
            result = .failure(ReadAnswer.Refusal(code: .error, message: "the server is shutting down"))
        }
        await gate.leave()
        return result
    }
}

/// One write at a time, in arrival order.
actor WriteGate {
    private var busy = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    func enter() async {
        if !busy {
            busy = true
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    func leave() {
        if waiting.isEmpty {
            busy = false
        } else {
            waiting.removeFirst().resume()
        }
    }
}
