import LedgerCore
import LedgerMessages
import LedgerVault
import TestSupport
import Testing

/// The library answers in data (issue 22): a web page or a URL handler branches on the cases
/// and their values, and LedgerMessages says them in the CLI's words.
@Suite("Outcomes and refusals are data, worded once")
struct OutcomeDataTests {
    @Test("undo returns typed steps: a log undone is a delete, a delete undone a restore")
    func undoSteps() throws {
        let dir = TemporaryDirectory()
        let (ids, _) = try vaultWithThreeEntries(dir)
        let vault = try Vault.open(at: dir.path)
        let undone = try vault.undoing.undo()
        #expect(
            undone.steps == [
                .deleted(entry: ids[2].description, type: "exercise", at: at("2024-03-01T09:00:00Z"), timed: false)
            ])
        #expect(undone.appended != nil)
        #expect(undone.sentence.hasPrefix("deleted entry \(ids[2]) (log exercise at "))

        _ = try vault.delete(ids[0].description)
        #expect(try vault.undoing.undo().steps == [.restored(entry: ids[0].description)])
        #expect(try vault.state().entry(ids[0])?.isDeleted == false)
    }

    @Test("a refusal carries values, and its sentence names them with the fix")
    func refusalsAreData() throws {
        let dir = TemporaryDirectory()
        let (ids, _) = try vaultWithThreeEntries(dir)
        let vault = try Vault.open(at: dir.path)
        _ = try vault.delete(ids[1].description)
        #expect(throws: VaultError.entryAlreadyDeleted(ids[1].description)) { try vault.delete(ids[1].description) }
        #expect(throws: VaultError.editOfDeletedEntry(ids[1].description)) {
            try vault.edit(ids[1].description, changes: EntryChanges(note: "x"))
        }
        #expect(throws: VaultError.noSuchType("nosuch", types: try vault.summary().types.map(\.name))) {
            try vault.removeType("nosuch")
        }
        let error = VaultError.editOfDeletedEntry(ids[1].description)
        #expect(error.code == "alreadyInState")
        #expect(error.sentence.contains("'alog restore \(ids[1])'"))
        #expect(Messages.sentence(for: error) == error.sentence)
        #expect(Messages.sentence(for: CancellationError()) == nil)
    }
}
