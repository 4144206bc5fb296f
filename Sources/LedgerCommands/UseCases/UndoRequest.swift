import LedgerCore
import LedgerMessages
import LedgerOutput
package import LedgerVault

/// `undo`: this device's last action reversed (as a new event).
package struct UndoRequest: UseCase {
    package init() {}

    package func perform(in access: VaultAccess) throws -> Undone { Undone(undone: try access.open().undoing.undo()) }
}

/// What an `undo` did: the step it took back, or why there was none to take.
package struct Undone: WriteOutcome {
    package var undone: VaultUndo.Undone

    package var warnings: [Notice] { undone.appended?.warnings ?? [] }

    package var line: String {
        DisplayText.escaped(undone.appended == nil ? undone.sentence : "undid: \(undone.sentence)")
    }
}
