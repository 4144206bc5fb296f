package import LedgerCore
import LedgerEnvironment
import LedgerOutput
package import LedgerVault

/// `show ID`: an entry and every event that touched it.
package struct ShowQuery: ReadUseCase {
    /// The entry's id or a unique prefix of it.
    package var id: String

    package init(id: String) { self.id = id }

    package func perform(in access: VaultAccess) throws -> Shown {
        try InputCheck.entryPrefix(id)
        let vault = try access.open { _ = try $0.resolveEntry(id) }
        let entry = try vault.resolveEntry(id)
        let records = try vault.eventsTouching(entry.id)
        let state = try vault.state()
        // A timed entry shows its window as `history` does (as the timeline lays it).
        return Shown(
            entry: entry, window: entry.isTimed ? state.timeline.interval(of: entry.id) : nil, records: records,
            types: Render.typeMap(state.allTypes))
    }

    package func json(_ shown: Shown, write: ([UInt8]) -> Void) {
        let window = shown.window.map { Render.Window($0, now: CommandClock.nowSeconds) }
        let text = JSONText.object([
            ("entry", Render.entryJSON(shown.entry, types: shown.types, window: window)),
            ("events", JSONText.array(shown.records.map(Render.auditJSON))),
        ])
        write(Array((text + "\n").utf8))
    }
}

/// What `show` found: the entry, its window, and its events with their commits.
package struct Shown: Sendable {
    package var entry: Entry
    package var window: Timeline.Interval?
    package var records: [Vault.AuditRecord]
    package var types: [String: ActivityTypeDefinition]
}
