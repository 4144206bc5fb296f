package import LedgerCore
import LedgerEnvironment

/// One thing a person reads from the vault, typed: the query's fields are the CLI's options
/// and the API's query fields. `perform` checks the query, opens the vault through `access`
/// (for reading only where the shell says so: `Invocation.readsOnly`, the web's `GET`) and
/// returns what it found; it prints nothing. `json` writes the bytes `--json` prints for it,
/// in parts (a long history is written as it is read): one encoder for the CLI and the web.
package protocol ReadUseCase: Codable, Sendable {
    associatedtype Outcome
    func perform(in access: VaultAccess) throws -> Outcome
    func json(_ outcome: Outcome, write: ([UInt8]) -> Void) throws
}

extension ReadUseCase {
    /// Performs the query on the vault at `vault` and returns what `--json` prints for it,
    /// whole (the web's answer). What the CLI would say on stderr beside it is left out, as
    /// the API's reads always have.
    package func jsonCollecting(vault: String?) throws -> [UInt8] {
        try answer(vault: vault) { outcome, _ in
            var bytes: [UInt8] = []
            try json(outcome) { bytes += $0 }
            return bytes
        }
    }

    /// Performs the query on the vault at `vault` and gives its outcome to `view`, with the
    /// moment it was read at (the shell's clock and zone, which a page's durations and clock
    /// times are counted in): a page renders the typed outcome, not its JSON text.
    package func answer<Value>(vault: String?, _ view: (Outcome, ReadMoment) throws -> Value) throws -> Value {
        try CommandClock.check()
        let outcome = try perform(in: VaultAccess(path: vault) { _ in })
        return try view(outcome, ReadMoment(now: CommandClock.nowSeconds, zone: SystemTimeZone.fixed()))
    }
}

/// When a read was made: "now" (unix seconds) and the zone of the shell that made it (in a
/// server, the request's invocation's), kept: it stays that zone wherever it is used.
package struct ReadMoment: Sendable {
    package var now: Int64
    package var zone: any TimeZoneRules
}
