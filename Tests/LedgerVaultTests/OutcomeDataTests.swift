import LedgerCore
import LedgerGit
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
        #expect(error.code == .alreadyInState)
        #expect(error.sentence.contains("'alog restore \(ids[1])'"))
        #expect(Messages.sentence(for: error) == error.sentence)
        #expect(Messages.sentence(for: CancellationError()) == nil)
    }

    @Test("libgit2's failures say git's words; the CLI's way out (alog repair, alog sync) is added by LedgerMessages")
    func gitErrorWords() {
        // libgit2's error classes: 4 a reference, 9 the object database, 7 the configuration.
        let reference = GitError(
            code: .notFound, message: "the reference 'refs/heads/main' is corrupted", function: "git_reference_lookup",
            errorClass: 4)
        #expect(reference.area == .reference)
        #expect(!reference.description.contains("alog "), "\(reference.description)")
        #expect(reference.sentence.contains("for alog's branch, 'alog repair' restores it"))
        #expect(reference.sentence.hasPrefix(reference.problem))
        #expect(
            reference.sentence
                == "a git reference is damaged or invalid (the reference 'refs/heads/main' is corrupted); 'git show-ref' and 'git fsck' show which; for alog's branch, 'alog repair' restores it. Nothing was written"
        )
        #expect(
            reference.description
                == "a git reference is damaged or invalid (the reference 'refs/heads/main' is corrupted); 'git show-ref' and 'git fsck' show which. Nothing was written"
        )
        let objects = GitError(
            code: .notFound, message: "object not found - no match for id (0123)", function: "git_object_lookup",
            errorClass: 9)
        #expect(objects.area == .objectStore)
        #expect(!objects.description.contains("alog "))
        #expect(
            objects.sentence
                == "the repository's object store is damaged (object not found - no match for id (0123)); 'git fsck' lists what is missing or damaged; restore it from another clone or a backup (or 'alog sync' from a remote that has it). Nothing was written"
        )
        let config = GitError(
            code: .other(-1), message: "failed to parse config", function: "git_config_open", errorClass: 7)
        #expect(config.sentence == config.description)
        #expect(Messages.text(for: reference) == reference.sentence)
    }
}
