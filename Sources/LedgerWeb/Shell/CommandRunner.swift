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

    /// Performs a typed read (`ReadUseCase`) for reading only (it commits nothing): the bytes
    /// its `--json` prints, or its refusal as the CLI's `--json` words it.
    package func read(_ query: any ReadUseCase, command: String, words: [String]) async -> ReadAnswer {
        let vault = self.vault
        switch await run(readsOnly: true, command: command, words: words, { try query.jsonCollecting(vault: vault) }) {
        case .success(let bytes): return ReadAnswer(bytes: bytes)
        case .failure(let refusal): return ReadAnswer(bytes: [], refusal: refusal)
        }
    }

    /// Performs a typed read for a page: its outcome as `view` makes it into what the page
    /// renders, inside the invocation (so durations and clock times are the request's, at the
    /// moment it was read), or its refusal as the CLI's `--json` words it.
    package func answer<Query: ReadUseCase, Value: Sendable>(
        _ query: Query, command: String, words: [String],
        _ view: @escaping @Sendable (Query.Outcome, ReadMoment) throws -> Value
    ) async -> Answer<Value> {
        let vault = self.vault
        return await run(readsOnly: true, command: command, words: words) { try query.answer(vault: vault, view) }
    }

    /// A typed read's outcome as it is, for a page.
    package func answer<Query: ReadUseCase>(_ query: Query, command: String, words: [String]) async -> Answer<
        Query.Outcome
    > where Query.Outcome: Sendable {
        await answer(query, command: command, words: words) { outcome, _ in outcome }
    }

    /// Performs a typed write (`UseCase`), one at a time as every write: what it made and
    /// said, or its refusal as the CLI's `--json` words it.
    package func perform(_ request: any UseCase, command: String, words: [String]) async -> Result<
        Performed, ReadAnswer.Refusal
    > {
        let vault = self.vault
        await gate.enter()
        let result = await run(
            readsOnly: false, command: command, words: words, { try request.performCollecting(vault: vault) })
        await gate.leave()
        return result
    }

    /// Runs `work` on NIO's blocking pool inside this server's invocation (its environment,
    /// clock and zone). A thrown refusal is worded by `Alog.refusal`; `command` and `words`
    /// (the request's values) shape its sentence as the command line's would be.
    private func run<Value: Sendable>(
        readsOnly: Bool, command: String, words: [String], _ work: @escaping @Sendable () throws -> Value
    ) async -> Result<Value, ReadAnswer.Refusal> {
        let invocation = Invocation(environment: environment, workingDirectory: workingDirectory, readsOnly: readsOnly)
        do {
            return try await pool.runIfActive {
                invocation.run {
                    do {
                        return .success(try work())
                    } catch {
                        let (code, message) = Alog.refusal(for: error, command: command, words: words)
                        return .failure(ReadAnswer.Refusal(code: code, message: message))
                    }
                }
            }
        } catch {
            return .failure(ReadAnswer.Refusal(code: .error, message: "the server is shutting down"))
        }
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
