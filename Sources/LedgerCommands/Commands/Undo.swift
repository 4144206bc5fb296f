import ArgumentParser
import LedgerMessages
import LedgerOutput
import LedgerVault

struct Undo: OutcomeCommand {
    static let configuration = CommandConfiguration(
        commandName: "undo", abstract: "Reverse the last action of this device (recorded as a new event).",
        discussion: """
            A log is deleted, a delete restored, a restore deleted again, an edit put back, a type \
            redefinition put back. Run it again to undo the action before; an undo is never itself \
            undone by the next one.
            """)

    @OptionGroup var options: VaultOptions

    func execute() throws -> Undone { try UndoRequest().perform(in: options.access) }

    func render(_ undone: Undone) {
        undone.say()
    }
}
