package import LedgerCore
import LedgerMessages
import LedgerOutput
package import LedgerVault

/// `delete ID` (`restores` false) or `restore ID`: an entry hidden, or brought back.
package struct EntryVisibilityRequest: UseCase {
    /// The entry's id or a unique prefix of it.
    package var id: String
    package var restores: Bool

    package init(id: String, restores: Bool) { (self.id, self.restores) = (id, restores) }

    package func perform(in access: VaultAccess) throws -> EntryVisibilityChanged {
        try InputCheck.entryPrefix(id)
        let vault = try access.open { _ = restores ? try $0.checkRestore(id) : try $0.checkDelete(id) }
        let (entry, appended) = restores ? try vault.restore(id) : try vault.delete(id)
        return EntryVisibilityChanged(entry: entry, restored: restores, warnings: appended.warnings)
    }
}

/// What a `delete` or a `restore` did: the entry.
package struct EntryVisibilityChanged: WriteOutcome {
    package var entry: Entry
    package var restored: Bool
    package var warnings: [Notice]

    package var line: String {
        "\(restored ? "restored" : "deleted") \(entry.id) (\(entry.type) at \(Render.clockAndDate(entry.at)))"
    }
}
