import LedgerCore
import LedgerGit
internal import LedgerVault

/// Every sentence the library's outcomes and refusals are said in, written once, here: the
/// library (LedgerVault and below) returns and throws data, and each shell (the CLI's
/// terminal and `--json` output, later a web page and a URL handler) says it with these
/// words. The widget's own texts, which the front prints without git, are LedgerWidget/View's.
package enum Messages {
    /// The sentence of a refusal the library threw, or nil for an error it does not know
    /// (the argument parser's, a file system failure), which says itself.
    package static func sentence(for error: any Error) -> String? {
        switch error {
        case let error as VaultError: error.sentence
        case let error as SyncError: error.sentence
        case let error as TimerError: error.sentence
        case let error as TaskError: error.sentence
        case let error as GitError: error.sentence
        default: nil
        }
    }

    /// `error` in words: its sentence, else what it says of itself.
    package static func text(for error: any Error) -> String {
        sentence(for: error) ?? String(describing: error)
    }
}
