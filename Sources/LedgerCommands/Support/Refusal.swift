import ArgumentParser
import LedgerCore
import LedgerMessages

/// A refusal of the library (a `VaultError`, `SyncError`, `TimerError` or `GitError`, data) with
/// its words from LedgerMessages and its stable code: what the CLI prints, on a terminal or as
/// `--json`.
struct Refusal: Error, CodedError, CustomStringConvertible {
    var code: String
    var description: String

    /// `error` ready to be said: a library refusal gets its sentence; any other error is
    /// returned as it is (it says itself).
    static func presentable(_ error: any Error) -> any Error {
        guard let sentence = Messages.sentence(for: error) else { return error }
        return Refusal(code: Alog.errorCode(for: error, exit: .failure), description: sentence)
    }
}
