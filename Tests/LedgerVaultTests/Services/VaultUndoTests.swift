import LedgerCore
import LedgerVault
import TestSupport
import Testing

/// `VaultUndo` (`vault.undoing`): each undo reverses this device's latest action not yet
/// undone, as a new event; an undo is never itself undone by the next.
@Suite("VaultUndo: this device's actions reversed, newest first")
struct VaultUndoTests {
    @Test("an edit is put back, then the log before it is deleted; nothing left says so without writing")
    func undoChain() throws {
        let dir = TemporaryDirectory()
        let (vault, _) = try Vault.initialize(at: dir.path)
        let logged = try vault.log(type: "meal", at: at("2024-03-01T08:00:00Z"), note: "toast").events[0].id
        _ = try vault.edit(logged.description, changes: EntryChanges(note: "porridge"))
        #expect(try vault.state().entry(logged)?.note == "porridge")

        #expect(try vault.undoing.undo().steps == [.editPutBack(entry: logged.description)])
        #expect(try vault.state().entry(logged)?.note == "toast")
        let second = try vault.undoing.undo()
        #expect(second.steps.count == 1 && second.appended != nil)
        #expect(try vault.state().entry(logged)?.isDeleted == true)

        let commits = try git("rev-list", "--count", "HEAD", in: dir.path).stdout
        #expect(throws: (any Error).self) { try vault.undoing.undo() }
        #expect(try git("rev-list", "--count", "HEAD", in: dir.path).stdout == commits)
        #expect(try git("fsck", "--strict", in: dir.path).succeeded)
    }
}
