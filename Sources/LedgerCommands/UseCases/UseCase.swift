package import LedgerCore
import LedgerOutput
package import LedgerVault

/// One thing a person asks of the vault, typed. The request's fields are what the CLI's
/// arguments and the web's fields carry (times as people write them: `-15m`, `07:30`,
/// `yesterday 22:10`). `perform` checks the request, opens the vault through `access` (whose
/// housekeeping goes to `access.report`), commits, and returns what happened; it prints
/// nothing, and a refusal is thrown as an error with its `ErrorCode` (`Alog.refusal(for:)`).
///
/// The CLI's command parses into a request, performs it and renders the outcome; the web
/// server builds the request from a body and answers with the outcome. Neither reads the
/// other's text.
package protocol UseCase: Codable, Sendable {
    associatedtype Outcome: WriteOutcome
    func perform(in access: VaultAccess) throws -> Outcome
}

/// What a write did, as any shell says it.
package protocol WriteOutcome {
    /// What the write had to say (it stood): a damaged line skipped, a day note not updated.
    var warnings: [Notice] { get }
    /// Said beside the outcome, not a problem ("nothing changed").
    var notes: [String] { get }
    /// The new entry, for a write that makes one (`log`, `start`, `resume`).
    var newEntry: EventID? { get }
    /// The line the CLI prints for it (without a terminal; the web's `message`).
    var line: String { get }
    /// What the CLI prints with `--json`, for an outcome that has it (`sync`).
    var json: String? { get }
}

extension WriteOutcome {
    package var notes: [String] { [] }
    package var newEntry: EventID? { nil }
    package var json: String? { nil }
}

/// A note's text as a request carries it: the text itself, or (the CLI's `--note -` and
/// `--note-file`) where to read it, read only once the rest of the request is checked.
package enum NoteSource: Codable, Sendable, Equatable {
    case text(String)
    case standardInput
    case file(String)

    /// The CLI's `--note` and `--note-file`: `-` reads standard input; both is refused.
    init?(note: String?, file: String?) throws {
        if note != nil, file != nil { throw NoteInput.Refused("give --note or --note-file, not both") }
        if let file {
            self = .file(file)
        } else if let note {
            self = note == "-" ? .standardInput : .text(note)
        } else {
            return nil
        }
    }
}

extension WriteOutcome {
    /// Says the outcome as the CLI does: warnings and notes on stderr, then its line on stdout
    /// (nothing there when it has none: "nothing changed" is a note).
    func say() {
        warnings.forEach(Terminal.warn)
        notes.forEach(Terminal.note)
        if !line.isEmpty { emit(line) }
    }
}
