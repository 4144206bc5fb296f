package import LedgerCore
import LedgerEnvironment
import LedgerMessages
import LedgerOutput
package import LedgerVault

/// `tag ID TAG…` (`puts`) or `untag ID TAG…`: tags put on or taken off an entry, as one event.
package struct TagRequest: UseCase {
    package var id: String
    /// The tags, `+deep` or `deep`.
    package var tags: [String]
    package var puts: Bool

    package init(id: String, tags: [String], puts: Bool) { (self.id, self.tags, self.puts) = (id, tags, puts) }

    package func perform(in access: VaultAccess) throws -> Tagged {
        let tags = try TagChange.input(id: id, words: tags)
        let vault = try access.open { try $0.checkTag(id, tags: tags, on: puts) }
        let (entry, changed, appended) = try vault.tag(id, tags: tags, on: puts)
        return Tagged(entry: entry, changed: changed, asked: tags, puts: puts, warnings: appended?.warnings ?? [])
    }
}

/// What a `tag` or an `untag` did.
package struct Tagged: WriteOutcome {
    package var entry: Entry
    /// The tags the event changed (none: nothing was written).
    package var changed: [String]
    package var asked: [String]
    package var puts: Bool
    package var warnings: [Notice]

    package var line: String {
        let what = "\(DisplayText.escaped(entry.type)) \(entry.id) at \(Render.clockAndDate(entry.at))"
        guard !changed.isEmpty else {
            return puts
                ? "\(what) already has \(Render.tags(asked)); nothing written"
                : "\(what) has none of \(Render.tags(asked)); nothing written"
        }
        let now = entry.tags.isEmpty ? "no tags" : Render.tags(entry.tags)
        return "\(puts ? "tagged" : "untagged") \(what): \(puts ? "+" : "-") \(Render.tags(changed)) (now \(now))"
    }
}
