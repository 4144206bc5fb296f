import ArgumentParser

/// A command in two steps. `execute` does the command's work with its parsed options and
/// returns what happened, as data; it writes nothing to standard output, and the warnings of
/// the work ride in the outcome. (The vault's housekeeping when it opens — queued widget taps
/// committed, a damaged line skipped, an interrupted write finished — is said on stderr as
/// it happens, through `vault.notify` and `Terminal`.) `render` says the outcome: lines for a
/// terminal, JSON with `--json`. `exitStatus` is the status an outcome ends with (non-zero
/// for `verify` finding problems); a refusal is thrown instead, and `Alog.main` turns it into
/// its status. `run()` is the three in a row, so a test or another shell (a URL handler, the
/// server) can call `execute` alone and render the outcome its own way.
protocol OutcomeCommand: ParsableCommand {
    associatedtype Outcome
    func execute() throws -> Outcome
    func render(_ outcome: Outcome) throws
    func exitStatus(for outcome: Outcome) -> ExitCode
}

extension OutcomeCommand {
    func exitStatus(for outcome: Outcome) -> ExitCode { .success }

    func run() throws {
        let outcome = try execute()
        try render(outcome)
        let status = exitStatus(for: outcome)
        if status != .success { throw status }
    }
}
