import LedgerCore
import LedgerEnvironment
import LedgerMessages

/// A write performed for a shell that prints nothing itself (the web): what it made, its line
/// and everything it had to say, as data.
package struct Performed: Sendable {
    /// The new entry's id, for a write that makes one.
    package var newEntry: String?
    /// The line the CLI prints for the outcome (without a terminal).
    package var line: String
    /// What the CLI prints with `--json`, for an outcome that has it (`sync`).
    package var json: String?
    /// The vault's housekeeping, the write's warnings and notes: sentences, each once, in the
    /// order they happened.
    package var said: [String]
}

extension UseCase {
    /// Performs the request on the vault at `vault` (nil: the default's rules), as the CLI
    /// would, collecting what the CLI would say on stderr instead of printing it. Refusals are
    /// thrown (`Alog.refusal(for:command:words:)` words them).
    package func performCollecting(vault: String?) throws -> Performed {
        // As `Alog.main` does before anything reads or writes.
        try CommandClock.check()
        var said: [String] = []
        func add(_ sentences: [String]) {
            for sentence in sentences where !said.contains(sentence) { said.append(sentence) }
        }
        let outcome = try perform(in: VaultAccess(path: vault) { add($0.said(onTerminal: false).map(\.text)) })
        add(outcome.warnings.map(\.sentence) + outcome.notes)
        return Performed(newEntry: outcome.newEntry?.description, line: outcome.line, json: outcome.json, said: said)
    }
}
